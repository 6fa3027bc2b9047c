import Synchronization

/// The part of a `PostgresDatabase` other threads may touch: whether an operation runs, and
/// stopping it (`interrupt()`: Escape in the window). A stop sends the connection's cancel
/// request at once, under the lock, so that it can never reach a later operation: the
/// operation's end waits for a cancel being sent. A stop while nothing runs does nothing.
///
/// Thread-safe.
final class PostgresQueryControl: Sendable {
    private struct State {
        var request: PostgresCancelRequest?
        var running = false
        var interrupted = false
        var cancelSent = false
    }

    private let state = Mutex(State())

    /// An operation starts on a connection whose cancel request is `request`.
    func begin(request: PostgresCancelRequest?) {
        state.withLock { $0 = State(request: request, running: true) }
        RunningPostgresQueries.began(self)
    }

    /// The operation ended (after any cancel being sent has been sent).
    func end() {
        RunningPostgresQueries.ended(self)
        state.withLock { $0 = State() }
    }

    /// Sends the running operation's cancel request as the process exits (a signal): as
    /// `interrupt()`, but it says whether a request went out. False when none runs, one was
    /// sent already, or the server could not be reached.
    func cancelForExit() -> Bool {
        state.withLock { state in
            guard state.running, !state.cancelSent, let request = state.request else { return false }
            state.interrupted = true
            state.cancelSent = true
            return request.send()
        }
    }

    /// Stops the running operation, from any thread; nothing when none runs.
    func interrupt() {
        state.withLock { state in
            guard state.running else { return }
            state.interrupted = true
            if !state.cancelSent, let request = state.request {
                state.cancelSent = true
                request.send()
            }
        }
    }

    /// Sends the cancel request for the running operation unless one was sent (the operation's
    /// own thread: its time is up, or its caller's flag was raised).
    func cancel() {
        state.withLock { state in
            guard state.running, !state.cancelSent, let request = state.request else { return }
            state.cancelSent = true
            request.send()
        }
    }

    /// Whether `interrupt()` was called during the running operation.
    var wasInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Whether a cancel request went out during the running operation.
    var cancelWasSent: Bool { state.withLock { $0.cancelSent } }
}
