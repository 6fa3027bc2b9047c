import ChartCore

/// A database that can stream a query's rows as numbers, one row at a time: what a table too
/// large to load (`BigTable`) reads through. SQLite and PostgreSQL adopt it.
public protocol NumberStreaming: AnyObject {
    /// What errors call the database: its path, or the server without its password.
    var name: String { get }

    /// Runs one read-only query whose result columns are numbers, with `$1`, `$2`, … bound to
    /// `parameters` in order (each named in that order first), handing each row's values to
    /// `row` as doubles (NaN for NULL); `row` returns false to stop early.
    func streamNumbers(
        _ sql: String, parameters: [Double],
        row: (UnsafeBufferPointer<Double>) throws(DataError) -> Bool) throws(DataError)

    /// Stops the running query from another thread (it then throws `DataError.cancelled`).
    func interrupt()

    /// The SQL that reads `column` (quoted) as a number; a date or time (`isDate`) as seconds
    /// since 1970.
    func numberExpression(_ column: String, isDate: Bool) -> String

    /// Whether `numberExpression(_:isDate:)` reads any date column as seconds, so that rows can
    /// be bounded by date (PostgreSQL's date and time types). False where a date may be stored
    /// as text the expression leaves as it is (SQLite): then only a column of numbers is.
    var readsEveryDateAsSeconds: Bool { get }

    /// The SQL for parameter `index` (1-based, a number of seconds since 1970 when `isDate`)
    /// compared with a column of that kind.
    func parameter(_ index: Int, isDate: Bool) -> String

    /// `x` as a double literal of the engine's SQL, exactly (a histogram's edges).
    func realLiteral(_ x: Double) -> String

    /// `expression` (a double) as an integer of the engine's SQL, truncated or rounded.
    func integer(_ expression: String) -> String

    /// The `ORDER BY` clause (with its leading space) that reads every row of `query` in the
    /// order of `column` (quoted) the quickest way the engine has, for one pass over them all:
    /// not necessarily the plan the engine picks for the plain clause.
    func wholeOrder(of query: String, by column: String) -> String
}

extension NumberStreaming {
    /// SQLite's: dates that are numbers already (a text date is not read this way).
    public func numberExpression(_ column: String, isDate: Bool) -> String { column }
    /// SQLite's: a date column may hold text.
    public var readsEveryDateAsSeconds: Bool { false }
    public func parameter(_ index: Int, isDate: Bool) -> String { "$\(index)" }
    /// Standard SQL's: `CAST(x AS DOUBLE PRECISION)`.
    public func realLiteral(_ x: Double) -> String { HistogramBinning.sqlReal(x) }
    /// Standard SQL's: `CAST(e AS INTEGER)`.
    public func integer(_ expression: String) -> String { HistogramBinning.sqlInteger(expression) }
    /// The plain clause: the engine's planner decides.
    public func wholeOrder(of query: String, by column: String) -> String { " ORDER BY \(column)" }

    /// `streamNumbers(_:parameters:row:)` where every row must have `columns` values: a row of
    /// another width (a server answering two columns with one) throws `DataError.query` naming
    /// both counts, before `row` could read past the values it was given.
    func streamNumbers(
        _ sql: String, parameters: [Double], columns: Int,
        row: (UnsafeBufferPointer<Double>) throws(DataError) -> Bool
    ) throws(DataError) {
        try streamNumbers(sql, parameters: parameters) { (values) throws(DataError) -> Bool in
            guard values.count == columns else { throw DataError.query(path: name, message: Self.widthMismatch(values.count, columns)) }
            return try row(values)
        }
    }

    /// What a row of `found` values where `asked` were asked for is called.
    static func widthMismatch(_ found: Int, _ asked: Int) -> String {
        "the answer has \(found) column\(found == 1 ? "" : "s") where \(asked) were asked for"
    }
}
