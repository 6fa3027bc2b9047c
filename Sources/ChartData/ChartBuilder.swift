import ChartCore
import Foundation

/// Turns a table and a chart spec into a graph: which column gives the categories or x values,
/// which give series, what kind of plot each series is, and how the axes look.
public enum ChartBuilder {
    /// The chart kinds, as `--kind` and spec files name them.
    public static let kinds = ["bar", "hbar", "stacked", "line", "scatter", "pie", "combined"]

    /// The graph for `table` as `spec` describes it. `source` names the data in errors;
    /// `period` is shown in the title. Throws for a column that does not exist or that holds
    /// text where numbers are needed.
    public static func graph(from table: DataTable, spec: ChartSpec, source: String, period: String? = nil) throws(DataError) -> Graph {
        guard !table.columns.isEmpty else { throw DataError.unusable(path: source, message: "the data has no columns") }
        let xColumn = try column(spec.x ?? table.columns[0].name, in: table, source: source)
        let seriesSpecs = spec.series ?? []
        // Without a choice, every other column that holds numbers is a series; text columns
        // (names, codes, notes) are left out rather than refused.
        let yNames = spec.y ?? (seriesSpecs.isEmpty
            ? table.columns.filter { $0.name != xColumn.name && !$0.isText }.map(\.name)
            : seriesSpecs.map(\.column))
        guard !yNames.isEmpty else {
            throw DataError.unusable(path: source, message: "no column of numbers to chart besides '\(xColumn.name)'; give --y COLUMN")
        }
        let yColumns = try yNames.map { name throws(DataError) -> (DataColumn, [Double]) in
            let c = try column(name, in: table, source: source)
            guard let numbers = c.numbers else {
                throw DataError.unusable(path: source, message: "column '\(c.name)' holds text, not numbers")
            }
            return (c, numbers)
        }
        let kind = spec.kind ?? (xColumn.isText ? "bar" : "line")
        guard kinds.contains(kind) else {
            throw DataError.unusable(path: source, message: "unknown chart kind '\(kind)'; use one of: \(kinds.joined(separator: ", "))")
        }

        var title = spec.title ?? spec.name
        if let period { title += ", " + readable(period: period) }
        let theme = try spec.theme.map { name throws(DataError) -> Theme in
            guard let theme = Theme.named(name) else {
                throw DataError.unusable(path: source, message: "unknown theme '\(name)'; use one of: \(Theme.builtIn.map(\.name).joined(separator: ", "))")
            }
            return theme
        } ?? .plainWhite
        let graph = Graph(title: title, theme: theme)
        if let text = spec.noDataText { graph.noDataText = text }

        // Categories or x values.
        let categories: [String]?
        let locations: [Double]
        switch xColumn.values {
        case .text(let texts):
            categories = texts.map { $0 ?? "" }
            locations = texts.indices.map(Double.init)
            graph.defaultPlotSpace.xScale = .category
        case .number(let values):
            categories = nil
            locations = values
        case .date(let values):
            categories = nil
            locations = values
            graph.defaultPlotSpace.xScale = .date
        }
        let labels = try spec.labels.map { name throws(DataError) -> [String] in
            let c = try column(name, in: table, source: source)
            switch c.values {
            case .text(let texts): return texts.map { $0 ?? "" }
            case .number(let v), .date(let v): return v.map { NumberFormat.automatic.format($0) }
            }
        }

        if kind == "pie" {
            let (c, values) = yColumns[0]
            let pie = PieChart(identifier: identifier(c.name), title: seriesSpecs.first?.title ?? c.name,
                               values: values.map { $0.isFinite ? $0 : nil }, names: categories ?? locations.map { NumberFormat.automatic.format($0) },
                               labels: labels)
            if let p = spec.pie {
                if let angle = p.startAngle { pie.startAngle = angle }
                if p.direction?.lowercased() == "counterclockwise" { pie.sliceDirection = .counterClockwise }
                if let inner = p.innerRadius { pie.innerRadiusFraction = min(max(inner, 0), 0.95) }
                if let offset = p.labelOffset { pie.labelOffset = offset }
                if let border = p.borderColor.flatMap(Color.init(hex:)) { pie.borderLineStyle = LineStyle(color: border, width: 2) }
                if let color = p.labelColor.flatMap(Color.init(hex:)) { pie.labelTextStyle = TextStyle(fontSize: 13, isBold: true, color: color) }
            }
            graph.add(pie)
            graph.legend.isHidden = spec.legend == false
            return graph
        }

        let barKinds: Set<String> = ["bar", "hbar", "stacked"]
        let barCount = kind == "combined" ? seriesSpecs.filter { ($0.kind ?? "bar") == "bar" }.count : (barKinds.contains(kind) ? yColumns.count : 0)
        let grouped = kind == "bar" || kind == "hbar" || kind == "combined"
        let slot = spec.barWidth ?? 0.8
        var barIndex = 0
        var previousBar: BarPlot?
        var identifiers: Set<String> = []
        func unique(_ name: String) -> String {
            var id = identifier(name), n = 2
            while identifiers.contains(id) { id = identifier(name) + "-\(n)"; n += 1 }
            identifiers.insert(id)
            return id
        }
        for (index, (c, values)) in yColumns.enumerated() {
            let options = seriesSpecs.first { $0.column == c.name }
            let seriesKind = kind == "combined" ? (options?.kind ?? (index == 0 ? "bar" : "line")) : kind
            let plot: any Plot
            let color = options?.color.flatMap(Color.init(hex:))
            if barKinds.contains(seriesKind) {
                let fills = spec.colorByRecord == true ? (0..<values.count).map { Fill.solid(theme.seriesColor($0)) } : nil
                let bars = BarPlot(identifier: unique(c.name), title: options?.title ?? c.name,
                                   dataSource: ArrayDataSource(numbers: values, locations: locations, categories: categories, fills: fills))
                bars.barsAreHorizontal = kind == "hbar"
                if grouped && barCount > 1 {
                    bars.barWidth = slot / Double(barCount)
                    bars.barOffset = (Double(barIndex) - Double(barCount - 1) / 2) * bars.barWidth
                } else {
                    bars.barWidth = slot
                }
                if kind == "stacked" { bars.stackedOn = previousBar }
                bars.fill = color.map(Fill.solid)
                bars.showsValueLabels = spec.showValues ?? false
                if let labels { (bars.dataSource as? ArrayDataSource)?.labels = labels }
                previousBar = bars
                barIndex += 1
                plot = bars
            } else {
                let line = ScatterPlot(identifier: unique(c.name), title: options?.title ?? c.name,
                                       dataSource: ArrayDataSource(numbers: values, locations: locations, categories: categories))
                line.showsLine = seriesKind != "scatter"
                if let color { line.lineStyle = LineStyle(color: color, width: options?.lineWidth ?? 2) }
                else if let width = options?.lineWidth { line.lineStyle = LineStyle(color: theme.seriesColor(index), width: width) }
                let shape = options?.symbol.flatMap(PlotSymbol.Shape.init(rawValue:)) ?? (seriesKind == "scatter" ? .ellipse : nil)
                // Many points: smaller markers, so the cloud shows its density instead of a blot.
                let defaultSize: Double = values.count > 100_000 ? 2 : values.count > 10_000 ? 4 : 8
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
                    graph.add(XYPlotSpace(identifier: "y2"))
                    graph.axes.append(Axis(identifier: "y2", coordinate: .y, edge: .right, plotSpaceIdentifier: "y2", showsMajorGridLines: false))
                }
                plot.plotSpace = graph.plotSpace(identifier: "y2")
            }
            graph.add(plot)
        }

