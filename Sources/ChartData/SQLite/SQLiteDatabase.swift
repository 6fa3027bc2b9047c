import ChartCore
import CSQLite
import Foundation

/// A SQLite database opened read-only: chartview never creates, locks for writing or changes
/// a user's file, and leaves no file beside it. Owns the `sqlite3` handle and closes it.
///
/// The file is treated as untrusted: defensive mode on, triggers and views may not call
/// functions with side effects (`trusted_schema` off), and extensions cannot be loaded.
///
/// How the file is read follows its journal mode (bytes 18 and 19 of its header) and the files
/// beside it, so that no `-wal`, `-shm` or `-journal` file appears or stays because of chartview,
/// whatever other processes do:
/// - rollback journal: in place, read-only (`mode=ro`); SQLite takes a shared lock per read and
///   never creates a file beside it (a hot journal is an error saying so);
/// - WAL with no `-wal` beside it (no connection has it open): in place with `immutable=1`, which
///   creates no `-wal` or `-shm`; a change to the file (its size or time) reopens the connection,
///   and a query the file changed under runs again;
/// - WAL with a `-wal` (a writer has it open, or it was copied with its log): through a private
///   copy (`SQLiteSnapshot`): any connection on the user's file would create a `-shm` when there
///   is none, and its lock would keep the last writer from removing `-wal` and `-shm` when it
///   closes, which a read-only connection cannot do after it. A change reopens it, a new copy.
///
/// Every operation (opening, a query, the watch's poll, a copy, a `.sql` script) is bounded by
/// `timeLimit` through one `QueryDeadline`: the statement's work, and the waits for another
/// process's lock (SQLITE_BUSY and SQLITE_LOCKED are waited on and retried while time is left,
/// then reported as busy, never as a bad file). `interrupt()` stops it from another thread.
public final class SQLiteDatabase {
    /// The database file's path, as given.
    public let path: String
    private var handle: OpaquePointer
    /// How long one query may run, in seconds, before it stops with an error (a recursive view
    /// in a hostile file must not hang chartview), waits for locks included. Escape or
    /// `interrupt()` stop it sooner.
    public var timeLimit: Double
    /// The most memory, in bytes, that the rows of one query may take as they are collected
    /// (8 bytes a value, plus the bytes of each text or blob): past it the query stops with
    /// `DataError.tooLarge` rather than the process running out of memory. Settable (the CLI's
    /// memory flag); default `defaultMemoryBudget`.
    public var memoryBudget: Int
    /// A quarter of the machine's physical memory, in bytes (`DatabaseOptions.defaultMemoryBudget`).
    public static var defaultMemoryBudget: Int { DatabaseOptions.defaultMemoryBudget }
    /// The running operation's deadline and cancellation, which SQLite's handlers check.
    private let deadline: QueryDeadline
    /// One operation at a time: the charts of one spec share the connection (opened without
    /// SQLite's own mutex) and its deadline, and a chart the window gave up on may still be
    /// finishing its query on another thread while the next chart's starts.
    private let operationLock = NSLock()
    /// The time limit of the running operation, in seconds, for its messages.
    private var operationSeconds: Double
    /// The statement `streamNumbers` ran last, kept prepared for the next call with the same
    /// SQL (a view reads thousands of x ranges with one statement).
    private var streamStatement: (sql: String, statement: OpaquePointer)?
    /// The file's signature when the connection opened, for a connection that reads a snapshot
    /// (immutable or a private copy) and must be reopened to see changes; nil in place.
    private var snapshotSignature: [Int]?
    /// Whether the connection reads the user's file with `immutable=1`: a checkpoint by a writer
    /// that started meanwhile could change pages under a query, which then runs again.
    private var readsLiveFile = false

    /// Opens `path` read-only. Throws when it is missing, not a database, damaged, or busy for
    /// all of `timeLimit` seconds.
    public init(path: String, timeLimit: Double = 60, memoryBudget: Int = SQLiteDatabase.defaultMemoryBudget) throws(DataError) {
        self.path = path
        self.timeLimit = timeLimit
        self.memoryBudget = memoryBudget
        operationSeconds = timeLimit
        guard FileManager.default.fileExists(atPath: path) else { throw DataError.cannotOpen(path: path, reason: "no such file") }
        let deadline = QueryDeadline()
        self.deadline = deadline
        deadline.begin(seconds: timeLimit)
        defer { deadline.end() }
        let connection = try Self.connect(path, deadline: deadline, seconds: timeLimit)
        handle = connection.handle
        snapshotSignature = connection.signature
        readsLiveFile = connection.readsLiveFile
    }

