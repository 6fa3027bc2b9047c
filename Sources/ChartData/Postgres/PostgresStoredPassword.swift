import Foundation
import Synchronization

/// `PGPASSWORD`, taken out of the environment as chartview starts (`take()`), so that libpq,
/// which reads it for every connection it makes, is given it only where stored credentials are
/// allowed (`password(allowed:)`: a server the user named). Without `take()`, libpq reads it
/// itself, for every server.
enum PostgresStoredPassword {
    private static let taken = Mutex<String?>(nil)

    /// Moves `PGPASSWORD` from the environment here. Only while no other thread runs.
    static func take() {
        guard let value = getenv("PGPASSWORD") else { return }
        let password = String(cString: value)
        taken.withLock { $0 = password }
        unsetenv("PGPASSWORD")
    }

    /// The password to give libpq for a connection whose string writes none: the taken one
    /// where stored credentials are `allowed`, else nil.
    static func password(allowed: Bool) -> String? {
        guard allowed else { return nil }
        return taken.withLock { $0 }.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The environment's password (taken or still there), for redaction.
    static var secrets: [String] {
        [taken.withLock { $0 }, ProcessInfo.processInfo.environment["PGPASSWORD"]].compactMap { $0 }.filter { !$0.isEmpty }
    }
}
