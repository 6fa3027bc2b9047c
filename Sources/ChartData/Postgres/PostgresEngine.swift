/// PostgreSQL as the registry knows it (`DatabaseEngines`): a server named by a
/// `postgresql://` or `postgres://` URL, or by any libpq connection string under a spec's
/// `postgres` key; shown and quoted without its password; opened read-only
/// (`PostgresDatabase`), its watch query run once as it opens.
struct PostgresEngine: DatabaseEngine {
    var title: String { "PostgreSQL" }
    var isServer: Bool { true }
    var specKey: String? { "postgres" }

    func claims(_ location: String) -> Bool { PostgresConnectionString.isURL(location) }

    func shownName(_ location: String) -> String { PostgresConnectionString.displayName(location) }

    func quotedArgument(_ location: String) -> String { "postgresql://…" }

    func redactingSecrets(_ message: String, writtenIn texts: [String]) -> String {
        PostgresDatabase.redactingPasswords(message, writtenIn: texts)
    }

    func open(_ location: String, options: DatabaseOptions) throws(DataError) -> any ChartDatabase {
        try PostgresDatabase(
            connectionString: location, timeLimit: options.timeLimit, memoryBudget: options.memoryBudget,
            storedCredentials: options.storedCredentials
        ).watching(options.watchQuery)
    }

    func reconnection(to location: String, options: DatabaseOptions) -> DatabaseReconnection? {
        { (timeLimit: Double) throws(DataError) -> any NumberStreaming in
            try PostgresDatabase(
                connectionString: location, timeLimit: timeLimit, memoryBudget: options.memoryBudget, storedCredentials: options.storedCredentials)
        }
    }

    func cancelRunningQueries() { RunningPostgresQueries.cancelAll() }

    /// `PGPASSWORD`, out of the environment (`PostgresStoredPassword`).
    func takeStoredCredentials() { PostgresStoredPassword.take() }

    var storedSecrets: [String] { PostgresStoredPassword.secrets }
}

extension PostgresDatabase: WatchedServer {
    /// Itself: PostgreSQL streams numbers.
    public var numberStreaming: (any NumberStreaming)? { self }
}
