import Foundation
import Synchronization

/// Wakes the window's event loop from the thread a `ViewDataSource` delivers on: records for a
/// view arrived, or what stands in grew. Raised from any thread; taken once by the loop.
final class DataArrivalSignal: Sendable {
    private let raised = Atomic<Bool>(false)
    private let wake: Int32

    /// A signal that writes to `wake` (the loop's wake-up pipe) when raised.
    init(wake: Int32) { self.wake = wake }

    /// Raises the signal and wakes the loop. Safe from any thread.
    func raise() {
        raised.store(true, ordering: .releasing)
        var byte: UInt8 = 1
        _ = write(wake, &byte, 1)
    }

    /// Whether it was raised since the last call; lowers it.
    func take() -> Bool { raised.exchange(false, ordering: .acquiring) }
}
