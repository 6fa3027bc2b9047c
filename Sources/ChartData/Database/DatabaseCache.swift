import ChartCore
import Foundation

/// Databases opened once per location and shared, each by the engine that reads it
/// (`DatabaseEngines`): read-only files, `.sql` scripts in memory, servers by connection string.
public final class DatabaseCache {
    private var open: [String: (engine: any DatabaseEngine, database: any ChartDatabase)] = [:]
    /// The time limit each database's queries get, in seconds.
    public let timeLimit: Double
    /// What reading a `.sql` script may cost. (The rows a query returns are bounded by each
    /// database's `memoryBudget`.)
    public let limits: InputLimits
    /// The memory budget each database's query results get, in bytes
    /// (`DatabaseOptions.memoryBudget`), for the databases opened after it is set.
    public var memoryBudget: Int
    /// How many rows a line or scatter query may have before it is charted without loading
    /// them (`BigTable`, per view from the database); nil loads every row (`--in-memory`).
    public var outOfCoreRows: Int? = 2_000_000
    /// The query that tells when a server's data changed (`DatabaseOptions.watchQuery`), for the
    /// servers connected after it is set.
    public var watchQuery: String?
    /// The locations whose servers may be sent stored passwords (`StoredCredentials`,
    /// `DatabaseOptions.storedCredentials`): those the user named (on the command line); nil for
    /// every location.
    public var storedCredentialLocations: Set<String>?
    /// Whether a server was connected.
    public var hasServers: Bool { open.values.contains { $0.engine.isServer } }

    /// A cache whose queries stop after `timeLimit` seconds, whose files obey `limits`, and whose databases each hold at most `memoryBudget` bytes of results, page cache and temporary data.
    public init(timeLimit: Double = 60, limits: InputLimits = InputLimits(), memoryBudget: Int = DatabaseOptions.defaultMemoryBudget) {
        self.timeLimit = timeLimit
        self.limits = limits
        self.memoryBudget = memoryBudget
    }

    /// The options the database at `location` is opened with now.
    func options(for location: String) -> DatabaseOptions {
        var options = DatabaseOptions(timeLimit: timeLimit, memoryBudget: memoryBudget, limits: limits, watchQuery: watchQuery)
        options.storedCredentials = storedCredentialLocations?.contains(location) ?? true
        return options
    }

    /// The database at `location`, opened by `engine`, else by the engine that claims it
    /// (`DatabaseEngines.engine(for:)`): a file, a `.sql` script, or a server's URL. A server
    /// with a `watchQuery` runs it once as it connects, so that a watch query that fails says so
    /// before a window opens.
    public func database(at location: String, engine: (any DatabaseEngine)? = nil) throws(DataError) -> any ChartDatabase {
        let engine = engine ?? DatabaseEngines.engine(for: location)
        let key = engine.title + "\u{0}" + location
        if let opened = open[key] { return opened.database }
        let database = try engine.open(location, options: options(for: location))
        open[key] = (engine, database)
        return database
    }
}
