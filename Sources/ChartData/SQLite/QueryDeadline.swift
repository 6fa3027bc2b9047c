import CSQLite
import ChartCore
import Foundation
import Synchronization

/// The time limit and the cancellation of one database operation (opening a file, a query, a
/// script), shared with SQLite's progress and busy handlers: every 10,000 virtual machine steps
/// SQLite asks whether to go on, and while another process holds a lock it asks whether to wait
/// on. Both answer from here, so `--timeout` bounds a query's work and its waits for locks
/// together, and `cancel()` (Escape in the window, from another thread) stops either.
///
/// One deadline per `SQLiteDatabase`, installed on each connection it opens.
final class QueryDeadline: Sendable {
    /// The deadline in monotonic nanoseconds; 0 while no operation runs.
    private let deadline = Atomic<UInt64>(0)
    /// The progress handler stopped the operation because the deadline passed.
    private let expiredFlag = Atomic<Bool>(false)
    /// `cancel()` was called since the operation began.
    private let cancelledFlag = Atomic<Bool>(false)
    /// The caller's flag for the operation (a chart's load, which Escape gives up), if any.
    private let callerFlag = Mutex<CancellationFlag?>(nil)

    /// Starts an operation that may take `seconds`. Clears an earlier `cancel()`: as with
    /// `sqlite3_interrupt`, a cancel between two operations stops neither. A `cancellation`
    /// flag raised before the operation starts stops it at once.
    func begin(seconds: Double, cancellation: CancellationFlag? = nil) {
        expiredFlag.store(false, ordering: .relaxed)
        cancelledFlag.store(false, ordering: .relaxed)
        callerFlag.withLock { $0 = cancellation }
        deadline.store(Self.now() + UInt64(max(0.001, seconds) * 1e9), ordering: .releasing)
    }

    /// Ends the operation: nothing is bounded until the next `begin`.
    func end() {
        deadline.store(0, ordering: .releasing)
        callerFlag.withLock { $0 = nil }
    }

    /// Stops the running operation as soon as SQLite next asks. Safe from any thread.
    func cancel() { cancelledFlag.store(true, ordering: .releasing) }

    var isCancelled: Bool {
        cancelledFlag.load(ordering: .acquiring) || callerFlag.withLock { $0?.isCancelled ?? false }
    }

    /// Whether the progress handler stopped the operation for time.
    var hasExpired: Bool { expiredFlag.load(ordering: .acquiring) }

    /// Seconds left before the deadline (0 once passed, infinity while no operation runs).
    var remaining: Double {
        let end = deadline.load(ordering: .acquiring)
        guard end != 0 else { return .infinity }
        let now = Self.now()
        return end > now ? Double(end - now) / 1e9 : 0
    }

    /// The progress handler's answer: true to stop the statement (cancelled, or out of time).
    func shouldStop() -> Bool {
        if isCancelled { return true }
        guard remaining == 0 else { return false }
        expiredFlag.store(true, ordering: .releasing)
        return true
    }

    /// Installs the progress and busy handlers on `db`; `self` must outlive the connection
    /// (the database owning both closes the connection first).
    func install(on db: OpaquePointer) {
        let context = Unmanaged.passUnretained(self).toOpaque()
        sqlite3_progress_handler(
            db, 10_000,
            { context in
                guard let context else { return 0 }
                return Unmanaged<QueryDeadline>.fromOpaque(context).takeUnretainedValue().shouldStop() ? 1 : 0
            }, context)
        // A lock held by another process: wait, 1 ms at first and then up to 50 ms at a time,
        // while time is left and no one cancelled; then SQLite returns SQLITE_BUSY.
        sqlite3_busy_handler(
            db,
            { context, attempt in
                guard let context else { return 0 }
                let deadline = Unmanaged<QueryDeadline>.fromOpaque(context).takeUnretainedValue()
                return deadline.waitForLock(attempt: Int(attempt)) ? 1 : 0
            }, context)
    }

    /// Sleeps before the next attempt at a lock; false when out of time or cancelled.
    func waitForLock(attempt: Int) -> Bool {
        let left = remaining
        guard !isCancelled, left > 0 else { return false }
        let pause = min(left, min(0.05, 0.001 * Double(1 << min(attempt, 6))))
        usleep(useconds_t(pause * 1e6))
        return !isCancelled
    }

    /// Monotonic nanoseconds.
    static func now() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
