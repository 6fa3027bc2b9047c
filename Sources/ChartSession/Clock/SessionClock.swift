/// What a `ChartSession` tells time by: the instant now, and actions run after a delay on the
/// session's thread, each cancellable. A host's clock is its event loop (a window's: timers
/// fire between turns of input); tests use a `ManualClock`, which fires the timers due as they
/// advance it, so that they advance time instead of sleeping (swift-nio's `EmbeddedEventLoop`
/// is the model).
public protocol SessionClock: AnyObject {
    /// The instant now.
    var now: ContinuousClock.Instant { get }

    /// Runs `action` on the session's thread once `seconds` have passed (whole milliseconds);
    /// cancel the handle to make sure it never runs. An action never runs inside this call.
    @discardableResult
    func after(_ seconds: Double, _ action: @escaping () -> Void) -> TimerHandle
}
