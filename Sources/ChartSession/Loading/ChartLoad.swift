import ChartCore
import Foundation

/// One chart being built on a thread of its own, so that a long query or a large file never
/// freezes the host: the session shows progress meanwhile, and Escape, Tab or `q` stop it.
/// The host's thread starts it and takes the result; the loading thread only runs
/// `makeFigure(cancellation:)` and wakes the host (`wake`, which a window turns into a byte on
/// its wake-up pipe).
///
/// The session never waits for a load: one it no longer wants (cancelled, another chart, the
/// host closing) is abandoned: cancelled and detached from `wake`, and its thread ends on its
/// own once `makeFigure` gives up; its result is dropped.
///
/// Safety: a provider's data is used by one loading thread at a time: a load of a provider
/// whose data an abandoned load still reads (the same provider, or a page of several charts
/// sharing one, `ChartProvider.components`) waits, on its own thread, for those to end (`after`). The
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
    /// Raised to stop `makeFigure` (a CSV read looks at it every block or few thousand rows).
    let cancellation = CancellationFlag()
    /// The loads of providers sharing this one's data that were still running when it started:
    /// it waits for them.
    private var previous: [ChartLoad]
    private let done = DispatchSemaphore(value: 0)
    /// Guards `result` and `wake`.
    private let lock = NSLock()
    private var result: Result<ChartFigure, ChartFailure>?
    /// Wakes the host once the result is in; nil once abandoned.
    private var wake: (@Sendable () -> Void)?
    /// Whether the thread waits for `previous` now.
    private var waiting = false
    /// Where the load runs (a thread of its own unless the session's host says otherwise).
    private let runner: any LoadRunner

    init(
        provider: any ChartProvider, purpose: Purpose, started: ContinuousClock.Instant, wake: @escaping @Sendable () -> Void,
        after previous: [ChartLoad] = [], runner: any LoadRunner = .threads
    ) {
        self.runner = runner
        self.provider = provider
        self.purpose = purpose
        self.started = started
        self.wake = wake
        self.previous = previous
    }

    /// The failure a cancelled load ends with.
    static let cancelledFailure = ChartFailure(message: "Loading cancelled", wasCancelled: true)

    func start() {
        runner.run { [self] in
            // One load of a provider at a time: an abandoned one ends soon, being cancelled.
            if !previous.isEmpty {
                lock.withLock { waiting = true }
                for load in previous { load.waitUntilDone() }
                lock.withLock { waiting = false }
            }
            previous = []
            let outcome: Result<ChartFigure, ChartFailure>
            if cancellation.isCancelled {
                outcome = .failure(Self.cancelledFailure)
            } else {
                do throws(ChartFailure) {
                    outcome = .success(try provider.makeFigure(cancellation: cancellation))
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
        }
    }

    /// The figure once built, or why it could not be; nil while it is being built.
    func take() -> Result<ChartFigure, ChartFailure>? {
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
