/// A closed interval of data values, `lower...upper`, in data units.
///
/// Core Plot's `CPTPlotRange` keeps a location and a length; this keeps the two ends, which is
/// what scales and tick generation read. `lower <= upper` always holds.
public struct PlotRange: Hashable, Sendable, CustomStringConvertible {
    /// The lower bound, data units.
    public let lower: Double
    /// The upper bound, data units; not below `lower`.
    public let upper: Double

    /// A range from `lower` to `upper`. Both must be finite and in order.
    public init(_ lower: Double, _ upper: Double) {
        precondition(lower.isFinite && upper.isFinite, "A plot range needs finite ends (got \(lower)...\(upper)).")
        precondition(lower <= upper, "A plot range needs lower <= upper (got \(lower)...\(upper)).")
        self.lower = lower
        self.upper = upper
    }

    /// The range between `a` and `b` in either order, with infinities brought to the largest
    /// finite values and NaN to 0: for ends computed from data, which can overflow.
    public init(clamping a: Double, _ b: Double) {
        func finite(_ v: Double) -> Double {
            v.isNaN ? 0 : min(max(v, -Double.greatestFiniteMagnitude), Double.greatestFiniteMagnitude)
        }
        self.init(Swift.min(finite(a), finite(b)), Swift.max(finite(a), finite(b)))
    }

    /// Core Plot's form: the range from `location` to `location + length` (length may be negative).
    public init(location: Double, length: Double) {
        self.init(min(location, location + length), max(location, location + length))
    }

    /// `upper - lower`, in data units.
    public var length: Double { upper - lower }
    /// The value halfway between the bounds.
    public var midpoint: Double { lower + (upper - lower) / 2 }

    /// Whether `value` lies between the bounds, both included.
    public func contains(_ value: Double) -> Bool { value >= lower && value <= upper }

    /// The smallest range holding both.
    public func union(_ other: PlotRange) -> PlotRange {
        PlotRange(Swift.min(lower, other.lower), Swift.max(upper, other.upper))
    }

    /// The smallest range holding this one and `value` (a non-finite value changes nothing).
    public func including(_ value: Double) -> PlotRange {
        guard value.isFinite else { return self }
        return PlotRange(Swift.min(lower, value), Swift.max(upper, value))
    }

    /// The range grown by `lowerAmount` below and `upperAmount` above, in data units.
    public func expanded(lower lowerAmount: Double, upper upperAmount: Double) -> PlotRange {
        PlotRange(lower - lowerAmount, upper + upperAmount)
    }

    /// The range of the finite values in `values`, nil when there are none. O(n).
    public static func enclosing<S: Sequence>(_ values: S) -> PlotRange? where S.Element == Double {
        var lo = Double.infinity, hi = -Double.infinity
        for v in values where v.isFinite {
            if v < lo { lo = v }
            if v > hi { hi = v }
        }
        return lo <= hi ? PlotRange(lo, hi) : nil
    }

    public var description: String { "\(lower)...\(upper)" }
}
