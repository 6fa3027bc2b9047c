import ChartCore

/// A database that thins each view of a table too large to load in the server itself, so that
/// only what a view draws travels (`ServerThinnedTable`): per half pixel column of a line the
/// first, lowest, highest and last row (M4), per pixel of points the first point. What it returns
/// is a superset of what `LineColumnThinner` / `ScatterPixelThinner` keep from every row, in
/// record order, so the client's own thinning of it keeps exactly those records, and the
/// picture is the picture of every row.
///
/// Record order is x ascending, ties by y ascending with NULL (and NaN) last: a query whose rows
/// tie in x has no other order a cluster keeps (shards answer in any order).
public protocol ViewAggregating: AnyObject {
    /// What messages call the database.
    var name: String { get }

    /// The extent of `table`'s rows that have an x: x (data units), each y's finite values
    /// (nil for a column with none), and how many rows. One pass over the table in the server.
    func summary(of table: AggregatedTable) throws(DataError) -> AggregatedTable.Summary

    /// Hands `record` the rows of series `series` of `table` that a line through every row keeps
    /// for `request` (`.lineColumns`), with the row before the view and the row after it, in
    /// record order (location, value; NaN for NULL). Returns how many rows the view holds with
    /// those two (as `ViewRecords.recordsInView`).
    func lineRecords(
        of table: AggregatedTable, series: Int, for request: ViewDataRequest, cancellation: CancellationFlag?,
        record: (Double, Double) -> Void
    ) throws(DataError) -> Int

    /// Hands `record` the points of series `series` of `table` that `request`
    /// (`.scatterPixels`) keeps at least (the first per pixel of its grid), in record order.
    /// Returns the range of the finite values located in the request's x range, with those
    /// locations' (nil when none).
    func scatterRecords(
        of table: AggregatedTable, series: Int, for request: ViewDataRequest, cancellation: CancellationFlag?,
        record: (Double, Double) -> Void
    ) throws(DataError) -> (values: PlotRange, locations: PlotRange)?

    /// Whether a query stopped by the client may go on in the servers for a while (the parts a
    /// cluster's other shards run, in ClickHouse 18.16): views that follow one another quickly
    /// then wait for the last before their queries start.
    var stoppedQueriesLinger: Bool { get }

    /// Stops the running query from another thread (it then throws `DataError.cancelled`). A
    /// view's own queries after it stop once its `cancellation` is raised.
    func interrupt()
}

extension ViewAggregating {
    /// No: a stopped query stops.
    public var stoppedQueriesLinger: Bool { false }
}

/// The columns of a query that a `ViewAggregating` database thins per view.
public struct AggregatedTable: Sendable {
    /// The user's query.
    public var sql: String
    /// What a query reads the rows from: the table itself (quoted) when the chart names one, so
    /// that a server can run the query where the rows are (each shard of a `Distributed` table
    /// groups its own); else the user's query as a subquery.
    public var source: String
    /// The x column, quoted for the database.
    public var x: String
    /// Whether x is a date or time (read as seconds since 1970).
    public var xIsDate: Bool
    /// The y columns, quoted, one per series.
    public var ys: [String]

    /// What the summary query said, once it ran (`ServerThinnedTable` sets it).
    public var summary: Summary?

    /// The columns `x` and `ys` (quoted) of `sql`, or of `table` (quoted) when the chart names
    /// one (`sql` then reads all of it).
    public init(sql: String, table: String? = nil, x: String, xIsDate: Bool, ys: [String]) {
        self.sql = sql
        source = table ?? "(\(sql)) AS chartview_rows"
        self.x = x
        self.xIsDate = xIsDate
        self.ys = ys
    }

    /// What one pass over the table says of it (`ViewAggregating.summary(of:)`).
    public struct Summary: Sendable {
        /// The x range of the rows with an x (data units).
        public var x: PlotRange
        /// Each series' range of finite values; nil for one with none.
        public var values: [PlotRange?]
        /// The rows with an x.
        public var rows: Int
        /// Whether each series holds NaN values (besides NULL): its views then count them.
        public var hasNaN: [Bool]

        /// A summary of the given extents.
        public init(x: PlotRange, values: [PlotRange?], rows: Int, hasNaN: [Bool]) {
            self.x = x
            self.values = values
            self.rows = rows
            self.hasNaN = hasNaN
        }
    }
}
