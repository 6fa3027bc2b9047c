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

    /// Many small opaque boxes stored pixel by pixel are the pixels pixman's fill of those boxes gives.
    @Test(arguments: [CAIRO_FORMAT_RGB24, CAIRO_FORMAT_ARGB32])
    func smallBoxesAreFilledAsPixmanFillsThem(format: cairo_format_t) throws {
        var state: UInt64 = 21
        func next(_ bound: Int32) -> Int32 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Int32((state >> 33) % UInt64(bound))
        }
        let boxes = (0..<5_000).map { _ -> pixman_box32_t in
            let x = next(316), y = next(236)
            return pixman_box32_t(x1: x, y1: y, x2: x + 1 + next(4), y2: y + 1 + next(4))
        }
        func painted(small: Bool) throws -> [UInt32] {
            let surface = try #require(cairo_image_surface_create(format, 320, 240))
            defer { cairo_surface_destroy(surface) }
            let cr = try #require(cairo_create(surface))
            defer { cairo_destroy(cr) }
            cairo_set_source_rgba(cr, 0.9, 0.8, 0.7, 0.5)
            cairo_paint(cr)
            let target = try #require(PixelBoxes(cr))
            if small {
                target.fillSmall(boxes, red: 0.3, green: 0.47, blue: 0.654)
            } else {
                target.fill(boxes, red: 0.3, green: 0.47, blue: 0.654)
            }
            target.markDirty()
            cairo_surface_flush(surface)
            let stride = Int(cairo_image_surface_get_stride(surface)) / 4
            let data = try #require(cairo_image_surface_get_data(surface))
            return data.withMemoryRebound(to: UInt32.self, capacity: stride * 240) { Array(UnsafeBufferPointer(start: $0, count: stride * 240)) }
        }
        #expect(try painted(small: true) == painted(small: false))
    }
}
