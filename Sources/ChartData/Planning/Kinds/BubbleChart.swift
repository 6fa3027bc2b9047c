import ChartCore

/// Builds bubble charts: x, y and a size per row, one `BubblePlot` per group.
///
/// Columns: `x` and `y` as the spec names them; the size is the spec's `size` (`--size-by`),
/// else a column named size, else the next column of numbers by order. Unnamed, x and y are
/// the first columns of numbers but row numbers and ids (the plan's x when it is one), the size
/// the third. A column of
/// text with a value per row names the bubbles in their popups (countries); a column of text
/// of 2…50 values that repeat (or the spec's `group`) gives one plot per value, all sized
/// alike (one size key, on the first).
enum BubbleChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, spec = context.spec, plan = context.plan
        func index(_ name: String) throws(DataError) -> Int {
            if let i = table.columns.firstIndex(where: { $0.name == name }) ?? table.columns.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                return i
            }
            return try context.column(named: name)
        }
        // Row numbers and ids are never a bubble's place or size.
        let numeric = table.columns.indices.filter {
            table.columns[$0].numbers != nil && !plan.profiles[$0].isRowNumber && plan.profiles[$0].role != .key
        }
        var sizeColumn = try spec.size.map(index) ?? table.columns.firstIndex { $0.name.lowercased() == "size" && $0.numbers != nil }
        let x: Int =
            spec.x != nil || table.columns[plan.x].numbers != nil
            ? plan.x
            : (numeric.first { $0 != sizeColumn } ?? plan.x)
        let y: Int
        if let name = spec.y?.first {
            y = try index(name)
        } else {
            guard let first = numeric.first(where: { $0 != x && $0 != sizeColumn }) else {
                throw DataError.unusable(
                    path: context.source,
                    message:
                        "--kind bubble needs columns of numbers for x, y and the size; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
            }
            y = first
        }
        if sizeColumn == nil { sizeColumn = numeric.first { $0 != x && $0 != y } }
        guard let size = sizeColumn, size != x, size != y else {
            throw DataError.unusable(
                path: context.source,
                message:
                    "--kind bubble needs a size column (--size-by, a column named size, or a third column of numbers); the columns are: \(table.columns.map(\.name).joined(separator: ", "))"
            )
        }
        let xs = try context.numbers(ofColumn: x), ys = try context.numbers(ofColumn: y), sizes = try context.numbers(ofColumn: size)
        let rowCount = table.rowCount
        // Names and groups from the columns of text.
        let texts = table.columns.indices.filter { table.columns[$0].isText && ![x, y, size].contains($0) }
        let profiles = plan.profiles
        let groupColumn: Int? =
            try spec.namedGroup.map(index)
            ?? texts.first {
                profiles[$0].distinctCount >= 2 && profiles[$0].distinctCount <= ColumnProfile.groupLimit
                    && profiles[$0].distinctCount < profiles[$0].presentCount
            }
        let nameColumn = texts.first { $0 != groupColumn && profiles[$0].distinctCount == profiles[$0].presentCount }
        let names = nameColumn.map { ValueNames.names(of: table.columns[$0]) }
        var groups: [(title: String, rows: [Int])] = [(table.columns[y].name, Array(0..<rowCount))]
        if let groupColumn {
            let (order, places) = ValueNames.groups(of: table.columns[groupColumn])
            guard order.count <= ColumnProfile.groupLimit else {
                throw DataError.unusable(
                    path: context.source,
                    message:
                        "column '\(table.columns[groupColumn].name)' has \(order.count) distinct values, more than the \(ColumnProfile.groupLimit) groups a chart can tell apart"
                )
            }
            var rows = [[Int]](repeating: [], count: order.count)
            for (row, g) in places.enumerated() { rows[g].append(row) }
            groups = zip(order, rows).map { ($0, $1) }
        }
        let reference = sizes.filter { $0.isFinite && $0 >= 0 }.max() ?? 0
        var identifiers = PlotIdentifiers()
        for (g, group) in groups.enumerated() {
            let id = identifiers.next(for: group.title)
            let source = ArrayDataSource(
                numbers: group.rows.map { ys[$0] }, locations: group.rows.map { xs[$0] },
                categories: names.map { n in group.rows.map { n[$0] } },
                fields: [.size: group.rows.map { sizes[$0] }])
            let plot = BubblePlot(identifier: id, title: group.title, dataSource: source)
            plot.valueTitle = table.columns[y].name
            plot.sizeTitle = table.columns[size].name
            plot.sizeReference = reference
            plot.showsSizeKey = g == 0
            if let format = KindChartContext.valueFormat(for: ys, unit: table.columns[y].unit) { plot.valueFormat = format }
            context.graph.add(plot)
        }
        // A query's chart is titled by what it shows (the plan's title names the x it chose).
        if spec.title == nil, spec.data.query != nil, spec.period == nil {
            context.graph.title = "\(table.columns[y].name) by \(table.columns[x].name), sized by \(table.columns[size].name)"
        }
        let space = context.graph.defaultPlotSpace
        space.xScale = table.columns[x].isDate ? .date : .linear
        space.yScale = table.columns[y].isDate ? .date : .linear
        context.graph[axis: "x"].title = table.columns[x].name
        context.graph[axis: "y"].title = table.columns[y].name
        context.writeUnit(of: [x], onAxis: "x")
        context.writeUnit(of: [y], onAxis: "y")
        ChartBuilder.apply(spec.xAxis, to: &context.graph[axis: "x"], space: space, isX: true)
        ChartBuilder.apply(spec.yAxis, to: &context.graph[axis: "y"], space: space, isX: false)
        context.graph.legend.isHidden = groups.count < 2
    }
}
