/// The registry of database engines: the one list a new engine is added to (a folder of its
/// own and one line here), and the questions about a location that would otherwise name an
/// engine (which one reads it, what it is called without secrets, whether it is a server).
public enum DatabaseEngines {
    /// Every engine, in the order they are asked whether they claim a location: servers by
    /// their URL's scheme first, then SQLite, which takes any path.
    public static let all: [any DatabaseEngine] = [
        PostgresEngine(),
        ClickHouseEngine(),
        SQLiteEngine()
    ]

    /// The engine that reads `location`: the first that claims it, else the last (a path). O(engines).
    public static func engine(for location: String) -> any DatabaseEngine {
        all.first { $0.claims(location) } ?? all[all.count - 1]
    }

    /// The engine whose spec key is `key` (`DatabaseEngine.specKey`); nil for none. O(engines).
    public static func engine(specKey key: String) -> (any DatabaseEngine)? {
        all.first { $0.specKey == key }
    }

    /// Whether `location` is a server's (a URL an engine claims), by its form alone.
    public static func isServer(_ location: String) -> Bool {
        all.contains { $0.isServer && $0.claims(location) }
    }

    /// What messages call the database at `location`, without secrets. O(length).
    public static func shownName(_ location: String) -> String {
        engine(for: location).shownName(location)
    }

    /// `argument` as a message may quote it back: a server's URL only by a stub without its
    /// user or password. O(length).
    public static func quotedArgument(_ argument: String) -> String {
        all.first { $0.isServer && $0.claims(argument) }?.quotedArgument(argument) ?? argument
    }

    /// `message` without any secret `texts` write as any engine reads one (a password in a URL or
    /// in `key=value` pairs): the last step before a message is printed. O(length × texts).
    public static func redactingSecrets(_ message: String, writtenIn texts: [String]) -> String {
        all.reduce(message) { $1.redactingSecrets($0, writtenIn: texts) }
    }

    /// The extensions of every file database, for shell completion, in the engines' order.
    public static var fileExtensions: [String] { all.flatMap(\.fileExtensions) }

    /// The titles of the engines that are servers ("PostgreSQL"), and of those that are files
    /// ("SQLite"), for messages.
    public static func titles(servers: Bool) -> [String] {
        all.filter { $0.isServer == servers }.map(\.title)
    }

    /// Asks every server to stop the queries this process runs there (`cancelRunningQueries`),
    /// for a process ending on a signal. May wait for the network: the caller bounds it.
    public static func cancelRunningQueries() {
        for engine in all { engine.cancelRunningQueries() }
    }

    /// Every engine's stored passwords (`DatabaseEngine.storedSecrets`), for redaction.
    public static var storedSecrets: [String] { all.flatMap(\.storedSecrets) }

    /// Has every engine take its stored passwords out of the environment
    /// (`DatabaseEngine.takeStoredCredentials()`). Only while no other thread runs.
    public static func takeStoredCredentials() {
        for engine in all { engine.takeStoredCredentials() }
    }

    /// Waits for every engine's background work (`finishBackgroundWork(seconds:)`), up to
    /// `seconds` each, for a process about to exit.
    public static func finishBackgroundWork(seconds: Double) {
        for engine in all { engine.finishBackgroundWork(seconds: seconds) }
    }

    /// Removes every engine's private files (`removeTemporaryFiles`), for a process ending on a signal.
    public static func removeTemporaryFiles() {
        for engine in all { engine.removeTemporaryFiles() }
    }
}
