import ChartCore

/// A summary of a table's rows in x order, per block of `blockSize` consecutive rows: the
/// block's first and last x and, per series, its first, lowest, highest and last value (with
/// where they lie) and whether it holds a gap. Built in one pass over the rows; 73 bytes
/// a block with one series (`bytesPerBlock`: 29 MB for 100,000,000 rows at 256 rows a block).
///
/// A view whose half pixel columns each hold whole blocks is answered from these alone; a
/// block that straddles a column's edge (or holds a gap) is read again from the database by
/// its x range (`carriedTies` says how many rows of that range belong to earlier blocks).
struct BlockPyramid: Sendable {
    static let blockSize = 256

    /// Per block: the first and last row's x (data units).
    var firstX: [Double] = []
    var lastX: [Double] = []
    /// Per block: how many rows before the block share its first x (they come first when the
    /// block's x range is read again, and belong to earlier blocks).
    var carriedTies: [Int32] = []
    /// Per series, per block.
    var series: [Series]
    /// Rows summarized in full blocks and the one being filled.
    private(set) var rowCount = 0

    struct Series: Sendable {
        var firstY: [Double] = []
        var lastY: [Double] = []
        var lowX: [Double] = [], lowY: [Double] = []
        var highX: [Double] = [], highY: [Double] = []
        var lowOffset: [UInt16] = [], highOffset: [UInt16] = []
        /// Whether the block holds a missing value.
        var hasGap: [Bool] = []
        /// The lowest and highest finite value over all blocks, and the x range of the rows
        /// with one.
        var valueRange: PlotRange?
        var locationRange: PlotRange?
    }

    init(seriesCount: Int) {
        series = Array(repeating: Series(), count: seriesCount)
    }

    var blockCount: Int { firstX.count }

    /// The bytes one block takes with `series` series.
    static func bytesPerBlock(series: Int) -> Int {
        2 * MemoryLayout<Double>.size + MemoryLayout<Int32>.size
            + series * (6 * MemoryLayout<Double>.size + 2 * MemoryLayout<UInt16>.size + MemoryLayout<Bool>.size)
    }

    /// Rows in block `b`.
    func rows(inBlock b: Int) -> Int { b == blockCount - 1 ? rowCount - b * Self.blockSize : Self.blockSize }

