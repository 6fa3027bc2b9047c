import CCairo
@testable import ChartCairo
import ChartCore
import Testing

/// Thousands of bubbles are composited from sprites into image surfaces: the picture Cairo's
/// own disc per bubble gives (a recording surface, which has no pixels to composite into,
/// replayed onto an image), within the half pixel sprites round centers and diameters to.
@Suite struct DiscSpritesTests {
    @Test("Bubbles from sprites look like bubbles drawn one by one", arguments: [Size(width: 1024, height: 768), Size(width: 400, height: 300)])
    func sameAsCairo(size: Size) throws {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 1_000_000) / 1_000
        }
        let count = DiscSprites.fewestItems + 1_000
        let source = ArrayDataSource(
            numbers: (0..<count).map { _ in next() }, locations: (0..<count).map { _ in next() },
            fields: [.size: (0..<count).map { _ in 50 + next() / 20 }])
        let graph = Graph(title: "Bubbles")
        graph.add(BubblePlot(identifier: "b", title: "B", dataSource: source))
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: size)
        let sprites = try renderer.image(of: scene)
        let recording = try #require(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil))
        let surface = try CairoSurface.adopting(recording, width: Int(size.width), height: Int(size.height))
        ScenePainter(text: PangoText()).paint(scene, into: try CairoContext(surface: surface))
        let replayed = try CairoSurface.image(width: Int(size.width), height: Int(size.height))
        let context = try CairoContext(surface: replayed)
        cairo_set_source_surface(context.pointer, recording, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(replayed.pointer)
        var total = 0, far = 0, sum = 0
        for y in Int(scene.plotArea.minY)..<Int(scene.plotArea.maxY) {
            for x in Int(scene.plotArea.minX)..<Int(scene.plotArea.maxX) {
                let d = sprites.pixel(x: x, y: y).distance(to: replayed.pixel(x: x, y: y))
                total += 1
                sum += d
                if d > 16 { far += 1 }
            }
        }
        // Outlines up to a quarter pixel away differ along their edges; nothing else does.
        #expect(Double(far) < 0.01 * Double(total), "\(far) of \(total) pixels differ by more than 16 levels")
        #expect(Double(sum) / Double(total) < 1, "a mean difference of \(Double(sum) / Double(total)) levels")
    }
}
