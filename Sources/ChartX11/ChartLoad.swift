import ChartCore
import Foundation

/// One chart being built on a thread of its own, so that a long query never freezes the
/// window: the window shows progress meanwhile and Escape cancels. The window's thread starts
/// it and takes the result; the loading thread only runs `makeGraph()` and signals.
///
/// Safety: the provider is used by the loading thread alone until `done` is signaled (the window
/// waits for that before touching the provider again), except for `cancelLoading()`, which
/// providers make safe to call from another thread.
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
    let started = ContinuousClock.now
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var result: Result<Graph, ChartFailure>?
    /// The pipe's write end, to wake the window's poll.
    private let wake: Int32

    init(provider: any ChartProvider, purpose: Purpose, wake: Int32) {
        self.provider = provider
        self.purpose = purpose
        self.wake = wake
    }

    func start() {
        Thread { [self] in
            let outcome: Result<Graph, ChartFailure>
            do throws(ChartFailure) {
                outcome = .success(try provider.makeGraph())
            } catch {
                outcome = .failure(error)
            }
            lock.lock()
            result = outcome
            lock.unlock()
            done.signal()
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }.start()
    }

    /// The graph once built, or why it could not be; nil while the query runs.
    func take() -> Result<Graph, ChartFailure>? {
        lock.lock()
        defer { lock.unlock() }
        return result
    }

    /// Cancels the query and waits for the thread to finish with the provider.
    func cancelAndWait() {
        provider.cancelLoading()
        done.wait()
        done.signal()
    }
}
