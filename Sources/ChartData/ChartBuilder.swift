import ChartCore
import Foundation

/// Turns a table and a chart spec into a graph: the columns, groups and kind `ChartPlan`
/// chooses (or the spec names), one plot per series and group, the axes, titles and legend.
public enum ChartBuilder {
    /// The chart kinds, as `--kind` and spec files name them.
    public static var kinds: [String] { ChartKind.allCases.map(\.rawValue) }

    /// `table` ready for planning: a single column of numbers is charted against its row
    /// numbers (1, 2, …), as a spreadsheet or `df.plot()` draws it.
    static func prepared(_ table: DataTable) -> DataTable {
        guard table.columns.count == 1, case .number(let values) = table.columns[0].values, !values.isEmpty else { return table }
        return DataTable(columns: [DataColumn(name: "row", values: .number((1...values.count).map(Double.init))), table.columns[0]],
                         notes: table.notes + ["a single column of numbers: charted against its row numbers"])
    }

    /// The plan `spec` and the data give for `table`: which column is what, and the kind.
    public static func plan(for table: DataTable, spec: ChartSpec, source: String) throws(DataError) -> ChartPlan {
        let table = prepared(table)
        let kind = try spec.kind.map { name throws(DataError) -> ChartKind in
            guard let kind = ChartKind(rawValue: name) else {
                throw DataError.unusable(path: source, message: "unknown chart kind '\(name)'; use one of: \(ChartKind.names)")
            }
            return kind
        }
        let grouping: ChartPlan.Grouping = switch spec.group {
        case nil: .automatic
        case let name? where name.lowercased() == "none" || name.isEmpty: .none
        case let name?: .column(name)
        }
        let yNames = spec.y ?? spec.series.map { $0.map(\.column) }
        return try ChartPlan(table: table, x: spec.x, y: yNames, group: grouping, kind: kind, source: source)
    }

    /// The graph for `table` as `spec` describes it. `source` names the data in errors;
    /// `period` is shown in the title. Throws for a column that does not exist or that holds
    /// text where numbers are needed. A table without rows gives a chart saying so.
    public static func graph(from table: DataTable, spec: ChartSpec, source: String, period: String? = nil) throws(DataError) -> Graph {
        let table = prepared(table)
        let plan = try plan(for: table, spec: spec, source: source)
        return try graph(from: table, plan: plan, spec: spec, source: source, period: period)
    }

