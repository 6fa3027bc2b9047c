import Foundation

/// Equal-width bins over a range of numbers: where a histogram's bars start and end, and which
/// bin a value falls in. Data units.
///
/// Edges are numpy's (`np.histogram_bin_edges`): `lower + i · width` for i < count and `upper`
/// for the last, each bin half-open [a, b) but the last closed [a, b]. A value is placed by
/// `(v − lower) / width`, truncated, then moved one bin down or up when it lies past the
/// edges it got, as numpy does, so counts equal `np.histogram`'s exactly (and a database's
/// `GROUP BY` of the same expression, `sqlCountQuery(value:from:real:integer:)`).
///
/// Ranges wider than the largest Double (−1e308…1e308) are binned at half scale, so their width
/// stays finite.
public struct HistogramBinning: Hashable, Sendable {
    /// How the number of bins is chosen.
    public enum Rule: Hashable, Sendable {
        /// numpy's `auto`: the smaller width of Sturges' (range / (log₂ n + 1)) and
        /// Freedman–Diaconis' (2 · IQR · n^(−1/3)), so the larger number of bins; Sturges'
        /// alone when the IQR is 0.
        case automatic
        /// Exactly this many bins over the values' range.
        case count(Int)
        /// Bins of this width (data units), their edges at whole multiples of it.
        case width(Double)
    }

    /// The most bins any rule makes (numpy would make more for a long tail over a tiny IQR).
    public static let maximumCount = 100_000

    /// The widest bins the automatic rule aligns to whole numbers (data units); past it, a bin
    /// holds so many possible values that one more or less does not show.
    public static let wholeWidthLimit = 50.0

    /// The first edge, data units.
    public let lower: Double
    /// The last edge, data units.
    public let upper: Double
    /// The number of bins, at least 1.
    public let count: Int
    /// 1, or 0.5 for a range wider than the largest Double: edges and positions are computed
    /// on values times `scale`.
    public let scale: Double
    /// The width of a bin times `scale`.
    let scaledWidth: Double

    /// `count` equal bins from `lower` to `upper` (equal ends widen to ±0.5, as numpy's do).
    public init(lower: Double, upper: Double, count: Int) {
        precondition(lower.isFinite && upper.isFinite && lower <= upper, "Bins need finite ends in order (got \(lower)…\(upper)).")
        precondition(count >= 1, "Bins need a count of at least 1.")
        var (lo, hi) = (lower, upper)
        if lo == hi { lo -= 0.5; hi += 0.5 }
        self.lower = lo
        self.upper = hi
        self.count = count
        scale = (hi - lo).isFinite ? 1 : 0.5
        scaledWidth = (hi * scale - lo * scale) / Double(count)
    }

    /// The width of one bin, data units (infinite only for a range past Double's).
    public var width: Double { scaledWidth / scale }

    /// Whether the bins are of whole numbers: a whole width, edges halfway between whole
    /// numbers (what the automatic rule gives whole-number data), so bin `i` holds the whole
    /// numbers from `edge(i) + 0.5` to `edge(i + 1) − 0.5`.
    public var holdsWholeNumbers: Bool {
        scale == 1 && abs(lower) < 1e15 && abs(upper) < 1e15 && width >= 1 && width == width.rounded()
            && lower - lower.rounded(.down) == 0.5
    }

    /// Edge `i` (0…count), data units.
    @inline(__always) public func edge(_ i: Int) -> Double {
        i >= count ? upper : (lower * scale + Double(i) * scaledWidth) / scale
    }

    /// Every edge, `count + 1` of them.
    public var edges: [Double] { (0...count).map(edge) }

    /// The bin of `value`; nil for a value outside the edges, NaN or infinite. O(1).
    @inline(__always) public func bin(of value: Double) -> Int? {
        guard value >= lower, value <= upper else { return nil }
        let position = (value * scale - lower * scale) / scaledWidth
        var b = position < Double(count) ? Int(position) : count - 1
        if value < edge(b) { b -= 1 } else if b < count - 1, value >= edge(b + 1) { b += 1 }
        return b
    }

    /// The counts per bin of the values in `values`; NaN, infinities and values outside the
    /// edges are not counted. One pass: O(n).
    public func counts(of values: [Double]) -> [Int] {
        var counts = [Int](repeating: 0, count: count)
        counts.withUnsafeMutableBufferPointer { c in
            for v in values {
                if let b = bin(of: v) { c[b] += 1 }
            }
        }
        return counts
    }

    /// The bins `rule` gives for the finite values among `series` together (several series of
    /// one histogram share their bins, as matplotlib's do); nil when there is no finite value.
    /// The automatic rule selects the quartiles (O(n) expected, on a copy of the finite values);
    /// the others take one pass for the least and greatest value. A rule's count is at most
    /// `maximumCount`.
    public static func bins(for series: [[Double]], rule: Rule) -> HistogramBinning? {
        var lo = Double.infinity, hi = -Double.infinity, n = 0
        var whole = true
        for values in series {
            for v in values where v.isFinite {
                if v < lo { lo = v }
                if v > hi { hi = v }
                if whole && v != v.rounded() { whole = false }
                n += 1
            }
        }
        guard n > 0 else { return nil }
        switch rule {
        case .count(let bins):
            return HistogramBinning(lower: lo, upper: hi, count: min(max(bins, 1), maximumCount))
        case .width(let width):
            return aligned(lower: lo, upper: hi, width: width)
        case .automatic:
            guard lo < hi else { return HistogramBinning(lower: lo, upper: hi, count: 1) }
            var finite: [Double] = []
            finite.reserveCapacity(n)
            for values in series { for v in values where v.isFinite { finite.append(v) } }
            let q = Quantiles.quantiles([0.25, 0.75], of: &finite)
            return automatic(lower: lo, upper: hi, count: n, iqr: q[1] - q[0], whole: whole)
        }
    }

