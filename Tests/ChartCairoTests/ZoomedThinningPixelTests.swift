import ChartCairo
import ChartCore
import Foundation
import Testing
import TestDepth

/// Zoomed in, thinning must still show the truth: at views of 50%, 1% and 0.01% of the data's
/// span (at its start, middle and end), panned partly past its end, and zoomed in y through the
/// line, a layout that thins to the pixels draws what every record drawn draws. A view is the
/// plot space's `xRange` and `yRange`, as zoom and pan set them. Same metric and thresholds as
/// `ThinningPixelTests`: the share of the plot area's pixels that differ by more than 64 in a
/// channel stays under 1% (exactly 0 at tolerance 0 for markers that snap to whole pixels).
/// At the 0.01% view the thinned scene holds the real records themselves.
@Suite struct ZoomedThinningPixelTests {
    /// Where a view looks, as a share of the data's x span (in log₁₀ on a log x scale).
    enum View: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case halfStart, halfMiddle, halfEnd
        case percentStart, percentMiddle, percentEnd
        case tinyStart, tinyMiddle, tinyEnd
        /// 1% of the span, 30% of it before the data's last location and 70% past it.
        case pastEnd
        /// The whole x span, y zoomed to a band through the middle of the values.
        case yCut

        var testDescription: String { rawValue }

        var share: Double {
            switch self {
            case .halfStart, .halfMiddle, .halfEnd: 0.5
            case .percentStart, .percentMiddle, .percentEnd, .pastEnd: 0.01
            case .tinyStart, .tinyMiddle, .tinyEnd: 0.0001
            case .yCut: 1
            }
        }

        var isTiny: Bool { share == 0.0001 }

