import CPostgres

/// What it takes to ask a server to stop the command one connection runs (libpq's `PGcancel`:
/// the server process's id and secret key). Owns it and frees it (`PQfreeCancel`) in deinit.
///
/// `send()` may be called from any thread, while the connection is in use on another: libpq
/// makes `PQcancel` safe for that. It must not run while the request is freed, which holding a
/// reference for the call ensures.
final class PostgresCancelRequest: @unchecked Sendable {
    private let handle: OpaquePointer

    /// The request for `connection`'s commands; nil when libpq cannot make one (no connection).
    init?(_ connection: PostgresConnection) {
        guard let handle = PQgetCancel(connection.handle) else { return nil }
        self.handle = handle
    }

    deinit { PQfreeCancel(handle) }

    /// Sends the request over a connection of its own, and returns once the server has it
    /// (a round trip): the running command then fails with SQLSTATE 57014, and a connection with
    /// no command running is left as it is. False when it could not be sent.
    @discardableResult
    func send() -> Bool {
        var reason = [CChar](repeating: 0, count: 256)
        return PQcancel(handle, &reason, Int32(reason.count)) == 1
    }
}
