import Synchronization

/// Every PostgreSQL operation running in the process, so that a signal that ends it (SIGTERM,
/// SIGINT, SIGHUP) can ask each server to stop its query first: a process that exits does not
/// stop the query on the server, which would run to its end (or its `statement_timeout`) for
/// nobody. A `PostgresQueryControl` registers itself when its operation begins and leaves when
/// it ends.
///
/// Thread-safe.
public enum RunningPostgresQueries {
    /// The controls of the running operations, by their identity. Held weakly: a database
    /// freed mid-operation (it cannot be, but a registry must not keep it) leaves its entry inert.
    private static let running = Mutex<[ObjectIdentifier: Entry]>([:])

    private struct Entry: @unchecked Sendable {
        weak var control: PostgresQueryControl?
    }

    static func began(_ control: PostgresQueryControl) {
        running.withLock { $0[ObjectIdentifier(control)] = Entry(control: control) }
    }

    static func ended(_ control: PostgresQueryControl) {
        _ = running.withLock { $0.removeValue(forKey: ObjectIdentifier(control)) }
    }

    /// Sends every running operation's cancel request (`PQcancel`, one round trip to its server
    /// each) and returns how many were sent: the servers stop those queries (SQLSTATE 57014)
    /// as the process exits. For the signal thread, before it ends the process.
    /// O(running operations) round trips.
    @discardableResult
    public static func cancelAll() -> Int {
        let controls = running.withLock { $0.values.compactMap(\.control) }
        return controls.reduce(0) { $0 + ($1.cancelForExit() ? 1 : 0) }
    }
}
