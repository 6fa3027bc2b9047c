/// A uniform grid over one plot's items, so a click looks at the few items near it instead of
/// all of them: each cell lists the items whose hit region (a bar's hit area, a point's reach
/// around its symbol) overlaps it, in drawing order. Items whose region covers more than 1,024 cells are
/// kept in one list that every query reads, so big bars cost no more than a scan of them.
///
/// Device pixels, origin top-left. Building is O(items · cells per item); a query is O(items
/// in one cell + big items).
struct HitGrid: Sendable {
    /// The smallest number of items worth a grid; fewer are scanned.
    static let minimumItems = 256

    private let origin: Point
    private let cellSize: Double
    private let columns: Int
    private let rows: Int
    /// Per cell, its item indices in ascending order, as `cellStarts[c]..<cellStarts[c + 1]`
    /// of `cellItems` (compressed rows: two flat arrays instead of an array per cell).
    private let cellStarts: [Int32]
    private let cellItems: [Int32]
    /// Items whose region spans more than `maximumCellsPerItem` cells, or lies off the grid.
    private let bigItems: [Int32]
    private static let maximumCellsPerItem = 1024

    /// A grid over `bounds` for the items' `regions` (nil for items that are never hit). O(n).
    init(bounds: Rect, regions: [Rect?], cellSize: Double) {
        precondition(cellSize > 0, "A hit grid's cells have a positive size.")
        origin = Point(x: bounds.minX, y: bounds.minY)
        self.cellSize = cellSize
        columns = max(1, min(4096, Int((bounds.width / cellSize).rounded(.up))))
        rows = max(1, min(4096, Int((bounds.height / cellSize).rounded(.up))))
        // Two passes: count per cell, then fill (no array per cell).
        var counts = [Int32](repeating: 0, count: columns * rows + 1)
        var big: [Int32] = []
        var spans: [(c0: Int, r0: Int, c1: Int, r1: Int)?] = []
        spans.reserveCapacity(regions.count)
        for (index, region) in regions.enumerated() {
            guard let region else { spans.append(nil); continue }
            let span = Self.span(of: region, origin: origin, cellSize: cellSize, columns: columns, rows: rows)
            if let span, (span.c1 - span.c0 + 1) * (span.r1 - span.r0 + 1) <= Self.maximumCellsPerItem {
                spans.append(span)
                for r in span.r0...span.r1 { for c in span.c0...span.c1 { counts[r * columns + c] += 1 } }
            } else {
                spans.append(nil)
                big.append(Int32(index))
            }
        }
        var starts = [Int32](repeating: 0, count: columns * rows + 1)
        for cell in 0..<(columns * rows) { starts[cell + 1] = starts[cell] + counts[cell] }
        var fill = starts
        var items = [Int32](repeating: 0, count: Int(starts[columns * rows]))
        for (index, span) in spans.enumerated() {
            guard let span else { continue }
            for r in span.r0...span.r1 {
                for c in span.c0...span.c1 {
                    items[Int(fill[r * columns + c])] = Int32(index)
                    fill[r * columns + c] += 1
                }
            }
        }
        cellStarts = starts
        cellItems = items
        bigItems = big
    }

    /// The cells `region` overlaps, clamped to the grid; nil when it misses the grid entirely.
    private static func span(of region: Rect, origin: Point, cellSize: Double, columns: Int, rows: Int) -> (c0: Int, r0: Int, c1: Int, r1: Int)? {
        let x0 = ((region.minX - origin.x) / cellSize).rounded(.down), x1 = ((region.maxX - origin.x) / cellSize).rounded(.down)
        let y0 = ((region.minY - origin.y) / cellSize).rounded(.down), y1 = ((region.maxY - origin.y) / cellSize).rounded(.down)
        guard x0.isFinite, x1.isFinite, y0.isFinite, y1.isFinite,
            x1 >= 0, y1 >= 0, x0 < Double(columns), y0 < Double(rows)
        else { return nil }
        return (max(0, Int(x0)), max(0, Int(y0)), min(columns - 1, Int(x1)), min(rows - 1, Int(y1)))
    }

    /// The items whose region may contain `point`, highest index (topmost) first. O(items in
    /// the point's cell + big items).
    func candidates(at point: Point) -> [Int] {
        var found = bigItems.map(Int.init)
        let c = ((point.x - origin.x) / cellSize).rounded(.down), r = ((point.y - origin.y) / cellSize).rounded(.down)
        if c >= 0, r >= 0, c < Double(columns), r < Double(rows) {
            let cell = Int(r) * columns + Int(c)
            for k in Int(cellStarts[cell])..<Int(cellStarts[cell + 1]) { found.append(Int(cellItems[k])) }
        }
        return found.sorted(by: >)
    }
}