    /// An open connection and how it reads the file.
    private struct Connection {
        var handle: OpaquePointer
        var signature: [Int]?
        var readsLiveFile: Bool
    }

    /// Opens a connection on `path` as the type's comment says, and reads its schema (which
    /// turns "not a database", corruption and locks into errors now).
    private static func connect(_ path: String, deadline: QueryDeadline, seconds: Double) throws(DataError) -> Connection {
        let signature = Self.signature(path)
        // A -wal beside the file, whatever its header says: SQLite would read the file in WAL
        // mode (and make a -shm for it).
        if FileManager.default.fileExists(atPath: path + "-wal"),
            let snapshot = try SQLiteSnapshot.make(of: path, deadline: deadline, seconds: seconds)
        {
            // The connection keeps the copy open; `snapshot` removes its directory as it goes.
            return Connection(
                handle: try open(snapshot.path, name: path, immutable: true, deadline: deadline, seconds: seconds),
                signature: signature, readsLiveFile: false)
        }
        guard isWAL(path) else {
            return Connection(
                handle: try open(path, name: path, immutable: false, deadline: deadline, seconds: seconds),
                signature: nil, readsLiveFile: false)
        }
        return Connection(
            handle: try open(path, name: path, immutable: true, deadline: deadline, seconds: seconds),
            signature: signature, readsLiveFile: true)
    }

