/// How much of a live chart's newest data a view that follows it shows: the last rows, or the
/// last stretch of x.
public enum LiveWindow: Hashable, Sendable {
    /// The newest `count` rows (at least 1).
    case count(Int)
    /// The newest stretch of x this long, in data units (seconds when x is a date or time).
    case span(Double)
}
