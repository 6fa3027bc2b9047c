import ChartCairo
import ChartCore
import Testing

/// Drawing only what the pixels can show must not change the picture: a long line thinned per
/// pixel column (M4), and a dense scatter merged per pixel, render like every point drawn. The
/// two differ only in anti-aliased edge pixels (measured: 0.3-0.7% of the plot area past a
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
        #expect(sceneA.plots[0].items.count < 4 * Int(size.width) + 16, "the line was not thinned")
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
            let line = ScatterPlot(identifier: "dashes", dataSource: ArrayDataSource(
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
