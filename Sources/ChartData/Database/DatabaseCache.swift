import ChartCore
import Foundation

/// Databases opened once per path and shared (read-only files, `.sql` scripts in memory, or
/// PostgreSQL servers by connection string).
public final class DatabaseCache {
    private var open: [String: any ChartDatabase] = [:]
    /// The time limit each database's queries get, in seconds.
    public let timeLimit: Double
    /// What reading a `.sql` script may cost. (The rows a query returns are bounded by each
    /// database's `memoryBudget`.)
    public let limits: InputLimits
    /// The memory budget each database's query results get, in bytes
    /// (`SQLiteDatabase.memoryBudget`), for the databases opened after it is set.
    public var memoryBudget: Int
    /// How many rows a line or scatter query may have before it is charted without loading
    /// them (`BigTable`, per view from the database); nil loads every row (`--in-memory`).
    public var outOfCoreRows: Int? = 2_000_000
    /// The query that tells when a PostgreSQL server's data changed (`--watch-query`,
    /// `PostgresDatabase.watchQuery`), for the servers connected after it is set.
    public var watchQuery: String?
    /// Whether a PostgreSQL server was connected (`server(_:)`).
    public var hasServers: Bool { open.values.contains { $0 is PostgresDatabase } }

    /// A cache whose queries stop after `timeLimit` seconds, whose files obey `limits`, and whose SQLite databases each hold at most `memoryBudget` bytes of page cache and temporary data.
    public init(timeLimit: Double = 60, limits: InputLimits = InputLimits(), memoryBudget: Int = SQLiteDatabase.defaultMemoryBudget) {
        self.timeLimit = timeLimit
        self.limits = limits
        self.memoryBudget = memoryBudget
    }

    /// The database at `path`: a SQLite file, a `.sql` script, or a `postgresql://` URL's server.
    public func database(at path: String) throws(DataError) -> any ChartDatabase {
        if PostgresDatabase.isConnectionURL(path) { return try server(path) }
        if let database = open[path] { return database }
        let database: SQLiteDatabase
        if path.hasSuffix(".sql") {
            let bytes = try InputFile(path: path, limits: limits).readAll(requireText: true)
            guard let script = String(validating: bytes, as: UTF8.self) else {
                throw DataError.cannotOpen(path: path, reason: "not a UTF-8 text file")
            }
            database = try SQLiteDatabase(memoryNamed: path, script: script, timeLimit: timeLimit, memoryBudget: memoryBudget)
        } else {
            // SQLite would wait in open() for a FIFO's writer, and reads pages at random:
            // a database is a regular file.
            var info = stat()
            if stat(path, &info) == 0 && info.st_mode & S_IFMT != S_IFREG && info.st_mode & S_IFMT != S_IFDIR {
                throw DataError.cannotOpen(path: path, reason: "not a regular file (a database cannot be read from a FIFO or device)")
            }
            database = try SQLiteDatabase(path: path, timeLimit: timeLimit, memoryBudget: memoryBudget)
        }
        open[path] = database
        return database
    }

    /// The PostgreSQL server `connectionString` names (a URL or libpq's key=value pairs),
    /// connected once and shared. With a `watchQuery`, it is run once now, so that a watch
    /// query that fails says so before a window opens.
    public func server(_ connectionString: String) throws(DataError) -> PostgresDatabase {
        let key = "postgres\u{0}" + connectionString
        if let database = open[key] as? PostgresDatabase { return database }
        let database = try PostgresDatabase(connectionString: connectionString, timeLimit: timeLimit, memoryBudget: memoryBudget)
        if let watchQuery {
            _ = try database.rows(watchQuery)
            database.watchQuery = watchQuery
        }
        open[key] = database
        return database
    }
}
