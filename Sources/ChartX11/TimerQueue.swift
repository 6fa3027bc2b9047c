/// A timer the loop will fire: cancel it to make sure its action never runs. What `after`
/// hands out; keeping one is optional (a timer runs whether or not its handle is kept).
///
/// Used on the loop's thread only.
final class TimerHandle {
    /// The action to run; nil once it ran or was cancelled, which frees what it captured.
    private var action: (() -> Void)?

    init(_ action: @escaping () -> Void) { self.action = action }

    /// Whether the action is still to run: neither fired nor cancelled.
    var isPending: Bool { action != nil }

    /// Makes sure the action never runs (nothing when it already ran). O(1).
    func cancel() { action = nil }

    /// Runs the action unless it ran or was cancelled (perhaps by the action of a timer fired
    /// just before); true when it ran.
    @discardableResult
    func fire() -> Bool {
        guard let action else { return false }
        self.action = nil
        action()
        return true
    }
}

/// The loop's timers, in the order they are due, without a clock of their own: the loop gives
/// the instant it looks at, and a test can give any. Due timers are taken in the order of their
/// deadlines, timers due at the same instant in the order they were scheduled; a timer
/// scheduled by an action is taken at a later call, even when it is already due, so an action
/// scheduling itself again cannot hold the loop.
///
/// Used on the loop's thread only. O(n) per timer scheduled, n the timers waiting (a few).
struct TimerQueue {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let handle: TimerHandle
    }

    /// Sorted by deadline, the earlier scheduled first among equal ones.
    private var entries: [Entry] = []

    /// Runs `action` once `deadline` has come, at the first `fire(at:)` at or after it.
    mutating func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping () -> Void) -> TimerHandle {
        let handle = TimerHandle(action)
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
        entries.insert(Entry(deadline: deadline, handle: handle), at: index)
        return handle
    }

    /// Whether no timer is pending.
    var isEmpty: Bool { !entries.contains { $0.handle.isPending } }

    /// When the earliest pending timer is due; nil for none. Drops cancelled timers on the way.
    mutating func nextDeadline() -> ContinuousClock.Instant? {
        entries.removeAll { !$0.handle.isPending }
        return entries.first?.deadline
    }

    /// Takes the timers due at `now` out of the queue, in the order to fire them (`fire()`
    /// each). Run outside the queue: an action may schedule timers, which wait for a later call.
    mutating func takeDue(at now: ContinuousClock.Instant) -> [TimerHandle] {
        let count = entries.firstIndex { $0.deadline > now } ?? entries.endIndex
        let due = entries.prefix(count).map(\.handle)
        entries.removeFirst(count)
        return due.filter(\.isPending)
    }

    /// How long `poll` may sleep from `now` until the next timer, in whole milliseconds
    /// rounded up (0 when one is due, at most 60 s); -1 (no limit) when none is pending.
    mutating func pollTimeout(from now: ContinuousClock.Instant) -> Int32 {
        guard let next = nextDeadline() else { return -1 }
        let remaining = now.duration(to: next)
        let ms = Double(remaining.components.seconds) * 1000 + Double(remaining.components.attoseconds) / 1e15
        return Int32(max(0, min(ms.rounded(.up), 60_000)))
    }
}
