import ChartCore
import Foundation
import Testing

/// A zoomed layout costs what is in view, not what is loaded: a sorted line, scatter or bar
/// plot finds the records in the view by binary search and looks at those (and, for a line,
/// at one block of 64 per stretch inside a half pixel column). Checked by the records a layout
/// visits (`LayoutCost`), not by time.
@Suite("Zoomed layout cost")
struct ZoomedLayoutCostTests {
    static let size = Size(width: 1200, height: 600)

    /// A seeded random walk (as `ThinningPixelTests.walk`), without a closure per record.
    static func walk(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed, y = 0.0
        var values = [Double](repeating: 0, count: count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            y += Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
            values[i] = y
        }
        return values
    }

    /// Lays `graph` out at `x` (and `y`) and returns the scene and the records visited.
    static func visits(_ graph: Graph, x: PlotRange?, y: PlotRange? = nil) -> (scene: Scene, visited: Int) {
        graph.defaultPlotSpace.xRange = x
        graph.defaultPlotSpace.yRange = y
        let cost = LayoutCost()
        let scene = LayoutCost.$current.withValue(cost) { graph.layout(size: size, measurer: testMeasurer) }
        return (scene, cost.recordsVisited)
    }

    /// The records at 0, 1, 2 … located in `range`.
    static func located(_ range: PlotRange, count: Int) -> Int {
        max(0, min(count - 1, Int(range.upper.rounded(.down))) - max(0, Int(range.lower.rounded(.up))) + 1)
    }

    /// Views of a data span from 0 to `n`: 10% to 0.0001%, at the start, middle and end, and
    /// panned half past the end.
    static func views(_ n: Double) -> [PlotRange] {
        [0.1, 0.01, 0.001, 0.000_01, 0.000_001].flatMap { share -> [PlotRange] in
            let w = n * share
            return [PlotRange(0, w), PlotRange(n * 0.37, n * 0.37 + w), PlotRange(n - w, n), PlotRange(n - w / 2, n + w / 2)]
        }
    }

