import Foundation
import Synchronization

/// Passwords the user keeps outside a server's location: `CLICKHOUSE_PASSWORD` and
/// clickhouse-client's `config.xml` (`ClickHouseClientConfig`) for ClickHouse, libpq's
/// `PGPASSWORD` for PostgreSQL. They are the user's for the servers the user names: a server a
/// spec file names (someone else's file, perhaps) gets only the password its own URL writes,
/// unless the caller allows stored credentials for it (`DatabaseOptions.storedCredentials`).
/// Every message a server or a library sends back has all of them redacted (`redacting`).
public enum StoredCredentials {
    /// `PGPASSWORD`, taken out of the environment by `takeFromEnvironment()`.
    private static let takenPostgresPassword = Mutex<String?>(nil)

    /// Removes `PGPASSWORD` from the process' environment and keeps it here, so that libpq,
    /// which reads it for every connection it makes, sends it only where a connection is allowed
    /// stored credentials (`postgresPassword(allowed:)`). Call once, first thing in `main`,
    /// before any thread starts (`unsetenv` is not thread-safe). Without it, libpq reads
    /// `PGPASSWORD` itself, for every server.
    public static func takeFromEnvironment() {
        guard let value = getenv("PGPASSWORD") else { return }
        let password = String(cString: value)
        takenPostgresPassword.withLock { $0 = password }
        unsetenv("PGPASSWORD")
    }

    /// The PostgreSQL password to give libpq for a connection whose string writes none: the
    /// taken `PGPASSWORD` where stored credentials are `allowed`, else nil.
    static func postgresPassword(allowed: Bool) -> String? {
        guard allowed else { return nil }
        return takenPostgresPassword.withLock { $0 }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether any PostgreSQL password comes from the environment (taken or still there).
    static var hasPostgresPassword: Bool {
        postgresPassword(allowed: true) != nil || !(ProcessInfo.processInfo.environment["PGPASSWORD"] ?? "").isEmpty
    }

    /// The ClickHouse password for a location whose URL writes none: `CLICKHOUSE_PASSWORD`, else
    /// clickhouse-client's configuration under `HOME`, where stored credentials are `allowed`.
    static func clickHousePassword(allowed: Bool, environment: [String: String]) -> String? {
        guard allowed else { return nil }
        return environment["CLICKHOUSE_PASSWORD"] ?? ClickHouseClientConfig.password(home: environment["HOME"])
    }

    /// Every stored password there is now, for redaction.
    static func all(environment: [String: String] = ProcessInfo.processInfo.environment) -> [String] {
        [
            environment["CLICKHOUSE_PASSWORD"], environment["PGPASSWORD"], takenPostgresPassword.withLock { $0 },
            ClickHouseClientConfig.password(home: environment["HOME"])
        ].compactMap { $0 }.filter { !$0.isEmpty }
    }

    /// `message` with every stored password, and every one of `more`, written as `********`:
    /// one byte-level pass over all of them (`PostgresConnectionString.redacting`), so no
    /// source's password survives another's replacement. O(length × passwords × a password's
    /// length) at worst.
    public static func redacting(_ message: String, more: [String] = []) -> String {
        PostgresConnectionString.redacting(message, secrets: all() + more)
    }
}
