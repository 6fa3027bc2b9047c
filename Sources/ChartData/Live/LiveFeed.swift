import ChartCore

/// Where a live chart's rows come from: its first rows, as a table to plan the chart from,
/// then every later row, parsed into the plan's columns and appended to a `LiveSeries`.
/// `LiveChart` drives it: `firstRows`, `bind`, then `feed`.
public protocol LiveFeed: AnyObject, Sendable {
    /// What messages call the input ("standard input", a path, a database's name).
    var name: String { get }
    /// The first rows: read until enough came to plan a chart from (see each feed), or the input
    /// ended. Throws `.cancelled` once `cancellation` is raised, and for input with no data rows.
    func firstRows(cancellation: CancellationFlag?) throws(DataError) -> DataTable
    /// Binds the feed to the plan's columns (of the table `firstRows` gave): `x` (nil: row
    /// numbers) and `series`; returns the first rows as `LiveRows`. Throws when the input cannot
    /// be followed so (a database's x column that is not numbers).
    func bind(x: Int?, series: [Int], table: DataTable) throws(DataError) -> LiveRows
    /// Appends every later row to `series` until the input ends, then finishes it: normally
    /// (`LiveSeries.finish(message:)` with nil, the window says the input ended) or with the
    /// failure. On the calling thread.
    func feed(_ series: LiveSeries)
    /// Whether rows may be charted against their numbers, in their order of arrival, when the
    /// plan's x neither is a date nor increases along the first rows (text: a strip chart);
    /// false where rows are read by their x (a database).
    var chartsByRowNumber: Bool { get }
    /// What the chart's note adds of the rows read so far (lines skipped, cells not numbers).
    var note: String? { get }
    /// Lines of the input skipped so far as rows that do not fit (what `--strict` refuses).
    var skippedLines: Int { get }
}

extension LiveFeed {
    /// None: a feed whose rows always fit (a database's).
    public var skippedLines: Int { 0 }
}
