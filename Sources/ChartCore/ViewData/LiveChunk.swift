/// A fixed run of a `LiveSeries`' rows (`rows` of them) and the summaries of its blocks, in
/// memory allocated once: appending never moves what is stored, so a reader can read the rows
/// below the published count while the writer fills the ones above it.
///
/// Rows are written once, by one writer, at positions no reader reads yet (the series publishes
/// its count under a lock once they are written); a block's summary is read only once the block
/// is complete. That is what makes the class `Sendable`.
///
/// Memory: 8 bytes × (1 + series) per row, and `LiveBlock.bytes(series:)` per block of
/// `LiveBlock.rows` rows, allocated a chunk at a time.
final class LiveChunk: @unchecked Sendable {
    /// Rows per chunk (64 blocks).
    static let rows = 16_384
    /// Blocks per chunk.
    static let blocks = rows / LiveBlock.rows

    let seriesCount: Int
    /// x of each row, data units.
    let x: UnsafeMutablePointer<Double>
    /// Per series, each row's value (NaN when missing), series after series.
    let values: UnsafeMutablePointer<Double>
    /// Per block, its first and last x.
    let blockX: UnsafeMutablePointer<LiveBlock.Span>
    /// Per block and series (series fastest), the values' summary.
    let blockValues: UnsafeMutablePointer<LiveBlock>

    init(seriesCount: Int) {
        self.seriesCount = seriesCount
        x = .allocate(capacity: Self.rows)
        values = .allocate(capacity: Self.rows * max(1, seriesCount))
        blockX = .allocate(capacity: Self.blocks)
        blockValues = .allocate(capacity: Self.blocks * max(1, seriesCount))
    }

    deinit {
        x.deallocate()
        values.deallocate()
        blockX.deallocate()
        blockValues.deallocate()
    }

    /// The value of series `s` at row `r` of this chunk.
    @inline(__always) func value(_ s: Int, _ r: Int) -> Double { values[s * Self.rows + r] }

    /// Writes row `r` of this chunk (`x` and one value per series) and folds it into its block's
    /// summary. O(series).
    @inline(__always) func write(row r: Int, x location: Double, values rowValues: (Int) -> Double) {
        x[r] = location
        let b = r / LiveBlock.rows, offset = r % LiveBlock.rows
        if offset == 0 {
            blockX[b] = LiveBlock.Span(first: location, last: location)
        } else {
            blockX[b].last = location
        }
        for s in 0..<seriesCount {
            let y = rowValues(s)
            values[s * Self.rows + r] = y
            let slot = blockValues + (b * seriesCount + s)
            if offset == 0 {
                slot.initialize(to: LiveBlock(first: y, at: location))
            } else {
                slot.pointee.add(y, at: location, offset: offset)
            }
        }
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
