/// The block summaries of a fixed run of a `LiveSeries`' rows (`rows` of them), in memory
/// allocated once and kept for the series' life, whether the rows themselves are in memory
/// (`LiveChunkRows`) or in its row store: a zoomed-out view is thinned from them.
///
/// A block's summary is written once, by one writer, and read only once the block is complete
/// (the series publishes its count under a lock once its rows are written). That is what makes
/// the class `Sendable`.
///
/// Memory: `LiveBlock.bytes(series:)` per block of `LiveBlock.rows` rows.
final class LiveChunk: @unchecked Sendable {
    /// Rows per chunk (64 blocks).
    static let rows = 16_384
    /// Blocks per chunk.
    static let blocks = rows / LiveBlock.rows

    let seriesCount: Int
    /// Per block, its first and last x.
    let blockX: UnsafeMutablePointer<LiveBlock.Span>
    /// Per block and series (series fastest), the values' summary.
    let blockValues: UnsafeMutablePointer<LiveBlock>

    init(seriesCount: Int) {
        self.seriesCount = seriesCount
        blockX = .allocate(capacity: Self.blocks)
        blockValues = .allocate(capacity: Self.blocks * max(1, seriesCount))
    }

    deinit {
        blockX.deallocate()
        blockValues.deallocate()
    }

    /// Writes row `r` of this chunk (`x` and one value per series) into `rows` and folds it into
    /// its block's summary. O(series).
    @inline(__always) func write(row r: Int, x location: Double, into rows: LiveChunkRows, values rowValues: (Int) -> Double) {
        rows.x[r] = location
        let b = r / LiveBlock.rows, offset = r % LiveBlock.rows
        if offset == 0 {
            blockX[b] = LiveBlock.Span(first: location, last: location)
        } else {
            blockX[b].last = location
        }
        for s in 0..<seriesCount {
            let y = rowValues(s)
            rows.values[s * Self.rows + r] = y
            let slot = blockValues + (b * seriesCount + s)
            if offset == 0 {
                slot.initialize(to: LiveBlock(first: y, at: location))
            } else {
                slot.pointee.add(y, at: location, offset: offset)
            }
        }
    }
}

/// The rows of one `LiveChunk` in memory: x and each series' values, allocated once and freed
/// when the last holder lets go (the series, or a snapshot still reading them after the series
/// moved them to its row store). Rows are written once, at positions no reader reads yet.
///
/// Memory: 8 bytes × (1 + series) per row.
final class LiveChunkRows: @unchecked Sendable {
    /// x of each row, data units.
    let x: UnsafeMutablePointer<Double>
    /// Per series, each row's value (NaN when missing), series after series.
    let values: UnsafeMutablePointer<Double>
    let seriesCount: Int

    init(seriesCount: Int) {
        self.seriesCount = seriesCount
        x = .allocate(capacity: LiveChunk.rows)
        values = .allocate(capacity: LiveChunk.rows * max(1, seriesCount))
    }

    deinit {
        x.deallocate()
        values.deallocate()
    }

    /// The value of series `s` at row `r` of the chunk.
    @inline(__always) func value(_ s: Int, _ r: Int) -> Double { values[s * LiveChunk.rows + r] }

    /// The bytes one chunk's rows take with `series` series.
    static func bytes(series: Int) -> Int { LiveChunk.rows * 8 * (1 + max(1, series)) }

    /// The chunk's rows laid out block after block as a `LiveRowStore` keeps them: per block its
    /// x, then each series' values, `LiveBlock.rows` each.
    func blockMajor() -> [Double] {
        let perBlock = LiveBlock.rows * (1 + seriesCount)
        var out = [Double](repeating: 0, count: LiveChunk.blocks * perBlock)
        out.withUnsafeMutableBufferPointer { buffer in
            for b in 0..<LiveChunk.blocks {
                let base = buffer.baseAddress! + b * perBlock, first = b * LiveBlock.rows
                base.update(from: x + first, count: LiveBlock.rows)
                for s in 0..<seriesCount {
                    (base + (1 + s) * LiveBlock.rows).update(from: values + s * LiveChunk.rows + first, count: LiveBlock.rows)
                }
            }
        }
        return out
    }
}

/// One block's summary for one series: what `LineColumnThinner.add(stretchOf:...)` needs to
/// take the block's rows by their extremes, and what a y range fitted to a view reads.
struct LiveBlock {
    /// Rows per block.
    static let rows = 256

    /// A block's first and last x (data units).
    struct Span {
        var first: Double
        var last: Double
    }

    /// The first and last value (NaN when missing).
    var first: Double, last: Double
    /// The first lowest and first highest value that is not missing, with their x and their
    /// offsets from the block's start; +∞ and −∞ when every value is missing.
    var low: Double, high: Double
    var lowX: Double, highX: Double
    var lowOffset: UInt16 = 0, highOffset: UInt16 = 0
    /// Whether a value is missing.
    var hasGap: Bool

    /// The bytes a block takes with `series` series (its x span and a summary per series).
    static func bytes(series: Int) -> Int {
        MemoryLayout<Span>.stride + series * MemoryLayout<LiveBlock>.stride
    }

    /// A block starting with value `y` at `x`.
    init(first y: Double, at x: Double) {
        first = y
        last = y
        low = y.isNaN ? .infinity : y
        high = y.isNaN ? -.infinity : y
        lowX = x
        highX = x
        hasGap = y.isNaN
    }

    /// Takes the block's next value `y` at `x`, `offset` rows from its start.
    @inline(__always) mutating func add(_ y: Double, at x: Double, offset: Int) {
        last = y
        if y.isNaN {
            hasGap = true
            return
        }
        if y < low { (low, lowX, lowOffset) = (y, x, UInt16(offset)) }
        if y > high { (high, highX, highOffset) = (y, x, UInt16(offset)) }
    }
}
