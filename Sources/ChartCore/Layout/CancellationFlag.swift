import Synchronization

/// A flag one thread raises to stop work another thread is doing for it: a layout or a paint
/// of a frame that became stale (the window was resized, a series toggled). The working side
/// checks `isCancelled` between pieces of its work (every so many records, between pieces of
/// a long path) and gives up early; what it made is then thrown away, so it may stop anywhere.
///
/// Thread-safe: an atomic, raised at most once.
public final class CancellationFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    /// A flag not yet raised.
    public init() {}

    /// Asks the work to stop as soon as it can. From any thread.
    public func cancel() { raised.store(true, ordering: .releasing) }

    /// Whether `cancel()` was called. From any thread; cheap enough for a loop's every few
    /// thousand iterations.
    public var isCancelled: Bool { raised.load(ordering: .acquiring) }

    /// How many records a layout loop handles between two checks.
    public static let recordsPerCheck = 1 << 14
}

extension Optional where Wrapped == CancellationFlag {
    /// Whether there is a flag and it was raised.
    @inline(__always) var isCancelled: Bool { self?.isCancelled ?? false }
}
