import ChartCore

/// Builds histograms: the values of each column of numbers (`DistributionColumns`), split by
/// the x column's text when its values repeat (not by names unique to each row), else by the
/// plan's group, unless `--group none`; binned together (`HistogramBinning`: numpy's `auto`
/// rule, whole-number bins for whole numbers, or the spec's `bins` or `binWidth`), as counts
/// or densities (`density`), overlaid
/// translucent or stacked (`stacked`). x is the values' axis, y the count or density.
enum HistogramChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table
        let picked = try DistributionColumns(context, splitByX: .whenRepeatingText)
        // One series per (part, column), as the other kinds name them.
        var series: [(title: String, values: [Double])] = []
        for part in picked.parts {
            for column in picked.columns {
                let all = try context.numbers(ofColumn: column)
                let name = table.columns[column].name
                let title = picked.split == nil ? name : picked.columns.count == 1 ? part.name : "\(part.name) · \(name)"
                series.append((title, part.rows.map { $0.map { all[$0] } } ?? all))
            }
        }
        let rule = try rule(context.spec)
        guard let binning = HistogramBinning.bins(for: series.map(\.values), rule: rule) else {
            try tooManyBins(rule, source: context.source)
            throw DataError.unusable(
                path: context.source,
                message: "--kind histogram found no finite numbers in "
                    + picked.columns.map { "'\(table.columns[$0].name)'" }.joined(separator: ", "))
        }
        let plots = series.map { (binning: binning, title: $0.title, counts: binning.counts(of: $0.values)) }
        let axisTitle = picked.columns.count == 1 ? table.columns[picked.columns[0]].name : nil
        add(plots, to: context.graph, spec: context.spec, valueTitle: axisTitle)
        context.writeUnit(of: picked.columns, onAxis: "x")
        retitle(context.graph, spec: context.spec, columns: picked.columns.map { table.columns[$0].name })
    }

    /// A query too large to load, without groups: each column's counts by `GROUP BY` in the
    /// database (`DatabaseHistogram`), in bins of all the columns' values together; nil with
    /// groups (the rows then load, within the memory budget).
    static func aggregatedGraph(_ context: AggregatedChartContext) throws(DataError) -> Graph? {
        let sample = ChartBuilder.prepared(context.sample, spec: context.spec)
        let picked = try DistributionColumns(
            table: sample, plan: context.plan, spec: context.spec, source: context.source,
            kind: .histogram, splitByX: .whenRepeatingText)
        guard picked.split == nil else { return nil }
        let names = picked.columns.map { sample.columns[$0].name }
        let counter = DatabaseHistogram(
            database: context.database, query: context.query, number: context.number, real: context.real, integer: context.integer)
        let rule = try rule(context.spec)
        guard let binning = try counter.binning(of: names, rule: rule) else {
            try tooManyBins(rule, source: context.source)
            throw DataError.unusable(
                path: context.source,
                message: "--kind histogram found no finite numbers in "
                    + names.map { "'\($0)'" }.joined(separator: ", "))
        }
        // The graph the sample gives (title, theme, axes), its plots replaced by the database's counts.
        let graph = try ChartBuilder.graph(from: sample, plan: context.plan, spec: context.spec, source: context.source)
        for plot in graph.plots { graph.removePlot(identifier: plot.identifier) }
        var plots: [(binning: HistogramBinning, title: String, counts: [Int])] = []
        for name in names { plots.append((binning, name, try counter.counts(of: [name], in: binning))) }
        add(plots, to: graph, spec: context.spec, valueTitle: names.count == 1 ? names[0] : nil)
        retitle(graph, spec: context.spec, columns: names)
        return graph
    }

    /// A query's chart is titled by what it shows: "dep_delay", not "dep_delay by row".
    static func retitle(_ graph: Graph, spec: ChartSpec, columns: [String]) {
        guard spec.title == nil, spec.data.query != nil else { return }
        graph.title = columns.prefix(3).joined(separator: ", ") + (columns.count > 3 ? "…" : "")
    }

    /// Throws for a bin width that would make more than `HistogramBinning.maximumCount` bins.
    static func tooManyBins(_ rule: HistogramBinning.Rule, source: String) throws(DataError) {
        guard case .width(let width) = rule else { return }
        throw DataError.unusable(
            path: source,
            message: "a bin width of \(NumberFormat.automatic.format(width)) makes more than "
                + "\(HistogramBinning.maximumCount) bins over these values; use a wider one or --bins")
    }

    /// The spec's rule: a bin width wins over a number of bins; neither is numpy's `auto`.
    static func rule(_ spec: ChartSpec) throws(DataError) -> HistogramBinning.Rule {
        if let width = spec.binWidth { return .width(width) }
        if let bins = spec.bins { return .count(bins) }
        return .automatic
    }

    /// Adds one histogram per entry of `plots` (sharing their bins) to `graph`, with the axes
    /// and legend a histogram has: x the values (`valueTitle`), y "count" or "density".
    static func add(
        _ plots: [(binning: HistogramBinning, title: String, counts: [Int])], to graph: Graph, spec: ChartSpec,
        valueTitle: String?
    ) {
        var identifiers = PlotIdentifiers()
        var previous: HistogramPlot?
        let stacked = spec.stacked == true
        for entry in plots {
            let id = identifiers.next(for: entry.title)
            let plot = HistogramPlot(identifier: id, title: entry.title, binning: entry.binning, counts: entry.counts)
            plot.showsDensity = spec.density == true
            // Overlaid histograms show through each other; one alone or a stack is opaque.
            plot.opacity = plots.count > 1 && !stacked ? 0.45 : 1
            if stacked { plot.stackedOn = previous }
            if let color = spec.series?.first(where: { $0.column == entry.title })?.color {
                plot.fill = .solid(color.withAlpha(plot.opacity))
            }
            previous = plot
            graph.add(plot)
        }
        graph.defaultPlotSpace.xScale = .linear
        graph[axis: "x"].title = valueTitle
        graph[axis: "y"].title = spec.density == true ? "density" : "count"
        ChartBuilder.apply(spec.xAxis, to: &graph[axis: "x"], space: graph.defaultPlotSpace, isX: true)
        ChartBuilder.apply(spec.yAxis, to: &graph[axis: "y"], space: graph.defaultPlotSpace, isX: false)
        graph.legend.isHidden = spec.legend.map { !$0 } ?? (plots.count < 2)
    }
}
