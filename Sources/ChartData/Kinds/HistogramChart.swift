import ChartCore

/// Builds histograms: the values of each column of numbers (`DistributionColumns`), split by
/// the plan's group if it has one, binned together (`HistogramBinning`: numpy's `auto` rule,
/// or the spec's `bins` or `binWidth`), as counts or densities (`density`), overlaid
/// translucent or stacked (`stacked`). x is the values' axis, y the count or density.
enum HistogramChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table
        let picked = try DistributionColumns(context, splitByTextX: false)
        // One series per (group, column), as the other kinds name them.
        var series: [(title: String, values: [Double])] = []
        for (g, rows) in context.rowsByGroup.enumerated() {
            for column in picked.columns {
                let all = try context.numbers(ofColumn: column)
                let name = table.columns[column].name
                let title = context.plan.group == nil ? name
                    : picked.columns.count == 1 ? context.plan.groupValues[g] : "\(context.plan.groupValues[g]) · \(name)"
                series.append((title, rows.map { $0.map { all[$0] } } ?? all))
            }
        }
        let rule = try rule(context)
        guard let binning = HistogramBinning.bins(for: series.map(\.values), rule: rule) else {
            throw DataError.unusable(path: context.source, message: "--kind histogram found no finite numbers in "
                + picked.columns.map { "'\(table.columns[$0].name)'" }.joined(separator: ", "))
        }
        let plots = series.map { (binning: binning, title: $0.title, counts: binning.counts(of: $0.values)) }
        let axisTitle = picked.columns.count == 1 ? table.columns[picked.columns[0]].name : nil
        add(plots, to: context.graph, spec: context.spec, valueTitle: axisTitle)
    }

    /// The spec's rule: a bin width wins over a number of bins; neither is numpy's `auto`.
    static func rule(_ context: KindChartContext) throws(DataError) -> HistogramBinning.Rule {
        if let width = context.spec.binWidth { return .width(width) }
        if let bins = context.spec.bins { return .count(bins) }
        return .automatic
    }

    /// Adds one histogram per entry of `plots` (sharing their bins) to `graph`, with the axes
    /// and legend a histogram has: x the values (`valueTitle`), y "count" or "density".
    static func add(_ plots: [(binning: HistogramBinning, title: String, counts: [Int])], to graph: Graph, spec: ChartSpec,
                    valueTitle: String?) {
        var identifiers: Set<String> = []
        var previous: HistogramPlot?
        let stacked = spec.stacked == true
        for entry in plots {
            var id = ChartBuilder.identifier(entry.title), n = 2
            while identifiers.contains(id) { id = ChartBuilder.identifier(entry.title) + "-\(n)"; n += 1 }
            identifiers.insert(id)
            let plot = HistogramPlot(identifier: id, title: entry.title, binning: entry.binning, counts: entry.counts)
            plot.showsDensity = spec.density == true
            // Overlaid histograms show through each other; one alone or a stack is opaque.
            plot.opacity = plots.count > 1 && !stacked ? 0.45 : 0.85
            if stacked { plot.stackedOn = previous }
            if let color = spec.series?.first(where: { $0.column == entry.title })?.color.flatMap(Color.init(hex:)) {
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
