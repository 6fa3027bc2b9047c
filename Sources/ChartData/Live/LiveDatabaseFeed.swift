import ChartCore
import Foundation

/// A database's table or query followed as it gains rows, as a `LiveFeed`: planned from its
/// rows now, then polled, reading only the rows not read before, in x order
/// (`SELECT x, y… FROM (query) WHERE x >= last ORDER BY x`; ties at the last x as
/// `NewRowCursor` says), through the database's `NumberStreaming`.
///
/// - The chart is planned from the query's first `sampleRows` rows (waited for while the
///   query returns none, unless the feed stops at the end).
/// - x must be the plan's x column, read as numbers: numbers, or dates the engine reads as
///   seconds since 1970 (PostgreSQL's date and time types; in SQLite, dates stored as numbers,
///   not as text). Anything else is refused in one line naming the database and the column.
/// - Polling: every `pollInterval` seconds the database's `dataVersion()` is read (SQLite's
///   `PRAGMA data_version` or the file's signature); the new rows are read when it changed, or
///   on every poll when it cannot tell (0: a server without a watch query, a file busy now).
/// - A database busy with a writer for the whole time limit is polled again, not a failure;
///   any other failure once the chart exists finishes the `LiveSeries` with its one line.
///
/// The database is only read (as every `ChartDatabase` is opened); used by one thread at a
/// time: the planning thread, then the feeding one.
public final class LiveDatabaseFeed: LiveFeed, @unchecked Sendable {
    public let name: String
    private let database: any ChartDatabase
    private let streaming: any NumberStreaming
    /// The user's query, read as a subquery.
    private let query: String
    /// Seconds between two polls.
    public let pollInterval: Double
    private let stopsAtEnd: Bool
    private let stopped = CancellationFlag()
    private var cursor = NewRowCursor()
    /// The reads: the first (every row with an x, in the engine's quickest x order) and the
    /// later ones (from the last x read).
    private var firstRead = "", laterRead = ""
    private var seriesCount = 0
    /// Whether the first rows (`bind`) were all the query held then.
    private var readToEnd = false

    /// The rows the chart is planned from, at most.
    public static let sampleRows = 10_000
    /// The rows read before the chart is shown (`bind`), at most; the rest are fed after.
    public static let firstReadRows = 200_000
    /// Seconds between two polls of a database file: `PRAGMA data_version` is cheap.
    public static let filePollInterval = 0.1
    /// Seconds between two polls of a server: each one runs the read (no version to ask).
    public static let serverPollInterval = 0.3
    /// The rows appended to the series at once, at most.
    static let batchRows = 8_192

    /// A feed of `query`'s rows in `database`, polled every `pollInterval` seconds; with
    /// `stopsAtEnd`, what the query holds now is read once (a chart rendered to a file). Throws
    /// for a database that cannot stream numbers (a server's chart names it).
    public init(database: any ChartDatabase, query: String, pollInterval: Double, stopsAtEnd: Bool) throws(DataError) {
        guard let streaming = database.numberStreaming else {
            throw .unusable(path: database.name, message: "cannot be followed: its rows cannot be read as numbers")
        }
        name = database.name
        self.database = database
        self.streaming = streaming
        self.query = query
        self.pollInterval = pollInterval
        self.stopsAtEnd = stopsAtEnd
    }

    /// Ends `feed(_:)` within a poll (a read under way is interrupted). From any thread.
    public func stop() {
        stopped.cancel()
        streaming.interrupt()
    }

    public func firstRows(cancellation: CancellationFlag?) throws(DataError) -> DataTable {
        while true {
            let table = try database.table(
                "SELECT * FROM (\(query)) AS chartview_rows LIMIT \(Self.sampleRows)", parameters: [:], cancellation: cancellation)
            if table.rowCount > 0 { return table }
            if stopsAtEnd { throw .unusable(path: name, message: "the query returned no rows") }
            guard wait(cancellation: cancellation) else { throw .cancelled(path: name) }
        }
    }

