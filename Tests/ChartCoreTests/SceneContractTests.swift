import ChartCore
import Foundation
import Testing

/// The scene is the whole contract between layout and its readers: what a painter would
/// otherwise decide (which corners round, where a gradient runs, a star's points, where a
/// legend swatch's line and marker go) and what `--dump-layout` says (popup texts, the note)
/// are in the scene, laid out.
@Suite("The scene is the whole contract")
struct SceneContractTests {
    @Test("A bar's rounded corners are its tip's, whichever way it points", arguments: [false, true])
    func roundedCornersAreTheTips(horizontal: Bool) throws {
        let graph = Graph()
        let plot = BarPlot(identifier: "p", values: [4, -3, 2])
        plot.barCornerRadius = 5
        plot.barsAreHorizontal = horizontal
        graph.add(plot)
        let items = Array(try #require(layout(graph, 500, 400).plot("p")).items)
        #expect(items.count == 3)
        for item in items {
            guard case .rect(let rect, let corners) = item.shape else {
                Issue.record("not a rect")
                continue
            }
            let tip: CornerRounding.Corners =
                horizontal
                ? (item.pointsDown ? [.topLeft, .bottomLeft] : [.topRight, .bottomRight])
                : (item.pointsDown ? [.bottomLeft, .bottomRight] : [.topLeft, .topRight])
            #expect(corners.corners == tip)
            #expect(corners.radius == min(5, rect.width / 2, rect.height / 2))
        }
    }

    @Test("Corners clamp to half the shorter side, and square when that is nothing")
    func cornersClamp() {
        let thin = Rect(x: 0, y: 0, width: 4, height: 40)
        #expect(CornerRounding(tipOf: thin, radius: 6, base: nil, pointsDown: false) == CornerRounding(radius: 2, corners: [.topLeft, .topRight]))
        #expect(CornerRounding(tipOf: Rect(x: 0, y: 0, width: 4, height: 0), radius: 6, base: nil, pointsDown: false).isSquare)
        #expect(CornerRounding(radius: 3, corners: [.topLeft]).radius(of: .topRight) == 0)
        #expect(CornerRounding(radius: 3, corners: [.topLeft]).clamped(to: Rect(x: 0, y: 0, width: 2, height: 10)).radius == 1)
    }

    @Test("A symbol's outline is worked out once, around its center")
    func symbolOutlines() throws {
        let star = PlotSymbol(.star, size: 20).outline.elements
        #expect(star.count == 11)  // five points, five inner vertices, closed
        guard case .move(let top) = star[0], case .line(let inner) = star[1] else {
            Issue.record("a star starts with a move and a line")
            return
        }
        #expect(abs(top.x) < 1e-9 && top.y == -10)
        #expect(abs(hypot(inner.x, inner.y) - 4.5) < 1e-9)
        #expect(PlotSymbol(.ellipse, size: 2).outline.soleRectangle == Rect(x: -1, y: -1, width: 2, height: 2))
        #expect(PlotSymbol(.ellipse, size: 8).outline.soleCircleRadius == 4)
        #expect(PlotSymbol(.plus, size: 8).outline.elements.count == 4)
        #expect(PlotSymbol(.cross, size: 8, fill: .solid(.black)).paint(at: .zero) == nil)
    }

    @Test("A gradient runs through the middle of what it fills, from edge to edge")
    func gradientsResolve() {
        let up = Fill.linearGradient(start: .black, end: .white, angle: 90)
        let paint = up.paint(over: Rect(x: 10, y: 20, width: 100, height: 50))
        let stops = [ScenePaint.GradientStop(offset: 0, color: .black), ScenePaint.GradientStop(offset: 1, color: .white)]
        guard case .linearGradient(let start, let end, let given) = paint else {
            Issue.record("a gradient stays one")
            return
        }
        #expect(given == stops)
        #expect(abs(start.x - 60) < 1e-9 && start.y == 70)
        #expect(abs(end.x - 60) < 1e-9 && end.y == 20)
        #expect(Fill.solid(.black).paint(over: .zero) == .solid(.black))
    }

    @Test("A path's bounds hold its curves' farthest points, not their control points")
    func pathBounds() {
        let path = ScenePath(
            elements: [.move(Point(x: 0, y: 0)), .curve(Point(x: 0, y: 40), Point(x: 40, y: 40), Point(x: 40, y: 0)), .move(Point(x: 500, y: 500))],
            fill: .linearGradient(start: .black, end: .white, angle: 0))
        // The curve's lowest point, at t = 0.5: 3/4 of the control points' 40.
        #expect(path.bounds == Rect(x: 0, y: 0, width: 40, height: 30))
        #expect(ScenePath(elements: [.move(Point(x: 3, y: 4))]).bounds == .zero)
    }

    @Test("A legend swatch's line runs through its middle and its marker sits at its center")
    func legendSwatches() throws {
        let graph = Graph()
        let line = ScatterPlot(identifier: "l", y: [1, 3, 2])
        line.symbol = PlotSymbol(.star, size: 8)
        graph.add(line)
        graph.legend.isHidden = false
        let entry = try #require(layout(graph, 600, 400).legend?.entries.first)
        let stroke = try #require(entry.swatchLine)
        #expect(stroke.from == Point(x: entry.swatch.minX, y: entry.swatch.midY))
        #expect(stroke.to == Point(x: entry.swatch.maxX, y: entry.swatch.midY))
        let marker = try #require(entry.swatchMarker)
        #expect(marker.center == entry.swatch.center)
        #expect(marker.symbol.shape == .star)
    }

    @Test("The dump says each record's popup text and the note from the scene alone")
    func dumpFromTheSceneAlone() throws {
        var scene: Scene
        do {
            let graph = Graph()
            graph.add(BarPlot(identifier: "p", title: "Sales", values: [4, 2], categories: ["North", "South"]))
            graph.defaultPlotSpace.xScale = .category
            graph.note = "chosen for the test"
            scene = layout(graph, 400, 300)
            #expect(scene.note == "chosen for the test")
            #expect(scene.plot("p")?.describer?.description(of: 1)?.text == "South · Sales 2")
            let json = String(decoding: try LayoutDump(scene).encoded(), as: UTF8.self)
            #expect(json.contains("\"text\" : \"North · Sales 4\""))
            #expect(json.contains("\"note\" : \"chosen for the test\""))
        }
        // The graph is gone: its scene draws the same, and describes nothing.
        #expect(scene.plot("p")?.describer?.description(of: 1) == nil)
        scene.note = nil
        #expect(try LayoutDump(scene).encoded().count > 0)
    }
}