    /// Opens `file` read-only (never create, never write, never take a write lock), hardened,
    /// with the deadline's handlers, and reads its schema. `name` stands for it in messages.
    private static func open(_ file: String, name: String, immutable: Bool, deadline: QueryDeadline, seconds: Double) throws(DataError) -> OpaquePointer {
        var components = URLComponents()
        components.scheme = "file"
        components.path = file.hasPrefix("/") ? file : (FileManager.default.currentDirectoryPath as NSString).appendingPathComponent(file)
        components.queryItems = [URLQueryItem(name: "mode", value: "ro")] + (immutable ? [URLQueryItem(name: "immutable", value: "1")] : [])
        var db: OpaquePointer?
        let status = sqlite3_open_v2(components.string ?? file, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        guard status == SQLITE_OK, let db else {
            let failure = SQLiteFailure(db, status: status)
            sqlite3_close(db)
            throw failure.openError(path: name, seconds: seconds)
        }
        harden(db)
        deadline.install(on: db)
        do {
            _ = try execute(db, "SELECT count(*) FROM sqlite_master", name: name, deadline: deadline, seconds: seconds, opening: true) {
                (_, _) throws(DataError) in
            }
        } catch {
            sqlite3_close(db)
            throw error
        }
        return db
    }

    /// Whether the file is a WAL-mode database: header bytes 18 and 19 are 2.
    private static func isWAL(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2
    }

    /// Size and modification time (ns) of the file and of its `-wal`, to notice changes.
    private static func signature(_ path: String) -> [Int] {
        [path, path + "-wal"].flatMap { file -> [Int] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [-1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        }
    }

    /// For a snapshot connection: opens it again when the file changed, so queries see the new
    /// data (an immutable connection assumes nothing changes under it). On failure (busy, out
    /// of time) the query runs on the last snapshot.
    private func reopenIfChanged() {
        guard let old = snapshotSignature, Self.signature(path) != old,
            let fresh = try? Self.connect(path, deadline: deadline, seconds: operationSeconds)
        else { return }
        // A statement kept prepared would keep the old connection open.
        sqlite3_finalize(streamStatement?.statement)
        streamStatement = nil
        sqlite3_close(handle)
        handle = fresh.handle
        snapshotSignature = fresh.signature
        readsLiveFile = fresh.readsLiveFile
    }

    /// Runs `body` within `seconds` (the deadline's), on a connection that sees the file as it
    /// is now; when the file changed under a query on the live file, runs it again (three times
    /// at most, while time is left).
    /// Raising `cancellation` (from another thread) stops it as `interrupt()` does.
    private func bounded<T>(
        seconds: Double, cancellation: CancellationFlag? = nil,
        _ body: () throws(DataError) -> T
    ) throws(DataError) -> T {
        operationLock.lock()
        defer { operationLock.unlock() }
        deadline.begin(seconds: seconds, cancellation: cancellation)
        operationSeconds = seconds
        defer { deadline.end() }
        var attempts = 0
        while true {
            reopenIfChanged()
            let before = readsLiveFile ? Self.signature(path) : nil
            do {
                let result = try body()
                guard let before, Self.signature(path) != before, attempts < 3, deadline.remaining > 0 else { return result }
            } catch {
                guard let before, Self.signature(path) != before, attempts < 3, deadline.remaining > 0, !deadline.isCancelled else { throw error }
            }
            attempts += 1
        }
    }

    /// A private in-memory database filled by `script` (the demo gallery's data). `name` stands
    /// for it in messages. The script runs statement by statement within `timeLimit` seconds;
    /// an error names the line its statement starts on. What it made is kept in the user's
    /// cache folder (`SQLScriptCache`) when running it again would make the same database
    /// (`SQLScriptWatch`), so that the same script is read back, not run, next time.
    public init(
        memoryNamed name: String, script: String, timeLimit: Double = 60,
        memoryBudget: Int = SQLiteDatabase.defaultMemoryBudget
    ) throws(DataError) {
        path = name
        self.timeLimit = timeLimit
        self.memoryBudget = memoryBudget
        operationSeconds = timeLimit
        func memoryDatabase() throws(DataError) -> OpaquePointer {
            var db: OpaquePointer?
            // On the VFS that counts the clock's reads, for `SQLScriptWatch`.
            guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, SQLiteClock.name) == SQLITE_OK, let db else {
                sqlite3_close(db)
                throw DataError.cannotOpen(path: name, reason: "cannot create an in-memory database")
            }
            Self.harden(db)
            return db
        }
        // The database this script made before, from the cache folder, when there is one.
        let cached = try memoryDatabase()
        let usesCache = SQLScriptCache.load(script, into: cached)
        let db: OpaquePointer
        if usesCache {
            db = cached
        } else {
            sqlite3_close(cached)
            db = try memoryDatabase()
        }
        handle = db
        let deadline = QueryDeadline()
        self.deadline = deadline
        deadline.install(on: db)
        guard !usesCache else { return }
        deadline.begin(seconds: timeLimit)
        defer { deadline.end() }
        let repeatable = try SQLScriptWatch.run(on: db) { () throws(DataError) in
            try Self.runScript(script, on: db, name: name, deadline: deadline, seconds: timeLimit)
        }
        if repeatable { SQLScriptCache.store(db, for: script) }
    }

    /// Runs every statement of `script` on `db`, in order, as `sqlite3_exec` would, but one at a
    /// time so that an error (or the time limit) names the statement's line. O(script).
    private static func runScript(_ script: String, on db: OpaquePointer, name: String, deadline: QueryDeadline, seconds: Double) throws(DataError) {
        guard let text = strdup(script) else { throw DataError.cannotOpen(path: name, reason: "out of memory") }
        defer { free(text) }
        var next: UnsafePointer<CChar>? = UnsafePointer(text)
        var line = 1
        var counted = UnsafePointer(text)
        while let start = next, start.pointee != 0 {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let status = sqlite3_prepare_v2(db, start, -1, &statement, &tail)
            defer { sqlite3_finalize(statement) }
            // The line the statement starts on: past the blanks before it.
            var first = start
            while first.pointee == 0x20 || first.pointee == 0x0A || first.pointee == 0x0D || first.pointee == 0x09 { first += 1 }
            while counted < first {
                if counted.pointee == 0x0A { line += 1 }
                counted += 1
            }
            let place = "\(name):\(line)"
            func failure(_ status: Int32) -> DataError {
                if deadline.isCancelled { return .cancelled(path: name) }
                if status == SQLITE_INTERRUPT {
                    return deadline.hasExpired ? .timedOut(path: place, seconds: seconds, what: "the script") : .cancelled(path: name)
                }
                return .query(path: place, message: String(cString: sqlite3_errmsg(db)))
            }
            guard status == SQLITE_OK else { throw failure(status) }
            guard let statement else { break }
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { break }
                guard step == SQLITE_ROW else { throw failure(step) }
            }
            next = tail
        }
    }

