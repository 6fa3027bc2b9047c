import ChartCore
import CSQLite
import Foundation

/// A SQLite database opened read-only: chartview never creates, locks for writing or changes
/// a user's file. Owns the `sqlite3` handle and closes it.
///
/// The file is treated as untrusted: defensive mode on, triggers and views may not call
/// functions with side effects (`trusted_schema` off), and extensions cannot be loaded.
///
/// A database in WAL mode that no one has open (no `-wal` file beside it) is opened immutable:
/// a read-only connection would otherwise create `-wal` and `-shm` files next to the user's
/// file. Its changes are then noticed by the file's size and time, and the connection reopened.
public final class SQLiteDatabase {
    public let path: String
    private var handle: OpaquePointer
    /// How long one query may run, in seconds, before it stops with an error (a recursive view
    /// in a hostile file must not hang chartview). Escape or `interrupt()` stop it sooner.
    public var timeLimit: Double = 60
    /// The deadline the progress handler checks, shared with it through a pointer.
    private let deadline = Deadline()

    /// A query's deadline in monotonic nanoseconds; 0 while no query runs.
    private final class Deadline {
        var nanoseconds: UInt64 = 0
        var expired = false
        /// The running query's flag: raised, the query stops as if interrupted (which an
        /// `interrupt()` before the query started could not do).
        var cancellation: CancellationFlag?
    }
    /// Opened with `immutable=1` (see above); nil signature for a normal connection.
    private var immutableSignature: [Int]?
    /// One statement at a time: the charts of one spec share the connection (opened without
    /// SQLite's own mutex), and a chart the window gave up on may still be finishing its query on
    /// another thread while the next chart's starts.
    private let statementLock = NSLock()
    /// Guards `handle` against `interrupt()` from another thread while a reopen replaces it.
    private let handleLock = NSLock()

    /// Opens `path` read-only. Throws when it is missing or not a database.
    public init(path: String) throws(DataError) {
        self.path = path
        guard FileManager.default.fileExists(atPath: path) else { throw DataError.cannotOpen(path: path, reason: "no such file") }
        let immutable = Self.isIdleWAL(path)
        handle = try Self.open(path, immutable: immutable)
        immutableSignature = immutable ? Self.signature(path) : nil
        // Reading the schema now turns "file is not a database" into an error at open.
        do {
            _ = try rows("SELECT count(*) FROM sqlite_master")
        } catch {
            throw DataError.cannotOpen(path: path, reason: "not a SQLite database")
        }
    }

