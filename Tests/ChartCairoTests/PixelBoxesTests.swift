import CCairo
@testable import ChartCairo
import ChartCore
import Testing

/// Snapped 1 and 2 pixel markers are filled as pixel boxes into image surfaces: the same pixels
/// as Cairo's own fill of their rectangles, which a recording surface (no pixels to box into)
/// replayed onto an image shows.
@Suite struct PixelBoxesTests {
    @Test("Pixel boxes paint what Cairo's fill paints", arguments: [1.0, 2.0])
    func sameAsCairo(size: Double) throws {
        var state: UInt64 = 5
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 1_000_000) / 1_000
        }
        let plot = ScatterPlot(
            identifier: "dots",
            dataSource: ArrayDataSource(
                values: (0..<50_000).map { _ in next() },
                locations: (0..<50_000).map { _ in next() }))
        plot.showsLine = false
        plot.symbol = PlotSymbol(.ellipse, size: size)
        let graph = Graph(title: "Dots")
        graph.add(plot)
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph, size: Size(width: 640, height: 480))
        let boxed = try renderer.image(of: scene)
        // Cairo's fill: paint into a recording surface, then replay it onto an image.
        let recording = try #require(cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, nil))
        let surface = try CairoSurface.adopting(recording, width: 640, height: 480)
        ScenePainter(text: PangoText()).paint(scene, into: try CairoContext(surface: surface))
        let replayed = try CairoSurface.image(width: 640, height: 480)
        let context = try CairoContext(surface: replayed)
        cairo_set_source_surface(context.pointer, recording, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(replayed.pointer)
        var differing = 0
        for y in Int(scene.plotArea.minY)..<Int(scene.plotArea.maxY) {
            for x in Int(scene.plotArea.minX)..<Int(scene.plotArea.maxX) where boxed.pixel(x: x, y: y) != replayed.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0, "\(differing) pixels differ")
    }
}
