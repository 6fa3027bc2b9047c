import ChartSession
import Testing

/// The clock tests drive sessions with: time moves only when told, firing what is due.
@Suite("Manual clock")
struct ManualClockTests {
    @Test("Advancing fires the timers due, in order, each at its deadline; the rest wait")
    func advancingFiresWhatIsDue() {
        let clock = ManualClock()
        let start = clock.now
        var fired: [(String, Duration)] = []
        clock.after(1) { fired.append(("b", start.duration(to: clock.now))) }
        clock.after(0.5) { fired.append(("a", start.duration(to: clock.now))) }
        clock.after(3) { fired.append(("c", start.duration(to: clock.now))) }
        clock.advance(by: .milliseconds(999))
        #expect(fired.map(\.0) == ["a"])
        clock.advance(by: .milliseconds(1))
        #expect(fired.map(\.0) == ["a", "b"])
        #expect(fired.map(\.1) == [.milliseconds(500), .seconds(1)])
        #expect(start.duration(to: clock.now) == .seconds(1))
        #expect(clock.hasPendingTimers)
        clock.advance(by: .seconds(5))
        #expect(fired.map(\.0) == ["a", "b", "c"])
        #expect(fired.last?.1 == .seconds(3))
        #expect(start.duration(to: clock.now) == .seconds(6))
        #expect(!clock.hasPendingTimers)
    }

    @Test("A timer an action schedules fires within the same advance when due by its end; a cancelled one never")
    func timersScheduledOnTheWay() {
        let clock = ManualClock()
        var ticks = 0
        func tick() {
            ticks += 1
            clock.after(1, tick)
        }
        clock.after(1, tick)
        let cancelled = clock.after(2) { ticks += 100 }
        cancelled.cancel()
        clock.advance(by: .milliseconds(3500))
        #expect(ticks == 3)
        #expect(!cancelled.isPending)
        clock.advance(by: .milliseconds(500))
        #expect(ticks == 4)
    }
}
