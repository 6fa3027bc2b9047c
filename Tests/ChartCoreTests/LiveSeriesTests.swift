import ChartCore
import Foundation
import Synchronization
import Testing

/// A `LiveSeries` keeps every row pushed into it from any thread, and a plot reading it draws
/// exactly what a plot of every row draws, at the fitted view and zoomed, while held and after.
@Suite("Live series")
struct LiveSeriesTests {
    /// `x`, `y` pushed in batches of varying size (1 to 5,000 rows).
    static func live(x: [Double], y: [Double?], ids: [String] = ["p"], budget: Int? = nil, store: (any LiveRowStore)? = nil) -> LiveSeries {
        let live: LiveSeries
        if let store {
            live = LiveSeries(plotIDs: ids, memoryBudget: budget) { () throws(LiveRowStoreFailure) -> any LiveRowStore in store }
        } else {
            live = LiveSeries(plotIDs: ids)
        }
        var i = 0, size = 1
        while i < x.count {
            let end = min(x.count, i + size)
            let values = Array(y[i..<end]).map { $0 ?? .nan }
            live.append(LiveRows(x: Array(x[i..<end]), values: Array(repeating: values, count: ids.count)))
            i = end
            size = size * 7 % 5_003 + 1
        }
        return live
    }

    /// The scene of a line (or points) reading `source` (or every record) at `view`.
    static func scene(live: LiveSeries?, x: [Double], y: [Double?], line: Bool, view: GraphView) -> Scene {
        let graph = Graph(title: "t")
        let plot = ScatterPlot(identifier: "p", x: x, y: y)
        if let live { plot.viewDataSource = live }
        plot.showsLine = line
        if !line { plot.symbol = PlotSymbol(.rectangle, size: 2, fill: .solid(.black)) }
        graph.add(plot)
        return graph.layout(size: Size(width: 500, height: 300), view: view, measurer: FixedTextMeasurer())
    }

    /// The same scenes from a live series and from every record: same ranges, same paths,
    /// same points.
    static func expectSameScenes(_ live: LiveSeries, x: [Double], y: [Double?], line: Bool) {
        for view in StreamingThinnerTests.views(x) {
            let full = scene(live: nil, x: x, y: y, line: line, view: view)
            let thinned = scene(live: live, x: [], y: [], line: line, view: view)
            #expect(thinned.pendingData.isEmpty, "a live series answers at once")
            #expect(thinned.plotSpaces[0].transform.xRange == full.plotSpaces[0].transform.xRange, "\(view)")
            #expect(thinned.plotSpaces[0].transform.yRange == full.plotSpaces[0].transform.yRange, "\(view)")
            if line {
                let same = thinned.plots[0].paths == full.plots[0].paths
                #expect(same, "\(view)")
            } else {
                let a = Set(full.plots[0].items.map(\.anchor)), b = Set(thinned.plots[0].items.map(\.anchor))
                let missing = a.subtracting(b).count, extra = b.subtracting(a).count
                #expect(missing == 0 && extra == 0, "\(missing) of \(a.count) points missing, \(extra) extra at \(view)")
            }
        }
    }

    @Test(arguments: [1, 3, 40])
    func aLineFromALiveSeriesIsTheLineOfEveryRow(ties: Int) {
        let (x, y) = StreamingThinnerTests.records(300_000, ties: ties, seed: UInt64(ties))
        let live = Self.live(x: x, y: y)
        #expect(live.rowCount == x.count)
        Self.expectSameScenes(live, x: x, y: y, line: true)
    }

    @Test func pointsFromALiveSeriesAreThePointsOfEveryRow() {
        let (x, y) = StreamingThinnerTests.records(200_000, ties: 3, seed: 7)
        Self.expectSameScenes(Self.live(x: x, y: y), x: x, y: y, line: false)
    }

    @Test func aZoomedOutLineIsThinnedFromBlocks() {
        let (x, y) = StreamingThinnerTests.records(1_000_000, ties: 1, seed: 3)
        let live = Self.live(x: x, y: y)
        let scene = Self.scene(live: live, x: [], y: [], line: true, view: .fitted)
        let records = live.currentRecords(for: "p")
        #expect(records.recordsInView == x.count)
        #expect(records.count < 6 * 500 + 400, "\(records.count) records for 500 pixels")
        #expect(!scene.plots[0].paths.isEmpty)
    }

    /// A row store in this process's memory, counting what it is asked: a real implementation of
    /// the protocol a program may give (chartview's own, a SQLite file, is tested in ChartData).
    final class BlocksInMemory: LiveRowStore, @unchecked Sendable {
        private let lock = NSLock()
        private var blocks: [Int: [Double]] = [:]
        private(set) var reads = 0
        let failsToKeep: Bool

