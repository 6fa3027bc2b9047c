@testable import ChartX11
import Foundation
import Testing

/// The window's timers and loop, without an X server: the loop's input is a pipe here.
@Suite("Event loop and timers")
struct EventLoopTests {
    @Test("Due timers fire in the order of their deadlines, equal ones in the order scheduled; later ones wait")
    func timersFireInOrder() {
        var queue = TimerQueue()
        var fired: [String] = []
        let start = ContinuousClock.now
        _ = queue.schedule(at: start + .seconds(3)) { fired.append("c") }
        _ = queue.schedule(at: start + .seconds(1)) { fired.append("a") }
        _ = queue.schedule(at: start + .seconds(1)) { fired.append("b") }
        _ = queue.schedule(at: start + .seconds(5)) { fired.append("d") }
        #expect(queue.nextDeadline() == start + .seconds(1))
        #expect(queue.takeDue(at: start).isEmpty)
        for timer in queue.takeDue(at: start + .seconds(3)) { timer.fire() }
        #expect(fired == ["a", "b", "c"])
        #expect(queue.nextDeadline() == start + .seconds(5))
        #expect(queue.takeDue(at: start + .seconds(4)).isEmpty)
        for timer in queue.takeDue(at: start + .seconds(5)) { timer.fire() }
        #expect(fired == ["a", "b", "c", "d"])
        #expect(queue.isEmpty)
        #expect(queue.nextDeadline() == nil)
    }

    @Test("A cancelled timer never fires and no longer sets the next deadline")
    func cancelledTimersNeverFire() {
        var queue = TimerQueue()
        var fired: [String] = []
        let start = ContinuousClock.now
        let first = queue.schedule(at: start + .seconds(1)) { fired.append("first") }
        let second = queue.schedule(at: start + .seconds(2)) { fired.append("second") }
        #expect(first.isPending && second.isPending)
        first.cancel()
        #expect(!first.isPending)
        #expect(queue.nextDeadline() == start + .seconds(2))
        let due = queue.takeDue(at: start + .seconds(10))
        #expect(due.count == 1)
        for timer in due { timer.fire() }
        #expect(fired == ["second"])
        #expect(!second.isPending, "a fired timer is no longer pending")
        second.cancel()  // after it fired: nothing
        #expect(!second.fire())
        #expect(queue.isEmpty)
    }

    @Test("A timer cancelled by the action of one fired before it in the same turn does not fire")
    func cancelledByAnEarlierAction() {
        var queue = TimerQueue()
        var fired: [String] = []
        let start = ContinuousClock.now
        var later: TimerHandle?
        _ = queue.schedule(at: start) {
            fired.append("earlier"); later?.cancel()
        }
        later = queue.schedule(at: start + .milliseconds(1)) { fired.append("later") }
        let due = queue.takeDue(at: start + .seconds(1))
        #expect(due.count == 2)
        #expect(due.map { $0.fire() } == [true, false])
        #expect(fired == ["earlier"])
    }

    @Test("What an action schedules waits for the next turn, even when it is due already")
    func rescheduledTimersWait() {
        var queue = TimerQueue()
        var count = 0
        let start = ContinuousClock.now
        var schedule: (() -> Void)!
        schedule = {
            count += 1
            _ = queue.schedule(at: start, schedule)  // due at once
        }
        _ = queue.schedule(at: start, schedule)
        for timer in queue.takeDue(at: start) { timer.fire() }
        #expect(count == 1)
        for timer in queue.takeDue(at: start) { timer.fire() }
        #expect(count == 2)
        #expect(!queue.isEmpty)
    }

    @Test("poll sleeps until the next timer, in whole milliseconds rounded up, at most a minute; forever with none")
    func pollTimeouts() {
        var queue = TimerQueue()
        let start = ContinuousClock.now
        #expect(queue.pollTimeout(from: start) == -1)
        let soon = queue.schedule(at: start + .microseconds(1500)) {}
        #expect(queue.pollTimeout(from: start) == 2)
        #expect(queue.pollTimeout(from: start + .seconds(1)) == 0, "overdue: no sleep")
        soon.cancel()
        #expect(queue.pollTimeout(from: start) == -1, "a cancelled timer does not wake the loop")
        _ = queue.schedule(at: start + .seconds(120)) {}
        #expect(queue.pollTimeout(from: start) == 60_000)
    }