        /// The x range of the view over data from `lower` to `upper`; nil for the whole span.
        func xRange(_ lower: Double, _ upper: Double, log: Bool) -> PlotRange? {
            let f0 = log ? log10(lower) : lower, f1 = log ? log10(upper) : upper
            let width = (f1 - f0) * share, center = (f0 + f1) / 2
            let range: (Double, Double)
            switch self {
            case .halfStart, .percentStart, .tinyStart: range = (f0, f0 + width)
            case .halfMiddle, .percentMiddle, .tinyMiddle: range = (center - width / 2, center + width / 2)
            case .halfEnd, .percentEnd, .tinyEnd: range = (f1 - width, f1)
            case .pastEnd: range = (f1 - 0.3 * width, f1 + 0.7 * width)
            case .yCut: return nil
            }
            return log ? PlotRange(pow(10, range.0), pow(10, range.1)) : PlotRange(range.0, range.1)
        }
    }

    /// Every view; make test runs a sample in each test, different samples that together cover them all.
    static let views = View.allCases

    /// The y range a zoom to `x` would show: the values of the records located in it and of their
    /// neighbours either side (what the line through the view spans), 5% more each way (as a
    /// ratio on a log scale). For `.yCut`, the band from 45% to 60% of the values' range.
    static func yRange(_ view: View, x: PlotRange?, locations: [Double], values: [Double], log: Bool) -> PlotRange? {
        let f: (Double) -> Double = log ? { log10($0) } : { $0 }
        let g: (Double) -> Double = log ? { pow(10, $0) } : { $0 }
        var lo = Double.infinity, hi = -Double.infinity
        if view == .yCut {
            for v in values where v.isFinite && (!log || v > 0) { lo = min(lo, f(v)); hi = max(hi, f(v)) }
            return PlotRange(g(lo + 0.45 * (hi - lo)), g(lo + 0.6 * (hi - lo)))
        }
        guard let x else { return nil }
        let first = locations.firstIndex { $0 >= x.lower } ?? locations.count
        let last = locations.lastIndex { $0 <= x.upper } ?? -1
        for i in max(0, first - 1)...min(locations.count - 1, max(last + 1, first)) where values[i].isFinite {
            lo = min(lo, f(values[i])); hi = max(hi, f(values[i]))
        }
        guard lo <= hi else { return nil }
        let pad = max((hi - lo) * 0.05, log ? 0.01 : 1e-9)
        return PlotRange(g(lo - pad), g(hi + pad))
    }

    /// Sets `graph`'s default plot space to `view` over the data.
    static func zoom(
        _ graph: Graph, to view: View, locations: [Double], values: [Double], logX: Bool = false, logY: Bool = false,
        fitsY: Bool = true
    ) {
        let x = view.xRange(locations.first!, locations.last!, log: logX)
        graph.defaultPlotSpace.xRange = x
        if fitsY || view == .yCut {
            graph.defaultPlotSpace.yRange = yRange(view, x: x, locations: locations, values: values, log: logY)
        }
    }

    /// The records located inside `x`, by binary search over ascending `locations`.
    static func located(in x: PlotRange, _ locations: [Double]) -> Range<Int> {
        var lo = 0, hi = locations.count
        while lo < hi { let mid = (lo + hi) / 2; if locations[mid] < x.lower { lo = mid + 1 } else { hi = mid } }
        var end = lo, top = locations.count
        while end < top { let mid = (end + top) / 2; if locations[mid] <= x.upper { end = mid + 1 } else { top = mid } }
        return lo..<end
    }

    let pixels = ThinningPixelTests()

    static let size = Size(width: 1000, height: 500)

    // MARK: Lines

    static let walk = ThinningPixelTests.walk(300_000, seed: 17)
    static let walkX = (0..<walk.count).map { Double($0 + 1) }
    static let positiveWalk = ThinningPixelTests.positiveWalk(300_000, seed: 19)

    /// A line (1 px, black) through `y` at `x`, at `view`: optionally with an area fill, a
    /// symbol or on log scales.
    static func line(
        _ y: [Double], x: [Double], view: View, thinned: Bool, area: Bool = false, logX: Bool = false,
        logY: Bool = false, symbol: PlotSymbol? = nil
    ) -> Graph {
        let graph = ThinningPixelTests.lineGraph(y, x: x, thinned: thinned, area: area, base: logY ? 1 : 0, logX: logX, logY: logY)
        (graph.plots[0] as! ScatterPlot).symbol = symbol
        zoom(graph, to: view, locations: x, values: y, logX: logX, logY: logY)
        return graph
    }

    /// Checks the thinned scene of a line at the 0.01% view: its items are the records located
    /// in the view and the one neighbour on each side, all of them, each once.
    func expectRealRecords(_ scene: Scene, x: [Double], view: View, logX: Bool = false, sourceLocation: SourceLocation = #_sourceLocation) {
        guard view.isTiny, let range = view.xRange(x.first!, x.last!, log: logX) else { return }
        let inside = Self.located(in: range, x)
        let expected = Array(max(0, inside.lowerBound - 1)..<min(x.count, inside.upperBound + 1))
        let records = scene.plots[0].items.map(\.record)
        #expect(
            records == expected,
            "\(view): \(records.count) items from \(records.first ?? -1) to \(records.last ?? -1), expected records \(expected.first ?? -1) to \(expected.last ?? -1)",
            sourceLocation: sourceLocation)
    }

    @Test(arguments: TestDepth.sample(views, every: 2))
    func aZoomedLineLooksLikeEveryPoint(view: View) throws {
        let (share, thinned, full) = try pixels.compare("zoom-line-\(view)", size: Self.size) {
            Self.line(Self.walk, x: Self.walkX, view: view, thinned: $0)
        }
        #expect(full.plots[0].items.count == Self.walk.count)
        #expect(ThinningPixelTests.isThinned(thinned), "the line was not thinned")
        expectRealRecords(thinned, x: Self.walkX, view: view)
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
    }

    @Test(arguments: TestDepth.sample(views, every: 2, from: 1))
    func aZoomedAreaLooksLikeEveryPoint(view: View) throws {
        let (share, thinned, _) = try pixels.compare("zoom-area-\(view)", size: Self.size) {
            Self.line(Self.walk, x: Self.walkX, view: view, thinned: $0, area: true)
        }
        #expect(thinned.plots[0].paths.contains { $0.fill != nil }, "an area is drawn")
        expectRealRecords(thinned, x: Self.walkX, view: view)
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
    }

    @Test(arguments: TestDepth.sample(views, every: 3))
    func aZoomedLineOnALogYScaleLooksLikeEveryPoint(view: View) throws {
        let (share, thinned, _) = try pixels.compare("zoom-logy-\(view)", size: Self.size) {
            Self.line(Self.positiveWalk, x: Self.walkX, view: view, thinned: $0, logY: true)
        }
        expectRealRecords(thinned, x: Self.walkX, view: view)
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
    }

    @Test(arguments: TestDepth.sample(views, every: 3, from: 1))
    func aZoomedLineOnALogXScaleLooksLikeEveryPoint(view: View) throws {
        let (share, thinned, _) = try pixels.compare("zoom-logx-\(view)", size: Self.size) {
            Self.line(Self.walk, x: Self.walkX, view: view, thinned: $0, logX: true)
        }
        expectRealRecords(thinned, x: Self.walkX, view: view, logX: true)
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
    }

    /// At the 0.01% view a line with a symbol shows every real point with its symbol, as every
    /// record drawn does.
    @Test(arguments: [View.tinyStart, .tinyMiddle, .tinyEnd])
    func aZoomedLineShowsItsSymbols(view: View) throws {
        let symbol = PlotSymbol(.ellipse, size: 7, fill: .solid(Color(rgb: 0xE8590C)))
        let (share, thinned, _) = try pixels.compare("zoom-symbols-\(view)", size: Self.size) {
            Self.line(Self.walk, x: Self.walkX, view: view, thinned: $0, symbol: symbol)
        }
        expectRealRecords(thinned, x: Self.walkX, view: view)
        let items = thinned.plots[0].items
        #expect(items.count > 10)
        for item in items {
            guard case .point(_, let drawn) = item.shape, let drawn else {
                Issue.record("record \(item.record) has no symbol: \(item.shape)")
                continue
            }
            #expect(drawn.shape == .ellipse && drawn.size == 7)
        }
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
    }

    // MARK: Scatters

    /// A sorted scatter: x grows by irregular steps, y is noise around a slow wave (thousands of
    /// points per pixel column at the full view).
    static let scatterX: [Double] = {
        var state: UInt64 = 5, x = 0.0
        return (0..<200_000).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            x += Double(state >> 40) / Double(1 << 24) + 0.05
            return x
        }
    }()
    static let scatterY: [Double] = {
        let noise = ThinningPixelTests.walk(200_000, seed: 23)
        return noise.indices.map { 40 * sin(Double($0) / 9_000) + (noise[$0] - noise[$0 / 50 * 50]) * 4 }
    }()

    static func scatter(_ y: [Double], x: [Double], view: View, thinned: Bool, symbol: PlotSymbol) -> Graph {
        let graph = Graph(title: "cloud")
        let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: y, locations: x))
        plot.showsLine = false
        plot.symbol = symbol
        plot.thinsToPixels = thinned
        graph.add(plot)
        graph.legend.isHidden = true
        let sorted = x.indices.sorted { x[$0] < x[$1] }
        zoom(graph, to: view, locations: sorted.map { x[$0] }, values: sorted.map { y[$0] })
        return graph
    }

    static let markers: [(PlotSymbol.Shape, Double)] = [(.ellipse, 2), (.rectangle, 1), (.ellipse, 7)]

    @Test(arguments: TestDepth.sample(views, every: 3, from: 2), markers)
    func aZoomedScatterLooksLikeEveryPoint(view: View, marker: (shape: PlotSymbol.Shape, size: Double)) throws {
        let snaps = marker.size <= 2
        let symbol = PlotSymbol(marker.shape, size: marker.size, fill: .solid(Color(rgb: 0x1C7ED6)))
        let (share, thinned, full) = try pixels.compare(
            "zoom-scatter-\(Int(marker.size))-\(view)", size: Self.size,
            tolerance: snaps ? 0 : 64
        ) {
            Self.scatter(Self.scatterY, x: Self.scatterX, view: view, thinned: $0, symbol: symbol)
        }
        #expect(full.plots[0].items.count == Self.scatterX.count)
        #expect(snaps ? share == 0 : share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
        if view.isTiny, let range = view.xRange(Self.scatterX.first!, Self.scatterX.last!, log: false) {
            // The real points: every record located in the view, and only those whose marker reaches in.
            let records = Set(thinned.plots[0].items.map(\.record))
            let inside = Set(Self.located(in: range, Self.scatterX))
            #expect(inside.count > 2)
            #expect(inside.isSubset(of: records), "\(view): records in the view left out: \(inside.subtracting(records).sorted().prefix(5))")
            let area = thinned.plotArea.insetBy(dx: -(marker.size / 2 + 1), dy: -(marker.size / 2 + 1))
            for item in thinned.plots[0].items where !inside.contains(item.record) {
                #expect(area.contains(item.anchor), "record \(item.record) at \(item.anchor) draws nothing in \(thinned.plotArea)")
            }
        }
    }

    /// An unsorted cloud (no binary search to cull with) zoomed in alike.
    @Test(arguments: [View.halfMiddle, .percentMiddle, .tinyMiddle, .pastEnd, .yCut])
    func aZoomedUnsortedScatterLooksLikeEveryPoint(view: View) throws {
        let xs = ThinningPixelTests.walk(150_000, seed: 3), ys = ThinningPixelTests.walk(150_000, seed: 11)
        for (shape, size) in [(PlotSymbol.Shape.ellipse, 2.0), (.ellipse, 7)] {
            let symbol = PlotSymbol(shape, size: size, fill: .solid(Color(rgb: 0x1C7ED6)))
            let (share, _, _) = try pixels.compare("zoom-cloud-\(Int(size))-\(view)", size: Self.size, tolerance: size == 2 ? 0 : 64) { thin in
                let graph = Self.scatter(ys, x: xs, view: view, thinned: thin, symbol: symbol)
                // A cloud's view: x zoomed, y zoomed alike around the middle.
                if view != .yCut, let x = graph.defaultPlotSpace.xRange {
                    let lo = ys.min()!, hi = ys.max()!, mid = (lo + hi) / 2, half = (hi - lo) * x.length / (xs.max()! - xs.min()!) / 2
                    graph.defaultPlotSpace.yRange = PlotRange(mid - half, mid + half)
                }
                return graph
            }
            #expect(size == 2 ? share == 0 : share < 0.01, "\(view), \(size) px: \(share * 100)% of the plot area's pixels differ")
        }
    }

    /// A marker whose center lies just outside the plot area still paints its edge inside: the
    /// thinned scatter keeps it, as every record drawn does (a 7 px disc 1.5 px to the left
    /// reaches 2 pixels in, past the plot area's 1 px border).
    @Test(arguments: [1.5, -2.5])
    func aMarkerJustOutsideTheViewStillShows(offset: Double) throws {
        let n = 10_000
        let ys = (0..<n).map { Double($0 % 7) }
        var locations = (0..<n).map(Double.init)
        func graph(_ thin: Bool) -> Graph {
            let graph = Graph(title: "edge")
            let plot = ScatterPlot(identifier: "dots", dataSource: ArrayDataSource(numbers: ys, locations: locations))
            plot.showsLine = false
            plot.symbol = PlotSymbol(.ellipse, size: 7, fill: .solid(.black))
            plot.thinsToPixels = thin
            graph.add(plot)
            graph.legend.isHidden = true
            graph.defaultPlotSpace.xRange = PlotRange(4_999.5, 5_099.5)
            graph.defaultPlotSpace.yRange = PlotRange(-1, 7)
            return graph
        }
        // Where the plot area's edges are; then a record 1.5 px outside the left one (or 2.5 px inside).
        let probe = ChartRenderer().layout(graph(true), size: Self.size)
        let perPixel = 100 / probe.plotArea.width
        locations[4_999] = 4_999.5 - offset * perPixel  // still sorted
        let (share, thinned, _) = try pixels.compare("zoom-edge-marker-\(offset)", size: Self.size, tolerance: 0) { graph($0) }
        #expect(thinned.plotArea == probe.plotArea)
        #expect(thinned.plots[0].items.contains { $0.record == 4_999 }, "the marker at the edge is kept")
        #expect(share == 0, "\(share * 100)% of the plot area's pixels differ")
    }

    // MARK: Bars

    static let barValues = ThinningPixelTests.walk(60_000, seed: 29).map { $0 + 20 }

    static func bars(view: View, thinned: Bool, categories: Bool, count: Int) -> Graph {
        let values = Array(barValues.prefix(count))
        let graph = Graph(title: "bars")
        let plot = BarPlot(
            identifier: "bars",
            dataSource: ArrayDataSource(
                numbers: values, categories: categories ? values.indices.map { "Item \($0)" } : nil))
        plot.fill = .solid(Color(rgb: 0x2F9E44))
        plot.thinsToPixels = thinned
        graph.add(plot)
        graph.legend.isHidden = true
        if categories { graph.defaultPlotSpace.xScale = .category }
        let locations = values.indices.map(Double.init)
        // Bars reach half a slot past their outermost locations; y keeps its base in view.
        let x = view.xRange(-0.5, Double(count) - 0.5, log: false)
        graph.defaultPlotSpace.xRange = x
        if view == .yCut {
            graph.defaultPlotSpace.yRange = yRange(view, x: nil, locations: locations, values: values, log: false)
        } else if let x, let y = yRange(view, x: x, locations: locations, values: values, log: false) {
            graph.defaultPlotSpace.yRange = PlotRange(min(0, y.lower), max(0, y.upper))
        }
        return graph
    }

    @Test(arguments: TestDepth.sample(views, every: 2, from: 1), [false, true])
    func zoomedBarsLookLikeEveryBar(view: View, categories: Bool) throws {
        let count = categories ? 10_000 : 60_000
        let (share, thinned, full) = try pixels.compare("zoom-bars\(categories ? "-categories" : "")-\(view)", size: Self.size) {
            Self.bars(view: view, thinned: $0, categories: categories, count: count)
        }
        #expect(thinned.plots[0].items.count <= 2 * Int(thinned.plotArea.width) + 2)
        #expect(share < 0.01, "\(view): \(share * 100)% of the plot area's pixels differ")
        if view.isTiny || view == .percentMiddle, let x = view.xRange(-0.5, Double(count) - 0.5, log: false) {
            // The bars that reach into the view, each of them.
            let expected = (0..<count).filter { Double($0) + 0.4 > x.lower && Double($0) - 0.4 < x.upper }
            for scene in [thinned, full] {
                let records = scene.plots[0].items.map(\.record)
                #expect(
                    records == expected,
                    "\(view): \(records.count) bars from \(records.first ?? -1) to \(records.last ?? -1), expected \(expected.count) from \(expected.first ?? -1) to \(expected.last ?? -1)"
                )
            }
        }
    }
}