    /// The graph for `table` along `plan`, which `plan(for:spec:source:)` made for the same table
    /// (prepared here as it was there, so a single column of numbers gains its row numbers).
    /// `rowCountHint` stands for the rows of a table charted from its first rows only (a big
    /// table's), where the rows' number picks marker sizes.
    public static func graph(from table: DataTable, plan: ChartPlan, spec: ChartSpec, source: String,
                             period: String? = nil, rowCountHint: Int = 0) throws(DataError) -> Graph {
        let table = prepared(table)
        precondition(([plan.x] + plan.series + (plan.group.map { [$0] } ?? [])).allSatisfy(table.columns.indices.contains),
                     "The plan names columns this table does not have: it was made for another table.")
        // A spec made in code, not decoded from a file, is checked here as a file's is on decoding.
        try spec.validate(path: source, keyPath: "charts[\(spec.name)]")
        let kind = plan.kind
        let xColumn = table.columns[plan.x]
        let seriesSpecs = spec.series ?? []
        let theme = try spec.theme.map { name throws(DataError) -> Theme in
            guard let theme = Theme.named(name) else {
                throw DataError.unusable(path: source, message: "unknown theme '\(name)'; use one of: \(Theme.builtIn.map(\.name).joined(separator: ", "))")
            }
            return theme
        } ?? .plainWhite
        var title = spec.title ?? (spec.data.query != nil ? columnsTitle(plan) : spec.name)
        if let period { title += ", " + readable(period: period) }
        let graph = Graph(title: title, theme: theme)
        graph.note = plan.note
        if let text = spec.noDataText { graph.noDataText = text }

        let x = XValues(column: xColumn, profile: plan.profiles[plan.x], grouped: plan.group != nil, reversed: kind == .hbar)
        // Each group's rows; nil for every row in order (no copy of ten million values).
        let rowsByGroup: [[Int]?] = plan.group == nil ? [x.hasMissing ? (0..<table.rowCount).filter { x.isPresent(row: $0) } : nil]
                                                      : plan.rows(in: table).map { rows in rows.filter { x.isPresent(row: $0) } }
        let labels = try spec.labels.map { name throws(DataError) -> [String] in
            guard let c = table.column(named: name) else {
                throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
            }
            return ValueNames.names(of: c).map { $0 == ValueNames.missing ? "" : $0 }
        }

        if let builder = kind.builder {
            try builder.build(KindChartContext(table: table, plan: plan, spec: spec, source: source, kind: kind, graph: graph,
                                               theme: theme, x: x, rowsByGroup: rowsByGroup))
            if spec.legend == false { graph.legend.isHidden = true }
            return graph
        }

        if kind == .pie {
            let c = table.columns[plan.series[0]]
            let values = c.numbers ?? []
            let rows = Array(0..<table.rowCount)
            let pie = PieChart(identifier: identifier(c.name), title: seriesSpecs.first?.title ?? c.name,
                               values: rows.map { values[$0].isFinite ? values[$0] : nil }, names: rows.map { x.name(ofRow: $0) },
                               labels: labels)
            if let p = spec.pie {
                // Checked by `ChartSpec.validate`: a finite angle, a radius from 0 to 0.95.
                if let angle = p.startAngle { pie.startAngle = angle.truncatingRemainder(dividingBy: 360) }
                if p.direction?.lowercased() == "counterclockwise" { pie.sliceDirection = .counterClockwise }
                if let inner = p.innerRadius { pie.innerRadiusFraction = inner }
                if let offset = p.labelOffset { pie.labelOffset = offset }
                if let border = p.borderColor.flatMap(Color.init(hex:)) { pie.borderLineStyle = LineStyle(color: border, width: 2) }
                if let color = p.labelColor.flatMap(Color.init(hex:)) { pie.labelTextStyle = TextStyle(fontSize: 13, isBold: true, color: color) }
            }
            graph.add(pie)
            graph.legend.isHidden = spec.legend == false
            return graph
        }

        // One series per (group, column), in that order.
        var series: [PlannedSeries] = []
        for (g, rows) in rowsByGroup.enumerated() {
            for column in plan.series {
                let name = table.columns[column].name
                let options = plan.group == nil ? seriesSpecs.first { $0.column == name } : nil
                var title = options?.title ?? name
                if plan.group != nil {
                    title = plan.series.count == 1 ? plan.groupValues[g] : "\(plan.groupValues[g]) · \(name)"
                }
                series.append(PlannedSeries(title: title, column: column, rows: rows, options: options))
            }
        }

        func seriesKind(_ index: Int, _ options: ChartSpec.Series?) -> ChartKind {
            guard kind == .combined else { return kind }
            if let name = options?.kind, let k = ChartKind(rawValue: name) { return k }
            return index == 0 ? .bar : .line
        }
        let barCount = series.indices.filter { seriesKind($0, series[$0].options).isBars }.count
        let grouped = kind == .bar || kind == .hbar || kind == .combined
        // A bar's slot: one category, or the data's own spacing along a number or date axis.
        let slot = barCount > 0 ? (spec.barWidth ?? 0.8) * x.spacing : 0
        if barCount > 0, !(slot > 0 && slot.isFinite) {
            throw DataError.spec(path: source, keyPath: "charts[\(spec.name)].barWidth", message: "gives bars no width over this data's spacing")
        }
        var barIndex = 0
        var previousBar: BarPlot?
        var identifiers: Set<String> = []
        func unique(_ name: String) -> String {
            var id = identifier(name), n = 2
            while identifiers.contains(id) { id = identifier(name) + "-\(n)"; n += 1 }
            identifiers.insert(id)
            return id
        }
        let keepsOrder = spec.keepOrder ?? false
        for (index, entry) in series.enumerated() {
            let options = entry.options
            let thisKind = seriesKind(index, options)
            let allValues = table.columns[entry.column].numbers ?? []
            var rows = entry.rows
            // A line joins its points in x order (stable), unless told to keep the rows' order.
            if !thisKind.isBars && thisKind != .scatter && !keepsOrder && !x.isCategory {
                rows = x.sortedByLocation(rows)
            }
            // Every row in order: the columns' own arrays, shared, not copied.
            let values = rows.map { $0.map { allValues[$0] } } ?? allValues
            let locations = rows.map { $0.map { x.location(ofRow: $0) } } ?? x.allLocations
            let categories = x.isCategory ? (rows ?? Array(0..<table.rowCount)).map { x.name(ofRow: $0) } : nil
            let plot: any Plot
            let color = options?.color.flatMap(Color.init(hex:))
            if thisKind.isBars {
                let fills = spec.colorByRecord == true ? (0..<values.count).map { Fill.solid(theme.seriesColor($0)) } : nil
                let source = ArrayDataSource(numbers: values, locations: locations, categories: categories, fills: fills)
                if let labels { source.labels = rows.map { $0.map { labels[$0] } } ?? labels }
                let bars = BarPlot(identifier: unique(entry.title), title: entry.title, dataSource: source)
                bars.barsAreHorizontal = kind == .hbar
                if grouped && barCount > 1 {
                    bars.barWidth = slot / Double(barCount)
                    bars.barOffset = (Double(barIndex) - Double(barCount - 1) / 2) * bars.barWidth
                } else {
                    bars.barWidth = slot
                }
                if kind == .stacked { bars.stackedOn = previousBar }
                bars.fill = color.map(Fill.solid)
                bars.showsValueLabels = spec.showValues ?? false
                previousBar = bars
                barIndex += 1
                plot = bars
            } else {
                let line = ScatterPlot(identifier: unique(entry.title), title: entry.title,
                                       dataSource: ArrayDataSource(numbers: values, locations: locations, categories: categories))
                line.showsLine = thisKind != .scatter
                if let color { line.lineStyle = LineStyle(color: color, width: options?.lineWidth ?? 2) }
                else if let width = options?.lineWidth { line.lineStyle = LineStyle(color: theme.seriesColor(index), width: width) }
                let shape = options?.symbol.flatMap(PlotSymbol.Shape.init(rawValue:)) ?? (thisKind == .scatter ? .ellipse : nil)
                // Many points: smaller markers, so the cloud shows its density instead of a blot.
                let count = max(values.count, rowCountHint)
                let defaultSize: Double = count > 100_000 ? 2 : count > 10_000 ? 4 : 8
                if let shape {
                    let symbolColor = color ?? theme.seriesColor(index)
                    line.symbol = PlotSymbol(shape, size: options?.symbolSize ?? defaultSize,
                                             fill: shape == .cross || shape == .plus ? nil : .solid(symbolColor),
                                             lineStyle: shape == .cross || shape == .plus ? LineStyle(color: symbolColor, width: 2) : nil)
                }
                if let interpolation = options?.interpolation.flatMap(ScatterPlot.Interpolation.init(rawValue:)) {
                    line.interpolation = interpolation
                }
                if options?.fill == true { line.areaFill = .solid((color ?? theme.seriesColor(index)).withAlpha(0.3)) }
                plot = line
            }
            if options?.axis == "y2" {
                if graph.plotSpace(identifier: "y2") == nil {
                    // The same x as the first axis: dates read as dates in its popups too.
                    graph.add(XYPlotSpace(identifier: "y2", xScale: kind == .hbar ? .linear : x.scale))
                    graph.axes.append(Axis(identifier: "y2", coordinate: .y, edge: .right, plotSpaceIdentifier: "y2", showsMajorGridLines: false))
                }
                plot.plotSpace = graph.plotSpace(identifier: "y2")
            }
            graph.add(plot)
        }

        // Axes: the x values' scale, titles from the columns, then what the spec sets.
        let categoryAxis = kind == .hbar ? "y" : "x", valueAxis = kind == .hbar ? "x" : "y"
        if kind == .hbar {
            graph.defaultPlotSpace.yScale = x.scale
            // Grid lines across the values: vertical ones for bars that run left to right.
            graph[axis: "x"].showsMajorGridLines = true
            graph[axis: "y"].showsMajorGridLines = false
        } else {
            graph.defaultPlotSpace.xScale = x.scale
        }
        if x.usesAxisLabels {
            graph[axis: categoryAxis].labelingPolicy = .none
            graph[axis: categoryAxis].customLabels = x.axisLabels
        }
        graph[axis: categoryAxis].title = xColumn.name
        graph[axis: categoryAxis].finestDateUnit = x.dateResolution.flatMap { resolution -> DateTickGenerator.Unit? in
            switch resolution {
            case .year: .year
            case .month: .month
            case .day: .day
            case .minute: .minute
            case .second: nil
            }
        }
        let onY = series.filter { $0.options?.axis != "y2" }, onY2 = series.filter { $0.options?.axis == "y2" }
        graph[axis: valueAxis].title = valueTitle(onY, table: table, grouped: plan.group != nil, chartTitle: spec.title ?? title)
        if !onY2.isEmpty {
            graph[axis: "y2"].title = valueTitle(onY2, table: table, grouped: plan.group != nil, chartTitle: spec.title ?? title)
        }
        apply(spec.xAxis, to: &graph[axis: categoryAxis], space: graph.defaultPlotSpace, isX: kind != .hbar)
        apply(spec.yAxis, to: &graph[axis: valueAxis], space: graph.defaultPlotSpace, isX: kind == .hbar)
        if let y2 = spec.y2Axis, graph.plotSpace(identifier: "y2") != nil {
            apply(y2, to: &graph[axis: "y2"], space: graph.plotSpace(identifier: "y2")!, isX: false)
        }
        if let factor = spec.yMaxFactor {
            let top = plan.series.compactMap { table.columns[$0].numbers }.flatMap { $0 }.filter(\.isFinite).max() ?? 1
            let upper = max(factor * top, 1e-9)
            guard upper.isFinite else {
                throw DataError.spec(path: source, keyPath: "charts[\(spec.name)].yMaxFactor", message: "puts the top of the y axis past the largest number")
            }
            graph.defaultPlotSpace.yRange = PlotRange(0, upper)
        }
        graph.legend.isHidden = spec.legend.map { !$0 } ?? (series.count < 2)
        return graph
    }