    /// The first block whose last x is not below `x` (binary search). O(log blocks).
    func firstBlock(notBelow x: Double) -> Int {
        var lo = 0, hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if lastX[mid] < x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first block whose first x is above `x`. O(log blocks).
    func firstBlock(above x: Double) -> Int {
        var lo = 0, hi = blockCount
        while lo < hi {
            let mid = (lo + hi) / 2
            if firstX[mid] <= x { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Feeds block `b` of series `s` to `thinner` by its four rows (first, lowest, highest,
    /// last): exactly as its rows would be when the block lies in one half column without a
    /// gap. `standingIn` fills a gap block's missing values from its extremes, for a picture
    /// that stands in for the exact one. O(1).
    func feed(block b: Int, series s: Int, to thinner: inout LineColumnThinner, standingIn: Bool = false) {
        let p = series[s]
        var low = p.lowY[b], high = p.highY[b], first = p.firstY[b], last = p.lastY[b]
        if standingIn {
            if !low.isFinite { low = first }
            if !high.isFinite { high = first }
            if first.isNaN { first = low }
            if last.isNaN { last = high }
        }
        thinner.add(
            stretchOf: rows(inBlock: b), first: (firstX[b], first), lowest: (Int(p.lowOffset[b]), p.lowX[b], low),
            highest: (Int(p.highOffset[b]), p.highX[b], high), last: (lastX[b], last))
    }

    /// The values' range over the blocks that overlap `x` (data units): the blocks' extremes,
    /// so it may include a few rows just outside. nil when none has a value. O(blocks in x).
    func valueRange(ofSeries s: Int, inX x: PlotRange) -> PlotRange? {
        let start = firstBlock(notBelow: x.lower), end = firstBlock(above: x.upper)
        guard start < end else { return nil }
        var lo = Double.infinity, hi = -Double.infinity
        let series = series[s]
        for b in start..<end {
            if series.lowY[b] < lo { lo = series.lowY[b] }
            if series.highY[b] > hi { hi = series.highY[b] }
        }
        return lo <= hi ? PlotRange(lo, hi) : nil
    }
}

/// Fills a `BlockPyramid` from rows in x order, one at a time. O(1) per row.
struct BlockPyramidBuilder {
    private(set) var pyramid: BlockPyramid
    private var inBlock = 0
    private var previousX = -Double.infinity
    /// Rows so far with x equal to `previousX`.
    private var tieRun = 0
    private var lows: [Double], highs: [Double]
    private var firstFinite: [Double], lastFinite: [Double]

    init(seriesCount: Int) {
        pyramid = BlockPyramid(seriesCount: seriesCount)
        lows = Array(repeating: .infinity, count: seriesCount)
        highs = Array(repeating: -.infinity, count: seriesCount)
        firstFinite = Array(repeating: .nan, count: seriesCount)
        lastFinite = Array(repeating: .nan, count: seriesCount)
    }

    /// Takes the next row: `x` not below the previous row's (the caller checks), and one value
    /// per series (NaN when missing).
    mutating func add(x: Double, values: UnsafeBufferPointer<Double>) {
        if x == previousX { tieRun += 1 } else { tieRun = 0 }
        if inBlock == 0 {
            pyramid.firstX.append(x)
            pyramid.lastX.append(x)
            pyramid.carriedTies.append(Int32(clamping: tieRun))
            for s in pyramid.series.indices {
                let y = values[s]
                pyramid.series[s].firstY.append(y)
                pyramid.series[s].lastY.append(y)
                pyramid.series[s].lowX.append(x); pyramid.series[s].lowY.append(y.isNaN ? .infinity : y)
                pyramid.series[s].highX.append(x); pyramid.series[s].highY.append(y.isNaN ? -.infinity : y)
                pyramid.series[s].lowOffset.append(0); pyramid.series[s].highOffset.append(0)
                pyramid.series[s].hasGap.append(y.isNaN)
            }
        } else {
            let b = pyramid.blockCount - 1
            pyramid.lastX[b] = x
            for s in pyramid.series.indices {
                let y = values[s]
                pyramid.series[s].lastY[b] = y
                if y.isNaN {
                    pyramid.series[s].hasGap[b] = true
                    continue
                }
                if y < pyramid.series[s].lowY[b] {
                    pyramid.series[s].lowY[b] = y; pyramid.series[s].lowX[b] = x
                    pyramid.series[s].lowOffset[b] = UInt16(inBlock)
                }
                if y > pyramid.series[s].highY[b] {
                    pyramid.series[s].highY[b] = y; pyramid.series[s].highX[b] = x
                    pyramid.series[s].highOffset[b] = UInt16(inBlock)
                }
            }
        }
        for s in pyramid.series.indices {
            let y = values[s]
            guard !y.isNaN else { continue }
            if y < lows[s] { lows[s] = y }
            if y > highs[s] { highs[s] = y }
            if firstFinite[s].isNaN { firstFinite[s] = x }
            lastFinite[s] = x
        }
        previousX = x
        inBlock += 1
        if inBlock == BlockPyramid.blockSize { inBlock = 0 }
        pyramid.countRow()
    }

    /// The pyramid so far, with each series' value range.
    var snapshot: BlockPyramid {
        var copy = pyramid
        for s in copy.series.indices {
            copy.series[s].valueRange = lows[s] <= highs[s] ? PlotRange(lows[s], highs[s]) : nil
            copy.series[s].locationRange = firstFinite[s].isNaN ? nil : PlotRange(firstFinite[s], lastFinite[s])
        }
        return copy
    }
}

extension BlockPyramid {
    fileprivate mutating func countRow() { rowCount += 1 }
}
