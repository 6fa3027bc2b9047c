import ChartCore
@testable import ChartX11
import Foundation
import Testing

/// The window's loads, without an X server: the wake-up pipe is a plain pipe here.
@Suite("Chart loader")
struct ChartLoaderTests {
    @Test("A load hands over its graph once its thread is done, and wakes the loop")
    func aLoadHandsOverItsGraph() throws {
        let pipe = try WakePipe()
        let loader = ChartLoader(wake: pipe.writeEnd)
        let chart = FixedChart(name: "fixed") { Graph(title: "Fixed") }
        let load = loader.start(chart, purpose: .show)
        #expect(loader.isLoading && loader.current === load)
        #expect(loader.isUsing(chart))
        #expect(pipe.waitForByte(seconds: 10))
        let finished = try #require(loader.finished())
        #expect(finished.load === load)
        #expect(try finished.outcome.get().title == "Fixed")
        #expect(loader.current === load, "wanted until the window takes it")
        loader.end(load)
        #expect(!loader.isLoading)
        #expect(!loader.isUsing(chart))
        #expect(loader.finished() == nil)
    }

    @Test("An abandoned load is left to end on its own; a new load of its chart waits for it; the chart is left alone meanwhile")
    func aNewLoadWaitsForTheAbandonedOne() throws {
        let pipe = try WakePipe()
        let loader = ChartLoader(wake: pipe.writeEnd)
        // A provider deep in a file, that does not look at its flag yet.
        let chart = GatedChart(honoursCancel: false)
        loader.start(chart, purpose: .show)
        #expect(chart.waitForCalls(1))
        let abandoned = try #require(loader.abandonCurrent())
        #expect(!loader.isLoading)
        #expect(loader.abandonCurrent() == nil)
        #expect(abandoned.cancellation.isCancelled)
        #expect(loader.isUsing(chart), "its thread still runs")
        let next = loader.start(chart, purpose: .reload)
        // Its thread is past the point where a load that did not wait would call the provider.
        let deadline = Date().addingTimeInterval(10)
        while !next.isWaitingForPrevious && Date() < deadline { sched_yield() }
        #expect(next.isWaitingForPrevious)
        #expect(chart.calls == 1, "the new load waits for the abandoned one")
        chart.open()
        #expect(pipe.waitForByte(seconds: 10))
        let finished = try #require(loader.finished())
        #expect(finished.load === next)
        #expect(chart.calls == 2 && chart.mostAtOnce == 1)
        loader.end(next)
        #expect(abandoned.isDone)
        #expect(!loader.isUsing(chart))
    }

    @Test("An abandoned load never wakes the loop, and its outcome is dropped")
    func anAbandonedLoadIsSilent() throws {
        let pipe = try WakePipe()
        let loader = ChartLoader(wake: pipe.writeEnd)
        let chart = GatedChart(honoursCancel: false)
        loader.start(chart, purpose: .show)
        // Once its thread is in the provider: abandoned before, it ends cancelled without calling it.
        #expect(chart.waitForCalls(1))
        let abandoned = try #require(loader.abandonCurrent())
        #expect(loader.isUsing(chart))
        chart.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while !abandoned.isDone && .now < deadline { usleep(1000) }
        #expect(abandoned.isDone)
        #expect(!pipe.waitForByte(seconds: 0.05))
        #expect(loader.finished() == nil)
        #expect(!loader.isUsing(chart))
    }

    @Test("Cancelling the wanted load stops its provider, and it ends as cancelled")
    func cancellingEndsAsCancelled() throws {
        let pipe = try WakePipe()
        let loader = ChartLoader(wake: pipe.writeEnd)
        let chart = GatedChart()
        let load = loader.start(chart, purpose: .period("2024-03"))
        #expect(chart.waitForCalls(1))
        loader.cancelCurrent()
        #expect(pipe.waitForByte(seconds: 10))
        let finished = try #require(loader.finished())
        #expect(finished.load === load)
        guard case .failure(let failure) = finished.outcome else {
            Issue.record("a cancelled load built a graph")
            return
        }
        #expect(failure.wasCancelled)
    }
}

/// A pipe standing for the window loop's wake-up pipe.
private final class WakePipe {
    let readEnd: Int32
    let writeEnd: Int32

    init() throws {
        var fds: [Int32] = [0, 0]
        guard pipe(&fds) == 0 else { throw POSIXError(.EMFILE) }
        readEnd = fds[0]
        writeEnd = fds[1]
    }

    deinit {
        close(readEnd)
        close(writeEnd)
    }

    /// Whether a byte arrives within `seconds` (and reads it).
    func waitForByte(seconds: Double) -> Bool {
        var descriptor = pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(seconds * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return read(readEnd, &byte, 1) == 1
    }
}

/// A chart whose graph is built once `open()` is called, or its load cancelled when it
/// `honoursCancel` (it then says so); counts its loads, and how many ran at once.
private final class GatedChart: ChartProvider, @unchecked Sendable {
    let name = "gated"
    private let honoursCancel: Bool
    private let condition = NSCondition()
    private var isOpen = false
    private var running = 0
    private var started = 0
    private var most = 0

    init(honoursCancel: Bool = true) {
        self.honoursCancel = honoursCancel
    }

    var calls: Int { condition.withLock { started } }
    var mostAtOnce: Int { condition.withLock { most } }

    func open() {
        condition.withLock {
            isOpen = true; condition.broadcast()
        }
    }

    /// Waits until `count` loads have started, up to 10 s.
    func waitForCalls(_ count: Int) -> Bool {
        condition.withLock {
            let deadline = Date() + 10
            while started < count { if !condition.wait(until: deadline) { return false } }
            return true
        }
    }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        condition.withLock {
            started += 1
            running += 1
            most = max(most, running)
            condition.broadcast()
            while !isOpen && !(honoursCancel && cancellation.isCancelled) { condition.wait() }
            running -= 1
        }
        if honoursCancel && cancellation.isCancelled { throw ChartFailure(message: "cancelled", wasCancelled: true) }
        return Graph(title: "Gated")
    }

    func cancelLoading() { condition.withLock { condition.broadcast() } }
    func stepPeriod(by delta: Int) -> String? { nil }
    func dataChanged() -> Bool { false }
}