    /// The value axis's title: the series' column (or its title) when there is one.
    private static func valueTitle(_ series: [PlannedSeries], table: DataTable, grouped: Bool, chartTitle: String) -> String? {
        let columns = Set(series.map(\.column))
        guard columns.count == 1, let first = series.first else { return nil }
        let text = grouped ? table.columns[first.column].name : (first.options?.title ?? table.columns[first.column].name)
        return text == chartTitle ? nil : text
    }

    /// "price by date", "EUR, GBP, CHF by day": what a query's columns show.
    static func columnsTitle(_ plan: ChartPlan) -> String {
        let ys = plan.series.map { plan.profiles[$0].name }
        let shown = ys.count > 3 ? ys.prefix(3).joined(separator: ", ") + "…" : ys.joined(separator: ", ")
        if plan.kind == .pie { return shown + " by " + plan.profiles[plan.x].name }
        var title = shown + " by " + plan.profiles[plan.x].name
        if let group = plan.group { title += " and " + plan.profiles[group].name }
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
        if let decimals = spec.decimals { axis.labelFormat = .fixed(decimals: decimals) }
        if let grid = spec.grid { axis.showsMajorGridLines = grid }
        if let lo = spec.min, let hi = spec.max {
            if isX { space.xRange = PlotRange(lo, hi) } else { space.yRange = PlotRange(lo, hi) }
        }
        if spec.scale == "log" {
            if isX { space.xScale = .logarithmic } else { space.yScale = .logarithmic }
        } else if spec.scale == "date" {
            // Numbers read as seconds since 1970, ticks on calendar units.
            if isX { space.xScale = .date } else { space.yScale = .date }
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

/// One plot to be: its title, the column of its values, the rows it holds, its spec options.
private struct PlannedSeries {
    var title: String
    var column: Int
    /// The rows, in order; nil for all of them.
    var rows: [Int]?
    var options: ChartSpec.Series?
}
