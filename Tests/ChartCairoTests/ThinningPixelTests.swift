import ChartCairo
import ChartCore
import Foundation
import Testing

/// Drawing only what the pixels can show must not change the picture: a long line thinned per
/// pixel column (M4 per half column), with or without an area fill, on linear and log scales,
/// with ties in x and gaps, and a dense scatter merged per pixel, render like every point drawn.
/// The two differ only in anti-aliased edge pixels (measured: 0.04-0.5% of the plot area past a
/// difference of 64 in a channel); a wrong thinning differs in whole strokes (tens of percent).
@Suite struct ThinningPixelTests {
    /// A seeded random walk: deterministic, and as jagged as real sensor data.
    static func walk(_ count: Int, seed: UInt64 = 7) -> [Double] {
        var state = seed, y = 0.0
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            y += Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
            return y
        }
    }

    func render(_ plot: ScatterPlot, size: Size) throws -> (CairoSurface, Scene) {
        let graph = Graph(title: "walk")
        graph.add(plot)
        graph.legend.isHidden = true
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: size)
        return (try renderer.image(of: scene), scene)
    }

    /// The share of the plot area's pixels that differ by more than `tolerance` in a channel.
    func difference(_ a: CairoSurface, _ b: CairoSurface, in area: Rect, tolerance: Int) -> Double {
        var differing = 0, total = 0
        for y in Int(area.minY)..<Int(area.maxY) {
            for x in Int(area.minX)..<Int(area.maxX) {
                total += 1
                if a.pixel(x: x, y: y).distance(to: b.pixel(x: x, y: y)) > tolerance { differing += 1 }
            }
        }
        return Double(differing) / Double(max(total, 1))
    }

    @Test(arguments: [Size(width: 800, height: 600), Size(width: 400, height: 700)])
    func aThinnedLineLooksLikeEveryPoint(size: Size) throws {
        let ys = Self.walk(200_000)
        let thinned = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: ys))
        thinned.lineStyle = LineStyle(color: .black, width: 1)
        let full = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: ys))
        full.lineStyle = LineStyle(color: .black, width: 1)
        full.thinsToPixels = false
        let (a, sceneA) = try render(thinned, size: size)
        let (b, sceneB) = try render(full, size: size)
        #expect(Self.isThinned(sceneA), "the line was not thinned")
        #expect(sceneB.plots[0].items.count == ys.count)
        #expect(sceneA.plotArea == sceneB.plotArea)
        let share = difference(a, b, in: sceneA.plotArea, tolerance: 64)
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    /// A line through unsorted points cannot be thinned; Cairo took minutes on 300,000 of them
    /// in one stroke. Stroked in pieces, 40,000 draw in well under a second, dashed or not.
    @Test(arguments: [[], [6.0, 3.0]])
    func aLongUnsortedLineIsDrawnInPieces(dashes: [Double]) throws {
        let n = 40_000
        let xs = (0..<n).map { Double(($0 * 7919) % n) }
        let line = ScatterPlot(identifier: "scribble", dataSource: ArrayDataSource(numbers: Self.walk(n, seed: 5), locations: xs))
        line.lineStyle = LineStyle(color: .black, width: 1, dashPattern: dashes)
        let (image, scene) = try render(line, size: Size(width: 600, height: 400))
        #expect(scene.plots[0].paths[0].elements.count == n, "one unthinned path")
        let area = scene.plotArea
        var inked = 0, total = 0
        for y in stride(from: Int(area.minY) + 1, to: Int(area.maxY) - 1, by: 3) {
            for x in stride(from: Int(area.minX) + 1, to: Int(area.maxX) - 1, by: 3) {
                total += 1
                if image.pixel(x: x, y: y).red < 128 { inked += 1 }
            }
        }
        #expect(Double(inked) / Double(total) > 0.5, "the scribble covers the plot area")
    }

    /// Pieces keep caps and dashes: a dashed line of 9,000 collinear points (stroked in pieces)
    /// inks what the same line of 8,000 points (one stroke) inks, and starts where it starts.
    @Test func aDashedLineInPiecesLooksLikeOneStroke() throws {
        func dark(_ n: Int) throws -> (count: Int, firstX: Int) {
            let line = ScatterPlot(
                identifier: "dashes",
                dataSource: ArrayDataSource(
                    numbers: Array(repeating: 5, count: n), locations: (0..<n).map { Double($0) / Double(n - 1) }))
            line.lineStyle = LineStyle(color: .black, width: 4, dashPattern: [8, 8])
            line.thinsToPixels = false
            let (image, scene) = try render(line, size: Size(width: 500, height: 200))
            #expect(scene.plots[0].paths[0].elements.count == n)
            var count = 0, firstX = Int.max
            let area = scene.plotArea
            for y in Int(area.minY) + 2..<Int(area.maxY) - 2 {
                for x in Int(area.minX) + 2..<Int(area.maxX) - 1 where image.pixel(x: x, y: y).red < 100 {
                    count += 1
                    firstX = min(firstX, x)
                }
            }
            return (count, firstX)
        }
        let one = try dark(8_000), pieces = try dark(9_000)
        #expect(one.count > 500)
        #expect(abs(one.count - pieces.count) * 50 < one.count, "\(one.count) vs \(pieces.count) dark pixels")
        #expect(one.firstX == pieces.firstX)
    }

    @Test func aMergedScatterLooksLikeEveryPoint() throws {
        let xs = Self.walk(120_000, seed: 3), ys = Self.walk(120_000, seed: 11)
        func plot(thin: Bool) -> ScatterPlot {
            let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: ys, locations: xs))
            plot.showsLine = false
            plot.symbol = PlotSymbol(.ellipse, size: 3, fill: .solid(Color(rgb: 0x1C7ED6)))
            plot.thinsToPixels = thin
            return plot
        }
        let (a, sceneA) = try render(plot(thin: true), size: Size(width: 640, height: 480))
        let (b, _) = try render(plot(thin: false), size: Size(width: 640, height: 480))
        #expect(sceneA.plots[0].items.count < xs.count)
        let share = difference(a, b, in: sceneA.plotArea, tolerance: 64)
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    /// Markers of 1 or 2 pixels snap to whole pixels, so one marker per snapped position paints
    /// exactly what every record paints.
    @Test(arguments: [(PlotSymbol.Shape.ellipse, 2.0), (.rectangle, 1.0)])
    func snappedScatterIsExactlyEveryPoint(shape: PlotSymbol.Shape, size: Double) throws {
        let xs = Self.walk(120_000, seed: 3), ys = Self.walk(120_000, seed: 11)
        func plot(thin: Bool) -> ScatterPlot {
            let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: ys, locations: xs))
            plot.showsLine = false
            plot.symbol = PlotSymbol(shape, size: size, fill: .solid(Color(rgb: 0x1C7ED6)))
            plot.thinsToPixels = thin
            return plot
        }
        let (a, sceneA) = try render(plot(thin: true), size: Size(width: 640, height: 480))
        let (b, sceneB) = try render(plot(thin: false), size: Size(width: 640, height: 480))
        #expect(sceneA.plots[0].items.count < xs.count / 2)
        // Every marker covers whole pixels.
        for item in sceneB.plots[0].items.prefix(500) {
            #expect(item.bounds.minX == item.bounds.minX.rounded() && item.bounds.minY == item.bounds.minY.rounded())
        }
        #expect(difference(a, b, in: Rect(origin: .zero, size: sceneA.size), tolerance: 0) == 0)
    }

    @Test(arguments: [false, true])
    func mergedThinBarsLookLikeEveryBar(horizontal: Bool) throws {
        let values = Self.walk(20_000, seed: 5).map { $0 - 10 }
        func graph(thin: Bool) -> Graph {
            let graph = Graph(title: "bars")
            let plot = BarPlot(identifier: "bars", dataSource: ArrayDataSource(numbers: values))
            plot.fill = .solid(Color(rgb: 0x2F9E44))
            plot.barsAreHorizontal = horizontal
            plot.thinsToPixels = thin
            graph.add(plot)
            graph.legend.isHidden = true
            return graph
        }
        let renderer = ChartRenderer()
        let thinned = renderer.layout(graph(thin: true), size: Size(width: 800, height: 600))
        let full = renderer.layout(graph(thin: false), size: Size(width: 800, height: 600))
        #expect(thinned.plots[0].items.count < 2 * 800)
        #expect(full.plots[0].items.count > values.count * 99 / 100, "nearly every bar laid out unmerged")
        let share = difference(try renderer.image(of: thinned), try renderer.image(of: full), in: thinned.plotArea, tolerance: 8)
        #expect(share == 0, "\(share * 100)% of the plot area's pixels differ")
    }

    // MARK: Every line shape thinned: area fills, log scales, ties, gaps, several plots

    /// A seeded positive random walk of ratios (up to a few decades), for log y scales.
    static func positiveWalk(_ count: Int, seed: UInt64 = 7) -> [Double] {
        walk(count, seed: seed).map { pow(10, $0 / 200) }
    }

    /// The graph `make(thinned)` builds, laid out and rendered with thinning and with every record
    /// laid out: the share of the plot area's pixels that differ by more than `tolerance` in a
    /// channel, and both scenes. With `THINNING_PNG_DIR` set, both pictures are written there
    /// (`NAME-thinned.png`, `NAME-full.png`) and the share is printed, to look at.
    func compare(_ name: String, size: Size, tolerance: Int = 64, _ make: (_ thinned: Bool) -> Graph) throws
        -> (share: Double, thinned: Scene, full: Scene)
    {
        let renderer = ChartRenderer()
        let thinned = renderer.layout(make(true), size: size), full = renderer.layout(make(false), size: size)
        #expect(thinned.plotArea == full.plotArea)
        let share = difference(try renderer.image(of: thinned), try renderer.image(of: full), in: thinned.plotArea, tolerance: tolerance)
        if let folder = ProcessInfo.processInfo.environment["THINNING_PNG_DIR"] {
            let base = "\(folder)/\(name)-\(Int(size.width))x\(Int(size.height))"
            try renderer.write(thinned, to: base + "-thinned.png")
            try renderer.write(full, to: base + "-full.png")
            print(
                "thinning \(base): \(thinned.plots.map(\.items.count)) items of \(full.plots.map(\.items.count)), \(share * 100)% of the pixels differ past \(tolerance)"
            )
        }
        return (share, thinned, full)
    }

    /// One line through `y` at `x` (or the record numbers) in a graph without a legend: 1 pixel,
    /// black, with an area fill (the series color at 30%) down to `base` when asked.
    static func lineGraph(
        _ y: [Double], x: [Double]? = nil, thinned: Bool, area: Bool = false, base: Double = 0,
        logX: Bool = false, logY: Bool = false
    ) -> Graph {
        let graph = Graph(title: "walk")
        let plot = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: y, locations: x))
        plot.lineStyle = LineStyle(color: .black, width: 1)
        if area {
            plot.areaFill = .solid(Color(rgb: 0x1C7ED6, alpha: 0.3))
            plot.areaBaseValue = base
        }
        plot.thinsToPixels = thinned
        graph.add(plot)
        graph.legend.isHidden = true
        if logX { graph.defaultPlotSpace.xScale = .logarithmic }
        if logY { graph.defaultPlotSpace.yScale = .logarithmic }
        return graph
    }

    /// Whether a scene's line plots are thinned: at most six points per pixel column and run
    /// (see `ThinnedRecords.line`), so that a fallback to every record cannot pass unseen.
    static func isThinned(_ scene: Scene, runs: Int = 1) -> Bool {
        scene.plots.allSatisfy { plot in
            plot.items.count < 6 * (Int(scene.plotArea.width) + runs) + 16
        }
    }

    static let shapes = [Size(width: 1200, height: 500), Size(width: 400, height: 800), Size(width: 240, height: 180)]

    @Test(arguments: shapes)
    func aThinnedAreaLooksLikeEveryPoint(size: Size) throws {
        let ys = Self.walk(200_000)
        let (share, thinned, full) = try compare("area", size: size) { Self.lineGraph(ys, thinned: $0, area: true) }
        #expect(Self.isThinned(thinned), "the area was not thinned")
        #expect(full.plots[0].items.count == ys.count)
        #expect(thinned.plots[0].paths.filter { $0.fill != nil }.count == 1)
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    @Test(arguments: [(false, true), (true, false), (true, true)], [Size(width: 1200, height: 500), Size(width: 400, height: 800)])
    func aThinnedLineOnLogScalesLooksLikeEveryPoint(logs: (x: Bool, y: Bool), size: Size) throws {
        let ys = logs.y ? Self.positiveWalk(200_000) : Self.walk(200_000)
        let xs = (0..<ys.count).map { Double($0 + 1) }
        for area in [false, true] {
            let (share, thinned, _) = try compare("log\(logs.x ? "x" : "")\(logs.y ? "y" : "")\(area ? "-area" : "")", size: size) {
                Self.lineGraph(ys, x: xs, thinned: $0, area: area, base: logs.y ? 0 : -50, logX: logs.x, logY: logs.y)
            }
            #expect(Self.isThinned(thinned), "the line was not thinned")
            #expect(share < 0.01, "area \(area): \(share * 100)% of the plot area's pixels differ")
        }
    }

    /// Many records at each x (flights per scheduled hour): 1,000,000 rows over 5,000 x values.
    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 300, height: 600)])
    func aThinnedLineWithTiesInXLooksLikeEveryPoint(size: Size) throws {
        let noise = Self.walk(1_000_000, seed: 13)
        let xs = (0..<noise.count).map { Double($0 / 200) }
        // A slow wave, plus noise within each x that starts afresh at each x.
        let ys = noise.indices.map { i -> Double in
            let wave: Double = 100 + 40 * sin(Double(i) / 40_000)
            return wave + noise[i] - noise[i / 200 * 200]
        }
        let (share, thinned, full) = try compare("ties", size: size) { Self.lineGraph(ys, x: xs, thinned: $0) }
        #expect(Self.isThinned(thinned), "the line was not thinned")
        #expect(full.plots[0].items.count == ys.count)
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    /// An area chart without a line (an opaque fill: nothing hides its edge), bare or with small
    /// markers: the area's edge is thinned as a line's, the markers to one per pixel.
    @Test(arguments: [nil, 2.0], [Size(width: 1200, height: 500), Size(width: 240, height: 180)])
    func aThinnedAreaWithoutALineLooksLikeEveryPoint(markerSize: Double?, size: Size) throws {
        let ys = Self.walk(200_000)
        let (share, thinned, full) = try compare("fill-only\(markerSize == nil ? "" : "-markers")", size: size) { thin in
            let graph = Self.lineGraph(ys, thinned: thin, area: true)
            let plot = graph.plots[0] as! ScatterPlot
            plot.showsLine = false
            plot.areaFill = .solid(Color(rgb: 0x1C7ED6))
            plot.symbol = markerSize.map { PlotSymbol(.rectangle, size: $0, fill: .solid(.black)) }
            return graph
        }
        let area = try #require(thinned.plots[0].paths.first { $0.fill != nil })
        #expect(area.elements.count < 6 * Int(thinned.plotArea.width) + 16, "the area was not thinned")
        #expect(thinned.plots[0].items.count < (markerSize == nil ? 6 * Int(thinned.plotArea.width) + 16 : ys.count / 4))
        #expect(full.plots[0].items.count == ys.count)
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    /// NaN gaps (single ones, short and long runs) break thinned lines and areas where they
    /// break every record's; on a log y scale, so do zero and negative values.
    @Test(arguments: [false, true])
    func aThinnedLineWithGapsLooksLikeEveryPoint(logY: Bool) throws {
        var ys = logY ? Self.positiveWalk(200_000, seed: 3) : Self.walk(200_000, seed: 3)
        for i in stride(from: 5_000, to: ys.count, by: 9_973) { ys[i] = .nan }
        for i in 40_000..<40_050 { ys[i] = .nan }
        for i in 120_000..<130_000 { ys[i] = .nan }
        if logY {
            for i in stride(from: 3_001, to: ys.count, by: 4_999) { ys[i] = i % 2 == 0 ? 0 : -ys[i] }
            for i in 160_000..<164_000 { ys[i] = -1 }
        }
        for area in [false, true] {
            let (share, thinned, full) = try compare("gaps\(logY ? "-logy" : "")\(area ? "-area" : "")", size: Size(width: 900, height: 500)) { thin in
                let graph = Self.lineGraph(ys, thinned: thin, area: area, base: logY ? 0 : -100, logY: logY)
                if logY { graph.defaultPlotSpace.yRange = PlotRange(0.01, 1000) }
                return graph
            }
            let runs = full.plots[0].paths.filter { $0.stroke != nil }.count
            #expect(runs > 20, "the gaps break the line")
            #expect(thinned.plots[0].paths.count == full.plots[0].paths.count)
            #expect(Self.isThinned(thinned, runs: runs), "the line was not thinned")
            #expect(share < 0.01, "area \(area): \(share * 100)% of the plot area's pixels differ")
        }
    }

    @Test func threeThinnedLinesLookLikeEveryPoint() throws {
        let walks = (0..<3).map { group in Self.walk(300_000, seed: 21 + UInt64(group)).map { $0 + Double(group) * 100 } }
        let (share, thinned, full) = try compare("groups", size: Size(width: 1000, height: 600)) { thin in
            let graph = Graph(title: "groups")
            for (group, ys) in walks.enumerated() {
                let plot = ScatterPlot(identifier: "g\(group)", dataSource: ArrayDataSource(numbers: ys))
                plot.lineStyle = LineStyle(color: [Color.black, Color(rgb: 0xE8590C), Color(rgb: 0x1C7ED6)][group], width: 1)
                plot.thinsToPixels = thin
                graph.add(plot)
            }
            return graph
        }
        #expect(thinned.plots.count == 3 && Self.isThinned(thinned), "each line thinned")
        #expect(full.plots.map(\.items.count) == [300_000, 300_000, 300_000])
        #expect(share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    /// A scatter on log scales merges to one point per device pixel after the log transform:
    /// within the tolerance for 3-pixel discs, exactly for markers that snap (2 pixels).
    @Test(arguments: [3.0, 2.0])
    func aMergedScatterOnLogScalesLooksLikeEveryPoint(markerSize: Double) throws {
        let xs = Self.walk(150_000, seed: 3).map { pow(10, $0 / 150) }, ys = Self.walk(150_000, seed: 11).map { pow(10, $0 / 100) }
        let (share, thinned, full) = try compare("scatter-log-\(Int(markerSize))", size: Size(width: 640, height: 480), tolerance: markerSize == 2 ? 0 : 64) {
            thin in
            let graph = Graph(title: "cloud")
            let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: ys, locations: xs))
            plot.showsLine = false
            plot.symbol = PlotSymbol(.ellipse, size: markerSize, fill: .solid(Color(rgb: 0x1C7ED6)))
            plot.thinsToPixels = thin
            graph.add(plot)
            graph.legend.isHidden = true
            graph.defaultPlotSpace.xScale = .logarithmic
            graph.defaultPlotSpace.yScale = .logarithmic
            return graph
        }
        #expect(thinned.plots[0].items.count < xs.count / 2, "the points were not merged")
        #expect(full.plots[0].items.count == xs.count)
        #expect(markerSize == 2 ? share == 0 : share < 0.01, "\(share * 100)% of the plot area's pixels differ")
    }

    @Test func clickingAThinnedLineSelectsADrawnRecord() throws {
        let ys = Self.walk(300_000)
        let plot = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: ys))
        let (_, scene) = try render(plot, size: Size(width: 900, height: 500))
        let tester = HitTester(scene: scene)
        let drawn = Set(scene.plots[0].items.map(\.record))
        for item in scene.plots[0].items.prefix(200) {
            guard case .record(_, let record) = tester.hit(at: item.anchor) else {
                Issue.record("no record at a drawn point \(item.anchor)")
                continue
            }
            #expect(drawn.contains(record))
            #expect(ys[record] == item.value)
        }
    }
}
