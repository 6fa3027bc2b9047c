/// The charts chartview builds from a table, as `--kind` and spec files name them.
public enum ChartKind: String, CaseIterable, Sendable {
    /// Vertical bars, side by side per category for several series.
    case bar
    /// Horizontal bars, the categories top to bottom in the data's order.
    case hbar
    /// Vertical bars stacked per category.
    case stacked
    /// Lines through the points, in x order.
    case line
    /// Points only.
    case scatter
    /// Slices of the first series.
    case pie
    /// Bars for the first series (or those a spec marks "bar"), lines for the others.
    case combined

    /// The names, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Whether the series are bars.
    var isBars: Bool { self == .bar || self == .hbar || self == .stacked }
}
