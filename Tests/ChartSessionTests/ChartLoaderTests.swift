import ChartCore
@testable import ChartSession
import Foundation
import Testing

/// The session's loads: the host's wake-up is a counter here (`Wakes`).
@Suite("Chart loader")
struct ChartLoaderTests {
    @Test("A load hands over its graph once its thread is done, and wakes the loop")
    func aLoadHandsOverItsGraph() throws {
        let wakes = Wakes()
        let loader = ChartLoader(wake: wakes.wake)
        let chart = FixedChart(name: "fixed") { Graph(title: "Fixed") }
        let load = loader.start(chart, purpose: .show)
        #expect(loader.isLoading && loader.current === load)
        #expect(loader.isUsing(chart))
        #expect(wakes.wait())
        let finished = try #require(loader.finished())
        #expect(finished.load === load)
        #expect(try finished.outcome.get().graphs.map(\.title) == ["Fixed"])
        #expect(loader.current === load, "wanted until the window takes it")
        loader.end(load)
        #expect(!loader.isLoading)
        #expect(!loader.isUsing(chart))
        #expect(loader.finished() == nil)
    }

    /// A loader that gave up on its load of a chart deep in a file (that does not look at its
    /// flag yet) once the load's thread was in the provider (abandoned before, a load ends
    /// cancelled without calling it).
    static func abandonedLoad() throws -> (Wakes, ChartLoader, TestChart, ChartLoad) {
        let wakes = Wakes()
        let loader = ChartLoader(wake: wakes.wake)
        let chart = TestChart(gated: true, honoursCancel: false)
        loader.start(chart, purpose: .show)
        try #require(chart.waitForCalls(1))
        return (wakes, loader, chart, try #require(loader.abandonCurrent()))
    }

    @Test("An abandoned load is left to end on its own; a new load of its chart waits for it; the chart is left alone meanwhile")
    func aNewLoadWaitsForTheAbandonedOne() throws {
        let (wakes, loader, chart, abandoned) = try Self.abandonedLoad()
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
        #expect(wakes.wait())
        let finished = try #require(loader.finished())
        #expect(finished.load === next)
        #expect(chart.calls == 2 && chart.mostAtOnce == 1)
        loader.end(next)
        #expect(abandoned.isDone)
        #expect(!loader.isUsing(chart))
    }

    @Test("A page of several charts waits for an abandoned load of one of them, and is never loaded beside it")
    func aPageWaitsForItsChartsAbandonedLoad() throws {
        let (wakes, loader, chart, _) = try Self.abandonedLoad()
        let other = TestChart(name: "other")
        let page = TestPage(charts: [other, chart])
        #expect(loader.isUsing(page), "the abandoned load reads one of its charts")
        let next = loader.start(page, purpose: .show)
        let deadline = Date().addingTimeInterval(10)
        while !next.isWaitingForPrevious && Date() < deadline { sched_yield() }
        #expect(next.isWaitingForPrevious && other.calls == 0)
        chart.open()
        #expect(wakes.wait())
        let finished = try #require(loader.finished())
        #expect(try finished.outcome.get().graphs.map(\.title) == ["other", "gated"])
        #expect(chart.mostAtOnce == 1)
        loader.end(next)
    }

    @Test("An abandoned load never wakes the loop, and its outcome is dropped")
    func anAbandonedLoadIsSilent() throws {
        let (wakes, loader, chart, abandoned) = try Self.abandonedLoad()
        #expect(loader.isUsing(chart))
        chart.open()
        let deadline = ContinuousClock.now + .seconds(10)
        while !abandoned.isDone && .now < deadline { sched_yield() }
        #expect(abandoned.isDone)
        // Its thread woke the host, if at all, before it was done (under the same lock).
        #expect(wakes.count == 0)
        #expect(loader.finished() == nil)
        #expect(!loader.isUsing(chart))
    }

    @Test("Cancelling the wanted load stops its provider, and it ends as cancelled")
    func cancellingEndsAsCancelled() throws {
        let wakes = Wakes()
        let loader = ChartLoader(wake: wakes.wake)
        let chart = TestChart(gated: true)
        let load = loader.start(chart, purpose: .period("2024-03"))
        #expect(chart.waitForCalls(1))
        loader.cancelCurrent()
        #expect(wakes.wait())
        let finished = try #require(loader.finished())
        #expect(finished.load === load)
        guard case .failure(let failure) = finished.outcome else {
            Issue.record("a cancelled load built a graph")
            return
        }
        #expect(failure.wasCancelled)
    }
}
