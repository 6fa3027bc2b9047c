import ChartCore
import ChartData

/// A page of several charts in one window and one picture: a spec file's layout
/// (`ChartSpec.LayoutSpec`), or the charts several `--chart` flags name. Its cells are the
/// charts' graphs, laid out as one `GraphGrid`.
struct GridPage {
    /// The page's name (`--list`, `--chart`, the status line).
    var name: String
    /// Shown above the cells; nil for none.
    let title: String?
    /// The charts in the cells, row after row.
    let sources: [ChartSource]
    /// Cells to a row.
    let columns: Int
    /// Each row's relative height; empty for equal rows.
    let rowHeights: [Double]
    /// Which axes the charts whose x is one quantity (`GraphGrid.cellsSharingX(_:)`) share;
    /// nil for x. The others are navigated on their own: a category axis or another quantity
    /// has no x in common with them.
    let link: GridLink?

    /// A page of `sources` side by side in a near-square grid of equal rows, untitled (the
    /// charts of several files, or of several `--chart`); at most `ChartSpec.LayoutSpec.maxCells`.
    init(sideBySide sources: [ChartSource], name: String, link: GridLink?) {
        guard case .success(let shape) = ChartSpec.LayoutSpec().shape(for: sources.count) else {
            preconditionFailure("Up to \(ChartSpec.LayoutSpec.maxCells) charts have a near-square shape (got \(sources.count)).")
        }
        self.init(name: name, title: nil, sources: sources, columns: shape.columns, rowHeights: [], link: link)
    }

    /// The page's parts, as a spec's layout gives them.
    init(name: String, title: String?, sources: [ChartSource], columns: Int, rowHeights: [Double], link: GridLink?) {
        self.name = name
        self.title = title
        self.sources = sources
        self.columns = columns
        self.rowHeights = rowHeights
        self.link = link
    }

    /// The grid of `graphs` (the charts' graphs, in `sources`' order). A split chart is one
    /// cell here, its series together. O(cells).
    func grid(of graphs: [Graph]) -> GraphGrid {
        precondition(graphs.count == sources.count, "A grid page has a graph per chart (\(sources.count), got \(graphs.count)).")
        GraphGrid.matchSeriesColors(graphs)
        // The grid's padding and spacing part the cells: little more above and below each.
        for graph in graphs {
            graph.padding.top = min(graph.padding.top, 4)
            graph.padding.bottom = min(graph.padding.bottom, 4)
        }
        let grid = GraphGrid(title: title, cells: graphs, columns: columns, rowHeights: rowHeights, linksX: false, theme: graphs[0].theme)
        let sharing = GraphGrid.cellsSharingX(graphs)
        grid.link = sharing.isEmpty ? .none : link ?? .x
        if sharing.count < graphs.count { grid.linkedCells = sharing }
        return grid
    }
}
