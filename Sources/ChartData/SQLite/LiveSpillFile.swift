import ChartCore
import CSQLite
import Foundation
import Synchronization

/// The rows of a live chart past `--max-memory`, in a private temporary SQLite database (a
/// `LiveRowStore`): one row per block of `LiveSeries.rowsPerBlock` rows, its doubles as a blob.
/// SQLite makes the file in its temporary directory (`SQLITE_TMPDIR`, `TMPDIR`, then `/var/tmp`
/// or `/tmp`) and unlinks it at once, so nothing stays behind, even after a crash; its pages
/// stay in a 2 MB cache, the rest on disk. Owns the connection and its two statements and
/// closes them; calls are serialized by a lock (the appending thread writes, layout reads).
public final class LiveSpillFile: LiveRowStore {
    private struct Connection: @unchecked Sendable {
        var db: OpaquePointer
        var insert: OpaquePointer
        var select: OpaquePointer
    }

    private let connection: Mutex<Connection>

    /// Opens a new private temporary database. Throws when SQLite cannot make it.
    public init() throws(LiveRowStoreFailure) {
        var db: OpaquePointer?
        let status = sqlite3_open_v2("", &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard status == SQLITE_OK, let db else {
            sqlite3_close(db)
            throw LiveRowStoreFailure("cannot make a temporary file for the rows past --max-memory: \(String(cString: sqlite3_errstr(status)))")
        }
        func fail(_ what: String) -> LiveRowStoreFailure {
            let failure = Self.failure(db, what)
            sqlite3_close(db)
            return failure
        }
        let setup =
            "PRAGMA journal_mode=OFF; PRAGMA synchronous=OFF; PRAGMA cache_size=-2048; CREATE TABLE blocks(id INTEGER PRIMARY KEY, doubles BLOB NOT NULL)"
        guard sqlite3_exec(db, setup, nil, nil, nil) == SQLITE_OK else { throw fail("cannot make a temporary file for the rows past --max-memory") }
        var insert: OpaquePointer?, select: OpaquePointer?
        guard sqlite3_prepare_v2(db, "INSERT INTO blocks(id, doubles) VALUES (?, ?)", -1, &insert, nil) == SQLITE_OK, let insert else {
            throw fail("cannot make a temporary file for the rows past --max-memory")
        }
        guard sqlite3_prepare_v2(db, "SELECT doubles FROM blocks WHERE id = ?", -1, &select, nil) == SQLITE_OK, let select else {
            sqlite3_finalize(insert)
            throw fail("cannot make a temporary file for the rows past --max-memory")
        }
        connection = Mutex(Connection(db: db, insert: insert, select: select))
    }

    deinit {
        connection.withLock { connection in
            sqlite3_finalize(connection.insert)
            sqlite3_finalize(connection.select)
            sqlite3_close(connection.db)
        }
    }

    /// Writes the blocks in one transaction. Throws with SQLite's reason (a full disk).
    public func keep(blocks: Range<Int>, doubles: UnsafeBufferPointer<Double>, doublesPerBlock: Int) throws(LiveRowStoreFailure) {
        precondition(doubles.count == blocks.count * doublesPerBlock, "One block's doubles per block kept.")
        try connection.withLock { (connection) throws(LiveRowStoreFailure) in
            let db = connection.db, insert = connection.insert
            guard sqlite3_exec(db, "BEGIN", nil, nil, nil) == SQLITE_OK else { throw Self.failure(db, "cannot keep rows past --max-memory on disk") }
            for (k, block) in blocks.enumerated() {
                let bytes = UnsafeRawPointer(doubles.baseAddress! + k * doublesPerBlock)
                sqlite3_bind_int64(insert, 1, Int64(block))
                sqlite3_bind_blob(insert, 2, bytes, Int32(doublesPerBlock * 8), nil)
                let status = sqlite3_step(insert)
                sqlite3_reset(insert)
                sqlite3_clear_bindings(insert)
                guard status == SQLITE_DONE else {
                    let failure = Self.failure(db, "cannot keep rows past --max-memory on disk")
                    sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                    throw failure
                }
            }
            guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else {
                let failure = Self.failure(db, "cannot keep rows past --max-memory on disk")
                sqlite3_exec(db, "ROLLBACK", nil, nil, nil)
                throw failure
            }
        }
    }

    /// Reads one block back. Throws when it is missing or SQLite cannot read it.
    public func read(block: Int, into doubles: UnsafeMutableBufferPointer<Double>) throws(LiveRowStoreFailure) {
        try connection.withLock { (connection) throws(LiveRowStoreFailure) in
            let db = connection.db, select = connection.select
            defer { sqlite3_reset(select) }
            sqlite3_bind_int64(select, 1, Int64(block))
            guard sqlite3_step(select) == SQLITE_ROW, let blob = sqlite3_column_blob(select, 0),
                Int(sqlite3_column_bytes(select, 0)) == doubles.count * 8
            else { throw Self.failure(db, "cannot read back rows kept on disk past --max-memory") }
            UnsafeMutableRawBufferPointer(doubles).copyMemory(from: UnsafeRawBufferPointer(start: blob, count: doubles.count * 8))
        }
    }

    /// `what`, then SQLite's message and the system's reason.
    private static func failure(_ db: OpaquePointer, _ what: String) -> LiveRowStoreFailure {
        var message = "\(what): \(String(cString: sqlite3_errmsg(db)))"
        let errno = sqlite3_system_errno(db)
        if errno != 0, let reason = strerror(errno) { message += " (\(String(cString: reason)))" }
        return LiveRowStoreFailure(message)
    }
}
