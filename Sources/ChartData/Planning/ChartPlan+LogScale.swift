import Foundation

/// When a measure's points need a log scale: values over decades, most of them crowded near
/// the smallest, which a linear axis draws as a blob in a corner beside a few far points.
extension ChartPlan {
    /// The fewest times its smallest value the largest must be: two decades.
    static let logScaleSpan = 100.0
    /// The largest share of the linear range below the median: at most this, the values crowd
    /// near the smallest.
    static let logScaleCrowding = 0.1
    /// The fewest values that make a distribution.
    static let logScaleMinimum = 10

    /// The decades `values` span (rounded) when they need a log scale: every present value
    /// above 0, at least `logScaleMinimum` of them, the largest at least `logScaleSpan` times
    /// the smallest, and the median within the lowest `logScaleCrowding` of the range; nil
    /// otherwise. O(n log n).
    static func crowdedDecades(_ values: [Double]) -> Int? {
        let present = values.filter(\.isFinite)
        guard present.count >= logScaleMinimum, let low = present.min(), let high = present.max(), low > 0, high >= logScaleSpan * low
        else { return nil }
        let sorted = present.sorted()
        let median = sorted[sorted.count / 2]
        guard (median - low) / (high - low) <= logScaleCrowding else { return nil }
        return Int(log10(high / low).rounded())
    }
}
