import ChartCore

/// Builds box plots: per category, the statistics (`BoxStatistics`) of each column of numbers
/// (`DistributionColumns`), the series side by side within a category; with no category, one
/// box per column. The categories are the column the user named as x (numbers too, in
/// increasing order: mpg by cylinders 4, 6, 8), else the x column's text when its values
/// repeat, else the plan's group; `--group none` asks for none. x names the categories, y
/// the values.
enum BoxChart: KindChartBuilder {
    static func build(_ context: KindChartContext) throws(DataError) {
        let table = context.table
        let picked = try DistributionColumns(context, splitByX: .whenCategories)
        let categories = picked.split == nil ? [] : picked.parts.map(\.name)
        let rowsOfCategory = picked.parts.map(\.rows)
        let categoryTitle = picked.split.map { table.columns[$0].name }

        let graph = context.graph
        let spec = context.spec
        if categories.isEmpty {
            // No categories: one box per column, named by it, in one series.
            let boxes = try picked.columns.map { c throws(DataError) in BoxStatistics(of: try context.numbers(ofColumn: c)) }
            let names = picked.columns.map { table.columns[$0].name }
            let plot = BoxPlot(identifier: "boxes", title: picked.columns.count == 1 ? names[0] : "values", boxes: boxes, names: names)
            graph.add(plot)
        } else {
            let count = Double(picked.columns.count)
            let slot = 0.8
            var identifiers = PlotIdentifiers()
            for (s, column) in picked.columns.enumerated() {
                let values = try context.numbers(ofColumn: column)
                let boxes = rowsOfCategory.map { rows in BoxStatistics(of: rows.map { $0.map { values[$0] } } ?? values) }
                let name = table.columns[column].name
                let plot = BoxPlot(identifier: identifiers.next(for: name), title: name, boxes: boxes, names: categories)
                plot.boxWidth = slot / count * 0.8
                plot.boxOffset = (Double(s) - (count - 1) / 2) * slot / count
                if let color = spec.series?.first(where: { $0.column == name })?.color {
                    plot.lineStyle = LineStyle(color: color, width: 1.5)
                    plot.fill = .solid(color.withAlpha(0.35))
                }
                graph.add(plot)
            }
        }
        guard graph.plots.contains(where: \.hasData) else {
            throw DataError.unusable(
                path: context.source,
                message: "--kind box found no finite numbers in "
                    + picked.columns.map { "'\(table.columns[$0].name)'" }.joined(separator: ", "))
        }
        let labels = (graph.plots.first as? any CategoryPlot)?.categoryLabels() ?? []
        graph.defaultPlotSpace.xScale = .linear
        graph[axis: "x"].labelingPolicy = .none
        graph[axis: "x"].customLabels = labels.map { AxisLabel($0.name, at: $0.location) }
        graph[axis: "x"].title = categoryTitle
        graph[axis: "x"].showsMajorGridLines = false
        graph[axis: "y"].title = picked.columns.count == 1 ? table.columns[picked.columns[0]].name : nil
        context.writeUnit(of: picked.columns, onAxis: "y")
        if let unit = context.sharedUnit(of: picked.columns) {
            for plot in graph.plots { plot.valueFormat = (plot.valueFormat ?? .automatic).withUnit(unit) }
        }
        ChartBuilder.apply(spec.xAxis, to: &graph[axis: "x"], space: graph.defaultPlotSpace, isX: true)
        ChartBuilder.apply(spec.yAxis, to: &graph[axis: "y"], space: graph.defaultPlotSpace, isX: false)
        graph.legend.isHidden = spec.legend.map { !$0 } ?? (graph.plots.count < 2)
    }
}
