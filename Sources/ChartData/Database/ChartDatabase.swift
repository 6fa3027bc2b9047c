import ChartCore

/// A database a chart reads, read-only, as a `DatabaseEngine` opens it. What `ChartSource` needs
/// of one; every call is bounded by the database's time limit and throws `DataError`s naming it
/// by `name`.
public protocol ChartDatabase: AnyObject {
    /// What errors and titles call the database: a file's path, or a server's name without its
    /// password (`DatabaseEngine.shownName(_:)`).
    var name: String { get }

    /// Runs one read-only statement into a typed table (named parameters such as `:period` take
    /// `parameters`' values); a raised `cancellation` stops it with `DataError.cancelled`.
    func table(_ sql: String, parameters: [String: String], cancellation: CancellationFlag?) throws(DataError) -> DataTable

    /// Runs one read-only statement and returns every row (period lists).
    func rows(_ sql: String, parameters: [String: String]) throws(DataError) -> [[SQLValue]]

    /// The tables and views a user can chart, by name.
    func tableNames() throws(DataError) -> [String]

    /// A number that changes when the data changes, for live reload (0 when it cannot tell).
    func dataVersion() -> Int64

    /// Stops the running operation from another thread; it then fails as cancelled.
    func interrupt()

    /// The database as a `NumberStreaming` engine, which tables too large to load read
    /// through (`BigTable`) and whose SQL sums a histogram's bins; nil for an engine without.
    var numberStreaming: (any NumberStreaming)? { get }

    /// Runs `body`, whose statements (a chart's sample, count and rows) share one time limit
    /// rather than each having its own: a chart load is bounded by `--timeout` as a whole.
    /// The default runs `body` as it is (an engine whose statements are bounded otherwise).
    func withinOneTimeLimit<T>(_ body: () throws(DataError) -> T) throws(DataError) -> T
}

extension ChartDatabase {
    /// Runs `body` as it is.
    public func withinOneTimeLimit<T>(_ body: () throws(DataError) -> T) throws(DataError) -> T { try body() }

    /// `table(_:parameters:cancellation:)` with no parameters and no flag.
    public func table(_ sql: String) throws(DataError) -> DataTable { try table(sql, parameters: [:], cancellation: nil) }

    /// `rows(_:parameters:)` with no parameters.
    public func rows(_ sql: String) throws(DataError) -> [[SQLValue]] { try rows(sql, parameters: [:]) }
}
