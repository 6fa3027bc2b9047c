import Foundation

/// Chooses tick locations: "nice" steps of 1, 2 or 5 times a power of ten on linear scales,
/// decades on log scales. Pure functions of the range and a wanted count.
public enum TickGenerator {
    /// The nice step (1, 2 or 5 × 10ⁿ) that splits `span` into about `targetCount` intervals.
    /// `span` must be positive and finite.
    public static func niceStep(span: Double, targetCount: Int) -> Double {
        precondition(span > 0 && span.isFinite, "niceStep needs a positive finite span (got \(span)).")
        let raw = span / Double(max(1, targetCount))
        let magnitude = pow(10, floor(log10(raw)))
        let residual = raw / magnitude
        // A relative tolerance, so that 1e-5 / 10 (a hair above 1e-6 in binary) still counts as 1e-6.
        let slack = 1 + 1e-9
        let nice: Double = residual <= slack ? 1 : residual <= 2 * slack ? 2 : residual <= 5 * slack ? 5 : 10
        return nice * magnitude
    }

    /// Major tick values inside `range` (ends included when they fall on a step), about
    /// `targetCount` intervals apart, at whole multiples of a nice step. A zero-width range
    /// gives its one value. Each value is rounded to the step's precision so that 0.1 × 3
    /// prints as 0.3. O(count).
    public static func linearTicks(in range: PlotRange, targetCount: Int) -> [Double] {
        guard range.length > 0 else { return [range.lower] }
        guard range.length.isFinite else {
            // A span past Double's range (-1e308 to 1e308): half the span in half the count
            // gives the same step, in finite numbers.
            let half = range.upper / 2 - range.lower / 2
            return ticks(in: range, step: niceStep(span: half, targetCount: max(1, targetCount / 2)))
        }
        let step = niceStep(span: range.length, targetCount: targetCount)
        return ticks(in: range, step: step)
    }

    /// Tick values at whole multiples of `step` (offset by `origin`) inside `range`.
    /// At most 10,000 ticks: a step too small for the range gives a coarser multiple of it.
    public static func ticks(in range: PlotRange, step: Double, origin: Double = 0) -> [Double] {
        guard step > 0, step.isFinite else { return [] }
        var step = step
        // The count of steps, written so that it stays finite for spans past Double's range; a
        // step so small that the ends overflow it (1e-300 over 1e308) counts as too many (the
        // difference is NaN then, which fails the comparison).
        while step.isFinite && !(range.upper / step - range.lower / step <= 10_000) { step *= 10 }
        guard step.isFinite else { return [range.lower, range.upper] }
        let first = ceil((range.lower - origin) / step - 1e-9)
        let last = floor((range.upper - origin) / step + 1e-9)
        guard first.isFinite, last.isFinite, first <= last else { return [] }
        let decimals = max(0, -Int(floor(log10(step))) + 1)
        let snap = pow(10, Double(min(decimals, 15)))
        return stride(from: first, through: last, by: 1).map { k in
            let v = origin + k * step
            // Steps below 10⁻¹⁵ keep their values as they are (snapping would round them to 0).
            let snapped = decimals <= 15 ? (v * snap).rounded() / snap : v
            // Avoid "-0" labels.
            return snapped == 0 ? 0 : (snapped.isFinite ? snapped : v)
        }
    }

    /// Ticks on a log₁₀ scale: every decade inside `range`, or every n-th decade so that about
    /// `targetCount` remain; within a single decade, 1-2-5 steps; zoomed in so far that those
    /// leave one tick or none (3 to 8, 2.3 to 2.9), nice linear steps (`linearTicks`), which a
    /// range that short shows nearly evenly spaced. `range` must be positive.
    public static func logTicks(in range: PlotRange, targetCount: Int) -> [Double] {
        guard range.lower > 0 else { return [] }
        let lo = log10(range.lower), hi = log10(range.upper)
        let firstDecade = Int(ceil(lo - 1e-9)), lastDecade = Int(floor(hi + 1e-9))
        if lastDecade - firstDecade < 1 {
            // Less than two decades' ticks: 1, 2, 5 × 10ⁿ.
            var values: [Double] = []
            for decade in Int(floor(lo))...Int(ceil(hi)) {
                for m in [1.0, 2, 5] {
                    let v = m * pow(10, Double(decade))
                    if v >= range.lower * (1 - 1e-9) && v <= range.upper * (1 + 1e-9) { values.append(v) }
                }
            }
            if values.count < 2 {
                // A coarse target can pick a step wider than the range: more until a tick lands.
                for attempt in [targetCount, 2 * targetCount, 5 * targetCount, 10] {
                    let linear = linearTicks(in: range, targetCount: max(1, attempt)).filter { $0 > 0 }
                    if linear.count > values.count { return linear }
                    if !linear.isEmpty { break }
                }
            }
            return values
        }
        let every = max(1, Int(ceil(Double(lastDecade - firstDecade) / Double(max(1, targetCount)))))
        return stride(from: firstDecade, through: lastDecade, by: every).map { pow(10, Double($0)) }
    }

    /// Minor ticks between the majors: 4 between 1-steps and 5-steps (fifths), 3 between
    /// 2-steps (quarters), and 2…9 × 10ⁿ on log scales. Values that coincide with a major
    /// tick are left out. O(majors × subdivisions).
    public static func minorTicks(majors: [Double], in range: PlotRange, scale: Scale, count: Int? = nil) -> [Double] {
        guard majors.count >= 1 else { return [] }
        if scale == .logarithmic {
            guard range.lower > 0 else { return [] }
            var values: [Double] = []
            for decade in Int(floor(log10(range.lower)))...Int(ceil(log10(range.upper))) {
                for m in 2...9 {
                    let v = Double(m) * pow(10, Double(decade))
                    let isMajor = majors.contains { abs($0 - v) <= abs(v) * 1e-9 }
                    if range.contains(v) && !isMajor { values.append(v) }
                }
            }
            return values
        }
        guard majors.count >= 2 else { return [] }
        let step = majors[1] - majors[0]
        guard step > 0 else { return [] }
        let mantissa = (step / pow(10, floor(log10(step)))).rounded()
        let subdivisions = count.map { $0 + 1 } ?? (mantissa == 2 ? 4 : 5)
        let minorStep = step / Double(subdivisions)
        let first = ceil((range.lower - majors[0]) / minorStep - 1e-9)
        let last = floor((range.upper - majors[0]) / minorStep + 1e-9)
        guard first <= last, last - first < 50_000 else { return [] }
        return stride(from: first, through: last, by: 1).compactMap { k in
            let isMajor = Int(k.rounded()) % subdivisions == 0
            return isMajor ? nil : majors[0] + k * minorStep
        }
    }
}
