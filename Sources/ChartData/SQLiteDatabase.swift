import CSQLite

/// A SQLite database opened read-only: chartview never creates, locks for writing or changes
/// a user's file. Owns the `sqlite3` handle and closes it.
///
/// The file is treated as untrusted: defensive mode on, triggers and views may not call
/// functions with side effects (`trusted_schema` off), and extensions cannot be loaded.
public final class SQLiteDatabase {
    public let path: String
    private let handle: OpaquePointer

    /// Opens `path` read-only. Throws when it is missing or not a database.
    public init(path: String) throws(DataError) {
        self.path = path
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            let reason = db.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(status))
            sqlite3_close(db)
            throw DataError.cannotOpen(path: path, reason: reason)
        }
        handle = db
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_DEFENSIVE, 1)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_TRUSTED_SCHEMA, 0)
        _ = chartview_sqlite3_db_config_int(db, SQLITE_DBCONFIG_ENABLE_LOAD_EXTENSION, 0)
        // Reading the schema now turns "file is not a database" into an error at open.
        do {
            _ = try rows("SELECT count(*) FROM sqlite_master")
        } catch {
            throw DataError.cannotOpen(path: path, reason: "not a SQLite database")
        }
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
    public func rows(_ sql: String) throws(DataError) -> [[Value]] {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK, let statement else {
            throw DataError.query(path: path, message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_stmt_readonly(statement) != 0 else { throw DataError.notReadOnly(path: path, sql: sql) }
        var result: [[Value]] = []
        let columns = sqlite3_column_count(statement)
        while true {
            let step = sqlite3_step(statement)
            if step == SQLITE_DONE { break }
            guard step == SQLITE_ROW else { throw DataError.query(path: path, message: String(cString: sqlite3_errmsg(handle))) }
            result.append((0..<columns).map { column in
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: .integer(sqlite3_column_int64(statement, column))
                case SQLITE_FLOAT: .real(sqlite3_column_double(statement, column))
                case SQLITE_TEXT: .text(String(cString: sqlite3_column_text(statement, column)))
                case SQLITE_BLOB: .blob(Int(sqlite3_column_bytes(statement, column)))
                default: .null
                }
            })
        }
        return result
    }
}
