/// A clock that moves only when told to (`advance(by:)`), firing the timers due on the way:
/// a session's clock in tests, which advance time instead of sleeping, as swift-nio's
/// `EmbeddedEventLoop` does. Its time starts at the instant it is made and is unrelated to the
/// wall clock from then on.
///
/// Used on one thread: the test's, which is the session's.
public final class ManualClock: SessionClock {
    /// The instant the clock stands at.
    public private(set) var now: ContinuousClock.Instant
    private var timers = TimerQueue()

    /// A clock standing at `now`.
    public init(now: ContinuousClock.Instant = .now) {
        self.now = now
    }

    @discardableResult
    public func after(_ seconds: Double, _ action: @escaping () -> Void) -> TimerHandle {
        timers.schedule(after: seconds, from: now, action)
    }

    /// Moves the clock on by `duration`, firing every timer due on the way at its deadline, in
    /// the order of their deadlines (equal ones in the order scheduled), `now` standing at each
    /// deadline while its timers run: a timer an action schedules fires within the same call
    /// when it is due by its end. (An action that schedules itself with no delay never lets the
    /// call end.)
    public func advance(by duration: Duration) {
        precondition(duration >= .zero, "A clock does not go back.")
        let target = now + duration
        while let next = timers.nextDeadline(), next <= target {
            now = next
            for timer in timers.takeDue(at: next) { timer.fire() }
        }
        now = target
    }

    /// When the next pending timer is due; nil when none is. A host that runs its session on a
    /// manual clock advances to it when nothing else is left to do (time passes).
    public var nextDeadline: ContinuousClock.Instant? { timers.nextDeadline() }

    /// Whether a timer is waiting: neither fired nor cancelled.
    public var hasPendingTimers: Bool { !timers.isEmpty }
}
