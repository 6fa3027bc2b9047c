import ChartCore

/// Builds range and error bar charts: one `RangePlot` per group.
///
/// - `--kind errorbar`: the value column (`--y`, else the first column of numbers after x that
///   is no end or error), with `--error COLUMN` (± that distance), or `--low`/`--high` columns as
///   absolute ends; without either, a column called "error" (or "err", "sd", "std", "stddev",
///   "se"), or "low"/"high"; else by order after x: value and error, or value, low and high.
///   On bars when x is text, on points otherwise; groups side by side in each category.
/// - `--kind range`: a band between `--low` and `--high` (else columns called low/high, min/max
///   or lower/upper; else the first two columns of numbers after x), with the line through `--y`
///   when given.
enum RangeChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let spec = context.spec
        let columns = try rangeColumns(context)
        func values(_ c: Int?) throws(DataError) -> [Double]? { try c.map { c throws(DataError) in try context.numbers(ofColumn: c) } }
        let value = try values(columns.value), low = try values(columns.low), high = try values(columns.high), error = try values(columns.error)
        let valueName = columns.value.map { context.table.columns[$0].name }
        let groups = context.sortedGroups(title: spec.series?.first?.title ?? valueName ?? rangeTitle(context, columns))
        let style: RangePlot.Style = context.kind == .range ? .band : .errorBars
        let color = spec.series?.first?.color
        var identifiers = PlotIdentifiers()
        for (g, group) in groups.enumerated() {
            let (locations, categories) = context.places(group.rows)
            var fields: [PlotField: [Double]] = [:]
            if let low { fields[.low] = context.pick(low, group.rows) }
            if let high { fields[.high] = context.pick(high, group.rows) }
            if let error {
                fields[.errorLow] = context.pick(error, group.rows)
                fields[.errorHigh] = fields[.errorLow]
            }
            let numbers = value.map { context.pick($0, group.rows) } ?? [Double](repeating: .nan, count: locations.count)
            let source = ArrayDataSource(numbers: numbers, locations: locations, categories: categories, fields: fields)
            let plot = RangePlot(
                identifier: identifiers.next(for: group.title.isEmpty ? "series-\(g + 1)" : group.title),
                title: group.title, style: style, dataSource: source)
            let wantsBars = spec.series?.first?.kind == .bar || (context.x.isCategory && spec.series?.first?.kind == nil)
            plot.marker = value == nil ? .none : wantsBars ? .bar : .point
            let spacing = context.x.spacing
            if spacing > 0 && spacing.isFinite {
                // Groups in one category side by side, as grouped bars are.
                let share = (spec.barWidth ?? (groups.count > 1 ? 0.8 : 0.6)) * spacing
                let dodges = style == .errorBars && groups.count > 1 && context.x.isCategory
                let width = dodges ? share / Double(groups.count) : share
                if dodges { plot.offset = (Double(g) - Double(groups.count - 1) / 2) * width }
                if plot.marker == .bar { plot.barWidth = dodges ? 0.9 * width : width }
            }
            if groups.count == 1 { plot.color = color }
            context.graph.add(plot)
        }
        context.applyLocationAxes(valueTitle: valueName ?? rangeTitle(context, columns))
    }

    /// "low–high" from the ends' columns.
    static func rangeTitle(_ context: KindChartContext, _ columns: Columns) -> String {
        let names = [columns.low, columns.high].compactMap { $0 }.map { context.table.columns[$0].name }
        return names.isEmpty ? context.spec.name : names.joined(separator: "–")
    }

    struct Columns {
        var value: Int?
        var low: Int?
        var high: Int?
        var error: Int?
    }

    static func rangeColumns(_ context: KindChartContext) throws(DataError) -> Columns {
        let spec = context.spec
        var c = Columns()
        c.low = try spec.low.map { name throws(DataError) in try context.column(matching: name) }
        c.high = try spec.high.map { name throws(DataError) in try context.column(matching: name) }
        c.error = try spec.error.map { name throws(DataError) in try context.column(matching: name) }
        if let y = spec.y?.first { c.value = try context.column(matching: y) }
        func called(_ names: [String]) -> Int? { names.lazy.compactMap { context.column(calledIgnoringCase: $0) }.first }
        let isRange = context.kind == .range
        if c.low == nil && c.high == nil && c.error == nil {
            if !isRange, let e = called(["error", "err", "sd", "std", "stddev", "se"]) {
                c.error = e
            } else if let l = called(["low", "min", "lower"]), let h = called(["high", "max", "upper"]) {
                c.low = l
                c.high = h
            }
        }
        let taken = Set([c.value, c.low, c.high, c.error].compactMap { $0 })
        var free = context.numberColumnsAfterX.filter { !taken.contains($0) }
        func next() -> Int? { free.isEmpty ? nil : free.removeFirst() }
        if isRange {
            if c.low == nil && c.high == nil && c.error == nil {
                c.low = next()
                c.high = next()
            }
            guard c.low != nil, c.high != nil || c.error != nil else {
                throw DataError.unusable(
                    path: context.source,
                    message: "--kind range needs a low and a high column (--low COLUMN --high COLUMN); the columns are: "
                        + context.table.columns.map(\.name).joined(separator: ", "))
            }
            if c.error != nil && c.value == nil { c.value = next() }
        } else {
            if c.value == nil { c.value = next() }
            if c.low == nil && c.high == nil && c.error == nil {
                if free.count >= 2 {
                    c.low = next()
                    c.high = next()
                } else {
                    c.error = next()
                }
            }
            guard c.value != nil, c.error != nil || (c.low != nil && c.high != nil) else {
                throw DataError.unusable(
                    path: context.source,
                    message: "--kind errorbar needs a value column and --error COLUMN "
                        + "(or --low and --high columns); the columns are: " + context.table.columns.map(\.name).joined(separator: ", "))
            }
        }
        return c
    }
}
