import CSQLite
import Foundation
import Synchronization

/// A private copy of a WAL-mode database and its `-wal` file, folded into one file, for reading
/// without touching the user's files. Owns its directory (under the temporary directory) and
/// removes it when released; the immutable connection opened on the copy keeps reading it
/// through its open file, so the copy is gone from the disk as soon as that connection exists.
///
/// Why: a connection on the user's WAL file, even read-only, creates a `-shm` file when there
/// is none (a database copied with its `-wal` only), and holds a lock that keeps the last writer
/// from checkpointing and deleting `-wal` and `-shm` when it closes; a read-only connection
/// cannot do that itself, so both stay after every process has exited. A copy holds no lock on
/// the user's file and creates nothing beside it.
///
/// The copy is consistent without any lock: the `-wal` header (its salts change whenever the log
/// starts over) is read before the database is copied and again after the `-wal` is; when it
/// is the same, the log was only appended to meanwhile, so every page a checkpoint wrote into
/// the database during the copy is also in the copied log, which wins; a frame half written
/// fails its checksum and ends the log at the last whole commit. Otherwise it copies again.
/// The cost is a copy of the file per read (per reload, in the window).
public final class SQLiteSnapshot {
    /// The folded copy: a database in rollback-journal mode with no file beside it.
    let path: String
    private let directory: String
    /// The directories of the snapshots that exist, for `removeAll()`.
    private static let live = Mutex<Set<String>>([])

    /// Removes every snapshot's directory now: for a process ending on a signal (SIGTERM while a
    /// copy is made), which runs no deinitializers. From any thread; the snapshots in use stay
    /// readable through their open files.
    public static func removeAll() {
        live.withLock { directories in
            for directory in directories {
                // Renamed away first, so that a copy still being written on another thread
                // cannot open a new file in it (its next file finds no folder) while it is
                // emptied; a removal that raced such a file anyway is tried again.
                let doomed = directory + ".removing"
                let target = rename(directory, doomed) == 0 ? doomed : directory
                for _ in 0..<5 {
                    try? FileManager.default.removeItem(atPath: target)
                    if !FileManager.default.fileExists(atPath: target) { break }
                }
            }
            directories.removeAll()
        }
    }

    /// Copies `source` and its `-wal`, then folds the log into the copy. nil when the `-wal`
    /// went away meanwhile (the last writer closed it: the file alone is the database now).
    /// Throws when the time limit passes or the operation is cancelled before a consistent
    /// copy is made, or when SQLite cannot read the copy.
    static func make(of source: String, deadline: QueryDeadline, seconds: Double) throws(DataError) -> SQLiteSnapshot? {
        while true {
            guard let before = walHeader(source) else { return nil }
            let snapshot = try SQLiteSnapshot(source: source)
            let copied = try snapshot.copy(from: source)
            if copied, walHeader(source) == before {
                try snapshot.fold(deadline: deadline, seconds: seconds, source: source)
                return snapshot
            }
            if deadline.isCancelled { throw .cancelled(path: source) }
            guard deadline.remaining > 0 else {
                throw .busy(path: source, reason: "the write-ahead log kept starting over while it was copied", seconds: seconds)
            }
            usleep(10_000)
        }
    }

    private init(source: String) throws(DataError) {
        directory = NSTemporaryDirectory() + "chartview-sqlite-\(UUID().uuidString)"
        path = (directory as NSString).appendingPathComponent((source as NSString).lastPathComponent)
        // Recorded before it exists, so that a signal never finds a directory it cannot name.
        _ = Self.live.withLock { $0.insert(directory) }
        // mkdir with 0700, and no other user's folder there before: the copy is the user's data
        // (Foundation's createDirectory left it 0755, readable by every user of /tmp).
        guard mkdir(directory, 0o700) == 0 else {
            let reason = String(cString: strerror(errno))
            _ = Self.live.withLock { $0.remove(directory) }
            throw .cannotOpen(path: source, reason: "cannot make a private copy in \(NSTemporaryDirectory()): \(reason)")
        }
        chmod(directory, 0o700)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
        _ = Self.live.withLock { $0.remove(directory) }
    }

    /// The `-wal` file's identity and header (magic, format, page size, checkpoint sequence,
    /// salts, checksum: its first 32 bytes); nil when there is no `-wal`. An empty log has an
    /// empty header.
    private static func walHeader(_ source: String) -> [UInt8]? {
        let wal = source + "-wal"
        var info = stat()
        guard stat(wal, &info) == 0, let handle = FileHandle(forReadingAtPath: wal) else { return nil }
        defer { try? handle.close() }
        let header = (try? handle.read(upToCount: 32)) ?? Data()
        return withUnsafeBytes(of: info.st_ino) { Array($0) } + Array(header)
    }

    /// Copies the database, then its log (that order: see the type's comment). False when the
    /// log went away meanwhile; throws when a file cannot be read or the copy written.
    private func copy(from source: String) throws(DataError) -> Bool {
        let files = FileManager.default
        try? files.removeItem(atPath: path)
        try? files.removeItem(atPath: path + "-wal")
        do {
            try files.copyItem(atPath: source, toPath: path)
            try files.copyItem(atPath: source + "-wal", toPath: path + "-wal")
            return true
        } catch {
            guard files.fileExists(atPath: source), files.fileExists(atPath: source + "-wal") else { return false }
            throw .cannotOpen(
                path: source,
                reason: "cannot make a private copy of it and its -wal in \(NSTemporaryDirectory()): "
                    + (error as NSError).localizedDescription)
        }
    }

    /// Opens the copy for writing (it is ours), which recovers the log, and turns it into a
    /// rollback-journal database: SQLite checkpoints every commit into the file and deletes
    /// the log.
    private func fold(deadline: QueryDeadline, seconds: Double, source: String) throws(DataError) {
        var db: OpaquePointer?
        let status = sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil)
        defer { sqlite3_close(db) }
        guard status == SQLITE_OK, let db else { throw SQLiteFailure(db, status: status).openError(path: source, seconds: seconds) }
        SQLiteDatabase.harden(db)
        deadline.install(on: db)
        var error: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(db, "PRAGMA journal_mode = DELETE", nil, nil, &error) == SQLITE_OK else {
            sqlite3_free(error)
            if deadline.isCancelled { throw .cancelled(path: source) }
            if deadline.hasExpired { throw .timedOut(path: source, seconds: seconds) }
            throw SQLiteFailure(db, status: SQLITE_ERROR).openError(path: source, seconds: seconds)
        }
    }
}