    /// A line through 10,000,000 records at 0, 1, 2 … (built per test: tests run side by side).
    static func makeLine() -> (graph: Graph, count: Int) {
        let n = 10_000_000
        let plot = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: walk(n, seed: 7)))
        plot.lineStyle = LineStyle(color: .black, width: 1)
        let graph = Graph(title: "ten million")
        graph.add(plot)
        graph.legend.isHidden = true
        return (graph, n)
    }

    @Test("A 10,000,000-point line visits the records in view and a few per pixel column")
    func tenMillionPointLine() throws {
        let (graph, n) = Self.makeLine()
        let (full, visitedFull) = Self.visits(graph, x: nil)
        let columns = Int(full.plotArea.width)
        // The whole view: blocks of 64 taken whole, records one by one only where a block
        // straddles a half column's edge.
        #expect(visitedFull < n / 64 + 2 * columns * 64, "full view: \(visitedFull) visits")
        #expect(visitedFull > n / 64 / 2, "the counter counts")
        for view in Self.views(Double(n - 1)) {
            let inView = Self.located(view, count: n)
            let (scene, visited) = Self.visits(graph, x: view)
            // The records in view (fewer where blocks are taken whole) and the two neighbours.
            #expect(visited <= min(inView, n / 64 + 2 * columns * 64) + 2, "view \(view): \(visited) visits for \(inView) records in view")
            #expect(scene.plots[0].items.count <= min(inView + 2, 6 * columns + 16))
            if inView < columns / 2 {
                // Sparse enough that every record in view is kept, with its neighbours.
                #expect(
                    scene.plots[0].items.count == min(inView + 2, n) - (view.upper >= Double(n - 1) ? 1 : 0) - (view.lower <= 0 ? 1 : 0),
                    "view \(view): \(scene.plots[0].items.count) items for \(inView) records in view")
            }
        }
    }

    @Test("A 1,000,000-point sorted scatter visits only the records whose markers reach the view")
    func millionPointScatter() throws {
        let n = 1_000_000
        let values = Self.walk(n, seed: 3).map { sin($0) * 100 }
        let plot = ScatterPlot(identifier: "dots", dataSource: ArrayDataSource(numbers: values))
        plot.showsLine = false
        plot.symbol = PlotSymbol(.ellipse, size: 3, fill: .solid(.black))
        let graph = Graph(title: "a million dots")
        graph.add(plot)
        graph.legend.isHidden = true
        let (full, visitedFull) = Self.visits(graph, x: nil, y: PlotRange(-110, 110))
        #expect(visitedFull == n, "the whole view looks at every record once")
        let width = full.plotArea.width
        for view in Self.views(Double(n - 1)) {
            // A 3 px marker reaches 3 pixels past the view's edges (half of it and a pixel); 4
            // for a plot area a pixel narrower at some views.
            let margin = 4 * view.length / width
            let reaching = Self.located(PlotRange(view.lower - margin, view.upper + margin), count: n)
            let (scene, visited) = Self.visits(graph, x: view, y: PlotRange(-110, 110))
            #expect(visited <= reaching + 2, "view \(view): \(visited) visits for \(reaching) records reaching it")
            #expect(scene.plots[0].items.count <= reaching)
        }
    }

    @Test("A 1,000,000-bar plot visits only the bars in view", arguments: [false, true])
    func millionBars(horizontal: Bool) throws {
        let n = 1_000_000
        let plot = BarPlot(identifier: "bars", dataSource: ArrayDataSource(numbers: Self.walk(n, seed: 5).map { abs($0) + 1 }))
        plot.barsAreHorizontal = horizontal
        let graph = Graph(title: "a million bars")
        graph.add(plot)
        graph.legend.isHidden = true
        let values = PlotRange(0, 2_000)
        let (_, visitedFull) = horizontal ? Self.visits(graph, x: values, y: nil) : Self.visits(graph, x: nil, y: values)
        #expect(visitedFull == n)
        for view in Self.views(Double(n - 1)) {
            // Bars 0.8 wide reach 0.4 past their location, and rounding two pixels more.
            let along = horizontal ? Self.size.height : Self.size.width
            let margin = 0.4 + 2 * view.length / (along / 2)
            let reaching = Self.located(PlotRange(view.lower - margin, view.upper + margin), count: n)
            let (scene, visited) = horizontal ? Self.visits(graph, x: values, y: view) : Self.visits(graph, x: view, y: values)
            #expect(visited <= reaching, "view \(view): \(visited) visits for \(reaching) bars reaching it")
            #expect(scene.plots[0].items.count <= min(reaching, 2 * Int(along)))
        }
    }

    /// The visible part of a sorted series is found by binary search, at any view: inside the
    /// data, past either end, narrower than one record's gap, on a log scale.
    @Test("The records in view, by binary search")
    func visibleRangeByBinarySearch() throws {
        let (graph, n) = Self.makeLine()
        // A view between two records: only the two, which the line between them crosses.
        let (between, visited) = Self.visits(graph, x: PlotRange(1_234.25, 1_234.75))
        #expect(between.plots[0].items.map(\.record) == [1_234, 1_235])
        #expect(visited == 2)
        // Past the end: the last record only (the line runs off to the left of the view).
        let (past, _) = Self.visits(graph, x: PlotRange(Double(n) + 10, Double(n) + 20))
        #expect(past.plots[0].items.map(\.record) == [n - 1])
        // Before the start: the first only.
        let (before, _) = Self.visits(graph, x: PlotRange(-20, -10))
        #expect(before.plots[0].items.map(\.record) == [0])
        // A log x scale: records 1 … n at locations 1 … n; a view of 1.001 to 1.002 decades.
        let logPlot = ScatterPlot(
            identifier: "log",
            dataSource: ArrayDataSource(
                numbers: Self.walk(1_000_000, seed: 9), locations: (1...1_000_000).map(Double.init)))
        let logGraph = Graph(title: "log x")
        logGraph.add(logPlot)
        logGraph.defaultPlotSpace.xScale = .logarithmic
        let view = PlotRange(pow(10, 5.5), pow(10, 5.5005))
        let (scene, logVisited) = Self.visits(logGraph, x: view)
        let inView = Self.located(PlotRange(view.lower - 1, view.upper - 1), count: 1_000_000)
        #expect(logVisited <= inView + 2)
        #expect(scene.plots[0].items.count == inView + 2)
    }
}