    @Test("The loop runs its timers in order on its thread, and a stopped loop runs no more")
    func loopRunsTimersAndStops() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        var fired: [Int] = []
        loop.after(0.02) {
            fired.append(2); loop.stop()
        }
        loop.after(0.01) { fired.append(1) }
        let never = loop.after(0.02) { fired.append(3) }
        loop.run(client)
        #expect(fired == [1, 2])
        #expect(never.isPending, "scheduled after the timer that stopped the loop, due at once: not run")
        #expect(client.timersFired == 2)
    }

    @Test("A cancelled timer does not run and does not wake the loop")
    func cancelledTimerInTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        var fired: [String] = []
        let cancelled = loop.after(0.01) { fired.append("cancelled") }
        loop.after(0.05) {
            fired.append("kept"); loop.stop()
        }
        cancelled.cancel()
        loop.run(client)
        #expect(fired == ["kept"])
        #expect(client.turns <= 2, "woke \(client.turns) times for one timer")
    }

    @Test("A byte written to the wake descriptor from another thread wakes the sleeping loop")
    func anotherThreadWakesTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        let finished = Flag()
        client.onWake = { if finished.isRaised { loop.stop() } }
        // A guard against a loop that never wakes.
        let timeout = loop.after(10) { loop.stop() }
        let wake = loop.wakeDescriptor
        Thread {
            usleep(50_000)
            finished.raise()
            var byte: UInt8 = 1
            _ = write(wake, &byte, 1)
        }.start()
        loop.run(client)
        #expect(timeout.isPending, "the loop only woke at the timeout")
        #expect(client.turns <= 3, "the idle loop turned \(client.turns) times")
        #expect(!loop.drainWakeups(), "the wake-up byte was read")
    }

    @Test("Input on the client's descriptor wakes the loop, and the client's stop ends the turn before its timers")
    func inputWakesTheLoop() throws {
        let loop = try EventLoop()
        let client = try PipeClient(loop: loop)
        let timer = loop.after(0.05) {}
        let input = client.inputWriteEnd
        Thread {
            usleep(10_000)
            var byte: UInt8 = 1
            _ = write(input, &byte, 1)
        }.start()
        client.onInput = { loop.stop() }
        loop.run(client)
        #expect(client.inputs == 1)
        #expect(timer.isPending)
        #expect(client.turnsEnded == 0, "a stopped loop does not end its turn")
    }
}

/// Stands for a window: its input is a pipe, and it counts what the loop asks of it.
private final class PipeClient: EventLoopClient {
    let loop: EventLoop
    let inputDescriptor: Int32
    let inputWriteEnd: Int32
    var turns = 0, inputs = 0, timersFired = 0, turnsEnded = 0
    var onWake: () -> Void = {}
    var onInput: () -> Void = {}

    init(loop: EventLoop) throws {
        self.loop = loop
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        _ = fcntl(fds[0], F_SETFL, O_NONBLOCK)
        inputDescriptor = fds[0]
        inputWriteEnd = fds[1]
    }

    deinit {
        close(inputDescriptor)
        close(inputWriteEnd)
    }

    func flushAndCheckQueuedInput() -> Bool { false }
    func loopDidWake() {
        turns += 1
        onWake()
    }
    func handleInput() {
        var byte: UInt8 = 0
        while read(inputDescriptor, &byte, 1) > 0 {
            inputs += 1
            onInput()
        }
    }
    func timerWillFire() { timersFired += 1 }
    func loopTurnDidEnd() { turnsEnded += 1 }
}

/// A flag raised on one thread and read on another.
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var raised = false
    var isRaised: Bool { lock.withLock { raised } }
    func raise() { lock.withLock { raised = true } }
}
