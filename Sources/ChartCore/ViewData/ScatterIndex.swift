import Foundation

/// Unsorted points bucketed by a grid over their extent (data units), so that a view's
/// per-pixel thinning reads only the cells it can see, and reads them in memory order.
///
/// `ThinnedRecords.scatter` keeps, per device pixel, the first record drawn there in record
/// order: it must look at every record, in record order, and records of unsorted x cannot be
/// culled. Here the points are stored again cell by cell (records ascending within a cell, a
/// stable counting sort); `thinned` keeps, per pixel of the view, the *lowest* record of the
/// cells in view that lands there, which is the same record, then lists the kept records in
/// record order: the same records as `ThinnedRecords.scatter`, through the same pixel
/// arithmetic (`PixelGrid.bit`), so the same picture. A wheel notch into a million points reads
/// the cells in view; neighbouring points share pixels, so the per-pixel minimum stays in
/// cache, where the record-order pass touches pixels at random.
///
/// Linear axes only (a log axis' cells would be sized in log units; those views take the
/// record-order pass). Built once per pulled series, in O(n) time; holds 20 bytes per finite
/// point (x, y and the record number) and 4 bytes per cell. Immutable once built: read from
/// several threads at once.
public final class ScatterIndex: Sendable {
    /// The fewest records worth indexing: below this the record-order pass takes under a
    /// millisecond.
    public static let minimumCount = 50_000

    /// The number of records of the series indexed (finite and not).
    public let recordCount: Int
    /// Cells along each axis (as many columns as rows).
    private let side: Int
    private let minX: Double, minY: Double
    private let scaleX: Double, scaleY: Double
    /// Cell `c`'s points are `cellStart[c]..<cellStart[c + 1]` of the arrays below; cells row by row.
    private let cellStart: [Int32]
    private let xs: [Double], ys: [Double]
    private let records: [Int32]

    /// The points of `data` with finite x and y, in cells of about 16 points each on average.
    /// O(n). Nil for more records than `Int32` counts.
    public init?(_ data: SeriesData) {
        let n = data.count
        guard n < Int(Int32.max) else { return nil }
        recordCount = n
        var lowX = Double.infinity, highX = -Double.infinity, lowY = Double.infinity, highY = -Double.infinity
        var finite = 0
        data.locations.withUnsafeBufferPointer { x in
            data.values.withUnsafeBufferPointer { y in
                for i in 0..<n where x[i].isFinite && y[i].isFinite {
                    lowX = Swift.min(lowX, x[i]); highX = Swift.max(highX, x[i])
                    lowY = Swift.min(lowY, y[i]); highY = Swift.max(highY, y[i])
                    finite += 1
                }
            }
        }
        let side = Swift.max(1, Swift.min(1024, Int(Double(finite / 16).squareRoot())))
        self.side = side
        minX = finite > 0 ? lowX : 0
        minY = finite > 0 ? lowY : 0
        scaleX = highX > lowX ? Double(side) / (highX - lowX) : 0
        scaleY = highY > lowY ? Double(side) / (highY - lowY) : 0
        // A counting sort by cell: stable, so each cell's records ascend.
        var cellOfPoint = [Int32](repeating: -1, count: n)
        var start = [Int32](repeating: 0, count: side * side + 1)
        let (mx, sx, my, sy) = (minX, scaleX, minY, scaleY)
        data.locations.withUnsafeBufferPointer { x in
            data.values.withUnsafeBufferPointer { y in
                for i in 0..<n where x[i].isFinite && y[i].isFinite {
                    let c = Self.cell(x[i], mx, sx, side) + side * Self.cell(y[i], my, sy, side)
                    cellOfPoint[i] = Int32(c)
                    start[c + 1] += 1
                }
            }
        }
        for c in 0..<side * side { start[c + 1] += start[c] }
        var next = start
        var px = [Double](repeating: 0, count: finite), py = [Double](repeating: 0, count: finite)
        var recs = [Int32](repeating: 0, count: finite)
        data.locations.withUnsafeBufferPointer { x in
            data.values.withUnsafeBufferPointer { y in
                for i in 0..<n where cellOfPoint[i] >= 0 {
                    let c = Int(cellOfPoint[i])
                    let k = Int(next[c])
                    next[c] += 1
                    px[k] = x[i]; py[k] = y[i]; recs[k] = Int32(i)
                }
            }
        }
        cellStart = start
        xs = px
        ys = py
        records = recs
    }

