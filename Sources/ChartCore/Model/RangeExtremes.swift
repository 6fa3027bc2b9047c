/// The lowest and highest finite value of any run of records in O(log n): a pyramid of per-block
/// extremes, each level 64 times coarser than the one below (blocks of 64 records, of 4,096, of
/// 262,144…). What a zoomed view's autoscaled y asks per frame, without a pass over the data.
/// Missing values (NaN) are skipped; a block without a finite value holds NaN at both ends.
///
/// Built once per pull in O(n); about 2.5 MB for 10,000,000 records. Hand-written because no
/// library at hand has a range-extremes index over a buffer of doubles.
struct RangeExtremes {
    static let fanOut = 64
    /// Per level, the lows and highs of its blocks, interleaved: `[low0, high0, low1, high1, …]`.
    private var levels: [[Double]] = []

    /// The pyramid over `values`. O(n).
    init(_ values: [Double]) {
        self.init(values.count, below: nil, values: values)
    }

    /// The pyramid over `values` whose finest level (the blocks of `fanOut` records,
    /// interleaved low and high, NaN where a block has no finite value) was found already
    /// (`SeriesData`'s block pass). O(n / fanOut).
    init(_ values: [Double], finest: [Double]) {
        precondition(finest.count == 2 * ((values.count + Self.fanOut - 1) / Self.fanOut), "The finest level has one low and high per block.")
        if values.count > Self.fanOut {
            self.init(finest.count / 2, below: finest, values: values)
            levels.insert(finest, at: 0)
        } else {
            self.init(values)
        }
    }

    /// The levels above `below` (the level holding `count` blocks), or over `values` itself
    /// when `below` is nil.
    private init(_ count: Int, below start: [Double]?, values: [Double]) {
        let fan = Self.fanOut
        var below = start
        var count = count
        while count > fan {
            let blocks = (count + fan - 1) / fan
            var level = [Double](repeating: .nan, count: 2 * blocks)
            for b in 0..<blocks {
                var lo = Double.nan, hi = Double.nan
                for i in (b * fan)..<min((b + 1) * fan, count) {
                    let (a, z) = below.map { ($0[2 * i], $0[2 * i + 1]) } ?? (values[i], values[i])
                    // NaN fails every comparison: `!(a >= lo)` takes `a` when `lo` is still NaN.
                    if a.isFinite, !(a >= lo) { lo = a }
                    if z.isFinite, !(z <= hi) { hi = z }
                }
                level[2 * b] = lo
                level[2 * b + 1] = hi
            }
            levels.append(level)
            below = level
            count = blocks
        }
    }

    /// The range of the finite values of `values[records]`, nil when there is none. `values` is
    /// the buffer the pyramid was built over. O(64 × levels).
    func range(of records: Range<Int>, in values: [Double]) -> PlotRange? {
        let fan = Self.fanOut
        var lo = Double.infinity, hi = -Double.infinity
        @inline(__always) func take(_ a: Double, _ z: Double) {
            if a.isFinite, a < lo { lo = a }
            if z.isFinite, z > hi { hi = z }
        }
        var start = max(0, records.lowerBound), end = min(values.count, records.upperBound)
        // Raw values up to the first and from the last whole block.
        while start < end && start % fan != 0 { take(values[start], values[start]); start += 1 }
        while end > start && end % fan != 0 { end -= 1; take(values[end], values[end]) }
        start /= fan; end /= fan
        for (depth, level) in levels.enumerated() where start < end {
            let last = depth == levels.count - 1
            while start < end && (last || start % fan != 0) { take(level[2 * start], level[2 * start + 1]); start += 1 }
            while end > start && end % fan != 0 { end -= 1; take(level[2 * end], level[2 * end + 1]) }
            start /= fan; end /= fan
        }
        return lo <= hi ? PlotRange(lo, hi) : nil
    }
}
