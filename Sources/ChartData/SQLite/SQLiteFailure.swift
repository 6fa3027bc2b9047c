import CSQLite
import Foundation

/// What SQLite said went wrong on a connection, read at once (the next call on the connection
/// replaces it): the extended result code, SQLite's own message, and the system error behind
/// an I/O failure. Turns it into the one line a user can act on, in SQLite's words: busy and
/// locked (another process holds the file), not a database, corrupt (a malformed page or
/// schema entry), a hot journal; never one for another.
struct SQLiteFailure {
    /// The extended result code (`SQLITE_BUSY_RECOVERY`, `SQLITE_READONLY_ROLLBACK`…).
    let code: Int32
    let message: String
    /// `errno` of the failed system call, 0 if none.
    let systemError: Int32

    init(_ db: OpaquePointer?, status: Int32) {
        if let db {
            code = sqlite3_extended_errcode(db)
            message = String(cString: sqlite3_errmsg(db))
            systemError = sqlite3_system_errno(db)
        } else {
            code = status
            message = String(cString: sqlite3_errstr(status))
            systemError = 0
        }
    }

    /// The primary result code (`SQLITE_BUSY` for every kind of busy).
    var primary: Int32 { code & 0xff }

    /// Another connection holds a lock (SQLITE_BUSY, any kind) or a table (SQLITE_LOCKED):
    /// worth waiting and trying again, never a sign of a bad file.
    var isBusy: Bool { primary == SQLITE_BUSY || primary == SQLITE_LOCKED || primary == SQLITE_PROTOCOL }

    /// `SQLITE_READONLY_ROLLBACK`: a rollback journal beside the file holds a write that did
    /// not finish, which only a connection that may write can roll back.
    var isHotJournal: Bool { code == SQLITE_READONLY | (3 << 8) }

    /// The error while opening `path` and reading its schema. `seconds` is the time limit the
    /// wait for a lock had.
    func openError(path: String, seconds: Double) -> DataError {
        if isBusy { return .busy(path: path, reason: message, seconds: seconds) }
        if isHotJournal {
            return .cannotOpen(
                path: path,
                reason: "\((path as NSString).lastPathComponent)-journal holds a write that did not finish (a hot journal); "
                    + "open the database once with sqlite3, which rolls it back, then try again")
        }
        switch primary {
        case SQLITE_NOTADB: return .cannotOpen(path: path, reason: "not a SQLite database")
        case SQLITE_CANTOPEN, SQLITE_IOERR, SQLITE_PERM:
            return .cannotOpen(path: path, reason: systemError == 0 ? message : "\(message) (\(String(cString: strerror(systemError))))")
        default:
            // SQLITE_CORRUPT: "database disk image is malformed", "malformed database schema
            // (t) - incomplete input"; SQLITE_NOMEM…: SQLite's words.
            return .cannotOpen(path: path, reason: message)
        }
    }

    /// The error of a query on `path`.
    func queryError(path: String, seconds: Double) -> DataError {
        if isBusy { return .busy(path: path, reason: message, seconds: seconds) }
        if isHotJournal { return openError(path: path, seconds: seconds) }
        return .query(path: path, message: message)
    }
}
