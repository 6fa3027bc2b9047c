import CCairo
@testable import ChartCairo
import ChartCore
import Testing

/// What the scene says about a fill's geometry is what is painted: a path's gradient runs over
/// the bounds ChartCore works out, which are Cairo's extents of the same path; a bar rounds the
/// corners its layout chose.
@Suite struct ScenePaintPixelTests {
    /// Cairo's extents of `path` traced into a context, device pixels.
    private func cairoExtents(_ path: ScenePath) throws -> Rect {
        let context = try CairoContext(surface: try CairoSurface.image(width: 4, height: 4))
        let cr = context.pointer
        ScenePainter.trace(path, in: cr)
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_path_extents(cr, &x1, &y1, &x2, &y2)
        return Rect(x: x1, y: y1, width: x2 - x1, height: y2 - y1)
    }

    @Test("A path's bounds are Cairo's extents of it, to Cairo's 1/256 pixel", arguments: [false, true])
    func pathBoundsAreCairosExtents(curved: Bool) throws {
        var state: UInt64 = 7
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 40) / Double(1 << 24) * 900 - 50
        }
        func point() -> Point { Point(x: next(), y: next()) }
        for _ in 0..<200 {
            var elements: [ScenePath.Element] = [.move(point())]
            for step in 0..<8 {
                if step == 4 { elements.append(next() > 400 ? .close : .move(point())) }
                elements.append(curved ? .curve(point(), point(), point()) : .line(point()))
            }
            let path = ScenePath(elements: elements)
            let ours = path.bounds, cairo = try cairoExtents(path)
            for (a, b) in [(ours.minX, cairo.minX), (ours.minY, cairo.minY), (ours.maxX, cairo.maxX), (ours.maxY, cairo.maxY)] {
                #expect(abs(a - b) <= 1.0 / 256, "\(ours) against Cairo's \(cairo)")
            }
        }
    }

    @Test("A rounded bar is painted with its tip's corners round and its base's square")
    func roundedBarCorners() throws {
        let graph = Graph()
        graph.theme = .plainWhite
        let plot = BarPlot(identifier: "p", values: [10, -10])
        plot.barCornerRadius = 12
        plot.barWidth = 0.6
        plot.fill = .solid(Color(rgb: 0x2060C0))
        graph.add(plot)
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: Size(width: 400, height: 400))
        let image = try renderer.image(of: scene)
        let bar = PixelColor(red: 0x20, green: 0x60, blue: 0xC0)
        for item in try #require(scene.plot("p")).items {
            guard case .rect(let rect, let corners) = item.shape else { continue }
            #expect(corners.radius == 12)
            let left = Int(rect.minX) + 1, right = Int(rect.maxX) - 2
            let top = Int(rect.minY) + 1, bottom = Int(rect.maxY) - 2
            let (tipY, baseY) = item.pointsDown ? (bottom, top) : (top, bottom)
            for x in [left, right] {
                #expect(image.pixel(x: x, y: tipY).distance(to: bar) > 100, "a tip corner at (\(x), \(tipY)) is round")
                #expect(image.pixel(x: x, y: baseY).distance(to: bar) <= 2, "a base corner at (\(x), \(baseY)) is square")
            }
        }
    }
}