    /// SQLite's advice for untrusted files: defensive mode, no schema functions with side
    /// effects, no extensions, and bounded sizes. And no double-quoted string literals in
    /// queries: `"v"` is the column v or an error, never the text 'v' when the column is gone
    /// (before, a column renamed while followed was read as that text, a bogus row appended).
    static func harden(_ db: OpaquePointer) {
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_DQS_DML, 0)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 100_000_000)
        sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1_000_000)
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
        // SQLite's whole heap: a hostile query cannot take the machine's memory.
        sqlite3_hard_heap_limit64(1 << 30)
    }

    deinit {
        sqlite3_finalize(streamStatement?.statement)
        sqlite3_close(handle)
    }

    /// The bytes the rows of one query hold as they are collected, against `memoryBudget`.
    private struct RowBudget {
        let limit: Int
        let path: String
        private(set) var used = 0

        /// Counts the current row: 8 bytes a value, plus the bytes of each text or blob.
        mutating func add(_ statement: OpaquePointer, _ columns: Int32) throws(DataError) {
            for c in 0..<columns {
                let type = sqlite3_column_type(statement, c)
                used += 8 + (type == SQLITE_TEXT || type == SQLITE_BLOB ? Int(sqlite3_column_bytes(statement, c)) : 0)
            }
            if used > limit { throw DataError.resultTooLarge(path: path, budget: limit) }
        }
    }

    /// Runs one read-only statement and returns every row. O(rows × columns).
    public func rows(_ sql: String, parameters: [String: String] = [:]) throws(DataError) -> [[SQLValue]] {
        try rows(sql, parameters: parameters, seconds: timeLimit)
    }

    private func rows(_ sql: String, parameters: [String: String], seconds: Double) throws(DataError) -> [[SQLValue]] {
        try bounded(seconds: seconds) { () throws(DataError) -> [[SQLValue]] in
            var result: [[SQLValue]] = []
            var budget = RowBudget(limit: memoryBudget, path: path)
            _ = try run(sql, parameters: parameters) { (statement, columns) throws(DataError) in
                try budget.add(statement, columns)
                result.append((0..<columns).map { Self.value(statement, $0) })
            }
            return result
        }
    }

    /// Runs one read-only statement into a table: a column per result column, typed by its
    /// values and declared type (`ColumnTyping`: numbers; text that reads as dates, or a column
    /// declared as a date; else text). NULL is a missing value.
    /// O(rows × columns).
    /// Raising `cancellation` from another thread stops the query within 10,000 steps of
    /// SQLite's machine, with `DataError.cancelled`.
    public func table(
        _ sql: String, parameters: [String: String] = [:],
        cancellation: CancellationFlag? = nil
    ) throws(DataError) -> DataTable {
        try bounded(seconds: timeLimit, cancellation: cancellation) { () throws(DataError) -> DataTable in
            var readers: [SQLiteColumnReader] = []
            var declaredTypes: [String?] = []
            var budget = RowBudget(limit: memoryBudget, path: path)
            let names = try run(sql, parameters: parameters) { (statement, columns) throws(DataError) in
                try budget.add(statement, columns)
                if readers.isEmpty {
                    readers = Array(repeating: SQLiteColumnReader(), count: Int(columns))
                    declaredTypes = (0..<columns).map { sqlite3_column_decltype(statement, $0).map { String(cString: $0) } }
                }
                for c in 0..<Int(columns) { readers[c].read(statement, Int32(c)) }
            }
            if readers.isEmpty { readers = Array(repeating: SQLiteColumnReader(), count: names.count) }
            return DataTable(
                columns: names.indices.map { c in
                    readers[c].finish(declaredType: declaredTypes.indices.contains(c) ? declaredTypes[c] : nil, name: names[c])
                })
        }
    }

    /// The tables and views a user can chart (not SQLite's own), by name. O(schema).
    public func tableNames() throws(DataError) -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { row -> String? in if case .text(let t)? = row.first { return t } else { return nil } }
    }

    /// How long the watch's poll of `PRAGMA data_version` may wait for a lock, in seconds (at
    /// most `timeLimit`): the window polls on its own thread.
    static let pollSeconds = 0.1

    /// The value SQLite's `PRAGMA data_version` gives: it changes when another connection
    /// commits a change to the file, for live reload. 0 when it cannot be read (busy).
    public func dataVersion() -> Int64 {
        if snapshotSignature != nil {
            // A snapshot connection cannot tell: the file's own signature can.
            return Int64(truncatingIfNeeded: Self.signature(path).reduce(17) { $0 &* 31 &+ $1 })
        }
        guard let rows = try? rows("PRAGMA data_version", parameters: [:], seconds: min(timeLimit, Self.pollSeconds)),
            case .integer(let version)? = rows.first?.first
        else { return 0 }
        return version
    }

    /// Stops a running operation from another thread (it then fails as cancelled); one that
    /// starts later is not stopped.
    public func interrupt() { deadline.cancel() }

    /// Prepares `sql`, refuses it unless read-only, binds `parameters` by name (":period"),
    /// and calls `row` per result row. Returns the column names. Within `bounded`.
    private func run(
        _ sql: String, parameters: [String: String],
        row: (OpaquePointer, Int32) throws(DataError) -> Void
    ) throws(DataError) -> [String] {
        try Self.execute(handle, sql, parameters: parameters, name: path, deadline: deadline, seconds: operationSeconds, opening: false, row: row)
    }

    /// Runs one statement on `db` while the deadline allows, as `run` says. A lock another
    /// process holds (SQLITE_BUSY, SQLITE_LOCKED) is waited for (the busy handler) and, before
    /// any row was delivered, the statement tried again every 10 ms while time is left. Errors
    /// name `name`; `opening` makes them the errors of opening the file.
    static func execute(
        _ db: OpaquePointer, _ sql: String, parameters: [String: String] = [:], name: String,
        deadline: QueryDeadline, seconds: Double, opening: Bool,
        row: (OpaquePointer, Int32) throws(DataError) -> Void
    ) throws(DataError) -> [String] {
        func failure(_ status: Int32) -> DataError {
            if deadline.isCancelled { return .cancelled(path: name) }
            if status & 0xff == SQLITE_INTERRUPT { return deadline.hasExpired ? .timedOut(path: name, seconds: seconds) : .cancelled(path: name) }
            let failure = SQLiteFailure(db, status: status)
            return opening ? failure.openError(path: name, seconds: seconds) : failure.queryError(path: name, seconds: seconds)
        }
        func mayRetry(_ status: Int32) -> Bool {
            guard SQLiteFailure(db, status: status).isBusy, deadline.remaining > 0, !deadline.isCancelled else { return false }
            usleep(10_000)
            return true
        }
        while true {
            var statement: OpaquePointer?
            var tail: UnsafePointer<CChar>?
            let prepared = sql.withCString { text in
                let status = sqlite3_prepare_v2(db, text, -1, &statement, &tail)
                let rest = tail.map { String(cString: $0) } ?? ""
                return (status, rest)
            }
            defer { sqlite3_finalize(statement) }
            guard prepared.0 == SQLITE_OK else {
                if mayRetry(prepared.0) { continue }
                throw failure(prepared.0)
            }
            guard let statement else { throw DataError.query(path: name, message: "the query is empty") }
            guard prepared.1.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n;")).isEmpty else {
                throw DataError.query(path: name, message: "give one statement, not several")
            }
            guard sqlite3_stmt_readonly(statement) != 0 else {
                throw DataError.notReadOnly(path: name, sql: sql.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            for index in 0..<sqlite3_bind_parameter_count(statement) {
                guard let cName = sqlite3_bind_parameter_name(statement, index + 1) else {
                    throw DataError.query(path: name, message: "use named parameters such as :period, not '?'")
                }
                let parameter = String(String(cString: cName).dropFirst())
                guard let value = parameters[parameter] else {
                    throw DataError.query(path: name, message: "the query needs a value for :\(parameter)")
                }
                // SQLITE_TRANSIENT (a macro Swift cannot import) is the destructor value -1.
                sqlite3_bind_text(statement, index + 1, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
            }
            let columns = sqlite3_column_count(statement)
            let names = (0..<columns).map { String(cString: sqlite3_column_name(statement, $0)) }
            var delivered = false
            var retry = false
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { break }
                if step == SQLITE_ROW {
                    delivered = true
                    try row(statement, columns)
                    continue
                }
                if !delivered, mayRetry(step) {
                    retry = true
                    break
                }
                throw failure(step)
            }
            if !retry { return names }
        }
    }

    static func value(_ statement: OpaquePointer, _ column: Int32) -> SQLValue {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB: .blob(Int(sqlite3_column_bytes(statement, column)))
        default: .null
        }
    }

    /// The typed column for result values: what `table(_:parameters:)` builds each column with.
    public static func columnValues(_ values: [SQLValue], declaredType: String? = nil) -> DataColumn.Values {
        ColumnTyping.values(values, declaredType: declaredType)
    }
}

