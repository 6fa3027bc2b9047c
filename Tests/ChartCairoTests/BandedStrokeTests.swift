@testable import ChartCairo
import ChartCore
import Testing

/// A long line stroked in bands of rows at once, one thread per band, paints the pixels one
/// stroke of the whole image paints (each band leaving out the pieces that cannot reach its rows):
/// every pixel, dashed or not, straight, stepped or curved, thin or wide, at sizes whose rows
/// split unevenly.
@Suite struct BandedStrokeTests {
    @Test(arguments: [
        (Size(width: 1024, height: 768), 2.0, [] as [Double], ScatterPlot.Interpolation.linear),
        (Size(width: 801, height: 603), 1.0, [], .linear), (Size(width: 640, height: 997), 3.0, [6.0, 3.0], .linear),
        (Size(width: 900, height: 700), 9.0, [], .curved), (Size(width: 700, height: 500), 2.0, [], .stepped)
    ])
    func bandsPaintWhatOneStrokePaints(
        size: Size, width: Double, dashes: [Double], interpolation: ScatterPlot.Interpolation
    ) throws {
        let ys = ThinningPixelTests.walk(300_000, seed: 17)
        let plot = ScatterPlot(identifier: "walk", dataSource: ArrayDataSource(numbers: ys))
        plot.lineStyle = LineStyle(color: Color(rgb: 0x1C7ED6), width: width, dashPattern: dashes)
        plot.interpolation = interpolation
        let graph = Graph(title: "walk")
        graph.add(plot)
        let scene = ChartRenderer().layout(graph, size: size)
        #expect(scene.plots[0].paths[0].elements.count >= ScenePainter.fewestBandedElements)
        func painted(bands: Int) throws -> CairoSurface {
            let image = try CairoSurface.image(width: Int(size.width), height: Int(size.height))
            var painter = ScenePainter(text: PangoText())
            painter.strokeBands = bands
            painter.paint(scene, into: try CairoContext(surface: image))
            return image
        }
        let probe = try CairoContext(surface: try CairoSurface.image(width: Int(size.width), height: Int(size.height)))
        #expect(BandedStroke(probe.pointer, bands: 2) != nil, "an image at the identity is painted in bands")
        let one = try painted(bands: 1)
        for bands in [2, 3] {
            let banded = try painted(bands: bands)
            var differing = 0
            for y in 0..<Int(size.height) {
                for x in 0..<Int(size.width) where one.pixel(x: x, y: y) != banded.pixel(x: x, y: y) { differing += 1 }
            }
            #expect(differing == 0, "\(differing) pixels differ in \(bands) bands")
        }
    }
}
