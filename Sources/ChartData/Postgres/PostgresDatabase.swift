import ChartCore
import CPostgres
import Foundation
import Synchronization

/// A PostgreSQL database read through libpq, read-only: every query runs inside
/// `BEGIN TRANSACTION READ ONLY` … `ROLLBACK` on a session whose default is read-only, so a
/// statement that would write (`INSERT`, `UPDATE`, DDL, `nextval()`) is refused by the server
/// (`DataError.notReadOnly`), whatever the role may do. Owns its connection (and reconnects when
/// the server went away).
///
/// The connection string is libpq's: a URL (`postgresql://user@host:5432/db?sslmode=require`,
/// `postgres://…`) or `key=value` pairs (`host=/var/run/postgresql dbname=db`); libpq adds the
/// PG* environment variables (`PGHOST`, `PGUSER`, `PGPASSWORD`…) and the password file
/// (`~/.pgpass`), and uses TLS as `sslmode` says (default `prefer`: when the server offers it).
/// The session is set up once connected: `default_transaction_read_only` on,
/// `statement_timeout` from `timeLimit`, `TimeZone` UTC (chartview shows dates in UTC, so that
/// `date_trunc('day', …)` cuts where the axis does), `DateStyle` ISO and `extra_float_digits` 3
/// (floats as text read back exactly), standard-conforming strings, and `application_name`
/// `chartview` unless the connection string or `PGAPPNAME` names one.
///
/// Every operation (connecting, a query, a stream, the watch) is bounded by `timeLimit`: the
/// server's `statement_timeout` per statement, and the client's deadline over all of it (a
/// cancel request when it passes). `interrupt()`, from another thread, stops the running one.
/// One operation runs at a time (the charts of one spec share the connection).
public final class PostgresDatabase {
    /// What errors and titles call the server: `postgresql://user@host:port/dbname` (host: the
    /// socket's folder or the host name), never a password.
    public private(set) var name: String
    /// How long one operation may run, in seconds, before it stops with an error (`--timeout`).
    public let timeLimit: Double
    /// The most memory, in bytes, that the rows of one `table` or `rows` result may take as they
    /// are collected (8 bytes a value, plus the bytes of each text): past it the query stops with
    /// `DataError.resultTooLarge`. Rows arrive one at a time (libpq's single-row mode), so libpq
    /// never holds more than one.
    public var memoryBudget: Int
    /// A query whose first row changes when the data does (`SELECT max(updated_at) FROM t`,
    /// `--watch-query`): `dataVersion()` hashes it. nil: the server is not polled.
    public var watchQuery: String?

    private let connectionString: String
    /// Whether libpq may be given the taken `PGPASSWORD` (`StoredCredentials`).
    private let storedCredentials: Bool
    private var connection: PostgresConnection?
    private var cancelRequest: PostgresCancelRequest?
    private let control = PostgresQueryControl()
    /// Statements (as sent, `$1`… in place) that `checkReads` passed on this connection: each
    /// is planned once, until a reconnection or a change the watch query sees.
    private var approved: Set<String> = []
    private let operationLock = NSLock()
    private var lastVersion: Int64 = 0

    /// How long a server may take to answer a cancel request (or a `ROLLBACK`) before the
    /// connection is given up, in seconds.
    static let graceSeconds = 5.0
    /// Rows a `FETCH` of `streamNumbers` asks for.
    static let fetchRows = 20_000

    /// Whether `text` names a PostgreSQL server: it starts with `postgresql://` or `postgres://`.
    public static func isConnectionURL(_ text: String) -> Bool { PostgresConnectionString.isURL(text) }

    /// `message` without any password that `texts` (command-line arguments, say) write as libpq
    /// reads one: in a URL or in `key=value` pairs (a connection string given where a file was
    /// expected is named as that file). The last redaction before a message is printed.
    /// O(length × texts).
    public static func redactingPasswords(_ message: String, writtenIn texts: [String]) -> String {
        let secrets = texts.filter { PostgresConnectionString.isURL($0) || $0.lowercased().contains("password") }
            .flatMap(PostgresConnectionString.passwords(in:))
        return StoredCredentials.redacting(message, more: secrets)
    }

