import ChartCore
@testable import ChartSession
import Foundation
import Testing

/// Counts the times a loading thread woke the host, and lets a test wait for the next one: the
/// host's wake-up pipe, in a test.
final class Wakes: @unchecked Sendable {
    private let condition = NSCondition()
    private var woken = 0
    private var taken = 0

    /// What loading threads call: counts a wake.
    var wake: @Sendable () -> Void {
        { [self] in
            condition.withLock {
                woken += 1
                condition.broadcast()
            }
        }
    }

    /// How many wakes came, in all.
    var count: Int { condition.withLock { woken } }

    /// Waits (up to 10 s) for a wake not yet waited for; false when none came.
    func wait() -> Bool {
        condition.withLock {
            let deadline = Date() + 10
            while taken == woken { if !condition.wait(until: deadline) { return false } }
            taken += 1
            return true
        }
    }
}

/// A chart whose data a test controls: its values, a failure for the next loads, a change for
/// the watch to see, periods to step through. When `gated`, each load waits until `open()` is
/// called, or its load is cancelled when it `honoursCancel` (it then says so). Counts its
/// loads, and how many ran at once.
final class TestChart: ChartProvider, @unchecked Sendable {
    let name: String
    private let honoursCancel: Bool
    private let periods: [String]
    private let condition = NSCondition()
    private var isOpen: Bool
    private var values: [Double]
    private var failure: ChartFailure?
    private var changed = false
    private var period = 0
    private var running = 0
    private var started = 0
    private var most = 0

    /// What its graphs say the user must know about their data (`Graph.caveat`).
    var caveat: String?

    init(name: String = "gated", values: [Double] = [3, 5, 2, 7], periods: [String] = [], gated: Bool = false, honoursCancel: Bool = true) {
        self.name = name
        self.values = values
        self.periods = periods
        isOpen = !gated
        self.honoursCancel = honoursCancel
    }

    var calls: Int { condition.withLock { started } }
    var mostAtOnce: Int { condition.withLock { most } }

    /// Lets the loads waiting (and all later ones) build their graphs.
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

    /// The data changes: the next loads give `values`, or fail with `failure`; the watch sees it.
    func change(to values: [Double], failing failure: ChartFailure? = nil) {
        condition.withLock {
            self.values = values
            self.failure = failure
            changed = true
        }
    }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        let data: (values: [Double], failure: ChartFailure?, period: String?) = condition.withLock {
            started += 1
            running += 1
            most = max(most, running)
            condition.broadcast()
            while !isOpen && !(honoursCancel && cancellation.isCancelled) { condition.wait() }
            running -= 1
            return (self.values, self.failure, periods.isEmpty ? nil : periods[self.period])
        }
        if honoursCancel && cancellation.isCancelled { throw ChartFailure(message: "cancelled", wasCancelled: true) }
        if let failure = data.failure { throw failure }
        let graph = Graph(title: [name, data.period].compactMap { $0 }.joined(separator: " "))
        graph.add(BarPlot(identifier: "counts", title: "Counts", values: data.values))
        graph.caveat = caveat
        return graph
    }

    func cancelLoading() { condition.withLock { condition.broadcast() } }

    func stepPeriod(by delta: Int) -> String? {
        condition.withLock {
            guard periods.indices.contains(period + delta) else { return nil }
            period += delta
            return periods[period]
        }
    }

    func dataChanged() -> Bool {
        condition.withLock {
            defer { changed = false }
            return changed
        }
    }
}

/// A page of several test charts in one grid (a spec's layout, several `--chart`), keeping the
/// notes each cell's chart is given.
final class TestPage: ChartProvider, @unchecked Sendable {
    let name: String
    let charts: [TestChart]
    /// The notes kept, by cell, in order.
    private(set) var kept: [(cell: Int, notes: [ChartNote])] = []

    init(name: String = "page", charts: [TestChart]) {
        self.name = name
        self.charts = charts
    }

    func makeFigure(cancellation: CancellationFlag) throws(ChartFailure) -> ChartFigure {
        var graphs: [Graph] = []
        for chart in charts { graphs.append(try chart.makeGraph(cancellation: cancellation)) }
        return .grid(GraphGrid(cells: graphs, columns: graphs.count, linksX: false))
    }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph { try charts[0].makeGraph(cancellation: cancellation) }
    func stepPeriod(by delta: Int) -> String? { nil }
    func dataChanged() -> Bool { charts.map { $0.dataChanged() }.contains(true) }
    func cancelLoading() { for chart in charts { chart.cancelLoading() } }
    var components: [any ChartProvider] { charts }

    func keepNotes(_ notes: [[ChartNote]], changedIn cell: Int) throws(ChartFailure) -> String? {
        kept.append((cell, notes[cell]))
        return "cell \(cell + 1)"
    }
}
