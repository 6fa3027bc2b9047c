/// What a reader of a `LiveSeries` sees: its first `count` rows (in x order) as they were
/// published, readable without the series' lock while rows keep being appended after them.
///
/// A line's records for a view come from here as the plot's own thinning keeps them from every
/// row: whole blocks of `LiveBlock.rows` rows that lie in one half pixel column without a gap by
/// their summaries (`LineColumnThinner.add(stretchOf:...)`), the other rows one by one.
struct LiveSnapshot {
    let chunks: [LiveChunk]
    /// Per chunk, its rows while in memory; nil once they are in the series' row store.
    let rows: [LiveChunkRows?]
    /// Rows visible, in x order.
    let count: Int
    let seriesCount: Int
    /// Reads the rows of chunks in the row store, block by block; nil when none is.
    let spilled: SpilledRows?

    init(chunks: [LiveChunk], rows: [LiveChunkRows?], count: Int, seriesCount: Int, spill: LiveSpill?, spilledChunks: Int) {
        self.chunks = chunks
        self.rows = rows
        self.count = count
        self.seriesCount = seriesCount
        spilled = spilledChunks > 0 ? spill.map(SpilledRows.init) : nil
    }

    /// The blocks of chunks in the row store this snapshot read (the last one at hand, the
    /// others from the spill's cache or the store). Used by one thread at a time.
    final class SpilledRows {
        let spill: LiveSpill
        private var last = -1
        private var lastRows: LiveBlockRows?

        init(_ spill: LiveSpill) { self.spill = spill }

        @inline(__always) func block(_ b: Int, span: LiveBlock.Span) -> LiveBlockRows {
            if b == last, let lastRows { return lastRows }
            let rows = spill.block(b, span: span)
            (last, lastRows) = (b, rows)
            return rows
        }
    }

    /// x of row `r`, data units.
    @inline(__always) func x(_ r: Int) -> Double {
        if let chunk = rows[r / LiveChunk.rows] { return chunk.x[r % LiveChunk.rows] }
        let b = r / LiveBlock.rows
        return spilled!.block(b, span: span(b)).x(r % LiveBlock.rows)
    }

    /// The value of series `s` at row `r`, data units (NaN when missing).
    @inline(__always) func value(_ s: Int, _ r: Int) -> Double {
        if let chunk = rows[r / LiveChunk.rows] { return chunk.value(s, r % LiveChunk.rows) }
        let b = r / LiveBlock.rows
        return spilled!.block(b, span: span(b)).value(s, r % LiveBlock.rows)
    }

    /// The first row whose x is not below `location`: a binary search of the complete blocks'
    /// spans, then of one block's rows (so that rows in the row store are read for one block).
    /// O(log n).
    func firstRow(notBelow location: Double) -> Int {
        var lo = 0, hi = completeBlocks
        while lo < hi {
            let mid = (lo + hi) / 2
            if span(mid).last < location { lo = mid + 1 } else { hi = mid }
        }
        // Every row before block `lo` is below `location`; block `lo`'s last row (if complete) is not.
        var first = lo * LiveBlock.rows
        var end = lo < completeBlocks ? first + LiveBlock.rows : count
        while first < end {
            let mid = (first + end) / 2
            if x(mid) < location { first = mid + 1 } else { end = mid }
        }
        return first
    }

    /// The rows located from `range.lower` through `range.upper`. O(log n).
    func rows(in range: PlotRange) -> Range<Int> {
        let lo = firstRow(notBelow: range.lower)
        return lo..<max(lo, firstRow(notBelow: range.upper.nextUp))
    }

    /// The x span of block `b` (complete blocks only).
    @inline(__always) func span(_ b: Int) -> LiveBlock.Span {
        chunks[b / LiveChunk.blocks].blockX[b % LiveChunk.blocks]
    }

    /// The summary of block `b` (complete blocks only) for series `s`.
    @inline(__always) func block(_ b: Int, _ s: Int) -> LiveBlock {
        chunks[b / LiveChunk.blocks].blockValues[(b % LiveChunk.blocks) * seriesCount + s]
    }

    /// Blocks all of whose rows are visible.
    var completeBlocks: Int { count / LiveBlock.rows }

