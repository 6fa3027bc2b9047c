import Foundation

/// Passwords the user keeps outside a server's location (each engine's: `CLICKHOUSE_PASSWORD`
/// and clickhouse-client's `config.xml` for ClickHouse, `PGPASSWORD` for PostgreSQL). They are
/// the user's for the servers the user names: a server a spec file names (someone else's file,
/// perhaps) gets only the password its own location writes, unless the caller allows stored
/// credentials for it (`DatabaseOptions.storedCredentials`). Every message a server or a
/// library sends back has all of them redacted (`redacting`).
public enum StoredCredentials {
    /// Has every engine take the passwords it reads from the environment out of it
    /// (`DatabaseEngine.takeStoredCredentials()`: libpq reads `PGPASSWORD` for every connection
    /// it makes, so it leaves the environment and is given only where allowed). Call once, first
    /// thing in `main`, before any thread starts (`unsetenv` is not thread-safe).
    public static func takeFromEnvironment() { DatabaseEngines.takeStoredCredentials() }

    /// `message` with every stored password, and every one of `more`, written as `********`: one
    /// byte-level pass over all of them (`SecretRedaction`), so no source's password survives
    /// another's replacement. O(length × passwords × a password's length) at worst.
    public static func redacting(_ message: String, more: [String] = []) -> String {
        SecretRedaction.redacting(message, secrets: DatabaseEngines.storedSecrets + more)
    }
}
