import Synchronization

/// Wakes the host from the thread a `ViewDataSource` delivers on: records for a view arrived,
/// or what stands in grew. Raised from any thread; taken once by the session
/// (`ChartSession.takeFinishedWork()`).
final class DataArrivalSignal: Sendable {
    private let raised = Atomic<Bool>(false)
    private let wake: @Sendable () -> Void

    /// A signal that calls `wake` (a window writes to its wake-up pipe) when raised.
    init(wake: @escaping @Sendable () -> Void) { self.wake = wake }

    /// Raises the signal and wakes the host. Safe from any thread.
    func raise() {
        raised.store(true, ordering: .releasing)
        wake()
    }

    /// Whether it was raised since the last call; lowers it.
    func take() -> Bool { raised.exchange(false, ordering: .acquiring) }
}
