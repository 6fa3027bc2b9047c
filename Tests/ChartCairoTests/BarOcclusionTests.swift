import CCairo
import ChartCairo
import ChartCore
import Testing

/// Dense grouped bars put several series in one pixel column, each painted over the one before;
/// layout records what later bars leave showing (`PlotScene.occludedBars`) and the painter paints
/// only that. The pixels must be those of painting every bar whole, in order, which this suite
/// paints by hand with Cairo.
@Suite struct BarOcclusionTests {
    /// A grouped bar chart of `categories` categories of `series` series in a chart `width`
    /// pixels wide, values from a fixed-seed generator (negative ones too when `signed`).
    private func scene(categories: Int, series: Int, width: Double, signed: Bool) -> Scene {
        var state: UInt64 = 11
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 40) / Double(1 << 24) * 100 - (signed ? 40 : 0)
        }
        let names = (0..<categories).map { "c\($0)" }
        let graph = Graph(title: "Dense")
        for s in 0..<series {
            let plot = BarPlot(identifier: "s\(s)", values: names.map { _ in next() }, categories: names)
            plot.barWidth = 0.8 / Double(series)
            plot.barOffset = (Double(s) - Double(series - 1) / 2) * 0.8 / Double(series)
            graph.add(plot)
        }
        graph.defaultPlotSpace.xScale = .category
        return ChartRenderer().layout(graph, size: Size(width: width, height: 360))
    }

    /// Every item of every visible plot painted whole, in order, as the painter did before
    /// occlusion: a rectangle and a fill each, within the plot's clip.
    private func paintedWhole(_ scene: Scene) throws -> CairoSurface {
        let surface = try CairoSurface.image(width: Int(scene.size.width), height: Int(scene.size.height))
        ScenePainter(text: PangoText()).paint(scene, into: try CairoContext(surface: surface))
        let context = try CairoContext(surface: surface)
        let cr = context.pointer
        for plot in scene.plots where plot.isVisible {
            cairo_save(cr)
            cairo_rectangle(cr, plot.clip.minX, plot.clip.minY, plot.clip.width, plot.clip.height)
            cairo_clip(cr)
            for item in plot.items {
                guard case .rect(let rect, _) = item.shape, case .solid(let color) = item.fill, !rect.isEmpty else { continue }
                cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
                cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
                cairo_fill(cr)
            }
            cairo_restore(cr)
        }
        withExtendedLifetime(context) { cairo_surface_flush(surface.pointer) }
        return surface
    }

    @Test("Culled bars give the pixels of every bar painted whole", arguments: [false, true])
    func samePixels(signed: Bool) throws {
        let scene = scene(categories: 400, series: 8, width: 420, signed: signed)
        // The chart really is dense: bars hide one another (layout recorded which).
        var bars = 0, hidden = 0
        for plot in scene.plots {
            bars += plot.items.filter { $0.plainBar?.width == 1 }.count
            hidden += plot.occludedBars.values.filter(\.isEmpty).count
        }
        let culled = try ChartRenderer().image(of: scene)
        // Inside the plot area only (3 pixels in from its edges, where the axis lines are painted
        // over the bars): drawing the bars by hand again over the painted scene covers its bars
        // with the same pixels.
        let whole = try paintedWhole(scene)
        var differing = 0
        for y in Int(scene.plotArea.minY) + 3..<Int(scene.plotArea.maxY) - 3 {
            for x in Int(scene.plotArea.minX) + 3..<Int(scene.plotArea.maxX) - 3 where culled.pixel(x: x, y: y) != whole.pixel(x: x, y: y) {
                differing += 1
            }
        }
        #expect(differing == 0)
    }
}
