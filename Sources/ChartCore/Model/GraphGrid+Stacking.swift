extension GraphGrid {
    /// `graph` split into one graph per plot that uses axes, stacked in one column with x
    /// linked (unless x is an unnamed numeric axis: each series' own values, as histograms of
    /// several columns have): several signals over one time, each on its own y axis (titled with the series'
    /// name, which a legend of one entry would only repeat). Each cell keeps the graph's x axis,
    /// plot space settings, theme and paddings, and each series its color in `graph`; the grid
    /// takes its title and note, each cell the notes of its series (`ChartNote.series`; the
    /// first cell those of none). Plots without axes (a pie) and a graph of fewer than two such
    /// plots give a grid of `graph` alone. `graph` is emptied of the plots it gave. O(plots).
    public static func stacking(_ graph: Graph) -> GraphGrid {
        let split = graph.plots.filter(\.usesAxes)
        guard split.count >= 2, split.count == graph.plots.count else {
            return GraphGrid(cells: [graph], theme: graph.theme)
        }
        let source = graph.defaultPlotSpace
        // x is one quantity for every series when it is dates, categories or a named column; an
        // unnamed numeric x is each series' own values (histograms of several columns): not
        // linked, and each y titled with what it counts and whose.
        let scale = source.xScale
        let sharesX = scale == .date || scale == .category || graph.xAxis.title?.isEmpty == false
        var cells: [Graph] = []
        for (index, plot) in graph.plots.enumerated() {
            let cell = Graph(theme: graph.theme)
            // The grid's padding and spacing part the cells: little more above and below each.
            cell.padding = EdgeInsets(top: 4, left: graph.padding.left, bottom: 4, right: graph.padding.right)
            cell.plotAreaPadding = graph.plotAreaPadding
            cell.noDataText = graph.noDataText
            cell.allHiddenText = graph.allHiddenText
            cell.colorSlots[plot.identifier] = graph.colorSlots[plot.identifier] ?? index
            let space = cell.defaultPlotSpace
            if source.isXScaleSet { space.xScale = source.xScale }
            if source.isYScaleSet && plot.plotSpace == nil { space.yScale = source.yScale }
            space.xRange = source.xRange
            space.yRange = plot.plotSpace == nil ? source.yRange : plot.plotSpace?.yRange
            space.globalXRange = source.globalXRange
            space.fitMargin = source.fitMargin
            var y = graph.yAxis
            y.title = sharesX ? plot.title : graph.yAxis.title.map { "\(plot.title) (\($0))" } ?? plot.title
            y.plotSpaceIdentifier = space.identifier
            // The x axis' title once, under the bottom cell: the cells above show its labels only.
            var x = graph.xAxis
            if index < graph.plots.count - 1 { x.title = nil }
            cell.axes = [x, y]
            cell.legend = graph.legend
            cell.legend.isHidden = true
            plot.plotSpace = nil
            cells.append(cell)
        }
        for plot in split { graph.removePlot(identifier: plot.identifier) }
        for (cell, plot) in zip(cells, split) { cell.add(plot) }
        cells.first?.annotations = graph.annotations
        // Each note on the chart of its series; one of no series (or of a series gone) on the first.
        for note in graph.notes {
            let k = split.firstIndex { $0.identifier == note.series } ?? 0
            cells[k].notes.append(note)
        }
        let grid = GraphGrid(title: graph.title, cells: cells, columns: 1, linksX: sharesX, theme: graph.theme)
        grid.note = graph.note
        return grid
    }
}
