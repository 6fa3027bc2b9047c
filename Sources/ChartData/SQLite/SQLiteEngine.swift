import Foundation

/// SQLite as the registry knows it (`DatabaseEngines`): any path no other engine claims, a
/// database file opened read-only (`SQLiteDatabase`) or a `.sql` script run into a private
/// in-memory database; its private copies of databases (`SQLiteSnapshot`) removed when the
/// process ends on a signal.
struct SQLiteEngine: DatabaseEngine {
    var title: String { "SQLite" }
    var isServer: Bool { false }
    var fileExtensions: [String] { ["sqlite", "sqlite3", "db", "sql"] }

    /// Any path: SQLite is the registry's last engine, which says whether a file is a database
    /// by opening it.
    func claims(_ location: String) -> Bool { true }

    func open(_ location: String, options: DatabaseOptions) throws(DataError) -> any ChartDatabase {
        if Self.isScript(location) {
            let bytes = try InputFile(path: location, limits: options.limits).readAll(requireText: true)
            guard let script = String(validating: bytes, as: UTF8.self) else {
                throw DataError.cannotOpen(path: location, reason: "not a UTF-8 text file")
            }
            return try SQLiteDatabase(memoryNamed: location, script: script, timeLimit: options.timeLimit, memoryBudget: options.memoryBudget)
        }
        // SQLite would wait in open() for a FIFO's writer, and reads pages at random: a
        // database is a regular file.
        var info = stat()
        if stat(location, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR {
            throw DataError.cannotOpen(path: location, reason: "not a regular file (a database cannot be read from a FIFO or device)")
        }
        return try SQLiteDatabase(path: location, timeLimit: options.timeLimit, memoryBudget: options.memoryBudget)
    }

    /// A file opened again; nil for a script, whose database lives in this process's memory once.
    func reconnection(to location: String, options: DatabaseOptions) -> DatabaseReconnection? {
        guard !Self.isScript(location) else { return nil }
        let memoryBudget = options.memoryBudget
        return { (timeLimit: Double) throws(DataError) -> any NumberStreaming in
            try SQLiteDatabase(path: location, timeLimit: timeLimit, memoryBudget: memoryBudget)
        }
    }

    func removeTemporaryFiles() { SQLiteSnapshot.removeAll() }

    /// Whether `location` is a `.sql` script to run, not a database file.
    private static func isScript(_ location: String) -> Bool { location.hasSuffix(".sql") }
}

extension SQLiteDatabase: ChartDatabase {
    /// The file's path (or a `.sql` script's).
    public var name: String { path }
    /// Itself: SQLite streams numbers.
    public var numberStreaming: (any NumberStreaming)? { self }
}
