import ChartCore
import Foundation

/// One chart being built on a thread of its own, so that a long query or a large file never
/// freezes the host: the session shows progress meanwhile, and Escape, Tab or `q` stop it.
/// The host's thread starts it and takes the result; the loading thread only runs
/// `makeGraph(cancellation:)` and wakes the host (`wake`, which a window turns into a byte on
/// its wake-up pipe).
///
/// The session never waits for a load: one it no longer wants (cancelled, another chart, the
/// host closing) is abandoned: cancelled and detached from `wake`, and its thread ends on its
/// own once `makeGraph` gives up; its result is dropped.
///
/// Safety: the provider is used by one loading thread at a time: a load of a provider whose
/// earlier load was abandoned waits, on its own thread, for that one to end (`after`). The
/// host's thread touches a provider only while no load of it runs, except for
/// `cancelLoading()`, which providers make safe to call from another thread.
final class ChartLoad: @unchecked Sendable {
    enum Purpose {
        /// Show a chart (first, or after Tab).
        case show
        /// The period changed to this value.
        case period(String)
        /// The data changed on disk: keep the selection.
        case reload
    }

    let provider: any ChartProvider
    let purpose: Purpose
    /// When it started, by the session's clock.
    let started: ContinuousClock.Instant
    /// Raised to stop `makeGraph` (a CSV read looks at it every block or few thousand rows).
    let cancellation = CancellationFlag()
    /// The provider's load this one waits for, if it was still running when this one started.
    private var previous: ChartLoad?
    private let done = DispatchSemaphore(value: 0)
    /// Guards `result` and `wake`.
    private let lock = NSLock()
    private var result: Result<Graph, ChartFailure>?
    /// Wakes the host once the result is in; nil once abandoned.
    private var wake: (@Sendable () -> Void)?
    /// Whether the thread waits for `previous` now.
    private var waiting = false

    init(
        provider: any ChartProvider, purpose: Purpose, started: ContinuousClock.Instant, wake: @escaping @Sendable () -> Void,
        after previous: ChartLoad? = nil
    ) {
        self.provider = provider
        self.purpose = purpose
        self.started = started
        self.wake = wake
        self.previous = previous
    }

    /// The failure a cancelled load ends with.
    static let cancelledFailure = ChartFailure(message: "Loading cancelled", wasCancelled: true)

    func start() {
        Thread { [self] in
            // One load of a provider at a time: an abandoned one ends soon, being cancelled.
            if let previous {
                lock.withLock { waiting = true }
                previous.waitUntilDone()
                lock.withLock { waiting = false }
            }
            previous = nil
            let outcome: Result<Graph, ChartFailure>
            if cancellation.isCancelled {
                outcome = .failure(Self.cancelledFailure)
            } else {
                do throws(ChartFailure) {
                    outcome = .success(try provider.makeGraph(cancellation: cancellation))
                } catch {
                    outcome = .failure(error)
                }
            }
            lock.lock()
            result = outcome
            // Under the lock: once `abandon()` returns, this never wakes the host.
            wake?()
            lock.unlock()
            done.signal()
        }.start()
    }

    /// The graph once built, or why it could not be; nil while it is being built.
    func take() -> Result<Graph, ChartFailure>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }

    /// Whether its thread waits for the abandoned load of the same provider to end: past the
    /// point where a load that did not wait would call the provider.
    var isWaitingForPrevious: Bool { lock.withLock { waiting } }

    /// Whether the loading thread is done with the provider.
    var isDone: Bool { take() != nil }

    /// Asks the load to stop as soon as it can (the query is interrupted, the file's read stops);
    /// its result then says it was cancelled. From the host's thread.
    func cancel() {
        cancellation.cancel()
        provider.cancelLoading()
    }

    /// Cancels the load and stops listening to it: it will not wake the host, and its result
    /// is never taken. Returns at once.
    func abandon() {
        cancel()
        lock.lock()
        wake = nil
        lock.unlock()
    }

    /// Blocks until the loading thread is done with the provider. Only loading threads wait.
    private func waitUntilDone() {
        done.wait()
        done.signal()
    }
}