    /// The cell along one axis of a value: monotone in `value`, so the cells of a data interval
    /// are those from its lower end's to its upper end's.
    @inline(__always)
    private static func cell(_ value: Double, _ low: Double, _ scale: Double, _ count: Int) -> Int {
        let f = (value - low) * scale
        guard f > 0 else { return 0 }
        return f >= Double(count - 1) ? count - 1 : Int(f)
    }

    /// The cells (first, last) along one axis that hold every point whose device coordinate
    /// through `mapping` lies in `device` (pixels), widened by 2 pixels for snapping and
    /// rounding (clamped to the grid: a range past the data's gives the edge cells, whose points
    /// then fall off the pixel grid).
    private func cells(
        device: ClosedRange<Double>, mapping: AxisMapping, low: Double, scale: Double, count: Int
    ) -> ClosedRange<Int> {
        let a = mapping.value(atDevice: device.lowerBound - 2), b = mapping.value(atDevice: device.upperBound + 2)
        let lower = Swift.min(a, b), upper = Swift.max(a, b)
        return Self.cell(lower, low, scale, count)...Self.cell(upper, low, scale, count)
    }

    /// The records `ThinnedRecords.scatter` keeps for the whole series in `area` (device pixels)
    /// through linear `x` and `y`, in record order: per device pixel of the area and a border
    /// of `reach` pixels, the first record drawn there. O(points in the cells in view + pixels
    /// of the area); two threads for more than 200,000 points in view.
    public func thinned(
        area: Rect, x: AxisMapping, y: AxisMapping, snapHalf: Double?, reach: Int,
        cancellation: CancellationFlag? = nil
    ) -> [Int] {
        precondition(!x.isLogarithmic && !y.isLogarithmic, "a scatter index serves linear axes only")
        let grid = ThinnedRecords.PixelGrid(area: area, border: max(1, reach))
        let left = area.minX - grid.shift, top = area.minY - grid.shift
        let columnCells = cells(
            device: left...(left + grid.right), mapping: x, low: minX, scale: scaleX, count: side)
        let pixels = grid.width * grid.height
        var lowest = [Int32](repeating: .max, count: pixels)
        // The pixel rows split in bands, one per thread: each reads the cell rows that can reach
        // its band and keeps only the pixels in it, so no two threads write one pixel.
        let rowCells = cells(device: top...(top + grid.bottom), mapping: y, low: minY, scale: scaleY, count: side)
        var inView = 0
        for row in rowCells {
            inView += Int(cellStart[row * side + columnCells.upperBound + 1] - cellStart[row * side + columnCells.lowerBound])
        }
        LayoutCost.current?.visited(inView)
        let bands = inView >= 200_000 ? 2 : 1
        lowest.withUnsafeMutableBufferPointer { lowest in
            let out = UncheckedSendable(lowest)
            let scan: @Sendable (Int) -> Void = { band in
                let firstRow = grid.height * band / bands, endRow = grid.height * (band + 1) / bands
                let rowsHere = self.cells(
                    device: (top + Double(firstRow))...(top + Double(endRow)), mapping: y, low: self.minY,
                    scale: self.scaleY, count: self.side)
                self.scan(
                    cellRows: rowsHere, cellColumns: columnCells, bits: (firstRow * grid.width)..<(endRow * grid.width),
                    grid: grid, x: x, y: y, snapHalf: snapHalf, into: out.value, cancellation: cancellation)
            }
            if bands == 1 { scan(0) } else { DispatchQueue.concurrentPerform(iterations: bands) { scan($0) } }
        }
        // The kept records in record order: a bit per record, set per pixel, read in order.
        var chosen = [UInt64](repeating: 0, count: (recordCount + 63) / 64)
        var kept = 0
        for record in lowest where record != .max {
            chosen[Int(record) >> 6] |= 1 << UInt64(record & 63)
            kept += 1
        }
        var ordered: [Int] = []
        ordered.reserveCapacity(kept)
        for (word, bits) in chosen.enumerated() where bits != 0 {
            var bits = bits
            while bits != 0 {
                ordered.append(word << 6 | bits.trailingZeroBitCount)
                bits &= bits - 1
            }
        }
        return ordered
    }

