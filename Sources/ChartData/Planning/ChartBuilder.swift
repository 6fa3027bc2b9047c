import ChartCore
import Foundation

/// Turns a table and a chart spec into a graph: the columns, groups and kind `ChartPlan`
/// chooses (or the spec names), one plot per series and group, the axes, titles and legend.
public enum ChartBuilder {
    /// The chart kinds, as `--kind` and spec files name them.
    public static var kinds: [String] { ChartKind.allCases.map(\.rawValue) }

    /// `table` ready for planning: a single column of numbers is charted against its row
    /// numbers (1, 2, …), as a spreadsheet or `df.plot()` draws it; a table wide in years
    /// (`WideYears`) is turned into series over the years and a table of one series per row
    /// (`SeriesPerRow`) into curves over its numbered columns, and a table whose outcome is a
    /// choice of few values (`OutcomeShares`) into each value's share, and a matrix
    /// (`MatrixTable`) into a cell per row, and counts out of totals (`RateTable`) into rates,
    /// unless the spec names columns.
    static func prepared(_ table: DataTable, spec: ChartSpec) -> DataTable {
        if table.turning != nil { return table }
        if spec.x == nil, spec.y == nil, spec.series == nil, spec.group == nil, spec.kind.map(\.drawsSeriesAlongX) ?? true {
            if let wide = WideYears(table) { return wide.turned(table) }
            if let survival = SurvivalTable(table) { return survival.turned(table) }
            if let rows = SeriesPerRow(table) { return rows.turned(table) }
            if let rates = RateTable(table) { return rates.turned(table) }
            if let shares = OutcomeShares(table) { return shares.turned(table) }
            if let matrix = MatrixTable(table) { return matrix.turned(table) }
        }
        guard table.columns.count == 1, case .number(let values) = table.columns[0].values, !values.isEmpty else { return table }
        return DataTable(
            columns: [DataColumn(name: "row", values: .number((1...values.count).map(Double.init))), table.columns[0]],
            notes: table.notes + ["a single column of numbers: charted against its row numbers"])
    }

    /// The plan `spec` and the data give for `table`: which column is what, and the kind.
    public static func plan(for table: DataTable, spec: ChartSpec, source: String) throws(DataError) -> ChartPlan {
        let table = prepared(table, spec: spec)
        let kind = spec.kind ?? table.turning?.kind
        let grouping: ChartPlan.Grouping =
            spec.asksForNoGroups ? .none : spec.namedGroup.map(ChartPlan.Grouping.column) ?? .automatic
        let yNames = spec.y ?? spec.series.map { $0.map(\.column) }
        return try ChartPlan(table: table, x: spec.x ?? table.turnedAlong, y: yNames, group: grouping, kind: kind, aggregate: spec.aggregate, source: source)
    }

    /// The graph for `table` as `spec` describes it. `source` names the data in errors;
    /// `period` is shown in the title. Throws for a column that does not exist or that holds
    /// text where numbers are needed. A table without rows gives a chart saying so.
    public static func graph(from table: DataTable, spec: ChartSpec, source: String, period: String? = nil) throws(DataError) -> Graph {
        let table = prepared(table, spec: spec)
        let plan = try plan(for: table, spec: spec, source: source)
        return try graph(from: table, plan: plan, spec: spec, source: source, period: period)
    }