    /// Opens `path` read-only (never create, never write, never take a write lock), hardened.
    private static func open(_ path: String, immutable: Bool) throws(DataError) -> OpaquePointer {
        var db: OpaquePointer?
        let status: Int32
        if immutable {
            var components = URLComponents()
            components.scheme = "file"
            components.path = path
            components.queryItems = [URLQueryItem(name: "immutable", value: "1")]
            status = sqlite3_open_v2(components.string ?? path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_URI, nil)
        } else {
            status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        }
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(db)
            throw DataError.cannotOpen(path: path, reason: reason)
        }
        harden(db)
        return db
    }

    /// Whether the file is a WAL-mode database (header bytes 18 and 19 are 2) with no `-wal`
    /// file beside it: no connection has it open.
    private static func isIdleWAL(_ path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        guard let header = try? handle.read(upToCount: 20), header.count == 20 else { return false }
        return header[18] == 2 && header[19] == 2 && !FileManager.default.fileExists(atPath: path + "-wal")
    }

    /// Size and modification time (ns) of the file and of its `-wal`, to notice changes.
    private static func signature(_ path: String) -> [Int] {
        [path, path + "-wal"].flatMap { file -> [Int] in
            var info = stat()
            guard stat(file, &info) == 0 else { return [-1, -1] }
            return [Int(info.st_size), Int(info.st_mtim.tv_sec) * 1_000_000_000 + Int(info.st_mtim.tv_nsec)]
        }
    }

    /// For an immutable connection: opens it again when the file changed, so queries see the
    /// new data (an immutable connection assumes nothing changes under it).
    private func reopenIfChanged() {
        guard let old = immutableSignature else { return }
        let now = Self.signature(path)
        guard now != old, let fresh = try? Self.open(path, immutable: Self.isIdleWAL(path)) else { return }
        handleLock.lock()
        sqlite3_close(handle)
        handle = fresh
        handleLock.unlock()
        immutableSignature = Self.isIdleWAL(path) ? now : nil
    }

    /// A private in-memory database filled by `script` (the demo gallery's data): nothing on disk.
    /// `name` stands for it in messages.
    public init(memoryNamed name: String, script: String) throws(DataError) {
        path = name
        var db: OpaquePointer?
        guard sqlite3_open_v2(":memory:", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw DataError.cannotOpen(path: name, reason: "cannot create an in-memory database")
        }
        handle = db
        Self.harden(db)
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, script, nil, nil, &error) == SQLITE_OK else {
            let message = error.map { String(cString: $0) } ?? "unknown error"
            sqlite3_free(error)
            throw DataError.query(path: name, message: message)
        }
    }

    /// SQLite's advice for untrusted files: defensive mode, no schema functions with side
    /// effects, no extensions, and bounded sizes.
    private static func harden(_ db: OpaquePointer) {
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
        sqlite3_limit(db, SQLITE_LIMIT_LENGTH, 100_000_000)
        sqlite3_limit(db, SQLITE_LIMIT_SQL_LENGTH, 1_000_000)
        sqlite3_limit(db, SQLITE_LIMIT_ATTACHED, 0)
        // SQLite's whole heap: a hostile query cannot take the machine's memory.
        sqlite3_hard_heap_limit64(1 << 30)
    }

    deinit { sqlite3_close(handle) }

    /// A result value, by its SQLite storage class.
    public enum Value: Equatable, Sendable {
        case null
        case integer(Int64)
        case real(Double)
        case text(String)
        case blob(Int)
    }

    /// Runs one read-only statement and returns every row. O(rows × columns).
    public func rows(_ sql: String, parameters: [String: String] = [:]) throws(DataError) -> [[Value]] {
        var result: [[Value]] = []
        _ = try run(sql, parameters: parameters) { statement, columns in
            result.append((0..<columns).map { Self.value(statement, $0) })
        }
        return result
    }

    /// Runs one read-only statement into a table: a column per result column, typed by its
    /// values and declared type (`ColumnTyping`: numbers; text that reads as dates, or a column
    /// declared as a date; else text). NULL is a missing value.
    /// O(rows × columns).
    /// Raising `cancellation` from another thread stops the query within 10,000 steps, with
    /// `DataError.cancelled`.
    public func table(_ sql: String, parameters: [String: String] = [:], cancellation: CancellationFlag? = nil) throws(DataError) -> DataTable {
        var readers: [SQLiteColumnReader] = []
        var declaredTypes: [String?] = []
        let names = try run(sql, parameters: parameters, cancellation: cancellation) { statement, columns in
            if readers.isEmpty {
                readers = Array(repeating: SQLiteColumnReader(), count: Int(columns))
                declaredTypes = (0..<columns).map { sqlite3_column_decltype(statement, $0).map { String(cString: $0) } }
            }
            for c in 0..<Int(columns) { readers[c].read(statement, Int32(c)) }
        }
        if readers.isEmpty { readers = Array(repeating: SQLiteColumnReader(), count: names.count) }
        return DataTable(columns: names.indices.map { c in
            DataColumn(name: names[c], values: readers[c].finish(declaredType: declaredTypes.indices.contains(c) ? declaredTypes[c] : nil, name: names[c]))
        })
    }

    /// The tables and views a user can chart (not SQLite's own), by name. O(schema).
    public func tableNames() throws(DataError) -> [String] {
        try rows("SELECT name FROM sqlite_master WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite_%' ORDER BY name")
            .compactMap { row -> String? in if case .text(let t)? = row.first { return t } else { return nil } }
    }

    /// The value SQLite's `PRAGMA data_version` gives: it changes when another connection
    /// commits a change to the file, for live reload.
    public func dataVersion() -> Int64 {
        if let signature = immutableSignature {
            // An immutable connection cannot tell: the file's own signature can.
            _ = signature
            return Int64(truncatingIfNeeded: Self.signature(path).reduce(17) { $0 &* 31 &+ $1 })
        }
        guard let rows = try? rows("PRAGMA data_version"), case .integer(let version)? = rows.first?.first else { return 0 }
        return version
    }

    /// Interrupts a running query from another thread (it then fails as cancelled).
    public func interrupt() {
        handleLock.lock()
        sqlite3_interrupt(handle)
        handleLock.unlock()
    }

    /// Prepares `sql`, refuses it unless read-only, binds `parameters` by name (":period"),
    /// and calls `row` per result row. Returns the column names.
    private func run(_ sql: String, parameters: [String: String], cancellation: CancellationFlag? = nil,
                     row: (OpaquePointer, Int32) -> Void) throws(DataError) -> [String] {
        statementLock.lock()
        defer { statementLock.unlock() }
        reopenIfChanged()
        var statement: OpaquePointer?
        var tail: UnsafePointer<CChar>?
        let prepared = sql.withCString { text in
            let status = sqlite3_prepare_v2(handle, text, -1, &statement, &tail)
            let rest = tail.map { String(cString: $0) } ?? ""
            return (status, rest)
        }
        guard prepared.0 == SQLITE_OK else {
            throw DataError.query(path: path, message: String(cString: sqlite3_errmsg(handle)))
        }
        guard let statement else { throw DataError.query(path: path, message: "the query is empty") }
        defer { sqlite3_finalize(statement) }
        guard prepared.1.trimmingCharacters(in: CharacterSet(charactersIn: " \t\r\n;")).isEmpty else {
            throw DataError.query(path: path, message: "give one statement, not several")
        }
        guard sqlite3_stmt_readonly(statement) != 0 else {
            throw DataError.notReadOnly(path: path, sql: sql.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        for index in 0..<sqlite3_bind_parameter_count(statement) {
            guard let cName = sqlite3_bind_parameter_name(statement, index + 1) else {
                throw DataError.query(path: path, message: "use named parameters such as :period, not '?'")
            }
            let name = String(String(cString: cName).dropFirst())
            guard let value = parameters[name] else {
                throw DataError.query(path: path, message: "the query needs a value for :\(name)")
            }
            // SQLITE_TRANSIENT (a macro Swift cannot import) is the destructor value -1.
            sqlite3_bind_text(statement, index + 1, value, -1, unsafeBitCast(-1, to: sqlite3_destructor_type.self))
        }
        let columns = sqlite3_column_count(statement)
        let names = (0..<columns).map { String(cString: sqlite3_column_name(statement, $0)) }
        // The time limit: every 10,000 virtual machine steps SQLite asks whether to go on.
        deadline.expired = false
        deadline.nanoseconds = Self.now() + UInt64(max(0.001, timeLimit) * 1e9)
        deadline.cancellation = cancellation
        sqlite3_progress_handler(handle, 10_000, { context in
            guard let context else { return 0 }
            let deadline = Unmanaged<Deadline>.fromOpaque(context).takeUnretainedValue()
            if deadline.cancellation?.isCancelled == true { return 1 }
            guard deadline.nanoseconds != 0, SQLiteDatabase.now() > deadline.nanoseconds else { return 0 }
            deadline.expired = true
            return 1
        }, Unmanaged.passUnretained(deadline).toOpaque())
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            deadline.nanoseconds = 0
            deadline.cancellation = nil
        }
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            if step == SQLITE_INTERRUPT {
                if deadline.expired {
                    throw DataError.query(path: path, message: "the query ran longer than \(NumberFormat.automatic.format(timeLimit)) s and was stopped")
                }
                throw DataError.cancelled(path: path)
            }
            guard step == SQLITE_ROW else { throw DataError.query(path: path, message: String(cString: sqlite3_errmsg(handle))) }
            row(statement, columns)
        }
        return names
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    static func value(_ statement: OpaquePointer, _ column: Int32) -> Value {
        switch sqlite3_column_type(statement, column) {
        case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
        case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
        case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
        case SQLITE_BLOB: .blob(Int(sqlite3_column_bytes(statement, column)))
        default: .null
        }
    }

    /// The typed column for result values: what `table(_:parameters:)` builds each column with.
    public static func columnValues(_ values: [Value], declaredType: String? = nil) -> DataColumn.Values {
        ColumnTyping.values(values, declaredType: declaredType)
    }
}
