import Testing
import Foundation
import ChartCore

@Suite("Hit testing")
struct HitTesterTests {
    /// A graph with a tall, a short (about 10 px), a zero and a negative bar, and a legend.
    static func sampleGraph() -> Graph {
        let graph = Graph(title: "Hits")
        graph.add(BarPlot(identifier: "main", title: "Main", values: [80, 3, 0, -40, 60]))
        graph.add(BarPlot(identifier: "other", title: "Other", values: [10, 20], locations: [5, 6]))
        graph.defaultPlotSpace.yRange = PlotRange(-50, 100)
        return graph
    }

    static func items(_ scene: Scene, _ plotID: String) throws -> [PlotItem] {
        Array(try #require(scene.plot(plotID)).items)
    }

    @Test("Clicking a bar's center hits its record", arguments: [Size(width: 640, height: 480), Size(width: 1200, height: 600), Size(width: 600, height: 1000)])
    func barCenter(size: Size) throws {
        let scene = Self.sampleGraph().layout(size: size, measurer: testMeasurer)
        let tester = HitTester(scene: scene)
        for plot in scene.plots {
            for item in plot.items where item.bounds.height >= 1 {
                #expect(tester.hit(at: item.bounds.center) == .record(plotID: plot.plotID, record: item.record))
            }
        }
        // The corners of a bar belong to it: top-left in, bottom-right just outside.
        let tall = try Self.items(scene, "main")[0].bounds
        #expect(tester.hit(at: tall.origin) == .record(plotID: "main", record: 0))
        #expect(tester.hit(at: Point(x: tall.maxX - 0.01, y: tall.maxY - 0.01)) == .record(plotID: "main", record: 0))
        #expect(tester.hit(at: Point(x: tall.maxX + 0.5, y: tall.midY)) != .record(plotID: "main", record: 0))
    }

    @Test("A point just above a short bar hits the plot area, not the bar")
    func aboveShortBar() throws {
        let scene = layout(Self.sampleGraph(), 800, 600)
        let tester = HitTester(scene: scene)
        let short = try Self.items(scene, "main")[1]
        #expect(short.bounds.height >= tester.minimumExtent, "the short bar should be at least the minimum extent tall")
        #expect(tester.hit(at: short.bounds.center) == .record(plotID: "main", record: 1))
        for gap in [1.0, 2, 5] {
            #expect(tester.hit(at: Point(x: short.bounds.midX, y: short.bounds.minY - gap)) == .plotArea)
        }
    }

    @Test("A zero-height bar is hit within ±2 px of its base", arguments: [1.0, 2.0])
    func zeroHeightBar(scale: Double) throws {
        let scene = Self.sampleGraph().layout(size: Size(width: 800 * scale, height: 600 * scale), scale: scale, measurer: testMeasurer)
        let tester = HitTester(scene: scene)
        #expect(tester.minimumExtent == 4 * scale)
        let zero = try Self.items(scene, "main")[2]
        #expect(zero.value == 0)
        #expect(zero.bounds.height == 0)
        let base = zero.bounds.minY
        let reach = 2 * scale
        for dy in [-reach, -reach / 2, 0, reach / 2, reach - 0.01] {
            #expect(tester.hit(at: Point(x: zero.bounds.midX, y: base + dy)) == .record(plotID: "main", record: 2), "dy \(dy)")
        }
        for dy in [-reach - 1, reach + 1] {
            #expect(tester.hit(at: Point(x: zero.bounds.midX, y: base + dy)) == .plotArea, "dy \(dy)")
        }
        let area = tester.hitArea(of: zero)
        #expect(area.height == 4 * scale)
        #expect(area.midY == base)
        #expect(area.minX == zero.bounds.minX && area.width == zero.bounds.width)
    }

    @Test("A tall enough bar's hit area is its rectangle")
    func hitAreaOfTallBar() throws {
        let scene = layout(Self.sampleGraph(), 800, 600)
        let tester = HitTester(scene: scene)
        for item in try Self.items(scene, "main") where item.bounds.height >= 4 {
            #expect(tester.hitArea(of: item) == item.bounds)
        }
    }

    @Test("Negative bars are hit below the base")
    func negativeBar() throws {
        let scene = layout(Self.sampleGraph(), 800, 600)
        let negative = try Self.items(scene, "main")[3]
        #expect(negative.pointsDown)
        let tester = HitTester(scene: scene)
        #expect(tester.hit(at: Point(x: negative.bounds.midX, y: negative.bounds.maxY - 1)) == .record(plotID: "main", record: 3))
    }

    @Test("Legend entries hit as legend entries, even a hidden plot's")
    func legendEntry() throws {
        let graph = Self.sampleGraph()
        graph.plot(identifier: "other")?.isHidden = true
        let scene = layout(graph, 1200, 600)
        let legend = try #require(scene.legend)
        let tester = HitTester(scene: scene)
        for entry in legend.entries {
            #expect(tester.hit(at: entry.rect.center) == .legendEntry(plotID: entry.plotID, record: nil))
            #expect(tester.hit(at: entry.swatch.center) == .legendEntry(plotID: entry.plotID, record: nil))
        }
        // Inside the legend's frame but away from every entry: the background.
        let corner = Point(x: legend.rect.maxX - 1, y: legend.rect.maxY - 1)
        if !legend.entries.contains(where: { $0.rect.insetBy(dx: -2, dy: -2).contains(corner) }) {
            #expect(tester.hit(at: corner) == .background)
        }
    }

    @Test("Hidden plots are not hit")
    func hiddenPlotsNotHit() throws {
        let graph = Self.sampleGraph()
        let shown = layout(graph, 800, 600)
        let bar = try Self.items(shown, "other")[0].bounds
        #expect(HitTester(scene: shown).hit(at: bar.center) == .record(plotID: "other", record: 0))

        graph.plot(identifier: "other")?.isHidden = true
        let hidden = layout(graph, 800, 600)
        let tester = HitTester(scene: hidden)
        #expect(tester.hit(at: bar.center) != .record(plotID: "other", record: 0))
        for point in [bar.center, Point(x: bar.midX, y: bar.maxY - 1)] where hidden.plotArea.contains(point) {
            if case .record(let plotID, _) = tester.hit(at: point) { #expect(plotID != "other") }
        }
        // A hand-made scene that still carries items for an invisible plot is not hit either.
        var scene = shown
        scene.plots = scene.plots.map {
            var p = $0; p.isVisible = p.plotID != "other"; return p
        }
        #expect(HitTester(scene: scene).hit(at: bar.center) == .plotArea)
    }

    @Test("Later plots win where bars overlap")
    func laterPlotOnTop() throws {
        let graph = Graph()
        graph.add(BarPlot(identifier: "under", values: [5, 5]))
        graph.add(BarPlot(identifier: "over", values: [3, 3]))
        let scene = layout(graph, 800, 600)
        let over = try Self.items(scene, "over")[0].bounds
        let under = try Self.items(scene, "under")[0].bounds
        let tester = HitTester(scene: scene)
        #expect(tester.hit(at: over.center) == .record(plotID: "over", record: 0))
        #expect(tester.hit(at: Point(x: under.midX, y: under.minY + 1)) == .record(plotID: "under", record: 0))
    }

    @Test("Outside the plot area is the background; empty plot area is the plot area")
    func backgroundAndPlotArea() throws {
        let scene = layout(Self.sampleGraph(), 800, 600)
        let tester = HitTester(scene: scene)
        let area = scene.plotArea
        for point in [
            Point(x: 1, y: 1), Point(x: area.minX - 5, y: area.midY), Point(x: area.midX, y: area.maxY + 5),
            Point(x: area.midX, y: area.minY - 1), Point(x: -10, y: -10), Point(x: 5000, y: 300)
        ] {
            #expect(tester.hit(at: point) == .background, "\(point)")
        }
        // The plot area's top-left corner is in; its bottom-right edge is out.
        #expect(tester.hit(at: Point(x: area.maxX, y: area.minY + 1)) == .background)
        let main = try Self.items(scene, "main")
        // Between two bars, above the base.
        let gapX = (main[0].bounds.maxX + main[1].bounds.minX) / 2
        #expect(tester.hit(at: Point(x: gapX, y: area.minY + 5)) == .plotArea)
    }

    @Test("Hit tests on a scene without data")
    func emptyScene() {
        let scene = layout(Graph(), 640, 480)
        let tester = HitTester(scene: scene)
        #expect(tester.hit(at: scene.plotArea.center) == .plotArea)
        #expect(tester.hit(at: Point(x: 0, y: 0)) == .background)
    }
}
