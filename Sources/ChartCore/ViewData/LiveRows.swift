/// A batch of rows for a `LiveSeries`: their x and, per series, one value per row.
///
/// Rows are in arrival order. x is in data units (seconds since 1970 for dates, a row number,
/// any number); a value is in data units, NaN when missing (a gap in a line).
public struct LiveRows: Sendable {
    /// Each row's x, data units.
    public var x: [Double]
    /// Per series (in the order of the live series' plot identifiers), each row's value, data
    /// units; NaN when missing. Every array has as many values as `x`.
    public var values: [[Double]]

    /// Rows at `x` with `values` per series (each as long as `x`).
    public init(x: [Double], values: [[Double]]) {
        self.x = x
        self.values = values
    }

    /// The number of rows.
    public var count: Int { x.count }
}