        // Axes.
        let valueAxis = kind == "hbar" ? "x" : "y", categoryAxis = kind == "hbar" ? "y" : "x"
        if kind == "hbar" {
            graph.defaultPlotSpace.xScale = .linear
            if categories != nil { graph.defaultPlotSpace.yScale = .category }
        }
        try apply(spec.xAxis, to: &graph[axis: categoryAxis == "x" ? "x" : "y"], space: graph.defaultPlotSpace, isX: kind != "hbar", source: source)
        try apply(spec.yAxis, to: &graph[axis: valueAxis], space: graph.defaultPlotSpace, isX: kind == "hbar", source: source)
        if let y2 = spec.y2Axis, graph.plotSpace(identifier: "y2") != nil {
            try apply(y2, to: &graph[axis: "y2"], space: graph.plotSpace(identifier: "y2")!, isX: false, source: source)
        }
        if let factor = spec.yMaxFactor {
            let top = yColumns.flatMap(\.1).filter(\.isFinite).max() ?? 1
            graph.defaultPlotSpace.yRange = PlotRange(0, max(factor * top, 1e-9))
        }
        graph.legend.isHidden = spec.legend.map { !$0 } ?? (yColumns.count < 2)
        return graph
    }

    private static func apply(_ spec: ChartSpec.AxisSpec?, to axis: inout Axis, space: XYPlotSpace, isX: Bool, source: String) throws(DataError) {
        guard let spec else { return }
        axis.title = spec.title ?? axis.title
        if let interval = spec.interval, interval > 0 { axis.labelingPolicy = .fixedInterval(interval) }
        if let rotation = spec.rotation { axis.labelRotation = rotation }
        if let decimals = spec.decimals { axis.labelFormat = .fixed(decimals: max(0, min(decimals, 12))) }
        if let grid = spec.grid { axis.showsMajorGridLines = grid }
        if spec.min != nil || spec.max != nil {
            guard let lo = spec.min, let hi = spec.max, lo.isFinite, hi.isFinite, lo < hi else {
                throw DataError.unusable(path: source, message: "an axis range needs both min and max, with min < max")
            }
            if isX { space.xRange = PlotRange(lo, hi) } else { space.yRange = PlotRange(lo, hi) }
        }
        if spec.scale == "log" {
            if isX { space.xScale = .logarithmic } else { space.yScale = .logarithmic }
        }
    }

    private static func column(_ name: String, in table: DataTable, source: String) throws(DataError) -> DataColumn {
        guard let column = table.column(named: name) else {
            throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }
        return column
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