    /// Connects within `timeLimit` seconds and sets the session up (see the type's comment).
    /// Throws `DataError.server` ("cannot connect") naming the server and what went wrong (the
    /// server's words: "password authentication failed for user …"), never a password.
    /// `storedCredentials`: whether a `PGPASSWORD` taken from the environment
    /// (`StoredCredentials.takeFromEnvironment()`) is sent when the string writes no password.
    public init(
        connectionString: String, timeLimit: Double = 60,
        memoryBudget: Int = DatabaseOptions.defaultMemoryBudget, storedCredentials: Bool = true
    ) throws(DataError) {
        self.connectionString = connectionString
        self.storedCredentials = storedCredentials
        self.timeLimit = timeLimit
        self.memoryBudget = memoryBudget
        name = PostgresConnectionString.displayName(connectionString)
        var operation = Operation(seconds: timeLimit, cancellation: nil)
        try connect(&operation)
    }

    // MARK: - Queries

    /// Runs one read-only statement into a table: a column per result column, typed by its
    /// type (`PostgresType`): numbers (numeric to the nearest Double, NaN numeric missing),
    /// booleans as 0 and 1, dates and timestamps as dates (seconds since 1970 UTC), text types
    /// as `ColumnTyping` reads text (dates, numbers, else text), other types as text. NULL is a
    /// missing value. Named parameters (`:period`) take `parameters`' values, as text the server
    /// types. O(rows × columns).
    /// Raising `cancellation` from another thread stops the query (a cancel request) with
    /// `DataError.cancelled`, as `interrupt()` does.
    public func table(
        _ sql: String, parameters: [String: String] = [:],
        cancellation: CancellationFlag? = nil
    ) throws(DataError) -> DataTable {
        try operation(seconds: timeLimit, cancellation: cancellation) { (operation) throws(DataError) -> DataTable in
            var readers: [PostgresColumnReader] = []
            var names: [String] = []
            var used = 0
            let budget = memoryBudget
            try query(sql, parameters: parameters, &operation) { (result) throws(DataError) in
                if names.isEmpty && readers.isEmpty {
                    names = (0..<result.columnCount).map(result.columnName)
                    readers = (0..<result.columnCount).map { PostgresColumnReader(oid: result.type($0)) }
                }
                for row in 0..<result.rowCount {
                    for c in readers.indices {
                        used += 8 + (readers[c].type.isText ? result.bytes(row, c).count : 0)
                        readers[c].read(result, row: row, column: c)
                    }
                    if used > budget { throw DataError.resultTooLarge(path: name, budget: budget) }
                }
            }
            return DataTable(columns: names.indices.map { readers[$0].finish(name: names[$0]) })
        }
    }

    /// Runs one read-only statement and returns every row: integers (and booleans, and whole
    /// numerics) as integers, reals as reals, NULL (and NaN) as NULL, everything else (dates
    /// too) as its text. For period lists. O(rows × columns).
    public func rows(_ sql: String, parameters: [String: String] = [:]) throws(DataError) -> [[SQLValue]] {
        try operation(seconds: timeLimit, cancellation: nil) { (operation) throws(DataError) -> [[SQLValue]] in
            try collectRows(sql, parameters: parameters, &operation)
        }
    }

    /// The tables, views, materialized views and foreign tables a query can name without a
    /// schema (those of the schemas in `search_path`, not the system's), by name. O(catalog).
    public func tableNames() throws(DataError) -> [String] {
        try rows(
            """
            SELECT DISTINCT c.relname FROM pg_catalog.pg_class c
            JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
            WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f') AND n.nspname = ANY (pg_catalog.current_schemas(false))
            ORDER BY 1
            """
        )
        .compactMap { row -> String? in if case .text(let t)? = row.first { t } else { nil } }
    }