    /// numpy's `auto` bins over `lower…upper` for `count` values whose interquartile range is
    /// `iqr` (data units): ⌈range / width⌉ bins of the smaller of Sturges' and
    /// Freedman–Diaconis' widths, at most `maximumCount`. O(1).
    ///
    /// Values that are all `whole` numbers get bins of a whole width (numpy's, rounded up, at
    /// most `wholeWidthLimit`) with edges halfway between whole numbers (−0.5, 0.5, 1.5…), so
    /// every bin holds the same count of possible values: bins 1.3 wide over counts would hold
    /// one or two of them by turns, and draw spikes and gaps the data does not have.
    public static func automatic(lower: Double, upper: Double, count n: Int, iqr: Double, whole: Bool = false) -> HistogramBinning {
        guard lower < upper else { return HistogramBinning(lower: lower, upper: upper, count: 1) }
        let s = (upper - lower).isFinite ? 1.0 : 0.5
        let range = upper * s - lower * s
        let sturges = range / (log2(Double(n)) + 1)
        let fd = 2 * iqr * s * pow(Double(n), -1.0 / 3)
        let width = fd > 0 ? min(fd, sturges) : sturges
        if whole, s == 1, width <= wholeWidthLimit, abs(lower) < 1e15, abs(upper) < 1e15 {
            let step = max(1, width.rounded(.up))
            let first = lower - 0.5
            let bins = max(1, ((upper + 0.5 - first) / step).rounded(.up))
            if bins <= Double(maximumCount) {
                return HistogramBinning(lower: first, upper: first + bins * step, count: Int(bins))
            }
        }
        let bins = width > 0 ? (range / width).rounded(.up) : 1
        return HistogramBinning(lower: lower, upper: upper, count: Int(min(max(bins, 1), Double(maximumCount))))
    }

    /// Bins `width` wide with edges at whole multiples of it, covering `lower…upper`; nil when
    /// that would take more than `maximumCount` bins. O(1).
    public static func aligned(lower: Double, upper: Double, width: Double) -> HistogramBinning? {
        guard width > 0, width.isFinite else { return nil }
        var first = (lower / width).rounded(.down) * width
        // The product can round past `lower` (1.7 / 0.1 rounds down to 17, and 17 × 0.1 is
        // 1.7000000000000002): then the bin below holds it.
        if first > lower { first -= width }
        let spans = ((upper - first) / width).rounded(.up)
        guard first.isFinite, spans.isFinite, spans <= Double(maximumCount) else { return nil }
        let bins = max(1, Int(spans))
        // A value exactly on the last edge falls in the last bin (closed), as numpy's does.
        let last = first + Double(bins) * width
        guard last.isFinite else { return nil }
        return HistogramBinning(lower: first, upper: max(last, upper), count: bins)
    }

    /// A query counting the rows of `source` (SQL of one SELECT) per bin of `value` (an
    /// expression of its columns that gives a double): `SELECT b, COUNT(*) … GROUP BY b`, the
    /// same placement as `bin(of:)` (a first guess from the position, then one correction
    /// against the edges), in SQL that SQLite and PostgreSQL both run, in double precision
    /// (every constant is cast, so PostgreSQL does not compute in `numeric`). Rows outside
    /// the edges, NULL or NaN, are not counted. One pass over the rows in the database.
    public func sqlCountQuery(
        value: String, from source: String, real: (Double) -> String = HistogramBinning.sqlReal,
        integer: (String) -> String = HistogramBinning.sqlInteger
    ) -> String {
        let (s, lo, w) = (real(scale), real(lower * scale), real(scaledWidth))
        // PostgreSQL's CAST rounds where SQLite's truncates: either guess is within one bin,
        // which the correction mends.
        let guess = integer("((chartview_v * \(s) - \(lo)) / \(w))")
        func edge(_ b: String) -> String { "((\(lo) + (\(b)) * \(w)) / \(s))" }
        let clamped = "CASE WHEN chartview_g > \(count - 1) THEN \(count - 1) ELSE chartview_g END"
        let bin =
            "CASE WHEN chartview_v < \(edge("chartview_c")) THEN chartview_c - 1 "
            + "WHEN chartview_c < \(count - 1) AND chartview_v >= \(edge("chartview_c + 1")) THEN chartview_c + 1 ELSE chartview_c END"
        return "SELECT \(bin) AS chartview_bin, COUNT(*) AS chartview_count FROM ("
            + "SELECT chartview_v, \(clamped) AS chartview_c FROM ("
            + "SELECT chartview_v, \(guess) AS chartview_g FROM ("
            + "SELECT \(value) AS chartview_v FROM (\(source)) AS chartview_rows) AS chartview_values "
            + "WHERE chartview_v >= \(real(lower)) AND chartview_v <= \(real(upper))) AS chartview_guesses) AS chartview_bins "
            + "GROUP BY chartview_bin"
    }

    /// `x` as standard SQL's double literal (17 significant digits: exact), the default of
    /// `sqlCountQuery`'s `real`.
    public static func sqlReal(_ x: Double) -> String { "CAST(" + String(format: "%.17e", x) + " AS DOUBLE PRECISION)" }

    /// `expression` as standard SQL's integer (rounded or truncated, as the engine does), the
    /// default of `sqlCountQuery`'s `integer`.
    public static func sqlInteger(_ expression: String) -> String { "CAST(\(expression) AS INTEGER)" }
}
