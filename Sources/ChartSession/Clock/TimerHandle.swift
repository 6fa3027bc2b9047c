/// A timer a clock will fire: cancel it to make sure its action never runs. What
/// `SessionClock.after(_:_:)` hands out; keeping one is optional (a timer runs whether or not
/// its handle is kept).
///
/// Used on the clock's thread only (a window's: its loop's).
public final class TimerHandle {
    /// The action to run; nil once it ran or was cancelled, which frees what it captured.
    private var action: (() -> Void)?

    package init(_ action: @escaping () -> Void) { self.action = action }

    /// Whether the action is still to run: neither fired nor cancelled.
    public var isPending: Bool { action != nil }

    /// Makes sure the action never runs (nothing when it already ran). O(1).
    public func cancel() { action = nil }

    /// Runs the action unless it ran or was cancelled (perhaps by the action of a timer fired
    /// just before); true when it ran.
    @discardableResult
    package func fire() -> Bool {
        guard let action else { return false }
        self.action = nil
        action()
        return true
    }
}
