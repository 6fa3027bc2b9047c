/// A clock's timers, in the order they are due, without a clock of their own: the window's
/// loop gives the instant it looks at, `ManualClock` the instant it advanced to, and a test
/// any. Due timers are taken in the order of their
/// deadlines, timers due at the same instant in the order they were scheduled; a timer
/// scheduled by an action is taken at a later call, even when it is already due, so an action
/// scheduling itself again cannot hold the loop.
///
/// Used on the clock's thread only. O(n) per timer scheduled, n the timers waiting (a few).
package struct TimerQueue {
    private struct Entry {
        let deadline: ContinuousClock.Instant
        let handle: TimerHandle
    }

    /// Sorted by deadline, the earlier scheduled first among equal ones.
    private var entries: [Entry] = []

    /// An empty queue.
    package init() {}

    /// Runs `action` once `deadline` has come, at the first `takeDue(at:)` at or after it.
    package mutating func schedule(at deadline: ContinuousClock.Instant, _ action: @escaping () -> Void) -> TimerHandle {
        let handle = TimerHandle(action)
        let index = entries.firstIndex { $0.deadline > deadline } ?? entries.endIndex
        entries.insert(Entry(deadline: deadline, handle: handle), at: index)
        return handle
    }

    /// Runs `action` `seconds` after `now`, in whole milliseconds (what `SessionClock.after`
    /// promises, for every clock alike).
    package mutating func schedule(after seconds: Double, from now: ContinuousClock.Instant, _ action: @escaping () -> Void) -> TimerHandle {
        schedule(at: now + .milliseconds(Int(seconds * 1000)), action)
    }

    /// Whether no timer is pending.
    package var isEmpty: Bool { !entries.contains { $0.handle.isPending } }

    /// When the earliest pending timer is due; nil for none. Drops cancelled timers on the way.
    package mutating func nextDeadline() -> ContinuousClock.Instant? {
        entries.removeAll { !$0.handle.isPending }
        return entries.first?.deadline
    }

    /// Takes the timers due at `now` out of the queue, in the order to fire them (`fire()`
    /// each). Run outside the queue: an action may schedule timers, which wait for a later call.
    package mutating func takeDue(at now: ContinuousClock.Instant) -> [TimerHandle] {
        let count = entries.firstIndex { $0.deadline > now } ?? entries.endIndex
        let due = entries.prefix(count).map(\.handle)
        entries.removeFirst(count)
        return due.filter(\.isPending)
    }

    /// How long `poll` may sleep from `now` until the next timer, in whole milliseconds
    /// rounded up (0 when one is due, at most 60 s); -1 (no limit) when none is pending.
    package mutating func pollTimeout(from now: ContinuousClock.Instant) -> Int32 {
        guard let next = nextDeadline() else { return -1 }
        let remaining = now.duration(to: next)
        let ms = Double(remaining.components.seconds) * 1000 + Double(remaining.components.attoseconds) / 1e15
        return Int32(max(0, min(ms.rounded(.up), 60_000)))
    }
}
