import Foundation

/// One kind of database chartview reads, as the registry (`DatabaseEngines`) knows it: what a
/// location of one looks like, how it is opened read-only, how it is named without secrets, and
/// what the process does for it when it ends on a signal. Each engine lives in a folder of its
/// own (SQLite/, Postgres/) with one value adopting this protocol; `DatabaseEngines.all` lists
/// them, and nothing else in chartview names a concrete engine.
///
/// A location is what the user wrote: a path (relative paths resolved against a spec file's
/// folder when `isPath(_:)` says so) or a URL.
public protocol DatabaseEngine: Sendable {
    /// How messages name the engine ("SQLite", "PostgreSQL").
    var title: String { get }

    /// Whether the engine's databases are servers: no file's modification tells when their data
    /// changed, so a chart of one reloads only when a watch query's first row changes
    /// (`DatabaseOptions.watchQuery`), and is not polled without one.
    var isServer: Bool { get }

    /// The file name extensions (lowercase, without the dot) that name the engine's databases,
    /// for shell completion; empty for a server.
    var fileExtensions: [String] { get }

    /// The key of a spec's `data` (and of the spec file's top level) whose value is one of the
    /// engine's locations whatever it looks like (`postgres`: libpq's `key=value` pairs as well
    /// as a URL); nil when the engine has none.
    var specKey: String? { get }

    /// Whether `location` names one of the engine's databases by its form alone (a URL's
    /// scheme), without opening anything. The registry asks the engines in order; the last one
    /// takes any path (`DatabaseEngines.engine(for:)`). O(1).
    func claims(_ location: String) -> Bool

    /// Whether `location` is a file's path, which a spec file's relative paths resolve against
    /// its folder (a server's URL is not). O(1).
    func isPath(_ location: String) -> Bool

    /// What messages, titles and `--list` call the database at `location`, without secrets
    /// (a server's password). O(length).
    func shownName(_ location: String) -> String

    /// `location` as a message may quote it back when it was not asked for at all: itself, or a
    /// stub that holds nothing secret ("postgresql://…"). O(length).
    func quotedArgument(_ location: String) -> String

    /// `message` with every secret that `texts` (command-line arguments) write in the engine's
    /// form replaced, as the last step before a message is printed. O(length × texts).
    func redactingSecrets(_ message: String, writtenIn texts: [String]) -> String

    /// Opens the database at `location` read-only, within `options`' time limit and memory
    /// budget, and with its watch query when it is a server. Throws a `DataError` naming the
    /// database as `shownName(_:)` does.
    func open(_ location: String, options: DatabaseOptions) throws(DataError) -> any ChartDatabase

    /// How to open another connection to `location` for a table too large to load (its pass over
    /// every row, and its views), each with its own time limit in seconds; nil when the database
    /// cannot be opened twice (a script run into memory).
    func reconnection(to location: String, options: DatabaseOptions) -> DatabaseReconnection?

    /// Asks every server to stop the queries running there for this process, for a process
    /// ending on a signal. May wait for the network: the caller bounds it.
    func cancelRunningQueries()

    /// Removes the private files the engine's databases made (copies of databases), for a
    /// process ending on a signal, which runs no deinitializers.
    func removeTemporaryFiles()

    /// Waits up to `seconds` for work the engine's databases started on threads of their own
    /// (a request to stop a query on the server), for a process about to exit: a thread still in
    /// a library (OpenSSL) when the process' exit handlers run could crash it.
    func finishBackgroundWork(seconds: Double)

    /// Takes the passwords the engine's library would read from the environment for any server
    /// out of it, to give them only where stored credentials are allowed
    /// (`StoredCredentials.takeFromEnvironment()`). Only while no other thread runs.
    func takeStoredCredentials()

    /// The passwords the user keeps for the engine's servers outside their locations (the
    /// environment's, a client's configuration's), for every message to be redacted of them.
    var storedSecrets: [String] { get }
}

/// Opens a connection to a database again, within the time limit it is given in seconds
/// (`DatabaseEngine.reconnection(to:options:)`).
public typealias DatabaseReconnection = @Sendable (_ timeLimit: Double) throws(DataError) -> any NumberStreaming

/// What opening a database is bounded by (`DatabaseEngine.open(_:options:)`).
public struct DatabaseOptions: Sendable {
    /// How long each operation (connecting, a query) may take, in seconds.
    public var timeLimit: Double
    /// The most memory one result's rows (and a file database's page cache) may take, in bytes.
    public var memoryBudget: Int
    /// What reading a file that is not itself the database (a `.sql` script) may cost.
    public var limits: InputLimits
    /// A server's watch query: run once as the server opens (so that a failing one says so
    /// before a window opens), then polled for live reload. Ignored by file databases.
    public var watchQuery: String?
    /// Whether a server may be sent the passwords the user keeps outside its location
    /// (`StoredCredentials`: `CLICKHOUSE_PASSWORD`, `PGPASSWORD`, clickhouse-client's
    /// `config.xml`) when its location writes none: true for a location the user named, false
    /// for one only a spec file names (someone else's file may name their own server).
    public var storedCredentials: Bool = true

    /// A quarter of the machine's physical memory, in bytes: the budget when none is given.
    public static var defaultMemoryBudget: Int { Int(clamping: ProcessInfo.processInfo.physicalMemory / 4) }

    /// Options of the given limits and no watch query.
    public init(timeLimit: Double, memoryBudget: Int, limits: InputLimits = InputLimits(), watchQuery: String? = nil) {
        self.timeLimit = timeLimit
        self.memoryBudget = memoryBudget
        self.limits = limits
        self.watchQuery = watchQuery
    }
}

extension DatabaseEngine {
    /// None.
    public var fileExtensions: [String] { [] }
    /// None.
    public var specKey: String? { nil }
    /// A path unless the engine is a server's.
    public func isPath(_ location: String) -> Bool { !isServer }
    /// The location itself.
    public func shownName(_ location: String) -> String { location }
    /// The location itself.
    public func quotedArgument(_ location: String) -> String { location }
    /// The message as it is: the engine's locations hold no secrets.
    public func redactingSecrets(_ message: String, writtenIn texts: [String]) -> String { message }
    /// Nothing runs elsewhere.
    public func cancelRunningQueries() {}
    /// No private files.
    public func removeTemporaryFiles() {}
    /// Nothing runs elsewhere.
    public func finishBackgroundWork(seconds: Double) {}
    /// None taken.
    public func takeStoredCredentials() {}
    /// None.
    public var storedSecrets: [String] { [] }
}
