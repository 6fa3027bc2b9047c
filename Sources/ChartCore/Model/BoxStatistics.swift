/// The numbers a box plot draws for one group of values (data units): the quartiles by
/// numpy's default linear interpolation (`Quantiles`, as `np.percentile` and matplotlib's
/// `boxplot` compute them), whiskers at the furthest values within 1.5 IQR of the box (Tukey's),
/// and the values beyond them as outliers.
public struct BoxStatistics: Hashable, Sendable {
    /// Q1: the 25th percentile.
    public var lowerQuartile: Double
    /// The 50th percentile.
    public var median: Double
    /// Q3: the 75th percentile.
    public var upperQuartile: Double
    /// The least value at or above Q1 − 1.5 · IQR.
    public var lowerWhisker: Double
    /// The greatest value at or below Q3 + 1.5 · IQR.
    public var upperWhisker: Double
    /// The values outside the whiskers, ascending.
    public var outliers: [Double]
    /// How many finite values there were.
    public var count: Int

    /// A box's statistics, all in data units; `count` is the number of values summarised.
    public init(
        lowerQuartile: Double, median: Double, upperQuartile: Double, lowerWhisker: Double, upperWhisker: Double,
        outliers: [Double], count: Int
    ) {
        self.lowerQuartile = lowerQuartile
        self.median = median
        self.upperQuartile = upperQuartile
        self.lowerWhisker = lowerWhisker
        self.upperWhisker = upperWhisker
        self.outliers = outliers
        self.count = count
    }

    /// The statistics of the finite values of `values` (NaN and infinities are left out); nil
    /// when there are none. Selection for the quartiles, then one pass for the whiskers and
    /// outliers: O(n) expected, plus O(k log k) to order k outliers.
    public init?(of values: [Double]) {
        var finite = values.filter(\.isFinite)
        guard !finite.isEmpty else { return nil }
        let q = Quantiles.quantiles([0.25, 0.5, 0.75], of: &finite)
        let reach = 1.5 * (q[2] - q[0])
        let lowFence = q[0] - reach, highFence = q[2] + reach
        var low = Double.infinity, high = -Double.infinity
        var outliers: [Double] = []
        for v in finite {
            if v < lowFence || v > highFence {
                outliers.append(v)
            } else {
                if v < low { low = v }
                if v > high { high = v }
            }
        }
        self.init(
            lowerQuartile: q[0], median: q[1], upperQuartile: q[2], lowerWhisker: low, upperWhisker: high,
            outliers: outliers.sorted(), count: finite.count)
    }

    /// The least and greatest value drawn: the whiskers' ends or an outlier beyond them.
    public var extent: PlotRange {
        PlotRange(min(lowerWhisker, outliers.first ?? lowerWhisker), max(upperWhisker, outliers.last ?? upperWhisker))
    }
}
