import ChartSession
import Foundation

/// What an `EventLoop` runs at each turn: a window, over its X connection.
protocol EventLoopClient: AnyObject {
    /// The descriptor input arrives on (the X connection's).
    var inputDescriptor: Int32 { get }
    /// Sends the output queued (`XFlush`) and says whether input is queued already (read from
    /// the descriptor by an earlier call), in which case the loop does not sleep.
    func flushAndCheckQueuedInput() -> Bool
    /// The loop woke (input, the wake-up pipe, a timer): takes what other threads finished.
    func loopDidWake()
    /// Handles the input queued, until none is left or the loop is stopped.
    func handleInput()
    /// A timer is about to run its action.
    func timerWillFire()
    /// The turn's last step, while the loop runs: shows what the turn changed.
    func loopTurnDidEnd()
}

/// The window thread's loop: sleeps in `poll` on the client's input, a wake-up pipe and the
/// next timer (no CPU while idle), then lets the client take what other threads finished,
/// handle the input queued, and runs the timers due, before the client shows the result.
///
/// Other threads (a frame thread, a loading thread) wake it by writing a byte to
/// `wakeDescriptor`; it reads them all at the next turn. Timers (`after`) run on the loop's
/// thread, between turns' input; each is a `TimerHandle` that cancels it. Once `stop()` is
/// called, the turn under way ends without running its timers, and `run` returns. It is the
/// window's `SessionClock`: the chart session's timers are the loop's.
///
/// Owns the wake-up pipe (closed with the loop). Used on one thread, the window's, except
/// `wakeDescriptor`, which any thread may write to while the loop exists.
final class EventLoop: SessionClock {
    /// The pipe's write end: a byte written here from any thread wakes the loop.
    let wakeDescriptor: Int32
    /// The pipe's read end, non-blocking.
    private let wakeReadDescriptor: Int32
    private var timers = TimerQueue()
    /// Whether `run` goes on; false once `stop()` was called.
    private(set) var isRunning = true

    init() throws(WindowError) {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw WindowError.cannotCreate(what: "a wake-up pipe") }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        wakeReadDescriptor = fds[0]
        wakeDescriptor = fds[1]
    }

    deinit {
        close(wakeReadDescriptor)
        close(wakeDescriptor)
    }

    /// The instant now (the monotonic clock's).
    var now: ContinuousClock.Instant { .now }

    /// Runs `action` on the loop's thread in `seconds` (whole milliseconds), at the turn
    /// after it is due; cancel the handle to make sure it never runs.
    @discardableResult
    func after(_ seconds: Double, _ action: @escaping () -> Void) -> TimerHandle {
        timers.schedule(after: seconds, from: .now, action)
    }

    /// Wakes the loop from any thread (writes a byte to the wake-up pipe): what the session's
    /// loading and data threads call when they have something for the window's thread.
    var wake: @Sendable () -> Void {
        let descriptor = wakeDescriptor
        return {
            var byte: UInt8 = 1
            _ = write(descriptor, &byte, 1)
        }
    }

    /// Ends the loop: `run` returns at the end of the turn under way, whose timers do not run.
    func stop() { isRunning = false }

    /// Runs turns until `stop()`: waits for input, a wake-up or a timer; then the client takes
    /// what other threads finished and handles its input, the timers due fire, and the client
    /// ends the turn.
    func run(_ client: some EventLoopClient) {
        while isRunning {
            if !client.flushAndCheckQueuedInput() { wait(for: client.inputDescriptor) }
            drainWakeups()
            client.loopDidWake()
            client.handleInput()
            guard isRunning else { break }
            fireDueTimers { client.timerWillFire() }
            if isRunning { client.loopTurnDidEnd() }
        }
    }

    /// Sleeps until `descriptor` or the wake-up pipe can be read, or the next timer is due.
    func wait(for descriptor: Int32) {
        var descriptors = [
            pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wakeReadDescriptor, events: Int16(POLLIN), revents: 0)
        ]
        _ = poll(&descriptors, 2, timers.pollTimeout(from: .now))
    }

    /// Reads the wake-up bytes written so far. Returns whether there were any.
    @discardableResult
    func drainWakeups() -> Bool {
        var byte: UInt8 = 0, woken = false
        while read(wakeReadDescriptor, &byte, 1) > 0 { woken = true }
        return woken
    }

    /// Fires the timers due now, in order, `willFire` before each; those they schedule wait
    /// for the next turn. Stops early once an action stops the loop.
    func fireDueTimers(willFire: () -> Void = {}) {
        for timer in timers.takeDue(at: .now) where isRunning && timer.isPending {
            willFire()
            timer.fire()
        }
    }
}