    public func bind(x: Int?, series: [Int], table: DataTable) throws(DataError) -> LiveRows {
        guard let x else {
            throw .unusable(path: name, message: "a database is followed by an x column of numbers or dates; name one as the chart's x")
        }
        let column = table.columns[x]
        let quotedX = BigTable.quoted(column.name)
        guard column.numbers != nil else {
            throw .unusable(path: name, message: "column '\(column.name)' is text: a database is followed by an x column of numbers or dates")
        }
        // SQLite compares a date stored as text as text: only dates stored as numbers can be
        // read from the last one on (as a big table bounds its views).
        if column.isDate, !streaming.readsEveryDateAsSeconds {
            let first = try database.rows("SELECT \(quotedX) FROM (\(query)) AS chartview_rows WHERE \(quotedX) IS NOT NULL LIMIT 1")
            switch first.first?.first {
            case .integer?, .real?: break
            default:
                throw .unusable(
                    path: name,
                    message: "column '\(column.name)' holds dates as text: a database is followed by an x of numbers (dates as seconds since 1970)")
            }
        }
        let list =
            ([streaming.numberExpression(quotedX, isDate: column.isDate)]
            + series.map { streaming.numberExpression(BigTable.quoted(table.columns[$0].name), isDate: false) })
            .joined(separator: ", ")
        let rows = "SELECT \(list) FROM (\(query)) AS chartview_rows WHERE \(quotedX)"
        firstRead = rows + " IS NOT NULL" + streaming.wholeOrder(of: rows + " IS NOT NULL", by: quotedX)
        laterRead = rows + " >= \(streaming.parameter(1, isDate: column.isDate)) ORDER BY \(quotedX)"
        seriesCount = series.count
        var first = LiveRows(x: [], values: Array(repeating: [], count: seriesCount))
        readToEnd = try read(limit: Self.firstReadRows) { batch in
            first.x += batch.x
            for s in 0..<seriesCount { first.values[s] += batch.values[s] }
        }
        return first
    }

    public func feed(_ series: LiveSeries) {
        var pending = !readToEnd
        var readVersion: Int64?
        while !stopped.isCancelled {
            let version = database.dataVersion()
            if pending || version == 0 || version != readVersion {
                // The version before the read: a commit during it shows as another.
                readVersion = version
                do {
                    _ = try read(limit: nil) { series.append($0) }
                    pending = false
                } catch .busy {
                    // A writer held its lock all the time limit: asked again at the next poll.
                    pending = true
                } catch {
                    if stopped.isCancelled { break }
                    series.finish(message: error.description)
                    return
                }
            }
            if stopsAtEnd { break }
            _ = wait(cancellation: stopped)
        }
        series.finish(message: stopsAtEnd ? nil : "stopped following")
    }

    public var note: String? { nil }

    public var chartsByRowNumber: Bool { false }

    /// Reads the rows not read before, in x order, handing them to `deliver` in batches of at
    /// most `batchRows`, until the query ends or `limit` rows were taken; returns whether it
    /// ended. O(rows at x >= last).
    private func read(limit: Int?, deliver: (LiveRows) -> Void) throws(DataError) -> Bool {
        let count = seriesCount
        let empty = LiveRows(x: [], values: Array(repeating: [], count: count))
        var batch = empty
        var taken = 0
        var ended = true
        cursor.beginRead()
        try streaming.streamNumbers(cursor.last == nil ? firstRead : laterRead, parameters: cursor.last.map { [$0] } ?? [], columns: 1 + count) { row in
            let values = UnsafeBufferPointer(rebasing: row[1...])
            // No row without an x an axis holds; a value no axis holds is a missing one.
            guard row[0].isFinite, cursor.admits(x: row[0], values: values) else { return true }
            batch.x.append(row[0])
            for s in 0..<count { batch.values[s].append(values[s].isFinite ? values[s] : .nan) }
            taken += 1
            if batch.count >= Self.batchRows {
                deliver(batch)
                batch = empty
            }
            if let limit, taken >= limit {
                ended = false
                return false
            }
            return true
        }
        if batch.count > 0 { deliver(batch) }
        return ended
    }

    /// Waits one poll interval, or until `cancellation` is raised (then false). Checks every 20 ms.
    private func wait(cancellation: CancellationFlag?) -> Bool {
        let deadline = Date(timeIntervalSinceNow: pollInterval)
        while Date() < deadline {
            if cancellation?.isCancelled == true { return false }
            Thread.sleep(forTimeInterval: min(0.02, max(0, deadline.timeIntervalSinceNow)))
        }
        return cancellation?.isCancelled != true
    }
}