        init(failsToKeep: Bool = false) { self.failsToKeep = failsToKeep }

        func keep(blocks range: Range<Int>, doubles: UnsafeBufferPointer<Double>, doublesPerBlock: Int) throws(LiveRowStoreFailure) {
            if failsToKeep { throw LiveRowStoreFailure("/tmp/x: No space left on device") }
            lock.withLock {
                for (k, b) in range.enumerated() {
                    precondition(blocks[b] == nil, "block \(b) kept twice")
                    blocks[b] = Array(doubles[(k * doublesPerBlock)..<((k + 1) * doublesPerBlock)])
                }
            }
        }

        func read(block: Int, into doubles: UnsafeMutableBufferPointer<Double>) throws(LiveRowStoreFailure) {
            let kept = lock.withLock { () -> [Double]? in
                reads += 1
                return blocks[block]
            }
            guard let kept else { throw LiveRowStoreFailure("block \(block) was never kept") }
            _ = doubles.update(fromContentsOf: kept)
        }

        var count: Int { lock.withLock { blocks.count } }
    }

    /// Past its memory budget a series moves its oldest rows to the store, keeps their block
    /// summaries, and draws exactly what every row draws: lines and points, zoomed in on stored
    /// rows, and the value ranges of stored rows.
    @Test func rowsPastTheMemoryBudgetAreStoredAndStillDrawnExactly() {
        let (x, y) = StreamingThinnerTests.records(300_000, ties: 3, seed: 5)
        let store = BlocksInMemory()
        // Two chunks' rows (256 KB each) and the cache: the other 16 chunks are stored.
        let live = Self.live(x: x, y: y, budget: 700_000, store: store)
        let status = live.status
        #expect(status.rowCount == x.count && status.storedRowCount >= 15 * 16_384, "\(status)")
        #expect(status.storeFailure == nil)
        #expect(store.count * LiveSeries.rowsPerBlock == status.storedRowCount)
        #expect(live.memoryBytes < 700_000, "\(live.memoryBytes) bytes in memory")
        Self.expectSameScenes(live, x: x, y: y, line: true)
        Self.expectSameScenes(live, x: x, y: y, line: false)
        #expect(store.reads > 0)
        let plot = ScatterPlot(identifier: "p", x: x, y: y)
        for (a, b) in [(0.0, 50_000.0), (1_000.5, 1_300.2), (20.0, 20.0), (-5.0, 3.0), (49_000.0, 260_000.0)] {
            let range = PlotRange(a, b)
            let mine = live.valueRange(for: "p", inX: range), theirs = plot.dataExtent(inX: range)
            #expect(mine?.values == theirs?.y && mine?.locations == theirs?.x, "\(range)")
        }
        #expect(live.xRange(of: nil) == PlotRange(x[0], x[x.count - 1]))
    }

    /// A store that cannot keep rows (a full disk): every row stays in memory, drawn, and the
    /// status says why.
    @Test func rowsAStoreCannotKeepStayInMemory() {
        let (x, y) = StreamingThinnerTests.records(100_000, ties: 1, seed: 9)
        let live = Self.live(x: x, y: y, budget: 300_000, store: BlocksInMemory(failsToKeep: true))
        let status = live.status
        #expect(status.rowCount == x.count && status.storedRowCount == 0)
        #expect(status.storeFailure == "/tmp/x: No space left on device")
        Self.expectSameScenes(live, x: x, y: y, line: true)
    }

    @Test func valueRangesAreThoseOfEveryRow() {
        let (x, y) = StreamingThinnerTests.records(100_000, ties: 2, seed: 11)
        let live = Self.live(x: x, y: y)
        let plot = ScatterPlot(identifier: "p", x: x, y: y)
        for (a, b) in [(0.0, 50_000.0), (1_000.5, 1_300.2), (20.0, 20.0), (-5.0, 3.0), (49_000.0, 60_000.0), (70_000.0, 80_000.0)] {
            let range = PlotRange(a, b)
            let mine = live.valueRange(for: "p", inX: range), theirs = plot.dataExtent(inX: range)
            #expect(mine?.values == theirs?.y && mine?.locations == theirs?.x, "\(range)")
        }
        #expect(live.extent(for: "p")?.values == plot.dataExtent()?.y)
        #expect(live.extent(for: "p")?.locations == plot.dataExtent()?.x)
    }

