import Foundation

/// How data values along one coordinate map to device pixels.
public enum Scale: String, Hashable, Sendable {
    /// Equal data steps take equal pixels.
    case linear
    /// Equal ratios take equal pixels (base 10); only positive values can be shown.
    case logarithmic
    /// Records sit at whole numbers 0, 1, 2… and the axis names them instead of numbering them.
    /// Maps like `linear`.
    case category
    /// Seconds since 1970-01-01T00:00:00Z, mapped like `linear`, with ticks on calendar units
    /// (days, weeks, months, years) and labels to match.
    case date

    /// The value as laid out along the axis: `log10(value)` for `logarithmic`, itself otherwise.
    /// Non-positive values on a log scale give `nil`.
    @inlinable
    public func forward(_ value: Double) -> Double? {
        switch self {
        case .linear, .category, .date: return value
        case .logarithmic: return value > 0 ? log10(value) : nil
        }
    }

    /// The inverse of `forward`.
    @inlinable
    public func inverse(_ value: Double) -> Double {
        switch self {
        case .linear, .category, .date: value
        case .logarithmic: pow(10, value)
        }
    }
}