    /// The graph for `table` along `plan`, which `plan(for:spec:source:)` made for the same table
    /// (prepared here as it was there, so a single column of numbers gains its row numbers).
    /// `rowCountHint` stands for the rows with an x value of a table charted from its first rows
    /// only (a big table's), where their number picks marker sizes: exact up to
    /// `SeriesChart.pointsDecidingLook` points, so that the chart looks as the whole table's.
    public static func graph(
        from table: DataTable, plan: ChartPlan, spec: ChartSpec, source: String,
        period: String? = nil, rowCountHint: Int = 0
    ) throws(DataError) -> Graph {
        var table = prepared(table, spec: spec)
        precondition(
            ([plan.x] + plan.series + (plan.group.map { [$0] } ?? [])).allSatisfy(table.columns.indices.contains),
            "The plan names columns this table does not have: it was made for another table.")
        let note = plan.note
        var plan = plan
        var aggregationNote: String?
        var recordNotes: [String]?
        if let aggregation = plan.aggregation {
            // One row per category and group, then the same chart of that table.
            let (reduced, rowsPerRecord) = aggregation.aggregated(table, x: plan.x, group: plan.group, series: plan.series)
            let merged = rowsPerRecord.filter { $0 > 1 }.count
            let what = plan.kind.marksName
            // The columns the rows differ in that the chart does not show (UCBAdmissions' Dept,
            // summed into Admit by Gender): said, since they can reverse what the bars show.
            let shown = Set([plan.x] + plan.series + (plan.group.map { [$0] } ?? []))
            let across = plan.profiles.indices.filter { i in
                !shown.contains(i) && plan.profiles[i].distinctCount >= 2 && [.group, .code].contains(plan.profiles[i].role)
            }.map { plan.profiles[$0].name }
            let acrossText = across.isEmpty ? "" : "; across " + across.prefix(4).joined(separator: ", ") + (across.count > 4 ? "…" : "")
            aggregationNote =
                merged == 0
                ? nil
                : "\(aggregation.rawValue) of \(table.rowCount) rows into \(rowsPerRecord.count) \(what) (\(merged) of several rows\(acrossText))"
            let names = reduced.columns.map(\.name)
            let seriesNames = Array(names.dropFirst(plan.group == nil ? 1 : 2))
            let magnitudes = plan.magnitudes, firstSeries = names.count - seriesNames.count
            let seriesIndex = plan.series.firstIndex
            plan = try ChartPlan(
                table: reduced, x: names[0], y: seriesNames, group: plan.group == nil ? .none : .column(names[1]), kind: plan.kind,
                source: source)
            // How the series share the value axis, as planned for the rows (the reduced table's
            // series are its last columns, in order).
            switch magnitudes {
            case .shared: break
            case .panels: plan.magnitudes = .panels
            case .secondAxis(let column): plan.magnitudes = seriesIndex(column).map { .secondAxis(firstSeries + $0) } ?? .shared
            }
            table = reduced
            // Each bar's or slice's popup says how many rows it stands for (a count says it already).
            if aggregation != .count, merged > 0 {
                recordNotes = rowsPerRecord.map { $0 > 1 ? "\(aggregation.rawValue) of \($0) rows" : "" }
            }
        }
        // A spec made in code, not decoded from a file, is checked here as a file's is on decoding.
        try spec.validate(path: source, keyPath: "charts[\(spec.name)]")
        let kind = plan.kind
        let xColumn = table.columns[plan.x]
        let theme = spec.theme ?? .plainWhite
        var title = spec.title ?? (spec.data.query != nil ? columnsTitle(plan) : spec.name)
        if let period { title += ", " + readable(period: period) }
        let graph = Graph(title: title, theme: theme)
        graph.note = note + (aggregationNote.map { " · " + $0 } ?? "")
        graph.prefersPanels = plan.magnitudes == .panels
        if let text = spec.noDataText { graph.noDataText = text }

        let x = XValues(column: xColumn, profile: plan.profiles[plan.x], grouped: plan.group != nil, reversed: kind.hasCategoriesOnY)
        // Each group's rows; nil for every row in order (no copy of ten million values).
        let rowsByGroup: [[Int]?] =
            plan.group == nil
            ? [x.hasMissing ? (0..<table.rowCount).filter { x.isPresent(row: $0) } : nil]
            : plan.rows(in: table).map { rows in rows.filter { x.isPresent(row: $0) } }
        let labels = try spec.labels.map { name throws(DataError) -> [String] in
            guard let c = table.column(named: name) else {
                throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
            }
            return ValueNames.names(of: c).map { $0 == ValueNames.missing ? "" : $0 }
        }

        try kind.builder.build(
            KindChartContext(
                table: table, plan: plan, spec: spec, source: source, kind: kind, graph: graph,
                theme: theme, x: x, rowsByGroup: rowsByGroup, labels: labels, recordNotes: recordNotes,
                rowCountHint: rowCountHint))
        if spec.legend == false { graph.legend.isHidden = true }
        return graph
    }

    /// "price by date", "EUR, GBP, CHF by day": what a query's columns show.
    static func columnsTitle(_ plan: ChartPlan) -> String {
        let ys = plan.series.map { plan.profiles[$0].name }
        let shown = ys.count > 3 ? ys.prefix(3).joined(separator: ", ") + "…" : ys.joined(separator: ", ")
        var title = shown + " by " + plan.profiles[plan.x].name
        if let group = plan.group, plan.kind.titleNamesGroups { title += " and " + plan.profiles[group].name }
        return title
    }

    /// Applies an axis's spec, which `ChartSpec.validate` has checked: an interval above 0,
    /// finite angles, decimals 0–12, both ends of a range or neither, the lower below the upper.
    static func apply(_ spec: ChartSpec.AxisSpec?, to axis: inout Axis, space: XYPlotSpace, isX: Bool) {
        guard let spec else { return }
        axis.title = spec.title ?? axis.title
        if let interval = spec.interval { axis.labelingPolicy = .fixedInterval(interval) }
        // Any finite angle: taken modulo 360, into -180…180.
        if let rotation = spec.rotation { axis.labelRotation = rotation - 360 * (rotation / 360).rounded() }
        if let decimals = spec.decimals { axis.labelFormat = NumberFormat.fixed(decimals: decimals).withUnit(axis.labelFormat.unit) }
        if let grid = spec.grid { axis.showsMajorGridLines = grid }
        if let lo = spec.min, let hi = spec.max {
            if isX { space.xRange = PlotRange(lo, hi) } else { space.yRange = PlotRange(lo, hi) }
        }
        // A date scale reads numbers as seconds since 1970, with ticks on calendar units; a
        // linear one undoes the log scale the plan chose.
        if let scale = spec.scale, scale != .linear || (isX ? space.xScale : space.yScale) == .logarithmic {
            if isX { space.xScale = scale.scale } else { space.yScale = scale.scale }
        }
    }

    /// "November 2026" for the period "2026-11"; other periods as they are.
    static func readable(period: String) -> String {
        let input = DateFormatter()
        input.locale = Locale(identifier: "en_US_POSIX")
        input.timeZone = TimeZone(identifier: "UTC")
        input.dateFormat = "yyyy-MM"
        guard period.count == 7, let date = input.date(from: period) else { return period }
        let output = DateFormatter()
        output.locale = Locale(identifier: "en_US_POSIX")
        output.timeZone = TimeZone(identifier: "UTC")
        output.dateFormat = "LLLL yyyy"
        return output.string(from: date)
    }

    /// A plot identifier from a column name: lowercase, spaces as dashes.
    static func identifier(_ name: String) -> String {
        let id = name.lowercased().split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: "-")
        return id.isEmpty ? "series" : id
    }
}