extension SQLiteDatabase: NumberStreaming {

    /// `ORDER BY column` when SQLite reads it from an index that holds every column the query
    /// reads (a covering index, or x as the integer primary key: the rows in x order, one
    /// after another), else `ORDER BY +column`, which makes SQLite scan the table and sort (an
    /// external merge sort, in temporary files past a few megabytes). SQLite's own pick for a
    /// plain `ORDER BY` on an index that does not cover y looks every row up by its rowid: for
    /// rows stored out of x order, one random page read each (6,000,000 shuffled rows: 29 s
    /// through the index, 14 s sorting, in SQLite's own shell). From `EXPLAIN QUERY PLAN`;
    /// O(query's plan).
    public func wholeOrder(of query: String, by column: String) -> String {
        let plain = " ORDER BY \(column)"
        guard let plan = try? rows("EXPLAIN QUERY PLAN " + query + plain, parameters: [:]) else { return plain }
        let details = plan.compactMap { row -> String? in if case .text(let t)? = row.last { t } else { nil } }
        let walksAnIndex = details.contains { $0.contains(" USING INDEX ") }
        return walksAnIndex ? " ORDER BY +\(column)" : plain
    }

    /// Runs one read-only query whose columns are numbers, with `$1`, `$2`, … bound to
    /// `parameters` in order, and hands each row's values to `row` as doubles (NaN for NULL or
    /// text): no table is built, so a pass over a hundred million rows holds one row at a time.
    /// `row` returns false to stop early. Within `timeLimit`; `interrupt()` stops it with
    /// `DataError.cancelled`. O(rows × columns).
    public func streamNumbers(
        _ sql: String, parameters: [Double],
        row: (UnsafeBufferPointer<Double>) throws(DataError) -> Bool
    ) throws(DataError) {
        operationLock.lock()
        defer { operationLock.unlock() }
        deadline.begin(seconds: timeLimit)
        operationSeconds = timeLimit
        defer { deadline.end() }
        reopenIfChanged()
        let db = handle
        func failure(_ status: Int32) -> DataError {
            if deadline.isCancelled { return .cancelled(path: path) }
            if status & 0xff == SQLITE_INTERRUPT { return deadline.hasExpired ? .timedOut(path: path, seconds: timeLimit) : .cancelled(path: path) }
            return SQLiteFailure(db, status: status).queryError(path: path, seconds: timeLimit)
        }
        let statement: OpaquePointer
        if let kept = streamStatement, kept.sql == sql {
            statement = kept.statement
        } else {
            sqlite3_finalize(streamStatement?.statement)
            streamStatement = nil
            var prepared: OpaquePointer?
            let status = sqlite3_prepare_v2(db, sql, -1, &prepared, nil)
            guard status == SQLITE_OK, let prepared else {
                sqlite3_finalize(prepared)
                throw failure(status)
            }
            guard sqlite3_stmt_readonly(prepared) != 0 else {
                sqlite3_finalize(prepared)
                throw DataError.notReadOnly(path: path, sql: sql.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            statement = prepared
            streamStatement = (sql, prepared)
        }
        defer { sqlite3_reset(statement) }
        precondition(
            Int(sqlite3_bind_parameter_count(statement)) == parameters.count,
            "A streamed query binds as many parameters as it names.")
        for (i, value) in parameters.enumerated() { sqlite3_bind_double(statement, Int32(i + 1), value) }
        let columns = Int(sqlite3_column_count(statement))
        var values = [Double](repeating: .nan, count: columns)
        try values.withUnsafeMutableBufferPointer { (buffer) throws(DataError) in
            while true {
                let step = sqlite3_step(statement)
                if step == SQLITE_DONE { return }
                guard step == SQLITE_ROW else { throw failure(step) }
                for c in 0..<columns {
                    // 0 is also what NULL and text read as: only then is the type asked.
                    let value = sqlite3_column_double(statement, Int32(c))
                    if value != 0 {
                        buffer[c] = value
                    } else {
                        let type = sqlite3_column_type(statement, Int32(c))
                        buffer[c] = type == SQLITE_FLOAT || type == SQLITE_INTEGER ? 0 : .nan
                    }
                }
                if try !row(UnsafeBufferPointer(buffer)) { return }
            }
        }
    }
}