    /// Keeps in `lowest` the lowest record per pixel among the points of the cells given whose
    /// pixel is one of `bits`.
    private func scan(
        cellRows: ClosedRange<Int>, cellColumns: ClosedRange<Int>, bits: Range<Int>, grid: ThinnedRecords.PixelGrid,
        x: AxisMapping, y: AxisMapping, snapHalf: Double?, into lowest: UnsafeMutableBufferPointer<Int32>,
        cancellation: CancellationFlag?
    ) {
        let pixels = ThinnedRecords.LinearPixels(grid: grid, x: x, y: y, snapHalf: snapHalf)
        xs.withUnsafeBufferPointer { xs in
            ys.withUnsafeBufferPointer { ys in
                records.withUnsafeBufferPointer { records in
                    for row in cellRows {
                        if cancellation.isCancelled { return }
                        let from = Int(cellStart[row * side + cellColumns.lowerBound])
                        let to = Int(cellStart[row * side + cellColumns.upperBound + 1])
                        let points = Points(xs: xs, ys: ys, records: records, range: from..<to)
                        if snapHalf != nil {
                            Self.keepLowest(points, bits: bits, pixels: pixels, snaps: true, into: lowest)
                        } else {
                            Self.keepLowest(points, bits: bits, pixels: pixels, snaps: false, into: lowest)
                        }
                    }
                }
            }
        }
    }

    /// A run of indexed points.
    private struct Points {
        let xs: UnsafeBufferPointer<Double>, ys: UnsafeBufferPointer<Double>, records: UnsafeBufferPointer<Int32>
        let range: Range<Int>
    }

    /// The inner loop of `scan`, with every constant a local (in registers, not reloaded past
    /// each store) and the snapping decided outside it.
    @inline(__always)
    private static func keepLowest(
        _ points: Points, bits: Range<Int>, pixels: ThinnedRecords.LinearPixels, snaps: Bool,
        into lowest: UnsafeMutableBufferPointer<Int32>
    ) {
        let pixels = pixels, lower = bits.lowerBound, upper = bits.upperBound
        let xs = points.xs, ys = points.ys, records = points.records
        for k in points.range {
            let bit = pixels.bit(xs[k], ys[k], snaps: snaps)
            guard bit >= lower, bit < upper else { continue }
            let record = records[k]
            if record < lowest[bit] { lowest[bit] = record }
        }
    }
}

extension ScatterIndex {
    /// A plot's index of its pulled series, built on another thread once a view is laid out a
    /// second time: a picture rendered once (a PNG) pays nothing, and no frame of a window waits
    /// for the O(n) pass (the frames until it is done thin record by record, as the first did).
    /// Thread-safe; a plot calls `reset()` when it reloads its data, which drops a build still
    /// going on for the data before.
    public final class Cache: @unchecked Sendable {
        private let lock = NSLock()
        private var uses = 0
        private var stored: ScatterIndex?
        /// Counts resets, so that a build finishing after one is dropped.
        private var generation = 0

        /// An empty cache.
        public init() {}

        /// The index of `data` once built, nil before (thin without one). The second call starts
        /// the build on a background thread. `data` must be the series pulled since the last
        /// `reset()`. O(1).
        public func index(of data: SeriesData) -> ScatterIndex? {
            let build: Int? = lock.withLock {
                if let stored, stored.recordCount == data.count { return nil }
                uses += 1
                return uses == 2 ? generation : nil
            }
            if let build {
                DispatchQueue.global(qos: .userInitiated).async {
                    let index = ScatterIndex(data)
                    self.lock.withLock { if self.generation == build { self.stored = index } }
                }
            }
            return lock.withLock { stored.flatMap { $0.recordCount == data.count ? $0 : nil } }
        }

        /// Whether an index is built (for tests).
        var isBuilt: Bool { lock.withLock { stored != nil } }

        /// Waits until a build started by `index(of:)` is done (for tests). O(n) at most.
        func waitForBuild() {
            while lock.withLock({ uses >= 2 && stored == nil }) { usleep(1_000) }
        }

        /// Forgets the index; the next series is indexed after its second use.
        public func reset() {
            lock.withLock {
                uses = 0
                stored = nil
                generation += 1
            }
        }
    }
}