    /// A line's records of series `s` for `request` (`.lineColumns`): the rows located in the
    /// view and the one beyond each edge, thinned as `ThinnedRecords.line` thins every record.
    /// Returns them with the number of rows they stand for (`ViewRecords.recordsInView`).
    /// O(log n + blocks in view + rows of the blocks that straddle a half column's edge).
    func line(series s: Int, for request: ViewDataRequest) -> (locations: [Double], values: [Double], rows: Int) {
        let inside = rows(in: request.xRange)
        let start = max(0, inside.lowerBound - 1), end = min(count, inside.upperBound + 1)
        var thinner = LineColumnThinner(x: request.x, yFloor: request.y.floor)
        let xFloor = request.x.floor, yFloor = request.y.floor
        var r = start
        while r < end {
            let b = r / LiveBlock.rows
            if r % LiveBlock.rows == 0, r + LiveBlock.rows <= end {
                let span = span(b), block = block(b, s)
                if !block.hasGap, block.low > yFloor, span.first > xFloor,
                    thinner.halfColumn(of: span.first) == thinner.halfColumn(of: span.last)
                {
                    thinner.add(
                        stretchOf: LiveBlock.rows, first: (span.first, block.first),
                        lowest: (Int(block.lowOffset), block.lowX, block.low),
                        highest: (Int(block.highOffset), block.highX, block.high), last: (span.last, block.last))
                    r += LiveBlock.rows
                    continue
                }
            }
            thinner.add(location: x(r), value: value(s, r))
            r += 1
        }
        thinner.finish()
        return (thinner.locations, thinner.values, end - start)
    }

    /// Points of series `s` for `request` (`.scatterPixels`): the first per device pixel among
    /// the rows whose markers reach the plot area, and the range of the finite values located
    /// in the view (with their x range). O(log n + rows reached).
    func points(
        series s: Int, for request: ViewDataRequest, area: Rect, reach: Int, snapHalf: Double?
    ) -> (locations: [Double], values: [Double], inView: (values: PlotRange, locations: PlotRange)?) {
        var thinner = ScatterPixelThinner(area: area, reach: reach, snapHalf: snapHalf, x: request.x, y: request.y)
        var low = Double.infinity, high = -Double.infinity, first = Double.nan, last = Double.nan
        let view = request.xRange
        for r in rows(in: request.reachedXRange) {
            let location = x(r), y = value(s, r)
            thinner.add(location: location, value: y)
            if y.isFinite && view.contains(location) {
                if y < low { low = y }
                if y > high { high = y }
                if first.isNaN { first = location }
                last = location
            }
        }
        let inView = low <= high ? (PlotRange(low, high), PlotRange(first, last)) : nil
        return (thinner.locations, thinner.values, inView)
    }

    /// The range of series `s`' finite values among the rows located in `range`, and the x of
    /// the first and last of those rows (as `SeriesData.valueRange(inX:)` says for sorted
    /// records). nil when no row there has a finite value. O(log n + blocks in range).
    func valueRange(series s: Int, inX range: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        let inside = rows(in: range)
        guard !inside.isEmpty else { return nil }
        var low = Double.infinity, high = -Double.infinity
        var r = inside.lowerBound
        while r < inside.upperBound {
            if r % LiveBlock.rows == 0, r + LiveBlock.rows <= inside.upperBound {
                let block = block(r / LiveBlock.rows, s)
                // A block whose extremes are finite (or that has none): its extremes are the
                // finite values' (an infinite value is read row by row).
                if (block.low.isFinite && block.high.isFinite) || (block.low == .infinity && block.high == -.infinity) {
                    low = Swift.min(low, block.low)
                    high = Swift.max(high, block.high)
                    r += LiveBlock.rows
                    continue
                }
            }
            let y = value(s, r)
            if y.isFinite {
                low = Swift.min(low, y)
                high = Swift.max(high, y)
            }
            r += 1
        }
        guard low <= high else { return nil }
        return (PlotRange(low, high), PlotRange(x(inside.lowerBound), x(inside.upperBound - 1)))
    }

    /// The x range of the newest `window` of rows (all of them when nil): from the window's
    /// first row (or the last x less the span) through the last row's x. nil with no rows.
    /// O(1).
    func xRange(of window: LiveWindow?) -> PlotRange? {
        guard count > 0 else { return nil }
        let last = x(count - 1)
        switch window {
        case nil: return PlotRange(x(0), last)
        case .count(let rows)?: return PlotRange(x(Swift.max(0, count - Swift.max(1, rows))), last)
        case .span(let span)?: return PlotRange(last - Swift.max(0, span), last)
        }
    }
}
