import ChartCore

/// Builds radar charts: one `RadarPlot` per series around one shared `RadarWeb`.
///
/// Wide data (a row per category: weekday, mood, energy) gives a spoke per x value and a
/// polygon per column of numbers; long data (x repeats across the values of a column of text,
/// or the spec's `group`: attribute, origin, value) a polygon per group, each category's value
/// the mean of its rows. When there are more columns than x values (a row per series: origin,
/// mpg, horsepower, …), the table is read the other way round: a spoke per column, a polygon
/// per row, so that the spokes are the longer dimension.
enum RadarChart: KindChartBuilder {
    /// The most spokes a web has: past a hundred they are hairlines no label can name (and a
    /// polygon per group of 160,000 spokes takes minutes to lay out).
    static let maximumSpokes = 100

    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, plan = context.plan, spec = context.spec
        let categoryNames = ValueNames.names(of: table.columns[plan.x])
        let (order, placeOfRow) = ValueNames.firstAppearance(categoryNames)
        var series: [(title: String, values: [Double?])] = []
        let texts = table.columns.indices.filter { table.columns[$0].isText && $0 != plan.x }
        var group = plan.group
        if group == nil, let name = spec.namedGroup { group = try context.column(named: name) }
        if group == nil, spec.group == nil, order.count < table.rowCount {
            group = texts.first { plan.profiles[$0].distinctCount <= ColumnProfile.groupLimit }
        }
        guard let valueColumn = plan.series.first else {
            throw DataError.unusable(path: context.source, message: "--kind radar needs a column of numbers")
        }
        var categories = order
        if let group {
            // Long data: the mean per (group, category).
            let values = try context.numbers(ofColumn: valueColumn)
            let (groups, groupOfRow) = ValueNames.groups(of: table.columns[group])
            guard groups.count <= ColumnProfile.groupLimit else {
                throw DataError.unusable(
                    path: context.source,
                    message:
                        "column '\(table.columns[group].name)' has \(groups.count) distinct values, more than the \(ColumnProfile.groupLimit) series a chart can tell apart"
                )
            }
            var sums = [[Double]](repeating: [Double](repeating: 0, count: order.count), count: groups.count)
            var counts = sums
            for row in 0..<table.rowCount where values[row].isFinite {
                sums[groupOfRow[row]][placeOfRow[row]] += values[row]
                counts[groupOfRow[row]][placeOfRow[row]] += 1
            }
            series = groups.indices.map { g in
                (groups[g], order.indices.map { counts[g][$0] > 0 ? sums[g][$0] / counts[g][$0] : nil })
            }
        } else if plan.series.count > order.count {
            // A row per series: spokes are the columns.
            categories = plan.series.map { table.columns[$0].name }
            let columns = try plan.series.map { c throws(DataError) in try context.numbers(ofColumn: c) }
            series = (0..<table.rowCount).map { row in
                (categoryNames[row], columns.map { $0[row].isFinite ? $0[row] : nil })
            }
        } else {
            for c in plan.series {
                let values = try context.numbers(ofColumn: c)
                var byCategory = [Double?](repeating: nil, count: order.count)
                for row in 0..<table.rowCount where values[row].isFinite { byCategory[placeOfRow[row]] = values[row] }
                let title = spec.series?.first { $0.column == table.columns[c].name }?.title ?? table.columns[c].name
                series.append((title, byCategory))
            }
        }
        guard categories.count <= Self.maximumSpokes else {
            throw DataError.unusable(
                path: context.source,
                message: "--kind radar would draw \(categories.count) spokes (one per \(table.columns[plan.x].name)), "
                    + "more than the \(Self.maximumSpokes) a web can show; filter the rows or name another --x")
        }
        guard series.count <= ColumnProfile.groupLimit else {
            throw DataError.unusable(
                path: context.source,
                message: "--kind radar would draw \(series.count) polygons, more than the \(ColumnProfile.groupLimit) a chart can tell apart; filter the rows")
        }
        let web = RadarWeb(categories: categories)
        if let lo = spec.yAxis?.min, let hi = spec.yAxis?.max { web.range = PlotRange(lo, hi) }
        if let decimals = spec.yAxis?.decimals { web.valueFormat = .fixed(decimals: decimals) }
        var identifiers = PlotIdentifiers()
        for s in series {
            let id = identifiers.next(for: s.title)
            context.graph.add(
                RadarPlot(
                    identifier: id, title: s.title,
                    dataSource: ArrayDataSource(values: s.values, categories: categories), web: web))
        }
        context.graph.legend.isHidden = series.count < 2
    }
}
