/// Several graphs in one picture: cells in rows and columns, each a `Graph` with its own axes
/// and legend, laid out in one pass into one `Scene` (`layout(size:scale:views:measurer:cancellation:)`),
/// whose `Scene.cells` place each graph's scene. Cells whose x is the same quantity can be
/// linked (`linksX`): they show one x range, so that the same x is at the same pixel column in
/// each cell of a column. matplotlib's `subplots(sharex=True)`; PlotJuggler's and KST's tabs of
/// stacked plots.
///
/// Cells fill the rows in order, `columns` to a row; each row's height is its share of
/// `rowHeights` (equal by default). Used from one thread at a time, as a `Graph` is.
public final class GraphGrid {
    /// Shown above the cells; nil for none.
    public var title: String?
    /// The background, the title's style, and the theme each cell's graph is drawn in.
    public var theme: Theme
    /// The graphs, row after row.
    public private(set) var cells: [Graph]
    /// Cells to a row (at least 1).
    public var columns: Int {
        didSet { precondition(columns >= 1, "A grid has at least one column (got \(columns)).") }
    }
    /// Each row's relative height (positive); the rows past its end take 1. Empty: equal rows.
    public var rowHeights: [Double] {
        didSet { precondition(rowHeights.allSatisfy { $0 > 0 && $0.isFinite }, "Row heights are positive (got \(rowHeights)).") }
    }
    /// Whether the cells show one x range: the union of their fitted ranges, or the range a
    /// view gives one of them (`GraphGrid.linkedViews(_:)`).
    public var linksX: Bool
    /// Whether the cells show one y range too: the union of their fitted ranges, or the range a
    /// view gives one of them.
    public var linksY = false

    /// Which axes the cells share, as `linksX` and `linksY` say.
    public var link: GridLink {
        get { linksX ? (linksY ? .xy : .x) : .none }
        set {
            linksX = newValue != .none
            linksY = newValue == .xy
        }
    }
    /// Around the cells, in device pixels at scale 1.
    public var padding = EdgeInsets(all: 8)
    /// Between two cells, in device pixels at scale 1.
    public var spacing: Double = 8
    /// How the charts were chosen from the data, for `--describe` and `--dump-layout`; never drawn.
    public var note: String?

    /// A grid of `cells`, `columns` to a row, titled `title`.
    public init(title: String? = nil, cells: [Graph], columns: Int = 1, rowHeights: [Double] = [], linksX: Bool = true, theme: Theme = .plainWhite) {
        precondition(!cells.isEmpty, "A grid has at least one cell.")
        precondition(columns >= 1, "A grid has at least one column (got \(columns)).")
        precondition(rowHeights.allSatisfy { $0 > 0 && $0.isFinite }, "Row heights are positive (got \(rowHeights)).")
        self.title = title
        self.cells = cells
        self.columns = columns
        self.rowHeights = rowHeights
        self.linksX = linksX
        self.theme = theme
    }

    /// The number of rows.
    public var rows: Int { (cells.count + columns - 1) / columns }

    /// Each cell's frame inside `area` (device pixels), row after row: rows share the height
    /// by `rowHeights`, columns the width equally, `gap` pixels apart. O(cells).
    public func frames(in area: Rect, gap: Double) -> [Rect] {
        let weights = (0..<rows).map { $0 < rowHeights.count ? rowHeights[$0] : 1 }
        let total = weights.reduce(0, +)
        let usableHeight = max(0, area.height - gap * Double(rows - 1))
        let width = max(0, (area.width - gap * Double(columns - 1)) / Double(columns))
        var frames: [Rect] = []
        var top = area.minY
        for row in 0..<rows {
            let height = usableHeight * weights[row] / total
            for column in 0..<columns where row * columns + column < cells.count {
                let x = area.minX + Double(column) * (width + gap)
                // Whole pixels: a cell's picture and its neighbour's meet without a seam.
                frames.append(
                    Rect(x: x.rounded(), y: top.rounded(), width: (x + width).rounded() - x.rounded(), height: (top + height).rounded() - top.rounded()))
            }
            top += height + gap
        }
        return frames
    }

    /// The views the cells are laid out at, from `views` (one per cell; missing ones fitted):
    /// with `linksX`, every cell's default plot space shows one x range, the first set one
    /// among `views` or else the union of the cells' fitted ranges, each cell's y fitted to
    /// what it shows unless its view sets y (or `linksY` links y the same way). O(cells ×
    /// records) when fitting.
    public func linkedViews(_ views: [GraphView]) -> [GraphView] {
        var views = cells.indices.map { $0 < views.count ? views[$0] : .fitted }
        guard linksX || linksY, cells.count > 1 else { return views }
        let space = "default"
        /// The first range set along an axis (by its ends when a cell has them: a range anchored at
        /// a pixel is that cell's pixel), else the union of the cells' fitted ranges.
        func shared(_ axis: KeyPath<GraphView.Ranges, ViewRange?>, fitted: (PlotRange, PlotRange) -> PlotRange) -> ViewRange? {
            let set = views.compactMap { $0[space: space][keyPath: axis] }
            if let ends = set.first(where: { if case .ends = $0 { true } else { false } }) ?? set.first { return ends }
            let ranges = cells.compactMap { cell -> PlotRange? in
                let plots = cell.plots(in: cell.defaultPlotSpace).filter { !$0.isHidden && $0.hasData && $0.usesAxes }
                guard !plots.isEmpty else { return nil }
                let effective = cell.defaultPlotSpace.effectiveRanges(for: plots)
                return fitted(effective.x, effective.y)
            }
            guard let first = ranges.first else { return nil }
            return .ends(ranges.dropFirst().reduce(first) { $0.union($1) })
        }
        let x = linksX ? shared(\.x) { x, _ in x } : nil
        let y = linksY ? shared(\.y) { _, y in y } : nil
        for k in views.indices {
            var ranges = views[k][space: space]
            if let x { ranges.x = x }
            if let y { ranges.y = y }
            views[k][space: space] = ranges
        }
        return views
    }
}