    /// Runs a query whose result columns are all numbers (cast them to float8; int2, int4,
    /// int8, float4, oid and bool are read too), with `$1`…`$n` bound to `parameters` (as float8,
    /// in binary), and calls `row` with each row's values (NaN for NULL), in order, without
    /// building a table: the query runs as a cursor, fetched in binary chunks of `fetchRows`
    /// rows, the next chunk asked for while one is read. `row` returning false stops early: the
    /// cursor is closed with the transaction, and the connection serves the next query.
    /// Bounded by `timeLimit` and `interrupt()` like a query. O(rows × columns), constant memory.
    public func streamNumbers(
        _ sql: String, parameters: [Double] = [],
        row: (UnsafeBufferPointer<Double>) throws(DataError) -> Bool
    ) throws(DataError) {
        try operation(seconds: timeLimit, cancellation: nil) { (operation) throws(DataError) in
            let statement = PostgresStatement(sql)
            guard !statement.hasSeveralStatements else {
                throw DataError.query(path: name, message: "give one statement, not several")
            }
            try checkReads(sql, as: sql, firstWord: statement.firstWord, parameters: parameters.map { .float8($0) }, &operation)
            try command("SET LOCAL cursor_tuple_fraction = 1", &operation)
            try send("DECLARE chartview_numbers NO SCROLL CURSOR FOR " + sql, parameters: parameters.map { .float8($0) }, binaryResults: false)
            while let result = try nextResult(&operation) {
                guard result.status == PGRES_COMMAND_OK else { throw failure(result, sql: sql, &operation) }
            }
            let fetch = "FETCH FORWARD \(Self.fetchRows) FROM chartview_numbers"
            try send(fetch, parameters: [], binaryResults: true)
            var values: [Double] = []
            var decoders: [PostgresType.BinaryNumber] = []
            while true {
                guard let chunk = try nextResult(&operation) else { break }
                while let extra = try nextResult(&operation) {
                    guard extra.status == PGRES_TUPLES_OK else { throw failure(extra, sql: sql, &operation) }
                }
                guard chunk.status == PGRES_TUPLES_OK else { throw failure(chunk, sql: sql, &operation) }
                if decoders.isEmpty && chunk.columnCount > 0 {
                    for c in 0..<chunk.columnCount {
                        guard let decoder = PostgresType.BinaryNumber(oid: chunk.type(c)) else {
                            throw DataError.query(path: name, message: "column \(c + 1) ('\(chunk.columnName(c))') is not a number; cast it with ::float8")
                        }
                        decoders.append(decoder)
                    }
                    values = Array(repeating: .nan, count: decoders.count)
                }
                let rows = chunk.rowCount
                // The next chunk is on its way while this one is read.
                let more = rows == Self.fetchRows
                if more { try send(fetch, parameters: [], binaryResults: true) }
                var going = true
                try values.withUnsafeMutableBufferPointer { (buffer) throws(DataError) in
                    for r in 0..<rows {
                        for c in 0..<buffer.count {
                            buffer[c] = chunk.isNull(r, c) ? .nan : decoders[c].read(chunk.start(r, c))
                        }
                        guard try row(UnsafeBufferPointer(buffer)) else { going = false; break }
                        if r & 1023 == 1023 { try checkStop(&operation) }
                    }
                }
                if !going {
                    // The chunk asked for ahead: read and dropped (the transaction's end closes the cursor).
                    if more { while try nextResult(&operation) != nil {} }
                    return
                }
                if !more { break }
            }
            if operation.stop != nil { throw stopError(operation) }
        }
    }

    /// Stops the running operation from another thread (a cancel request to the server; it
    /// then fails as cancelled); one that starts later is not stopped.
    public func interrupt() { control.interrupt() }

    /// The deadline the operations of `withinOneTimeLimit(_:)`'s body share (monotonic
    /// nanoseconds); nil outside it.
    private let sharedDeadline = Mutex<UInt64?>(nil)

