/// What one page of a chart viewer shows: one graph, or several graphs in a grid
/// (`GraphGrid`: a split chart's series, or a spec's layout of charts). A provider builds one
/// per load; the host lays it out as one scene.
public enum ChartFigure {
    /// One graph filling the picture.
    case graph(Graph)
    /// Several graphs in rows and columns, laid out together.
    case grid(GraphGrid)

    /// The graphs shown: the one, or the grid's cells in order.
    public var graphs: [Graph] {
        switch self {
        case .graph(let graph): [graph]
        case .grid(let grid): grid.cells
        }
    }

    /// How the charts were chosen from the data (`Graph.note`, `GraphGrid.note`); never drawn.
    public var note: String? {
        switch self {
        case .graph(let graph): graph.note
        case .grid(let grid): grid.note
        }
    }

    /// Draws every graph (and the grid's background and title) in `theme`.
    public func apply(_ theme: Theme) {
        if case .grid(let grid) = self { grid.theme = theme }
        for graph in graphs { graph.theme = theme }
    }

    /// Keeps what the user set on `previous`, the figure this one replaces (a reload, another
    /// period): each graph's series colors and hidden series (`Graph.carryOver(from:)`), graph
    /// by graph when both have as many graphs; a graph alone from the first of a grid.
    /// O(plots).
    public func carryOver(from previous: ChartFigure) {
        let old = previous.graphs
        let new = graphs
        if old.count == new.count {
            for (graph, before) in zip(new, old) { graph.carryOver(from: before) }
        } else if new.count == 1, let first = old.first {
            new[0].carryOver(from: first)
        }
    }
}
