import ChartCore

/// Builds heatmaps: one `HeatmapPlot` of x × row → value.
///
/// Columns: the value is the spec's `y` (`--y`), else the last column of numbers; x is the
/// spec's `x`, else the first other column; the row is the spec's `group` (`--group`), else
/// the next other column. Text (and up to
/// 50 distinct whole numbers, such as years or weeks) is categories named on the axis, in order
/// of first appearance (numbers in order), the first row at the top; other numbers and dates
/// are places on a number or date axis. Rows repeated for one cell are averaged (barley's
/// yield by variety and year over its six sites). Unnamed, the value prefers a column that is
/// not a handful of whole numbers (a year, a code): barley's yield rather than its year.
enum HeatmapChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, spec = context.spec
        func index(_ name: String) throws(DataError) -> Int {
            if let i = table.columns.firstIndex(where: { $0.name == name }) ?? table.columns.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) {
                return i
            }
            return try context.column(named: name)
        }
        let xNamed = try spec.x.map(index)
        let valueColumn: Int
        if let name = spec.y?.first {
            valueColumn = try index(name)
        } else {
            let profiles = context.plan.profiles
            let numeric = table.columns.indices.filter {
                table.columns[$0].numbers != nil && !table.columns[$0].isDate && $0 != xNamed && !profiles[$0].isRowNumber
            }
            let measures = numeric.filter { !(profiles[$0].isWhole && profiles[$0].distinctCount <= 50) }
            guard let last = measures.last ?? numeric.last else {
                throw DataError.unusable(
                    path: context.source,
                    message: "--kind heatmap needs a column of numbers for the values; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
            }
            valueColumn = last
        }
        // Reading a table merges a year and a month column into a date column of both
        // ("year-month"); the heatmap keeps the two apart, as its columns and rows.
        let names = Set(table.columns.map(\.name))
        let merged = Set(
            table.columns.indices.filter { i in
                names.contains { a in names.contains { b in a != b && table.columns[i].name == a + "-" + b } }
            })
        // Row numbers number rows, not a heatmap's columns or rows.
        let others = table.columns.indices.filter { $0 != valueColumn && !merged.contains($0) && !context.plan.profiles[$0].isRowNumber }
        // `--group` names the row column (a heatmap's rows are its groups).
        let rowNamed = try spec.namedGroup.map(index)
        if let rowNamed, rowNamed == xNamed || rowNamed == valueColumn {
            throw DataError.unusable(
                path: context.source, message: "--kind heatmap needs different columns for x, rows (--group) and values (--y)")
        }
        guard let x = xNamed ?? others.first(where: { $0 != rowNamed }), let row = rowNamed ?? others.first(where: { $0 != x }) else {
            throw DataError.unusable(
                path: context.source,
                message:
                    "--kind heatmap needs an x column, a row column and a value column; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }
        let values = try context.numbers(ofColumn: valueColumn)
        let xs = places(of: table.columns[x], profile: context.plan.profiles[x], topFirst: false)
        let rows = places(of: table.columns[row], profile: context.plan.profiles[row], topFirst: true)
        let source = ArrayDataSource(
            numbers: values, locations: xs.locations,
            categories: xs.labels.isEmpty ? nil : ValueNames.names(of: table.columns[x]),
            fields: [.row: rows.locations])
        let valueName = table.columns[valueColumn].name
        let plot = HeatmapPlot(identifier: ChartBuilder.identifier(valueName), title: valueName, dataSource: source)
        plot.valueTitle = valueName
        // Every row's name for the popups: the axis's categories, else its dates or numbers as
        // names ("2012-03-04", not seconds since 1970).
        if rows.labels.isEmpty {
            let names = ValueNames.names(of: table.columns[row])
            var byLocation: [Double: String] = [:]
            for (i, location) in rows.locations.enumerated() where location.isFinite && byLocation[location] == nil { byLocation[location] = names[i] }
            plot.rowNames = byLocation
        } else {
            plot.rowNames = Dictionary(rows.labels.map { ($0.location, $0.text) }, uniquingKeysWith: { a, _ in a })
        }
        if let map = spec.colorMap { plot.colorMap = map }
        context.graph.add(plot)
        // A query's chart is titled by what it shows (the plan's title names the x it chose).
        if spec.title == nil, spec.data.query != nil, spec.period == nil {
            context.graph.title = "\(valueName) by \(table.columns[x].name) and \(table.columns[row].name)"
        }
        // Room right of the plot area for the color bar and its labels (see HeatmapPlot).
        let finite = values.filter(\.isFinite)
        let widest = [finite.min(), finite.max()].compactMap { $0 }.map { NumberFormat.automatic.format($0).count }.max() ?? 1
        context.graph.plotAreaPadding.right = HeatmapPlot.colorBarRoom(labels: widest + 1)
        let space = context.graph.defaultPlotSpace
        space.xScale = xs.scale
        space.yScale = rows.scale
        for (name, places, column) in [("x", xs, x), ("y", rows, row)] {
            var axis = context.graph[axis: name]
            axis.title = table.columns[column].name
            axis.showsMajorGridLines = false
            if !places.labels.isEmpty {
                axis.labelingPolicy = .none
                axis.customLabels = places.labels
            }
            context.graph[axis: name] = axis
        }
        ChartBuilder.apply(spec.xAxis, to: &context.graph[axis: "x"], space: space, isX: true)
        ChartBuilder.apply(spec.yAxis, to: &context.graph[axis: "y"], space: space, isX: false)
        context.graph.legend.isHidden = true
    }

    /// A column's places along its axis: categories for text and for at most 50 distinct whole
    /// numbers (0, 1, … in order of first appearance, numbers in order; `topFirst` puts the
    /// first at the far end, the top of a y axis), else the numbers or dates themselves.
    static func places(of column: DataColumn, profile: ColumnProfile, topFirst: Bool) -> (locations: [Double], labels: [AxisLabel], scale: Scale) {
        switch column.values {
        case .text:
            let (order, placeOfRow) = ValueNames.firstAppearance(ValueNames.names(of: column))
            let last = Double(order.count - 1)
            let missing = order.firstIndex(of: ValueNames.missing)
            let locations = placeOfRow.map { p -> Double in p == missing ? .nan : (topFirst ? last - Double(p) : Double(p)) }
            let labels = order.enumerated().filter { $0.offset != missing }.map {
                AxisLabel($0.element, at: topFirst ? last - Double($0.offset) : Double($0.offset))
            }
            return (locations, labels, .category)
        case .number(let numbers):
            guard profile.isWhole && profile.distinctCount <= 50 else { return (numbers, [], .linear) }
            let sorted = Set(numbers.filter(\.isFinite)).sorted()
            let place = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            let last = Double(sorted.count - 1)
            let locations = numbers.map { v in place[v].map { topFirst ? last - Double($0) : Double($0) } ?? .nan }
            return (locations, sorted.enumerated().map { AxisLabel(ValueNames.name(of: $1), at: topFirst ? last - Double($0) : Double($0)) }, .category)
        case .date(let numbers):
            // A few dates (years, months) are categories named at their resolution.
            guard profile.distinctCount <= 50 else { return (numbers, [], .date) }
            let sorted = Set(numbers.filter(\.isFinite)).sorted()
            let place = Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, $0) })
            let resolution = DateResolution.of(sorted)
            let last = Double(sorted.count - 1)
            let locations = numbers.map { v in place[v].map { topFirst ? last - Double($0) : Double($0) } ?? .nan }
            return (locations, sorted.enumerated().map { AxisLabel(resolution.format($1), at: topFirst ? last - Double($0) : Double($0)) }, .category)
        }
    }
}