    @Test func appendsFromSeveralThreadsLoseNoRow() async {
        let live = LiveSeries(plotIDs: ["a", "b"])
        let notified = Atomic<Int>(0)
        live.observeProgress { notified.add(1, ordering: .relaxed) }
        let threads = 8, batches = 200, rows = 500
        await withTaskGroup(of: Void.self) { group in
            for t in 0..<threads {
                group.addTask {
                    for _ in 0..<batches {
                        let x = Array(repeating: 1.0, count: rows)
                        live.append(LiveRows(x: x, values: [Array(repeating: Double(t), count: rows), x]))
                    }
                }
            }
        }
        #expect(live.rowCount == threads * batches * rows)
        #expect(live.status.setAsideCount == 0)
        #expect(notified.load(ordering: .relaxed) == threads * batches)
        // Every value made it: the sum of series a is that of what each thread sent.
        let sum = live.valueRange(for: "a", inX: PlotRange(0, 2))
        #expect(sum?.values == PlotRange(0, Double(threads - 1)))
        #expect(live.estimatedCount(for: "b") == threads * batches * rows)
    }

    @Test func aHeldSeriesShowsTheRowsUpToTheHoldWhileRowsArrive() {
        let live = LiveSeries(plotIDs: ["p"])
        live.append(LiveRows(x: [0, 1, 2], values: [[5, 6, 7]]))
        live.isHeld = true
        live.append(LiveRows(x: [3, 4], values: [[100, 8]]))
        let held = live.status
        #expect(held.rowCount == 5 && held.visibleRowCount == 3 && held.heldBack == 2 && held.isHeld)
        #expect(held.lastX == 4 && held.visibleLastX == 2)
        #expect(live.estimatedCount(for: "p") == 3)
        #expect(live.extent(for: "p")?.values == PlotRange(5, 7))
        #expect(live.extent(for: "p")?.locations == PlotRange(0, 2))
        #expect(live.xRange(of: nil) == PlotRange(0, 2))
        #expect(Self.scene(live: live, x: [], y: [], line: true, view: .fitted).plotSpaces[0].transform.xRange.upper < 3)
        live.isHeld = false
        #expect(live.heldBack == 0 && live.estimatedCount(for: "p") == 5)
        #expect(live.extent(for: "p")?.values == PlotRange(5, 100))
        let scene = Self.scene(live: live, x: [], y: [], line: true, view: .fitted)
        #expect(scene.plotSpaces[0].transform.xRange.upper >= 4)
    }

    @Test func rowsWhoseXGoesBackAreSetAsideAndCounted() {
        let live = LiveSeries(plotIDs: ["p"])
        live.append(LiveRows(x: [0, 1, 2, 1.5, .nan, 2, 3], values: [[0, 1, 2, 50, 60, 2.5, 3]]))
        let status = live.status
        #expect(status.rowCount == 5 && status.setAsideCount == 2 && status.appendedCount == 7)
        let aside = live.setAsideRows
        #expect(aside.x.first == 1.5 && aside.x.last.map(\.isNaN) == true && aside.values == [[50, 60]])
        // Not drawn: the values' range is that of the rows in order.
        #expect(live.extent(for: "p")?.values == PlotRange(0, 3))
    }

    @Test func finishingTellsHowTheInputEnded() {
        let live = LiveSeries(plotIDs: ["p"])
        let notified = Atomic<Int>(0)
        live.observeProgress { notified.add(1, ordering: .relaxed) }
        live.append(LiveRows(x: [0, 1], values: [[1, 2]]))
        #expect(!live.status.isFinished)
        live.finish(message: "stdin: line 3: 2 fields, expected 3")
        let status = live.status
        #expect(status.isFinished && status.failure == "stdin: line 3: 2 fields, expected 3" && status.rowCount == 2)
        #expect(notified.load(ordering: .relaxed) == 2)
        let normal = LiveSeries(plotIDs: ["p"])
        normal.finish(message: nil)
        #expect(normal.isFinished && normal.status.failure == nil)
    }

    @Test func windowsByCountAndBySpan() {
        let live = LiveSeries(plotIDs: ["p"])
        #expect(live.xRange(of: .count(10)) == nil)
        live.append(LiveRows(x: (0..<100).map { Double($0) * 0.5 }, values: [Array(repeating: 1, count: 100)]))
        #expect(live.xRange(of: .count(10)) == PlotRange(45, 49.5))
        #expect(live.xRange(of: .count(1_000)) == PlotRange(0, 49.5))
        #expect(live.xRange(of: .span(10)) == PlotRange(39.5, 49.5))
        #expect(live.xRange(of: nil) == PlotRange(0, 49.5))
        #expect(live.memoryBytes >= 100 * 16)
    }
}
