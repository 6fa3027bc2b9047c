import ChartSession
import Testing

/// The timers of a session's clock (the window's loop's, and `ManualClock`'s), without a clock.
@Suite("Timer queue")
struct TimerQueueTests {
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
}