    /// Runs `body` with its operations ending by one deadline, `timeLimit` from now (a chart's
    /// sample, count and rows: three statements took three times `--timeout`). Nested calls
    /// keep the outer deadline.
    public func withinOneTimeLimit<T>(_ body: () throws(DataError) -> T) throws(DataError) -> T {
        let deadline = QueryDeadline.now() + UInt64(max(0.001, min(timeLimit, 1e6)) * 1e9)
        let outer = sharedDeadline.withLock { shared in
            defer { if shared == nil { shared = deadline } }
            return shared == nil
        }
        guard outer else { return try body() }
        defer { sharedDeadline.withLock { $0 = nil } }
        return try body()
    }

    /// 0 unless `watchQuery` is set: then a hash of its first row's values, which changes when
    /// they do (for live reload). The last version read when the query fails, or while another
    /// operation runs (the window polls on its own thread and must not wait for a load).
    public func dataVersion() -> Int64 {
        guard let watchQuery else { return 0 }
        guard operationLock.try() else { return lastVersion }
        defer { operationLock.unlock() }
        guard
            let rows = try? lockedOperation(
                seconds: timeLimit, cancellation: nil,
                { (operation) throws(DataError) in
                    try collectRows(watchQuery, parameters: [:], &operation)
                })
        else { return lastVersion }
        // FNV-1a over the first row's values, each tagged by its kind.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for value in rows.first ?? [] {
            let text: String
            switch value {
            case .null: text = "\u{0}n"
            case .integer(let v): text = "i\(v)"
            case .real(let v): text = "r\(v.bitPattern)"
            case .text(let t): text = "t" + t
            case .blob(let n): text = "b\(n)"
            }
            for byte in text.utf8 + [0x1F] {
                hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
            }
        }
        // What changed may be a view or a function a query reaches: check every query again.
        if Int64(bitPattern: hash) != lastVersion { approved.removeAll() }
        lastVersion = Int64(bitPattern: hash)
        return lastVersion
    }

    // MARK: - Operations

    /// One operation's bounds: its deadline, and what stopped it.
    private struct Operation {
        enum Stop { case cancelled, timedOut }
        let seconds: Double
        /// Monotonic nanoseconds.
        var deadline: UInt64
        let cancellation: CancellationFlag?
        /// Why a cancel request was sent, and when (monotonic nanoseconds).
        var stop: Stop?
        var stoppedAt: UInt64 = 0
        /// Results taken, to look at the clock and the flags every so many.
        var results = 0

        init(seconds: Double, cancellation: CancellationFlag?) {
            self.seconds = seconds
            deadline = QueryDeadline.now() + UInt64(max(0.001, min(seconds, 1e6)) * 1e9)
            self.cancellation = cancellation
        }
    }

    /// Runs `body` inside a read-only transaction, within `seconds`, one operation at a time;
    /// reconnects first when the connection was lost. The transaction is rolled back whatever
    /// happens, a command still running stopped first.
    private func operation<T>(
        seconds: Double, cancellation: CancellationFlag?,
        _ body: (inout Operation) throws(DataError) -> T
    ) throws(DataError) -> T {
        operationLock.lock()
        defer { operationLock.unlock() }
        return try lockedOperation(seconds: seconds, cancellation: cancellation, body)
    }

    /// `operation` with the lock held.
    private func lockedOperation<T>(
        seconds: Double, cancellation: CancellationFlag?,
        _ body: (inout Operation) throws(DataError) -> T
    ) throws(DataError) -> T {
        var operation = Operation(seconds: seconds, cancellation: cancellation)
        if let shared = sharedDeadline.withLock({ $0 }), seconds == timeLimit { operation.deadline = min(operation.deadline, shared) }
        if cancellation?.isCancelled == true { throw .cancelled(path: name) }
        if connection.map({ PQstatus($0.handle) != CONNECTION_OK }) ?? true {
            drop()
            try connect(&operation)
        }
        control.begin(request: cancelRequest)
        let outcome: Result<T, DataError>
        do {
            try beginTransaction(&operation)
            outcome = .success(try body(&operation))
        } catch {
            outcome = .failure(error)
        }
        finish()
        return try outcome.get()
    }

    /// Starts the operation's read-only transaction. A connection found lost there (the server
    /// restarted, an administrator ended the session) is made again, once.
    private func beginTransaction(_ operation: inout Operation) throws(DataError) {
        do {
            try command("BEGIN TRANSACTION READ ONLY", &operation)
        } catch {
            guard connection == nil, case .server(_, _, _, true) = error else { throw error }
            try connect(&operation)
            control.begin(request: cancelRequest)
            try command("BEGIN TRANSACTION READ ONLY", &operation)
        }
    }

    /// Connects and sets the session up, within the operation's time.
    private func connect(_ operation: inout Operation) throws(DataError) {
        let left = Double(operation.deadline > QueryDeadline.now() ? operation.deadline - QueryDeadline.now() : 0) / 1e9
        let fresh = try PostgresConnection.open(connectionString, seconds: left, storedCredentials: storedCredentials)
        // A new connection may be to another server (a connection string may name several).
        approved.removeAll()
        name = fresh.name
        connection = fresh
        cancelRequest = PostgresCancelRequest(fresh)
        let milliseconds = max(1, Int((min(timeLimit, 86_400) * 1000).rounded(.up)))
        do {
            try command(
                """
                SET default_transaction_read_only = on; SET statement_timeout = \(milliseconds); SET TimeZone = 'UTC';
                SET DateStyle = 'ISO, YMD'; SET extra_float_digits = 3; SET standard_conforming_strings = on
                """, &operation)
        } catch {
            drop()
            throw error
        }
    }

    /// Closes the connection (the next operation connects again).
    private func drop() {
        connection = nil
        cancelRequest = nil
    }

    /// Ends an operation: a command still running is cancelled and its results read (or the
    /// connection given up after `graceSeconds`), then the transaction rolled back.
    private func finish() {
        if let connection, PQtransactionStatus(connection.handle) == PQTRANS_ACTIVE {
            control.cancel()
            var drain = Operation(seconds: Self.graceSeconds, cancellation: nil)
            drain.stop = .cancelled
            drain.stoppedAt = QueryDeadline.now()
            do {
                while try nextResult(&drain) != nil {}
            } catch {
                drop()
            }
        }
        control.end()
        for _ in 0..<3 {
            guard let connection else { return }
            switch PQtransactionStatus(connection.handle) {
            case PQTRANS_IDLE:
                return
            case PQTRANS_INTRANS, PQTRANS_INERROR:
                var rollback = Operation(seconds: Self.graceSeconds, cancellation: nil)
                try? command("ROLLBACK", &rollback)
            default:
                drop()
                return
            }
        }
        drop()
    }

    /// A parameter of `send`: text the server types, or a float8 in binary.
    private enum Parameter {
        case text(String)
        case float8(Double)
    }

    /// Sends one statement with `parameters` (the extended protocol: one statement only), its
    /// results in text or binary.
    private func send(_ sql: String, parameters: [Parameter], binaryResults: Bool) throws(DataError) {
        guard let connection else { throw lostConnection(nil) }
        var types: [Oid] = [], lengths: [Int32] = [], formats: [Int32] = []
        var buffers: [UnsafeMutablePointer<CChar>?] = []
        defer { buffers.forEach { free($0) } }
        for parameter in parameters {
            switch parameter {
            case .text(let text):
                types.append(0)
                buffers.append(strdup(text))
                lengths.append(0)
                formats.append(0)
            case .float8(let value):
                guard let buffer = malloc(8) else { throw DataError.outOfMemory(path: name) }
                buffer.storeBytes(of: value.bitPattern.bigEndian, as: UInt64.self)
                types.append(PostgresType.float8)
                buffers.append(buffer.assumingMemoryBound(to: CChar.self))
                lengths.append(8)
                formats.append(1)
            }
        }
        let values = buffers.map { UnsafePointer($0) }
        let sent = PQsendQueryParams(connection.handle, sql, Int32(parameters.count), types, values, lengths, formats, binaryResults ? 1 : 0)
        guard sent == 1 else { throw lostConnection(connection) }
    }

    /// Runs internal SQL (`BEGIN`, `SET`, `ROLLBACK`; several statements allowed) to its end.
    private func command(_ sql: String, _ operation: inout Operation) throws(DataError) {
        guard let connection else { throw lostConnection(nil) }
        guard PQsendQuery(connection.handle, sql) == 1 else { throw lostConnection(connection) }
        while let result = try nextResult(&operation) {
            guard result.status == PGRES_COMMAND_OK || result.status == PGRES_TUPLES_OK else {
                throw failure(result, sql: sql, &operation)
            }
        }
    }

    /// Runs a user's statement: named parameters bound, rows one at a time (single-row mode)
    /// to `rows` (also called once with no rows for a result without any, for its columns).
    private func query(
        _ sql: String, parameters: [String: String], _ operation: inout Operation,
        rows: (PostgresResult) throws(DataError) -> Void
    ) throws(DataError) {
        let statement = PostgresStatement(sql)
        guard !statement.hasSeveralStatements else { throw DataError.query(path: name, message: "give one statement, not several") }
        var values: [Parameter] = []
        for parameter in statement.names {
            guard let value = parameters[parameter] else {
                throw DataError.query(path: name, message: "the query needs a value for :\(parameter)")
            }
            values.append(.text(value))
        }
        try checkReads(statement.text, as: sql, firstWord: statement.firstWord, parameters: values, &operation)
        try send(statement.text, parameters: values, binaryResults: false)
        if let connection { PQsetSingleRowMode(connection.handle) }
        while let result = try nextResult(&operation) {
            switch result.status {
            case PGRES_SINGLE_TUPLE, PGRES_TUPLES_OK: try rows(result)
            case PGRES_COMMAND_OK: break
            case PGRES_EMPTY_QUERY: throw DataError.query(path: name, message: "the query is empty")
            case PGRES_COPY_OUT, PGRES_COPY_IN, PGRES_COPY_BOTH:
                // A COPY holds the connection until its data is read: the connection is given up.
                drop()
                throw DataError.query(path: name, message: "COPY gives no rows to chart; use SELECT")
            default: throw failure(result, sql: sql, &operation)
            }
        }
        if operation.stop != nil { throw stopError(operation) }
    }

    /// Refuses a statement unless it only reads, as `PostgresQueryCheck` decides: its first
    /// word, then its plan (`EXPLAIN`, which runs nothing) and the volatility of every function
    /// the names in the plan and the statement reach (`PostgresQueryCheck.reachLookup`). `sql`
    /// is sent as is, with `parameters`; a statement that passed once is not planned again on
    /// this connection until the watch query's answer changes. Four or five round trips the
    /// first time (JIT off, the statement's names, EXPLAIN, the plan's names when they differ,
    /// JIT restored; one more when refused); none after.
    private func checkReads(
        _ sql: String, as written: String, firstWord: String, parameters: [Parameter], _ operation: inout Operation
    ) throws(DataError) {
        let key = Self.approvalKey(sql)
        guard !approved.contains(key) else { return }
        let shown = written.trimmingCharacters(in: .whitespacesAndNewlines)
        if shown.isEmpty { throw DataError.query(path: name, message: "the query is empty") }
        if firstWord == "COPY" { throw DataError.query(path: name, message: "COPY gives no rows to chart; use SELECT") }
        guard PostgresQueryCheck.readingWords.contains(firstWord) else { throw DataError.notReadOnly(path: name, sql: shown) }
        // A Unicode-escaped identifier (U&"…") could hide a name from chartview's reading: refused.
        if sql.range(of: "U&\"", options: .caseInsensitive) != nil {
            throw DataError.query(path: name, message: "write names without Unicode escapes (U&\"…\"); chartview must read every function a query calls")
        }
        /// Refuses the query when `names` reach a function that may act (`reachLookup`).
        func refuseReaching(_ names: PostgresQueryNames) throws(DataError) {
            let lookup: [Parameter] = [
                names.functions, names.operators, names.identifiers,
                Array(PostgresQueryCheck.harmlessVolatile), Array(PostgresQueryCheck.runningSQL),
                Array(PostgresQueryCheck.runningTypeCode)
            ].map { .text(PostgresQueryCheck.arrayLiteral($0)) }
            func reached(paths: Bool) throws(DataError) -> [(function: String, via: String)] {
                try send(PostgresQueryCheck.reachLookup(paths: paths), parameters: lookup, binaryResults: false)
                var rows: [(function: String, via: String)] = []
                while let result = try nextResult(&operation) {
                    guard result.status == PGRES_TUPLES_OK else { throw failure(result, sql: sql, &operation) }
                    for row in 0..<result.rowCount {
                        let function = result.text(row, 0)
                        rows.append((function, paths ? result.text(row, 1) : function))
                    }
                }
                return rows
            }
            // Without the paths first (fewer rows to carry); with them to say why, when refused.
            if !(try reached(paths: false)).isEmpty, let refusal = PostgresQueryCheck.refusal(reached: try reached(paths: true)) {
                throw DataError.query(path: name, message: refusal)
            }
        }
        try command(PostgresQueryCheck.jitOff, &operation)
        // The statement's own names first: parsing it for EXPLAIN already runs code, the input
        // function of a type a literal is cast to (a domain's constraints: '{1}'::my_domain[]).
        // They also count because EXPLAIN prints neither LIMIT and OFFSET counts, window frame
        // offsets nor a VALUES list's rows. Every word counts, in strings and comments too: a
        // quote character chartview's lexer and the server's read apart hides nothing.
        var written = PostgresQueryNames(expression: sql)
        written.read(everyWordIn: sql)
        try refuseReaching(written)
        try send("EXPLAIN (VERBOSE, FORMAT JSON) " + sql, parameters: parameters, binaryResults: false)
        var plan = ""
        while let result = try nextResult(&operation) {
            guard result.status == PGRES_TUPLES_OK else { throw failure(result, sql: sql, &operation) }
            for row in 0..<result.rowCount { plan += result.text(row, 0) }
        }
        guard let summary = PostgresQueryCheck.planSummary(plan) else {
            throw DataError.query(path: name, message: "the server gave no plan for the query, so it cannot be checked")
        }
        if summary.writes { throw DataError.notReadOnly(path: name, sql: shown) }
        if summary.foreign {
            throw DataError.query(
                path: name,
                message:
                    "the query reads a foreign table, whose wrapper may run a program or a query on another server that chartview cannot check; chartview reads only tables and views of this server"
            )
        }
        // Then the plan's: views and inlined SQL functions expanded, as the server runs them.
        if summary.names != written { try refuseReaching(summary.names) }
        try command(PostgresQueryCheck.jitRestored, &operation)
        approved.insert(key)
    }

    /// Every row of a user's statement as values (`rows`, the watch).
    private func collectRows(_ sql: String, parameters: [String: String], _ operation: inout Operation) throws(DataError) -> [[SQLValue]] {
        var collected: [[SQLValue]] = []
        var types: [PostgresType] = []
        var used = 0
        let budget = memoryBudget
        try query(sql, parameters: parameters, &operation) { (result) throws(DataError) in
            if types.isEmpty { types = (0..<result.columnCount).map { PostgresType(oid: result.type($0)) } }
            for row in 0..<result.rowCount {
                collected.append(
                    types.indices.map { c in
                        if result.isNull(row, c) { return .null }
                        let cell = result.bytes(row, c)
                        used += 8 + (types[c].isText ? cell.count : 0)
                        return types[c].value(cell)
                    })
                if used > budget { throw DataError.resultTooLarge(path: name, budget: budget) }
            }
        }
        return collected
    }

    /// The next result of the command being run; nil once it is done. Waits on the socket in
    /// slices of 20 ms, sending a cancel request when the operation is interrupted, its flag
    /// raised or its time up, and giving the connection up when the server does not answer one
    /// within `graceSeconds`.
    private func nextResult(_ operation: inout Operation) throws(DataError) -> PostgresResult? {
        guard let connection else { throw lostConnection(nil) }
        operation.results &+= 1
        if operation.results & 255 == 0 { try checkStop(&operation) }
        while PQisBusy(connection.handle) != 0 {
            try checkStop(&operation)
            _ = connection.waitForSocket(milliseconds: 20)
            guard PQconsumeInput(connection.handle) != 0 else { throw lostConnection(connection) }
        }
        return PQgetResult(connection.handle).map(PostgresResult.init)
    }

    /// Sends the cancel request once the operation should stop; gives the connection up when the
    /// server did not stop within `graceSeconds` of it.
    private func checkStop(_ operation: inout Operation) throws(DataError) {
        let now = QueryDeadline.now()
        if operation.stop == nil {
            if control.wasInterrupted || (operation.cancellation?.isCancelled == true) {
                operation.stop = .cancelled
            } else if now >= operation.deadline {
                operation.stop = .timedOut
            }
            if operation.stop != nil {
                operation.stoppedAt = now
                control.cancel()
            }
        } else if now > operation.stoppedAt + UInt64(Self.graceSeconds * 1e9) {
            drop()
            throw stopError(operation)
        }
    }

    /// What a stopped operation throws.
    private func stopError(_ operation: Operation) -> DataError {
        operation.stop == .timedOut ? DataError.timedOut(path: name, seconds: operation.seconds) : .cancelled(path: name)
    }

    /// The error of a failed result: a stop (cancel request or `statement_timeout`) as
    /// cancelled or out of time, a lost connection given up, else the server's words. The
    /// command's remaining results (none but its end, after an error) are read first.
    private func failure(_ result: PostgresResult, sql: String, _ operation: inout Operation) -> DataError {
        do {
            while try nextResult(&operation) != nil {}
        } catch {
            return error
        }
        if result.sqlState == PostgresFailure.queryCanceled {
            let cancelled = operation.stop == .cancelled || control.wasInterrupted || (operation.cancellation?.isCancelled == true)
            return cancelled ? .cancelled(path: name) : DataError.timedOut(path: name, seconds: operation.seconds)
        }
        let lost = connection.map { PQstatus($0.handle) != CONNECTION_OK } ?? true
        let error = PostgresFailure.statementError(result, name: name, sql: sql, secrets: connection?.secrets ?? [], connectionLost: lost)
        if lost { drop() }
        return error
    }

    /// The connection failed under a command (libpq's words): it is given up.
    private func lostConnection(_ connection: PostgresConnection?) -> DataError {
        let message = connection.map { PostgresFailure.connectionMessage(String(cString: PQerrorMessage($0.handle)), secrets: $0.secrets) }
        drop()
        return .server(name: name, what: "lost the connection", message: message ?? "the connection was closed", unreachable: true)
    }
}

extension PostgresDatabase: NumberStreaming {
    /// PostgreSQL's date and time types are read as seconds (`numberExpression`).
    public var readsEveryDateAsSeconds: Bool { true }

    /// A date or time as seconds since 1970 (UTC, the session's time zone); any other column
    /// as double precision.
    public func numberExpression(_ column: String, isDate: Bool) -> String {
        isDate ? "extract(epoch from \(column))::float8" : "(\(column))::float8"
    }

    /// Seconds since 1970 as a timestamp for a date or time column; else a double.
    public func parameter(_ index: Int, isDate: Bool) -> String {
        isDate ? "to_timestamp($\(index)::float8)" : "$\(index)::float8"
    }
}
