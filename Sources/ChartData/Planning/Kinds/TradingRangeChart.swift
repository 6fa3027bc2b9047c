import ChartCore

/// Builds OHLC and candlestick charts: one `TradingRangePlot` per group (a ticker), its open,
/// high, low and close from the columns the spec or flags name (`open`…`close`, `--open`…), else
/// the columns called so (ignoring case: "Open", "open"), else the four columns of numbers
/// after x in order.
enum TradingRangeChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let spec = context.spec
        let columns = try ohlcColumns(context)
        let numbers = try columns.map { c throws(DataError) in try context.numbers(ofColumn: c) }
        let rising = spec.risingColor, falling = spec.fallingColor
        let groups = context.sortedGroups(title: spec.series?.first?.title ?? context.graph.title ?? spec.name)
        let spacing = context.x.spacing
        var identifiers = PlotIdentifiers()
        for (g, group) in groups.enumerated() {
            let (locations, categories) = context.places(group.rows)
            let source = ArrayDataSource(
                numbers: context.pick(numbers[3], group.rows), locations: locations, categories: categories,
                fields: [
                    .open: context.pick(numbers[0], group.rows), .high: context.pick(numbers[1], group.rows),
                    .low: context.pick(numbers[2], group.rows)
                ])
            let id = identifiers.next(for: group.title)
            let plot = TradingRangePlot(
                identifier: id, title: group.title, style: context.kind == .ohlc ? .ohlc : .candlestick,
                dataSource: source)
            if spacing > 0 && spacing.isFinite { plot.barWidth = 0.7 * spacing }
            plot.hollowRising = spec.hollow ?? false
            // Several tickers: each its own color, rising in it and falling in a darker shade,
            // so that they tell apart where they cross.
            if groups.count > 1 {
                let color = context.theme.seriesColor(g)
                plot.risingColor = color
                plot.fallingColor = color.blended(with: .black, fraction: 0.45)
            }
            if let rising { plot.risingColor = rising }
            if let falling { plot.fallingColor = falling }
            plot.showsTitleInPopup = groups.count > 1
            context.graph.add(plot)
        }
        context.applyLocationAxes(
            valueTitle: groups.count == 1 && context.table.columns[columns[3]].name.lowercased() != "close"
                ? context.table.columns[columns[3]].name : nil)
    }

    /// The open, high, low and close columns.
    static func ohlcColumns(_ context: KindChartContext) throws(DataError) -> [Int] {
        let spec = context.spec
        let named = [spec.open, spec.high, spec.low, spec.close]
        let roles = ["open", "high", "low", "close"]
        var found: [Int?] = []
        for (name, role) in zip(named, roles) {
            if let name { found.append(try context.column(matching: name)) } else { found.append(context.column(calledIgnoringCase: role)) }
        }
        if found.allSatisfy({ $0 != nil }) { return found.map { $0! } }
        // By order: the columns of numbers after x not named for another role.
        let taken = Set(found.compactMap { $0 })
        var free = context.numberColumnsAfterX.filter { !taken.contains($0) }.makeIterator()
        var result: [Int] = []
        for (i, column) in found.enumerated() {
            if let column { result.append(column); continue }
            guard let next = free.next() else {
                throw DataError.unusable(
                    path: context.source,
                    message: "--kind \(context.kind.rawValue) needs open, high, low and close columns; "
                        + "no \(roles[i]) column (name them with --open --high --low --close; the columns are: "
                        + context.table.columns.map(\.name).joined(separator: ", ") + ")")
            }
            result.append(next)
        }
        return result
    }
}
