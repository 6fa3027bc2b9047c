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

    /// The cells that share the linked axes; nil for every cell. A dashboard's two time series
    /// follow each other while its pie keeps to itself.
    public var linkedCells: Set<Int>?

    /// `total` shared by `weights`, each share at least `floor` (which `total` covers for every
    /// weight): the shares under it are raised to it and the rest shared again among the others.
    /// O(weights²).
    static func shares(of total: Double, by weights: [Double], atLeast floor: Double) -> [Double] {
        var fixed = Set<Int>()
        while true {
            let free = weights.indices.filter { !fixed.contains($0) }
            let left = total - floor * Double(fixed.count)
            let sum = free.map { weights[$0] }.reduce(0, +)
            var shares = weights.indices.map { fixed.contains($0) ? floor : left * weights[$0] / sum }
            let low = free.filter { shares[$0] < floor - 1e-9 }
            if low.isEmpty || low.count == free.count {
                if low.count == free.count { for k in free { shares[k] = left / Double(free.count) } }
                return shares
            }
            fixed.formUnion(low)
        }
    }

    /// Whether cell `k` shares the linked axes with the other linked cells. O(1).
    public func linksCell(_ k: Int) -> Bool {
        (linksX || linksY) && (linkedCells?.contains(k) ?? true)
    }

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
    /// Whether layouts after the first lay the cells out on several threads at once (one per
    /// core), each cell's graph on one; the scene is the same either way.
    public var laysOutConcurrently = true
    /// Whether the cells were laid out before (their plots' data pulled): later layouts lay
    /// the cells out on several threads (`laysOutConcurrently`).
    var hasBeenLaidOut = false

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

    /// The cells among `cells` that show x as one quantity over one stretch of it, so that
    /// linking their x is the natural default: the largest group (the first of equal ones) of
    /// at least two cells plotting on axes whose x is a date axis, or a numeric axis of one
    /// scale and one title (the column's name), and whose data lies mostly (half of its x
    /// extent or more) within the widest one's: a chart of one month beside one of sixty years
    /// keeps its own x rather than shrink to a stroke. Category axes never are: their positions
    /// are each chart's own. Empty when no two cells share x. O(cells × records) (fitting).
    public static func cellsSharingX(_ cells: [Graph]) -> Set<Int> {
        var groups: [String: [Int]] = [:]
        var order: [String] = []
        for (k, cell) in cells.enumerated() {
            let scale = cell.defaultPlotSpace.xScale
            guard scale != .category, cell.plots.contains(where: \.usesAxes), cell.plots.allSatisfy(\.usesAxes) else { continue }
            let key: String
            if scale == .date {
                key = "date"
            } else {
                guard let title = cell.xAxis.title, !title.isEmpty else { continue }
                key = "\(scale.rawValue):\(title)"
            }
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(k)
        }
        let overlapping = order.map { key in Self.overlapping(groups[key]!.map { ($0, cells[$0]) }) }
        let largest = overlapping.max { $0.count < $1.count } ?? []
        return largest.count >= 2 ? Set(largest) : []
    }

    /// Of `members` (index, graph), those whose fitted x extent lies half or more within the
    /// widest member's. O(members × records).
    private static func overlapping(_ members: [(Int, Graph)]) -> [Int] {
        let extents = members.map { k, cell -> (Int, PlotRange)? in
            let plots = cell.plots(in: cell.defaultPlotSpace).filter { !$0.isHidden && $0.hasData && $0.usesAxes }
            guard !plots.isEmpty else { return nil }
            return (k, cell.defaultPlotSpace.effectiveRanges(for: plots).x)
        }.compactMap { $0 }
        guard let widest = extents.max(by: { $0.1.length < $1.1.length })?.1 else { return [] }
        return extents.filter { _, x in
            let shared = min(x.upper, widest.upper) - max(x.lower, widest.lower)
            return x.length > 0 ? shared >= x.length / 2 : (widest.lower...widest.upper).contains(x.lower)
        }.map { $0.0 }
    }

    /// The number of rows.
    public var rows: Int { (cells.count + columns - 1) / columns }

    /// Each cell's frame inside `area` (device pixels), row after row: rows share the height
    /// by `rowHeights`, columns the width equally, `gap` pixels apart. A row is given at least
    /// `minimumRowHeight` pixels (or an equal share, when there is not that much), taken from
    /// the taller rows: a short row's chart would have no room for its data. O(cells + rows²).
    public func frames(in area: Rect, gap: Double, minimumRowHeight: Double = 0) -> [Rect] {
        let weights = (0..<rows).map { $0 < rowHeights.count ? rowHeights[$0] : 1 }
        let usableHeight = max(0, area.height - gap * Double(rows - 1))
        let heights = Self.shares(of: usableHeight, by: weights, atLeast: min(minimumRowHeight, usableHeight / Double(rows)))
        let width = max(0, (area.width - gap * Double(columns - 1)) / Double(columns))
        var frames: [Rect] = []
        var top = area.minY
        for row in 0..<rows {
            let height = heights[row]
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
        let linked = cells.indices.filter(linksCell)
        guard linked.count > 1 else { return views }
        let space = "default"
        /// The first range set along an axis (by its ends when a cell has them: a range anchored at
        /// a pixel is that cell's pixel), else the union of the cells' fitted ranges.
        func shared(_ axis: KeyPath<GraphView.Ranges, ViewRange?>, fitted: (PlotRange, PlotRange) -> PlotRange) -> ViewRange? {
            let set = linked.compactMap { views[$0][space: space][keyPath: axis] }
            if let ends = set.first(where: { if case .ends = $0 { true } else { false } }) ?? set.first { return ends }
            let ranges = linked.map { cells[$0] }.compactMap { cell -> PlotRange? in
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
        for k in linked {
            var ranges = views[k][space: space]
            if let x { ranges.x = x }
            if let y { ranges.y = y }
            views[k][space: space] = ranges
        }
        return views
    }
}
