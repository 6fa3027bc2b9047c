import Foundation

/// ClickHouse as the registry knows it (`DatabaseEngines`): a server named by a
/// `clickhouse://` (HTTP) or `clickhouses://` (HTTPS) URL (a spec's `database` may hold one);
/// shown and quoted without its password; opened read-only (`ClickHouseDatabase`), its watch
/// query run once as it opens. Views of a table too large to load are thinned in the server
/// (`ViewAggregating`).
struct ClickHouseEngine: DatabaseEngine {
    var title: String { "ClickHouse" }
    var isServer: Bool { true }

    func claims(_ location: String) -> Bool { ClickHouseLocation.isURL(location) }

    func shownName(_ location: String) -> String {
        (try? ClickHouseLocation(location, environment: [:]))?.displayName ?? ClickHouseLocation.redacted(location)
    }

    func quotedArgument(_ location: String) -> String { "clickhouse://…" }

    func redactingSecrets(_ message: String, writtenIn texts: [String]) -> String {
        StoredCredentials.redacting(message, more: texts.flatMap(ClickHouseLocation.passwords(in:)))
    }

    func open(_ location: String, options: DatabaseOptions) throws(DataError) -> any ChartDatabase {
        try ClickHouseDatabase(
            url: location, timeLimit: options.timeLimit, memoryBudget: options.memoryBudget, storedCredentials: options.storedCredentials
        ).watching(options.watchQuery)
    }

    var storedSecrets: [String] { ClickHouseLocation.storedSecrets }

    /// The requests to kill a query (`KILL QUERY`) still on their threads.
    func finishBackgroundWork(seconds: Double) {
        _ = ClickHouseDatabase.pendingKills.wait(timeout: .now() + .nanoseconds(Int(max(0, min(seconds, 3600)) * 1e9)))
    }

    func reconnection(to location: String, options: DatabaseOptions) -> DatabaseReconnection? {
        { (timeLimit: Double) throws(DataError) -> any NumberStreaming in
            try ClickHouseDatabase(url: location, timeLimit: timeLimit, memoryBudget: options.memoryBudget, storedCredentials: options.storedCredentials)
        }
    }
}
