import ChartCore

/// Builds bars (side by side, horizontal, stacked), lines, points and combined charts: one plot
/// per series column and group, on a category, number or date x axis, with a second y axis for
/// the series a spec puts there.
enum SeriesChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table, plan = context.plan, spec = context.spec, source = context.source
        let kind = context.kind, graph = context.graph, theme = context.theme, x = context.x
        let rowsByGroup = context.rowsByGroup, labels = context.labels, rowCountHint = context.rowCountHint
        let seriesSpecs = spec.series ?? []
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
            if let k = options?.kind { return k.chartKind }
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
        var identifiers = PlotIdentifiers()
        func unique(_ name: String) -> String { identifiers.next(for: name) }
        let keepsOrder = spec.keepOrder ?? false
        // The spec's series on the right, or the plan's (a second series of another magnitude).
        func onSecondAxis(_ entry: PlannedSeries) -> Bool {
            entry.options?.axis == .y2 || (entry.options?.axis == nil && plan.magnitudes == .secondAxis(entry.column))
        }
        let chartPoints = series.reduce(0) { $0 + ($1.rows?.count ?? table.rowCount) }
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
            let color = options?.color
            if thisKind.isBars {
                let fills = spec.colorByRecord == true ? (0..<values.count).map { Fill.solid(theme.seriesColor($0)) } : nil
                let source = ArrayDataSource(numbers: values, locations: locations, categories: categories, fills: fills)
                if let labels { source.labels = rows.map { $0.map { labels[$0] } } ?? labels }
                if let notes = context.recordNotes { source.notes = rows.map { $0.map { notes[$0] } } ?? notes }
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
                let line = ScatterPlot(
                    identifier: unique(entry.title), title: entry.title,
                    dataSource: ArrayDataSource(numbers: values, locations: locations, categories: categories))
                line.showsLine = thisKind != .scatter
                if let color {
                    line.lineStyle = LineStyle(color: color, width: options?.lineWidth ?? 2)
                } else if let width = options?.lineWidth {
                    line.lineStyle = LineStyle(color: theme.seriesColor(index), width: width)
                }
                let shape = options?.symbol ?? (thisKind == .scatter ? .ellipse : nil)
                // Many points: smaller markers, so the cloud shows its density instead of a blot;
                // sized by the whole chart's points, so every group's markers are alike (a small
                // group's big markers would look heavier than a large group's small ones).
                let defaultSize = Self.defaultSymbolSize(points: max(chartPoints, rowCountHint * series.count))
                if let shape {
                    let symbolColor = color ?? theme.seriesColor(index)
                    line.symbol = PlotSymbol(
                        shape, size: options?.symbolSize ?? defaultSize,
                        fill: shape == .cross || shape == .plus ? nil : .solid(symbolColor),
                        lineStyle: shape == .cross || shape == .plus ? LineStyle(color: symbolColor, width: 2) : nil)
                }
                // A survival curve holds its level until the next event (`SurvivalTable`).
                if let interpolation = options?.interpolation ?? (table.turning?.stepped == true ? .stepped : nil) {
                    line.interpolation = interpolation
                }
                if options?.fill == true { line.areaFill = .solid((color ?? theme.seriesColor(index)).withAlpha(0.3)) }
                plot = line
            }
            if let format = KindChartContext.valueFormat(for: allValues, unit: table.columns[entry.column].unit) {
                plot.valueFormat = format
            }
            if onSecondAxis(entry) {
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
            graph.defaultPlotSpace.xScale = plan.xIsLogarithmic ? .logarithmic : x.scale
        }
        if plan.yIsLogarithmic { graph.defaultPlotSpace.yScale = .logarithmic }
        if x.usesAxisLabels {
            graph[axis: categoryAxis].labelingPolicy = .none
            graph[axis: categoryAxis].customLabels = x.axisLabels
        }
        graph[axis: categoryAxis].title = context.xTitle
        graph[axis: categoryAxis].finestDateUnit = x.finestDateUnit
        let onY = series.filter { !onSecondAxis($0) }, onY2 = series.filter(onSecondAxis)
        graph[axis: valueAxis].title = valueTitle(onY, table: table, grouped: plan.group != nil, chartTitle: spec.title ?? graph.title ?? "")
        if !onY2.isEmpty {
            graph[axis: "y2"].title = valueTitle(onY2, table: table, grouped: plan.group != nil, chartTitle: spec.title ?? graph.title ?? "")
        }
        // Labels write the unit the data wrote ("12.5%", "$1,250").
        if !x.isCategory { context.writeUnit(of: [plan.x], onAxis: categoryAxis) }
        context.writeUnit(of: onY.map(\.column), onAxis: valueAxis)
        if !onY2.isEmpty { context.writeUnit(of: onY2.map(\.column), onAxis: "y2") }
        ChartBuilder.apply(spec.xAxis, to: &graph[axis: categoryAxis], space: graph.defaultPlotSpace, isX: kind != .hbar)
        // Survival curves are shares from 1 down: drawn on 0 to 1 (a little room above 1), so
        // that how far each has fallen reads against the whole (`SurvivalTable`).
        if table.turning?.stepped == true, kind != .hbar { graph.defaultPlotSpace.yRange = PlotRange(0, 1.05) }
        ChartBuilder.apply(spec.yAxis, to: &graph[axis: valueAxis], space: graph.defaultPlotSpace, isX: kind == .hbar)
        if let y2 = spec.y2Axis, graph.plotSpace(identifier: "y2") != nil {
            ChartBuilder.apply(y2, to: &graph[axis: "y2"], space: graph.plotSpace(identifier: "y2")!, isX: false)
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
    }

    /// The fewest points (rows with an x value, times the series) whose number no longer
    /// changes a chart's look (`defaultSymbolSize`): a chart of more rows than it need not know
    /// how many more.
    static let pointsDecidingLook = 100_001

    /// The default marker size of a chart of `points` points (rows with an x value, times the
    /// series), in points: smaller for many, so that a cloud shows its density. O(1).
    static func defaultSymbolSize(points: Int) -> Double { points >= pointsDecidingLook ? 2 : points > 10_000 ? 4 : 8 }

    /// The value axis's title: the series' column (or its title) when there is one.
    private static func valueTitle(_ series: [PlannedSeries], table: DataTable, grouped: Bool, chartTitle: String) -> String? {
        let columns = Set(series.map(\.column))
        guard columns.count == 1, let first = series.first else { return nil }
        let text = grouped ? table.columns[first.column].name : (first.options?.title ?? table.columns[first.column].name)
        return text == chartTitle ? nil : text
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
