import ChartCairo
import ChartCore
import ChartData
import Foundation

/// `--profile`: the in-process figures `make bench` reports, as one JSON object. Milliseconds
/// (hit tests: microseconds per test), medians of 5 where a step is cheap enough to repeat.
/// `readMs` is reading the rows alone; `loadMs` reading them again and building the chart.
enum Profiler {
    static func run(_ source: ChartSource, options: Options) throws(CommandError) {
        let clock = ContinuousClock()
        func ms(_ duration: Duration) -> Double {
            Double(duration.components.seconds) * 1000 + Double(duration.components.attoseconds) / 1e15
        }
        func median(_ runs: Int, _ body: () -> Void) -> Double {
            let times = (0..<runs).map { _ in ms(clock.measure(body)) }.sorted()
            return times[times.count / 2]
        }
        var graph: Graph?
        var loadError: DataError?
        // Reading the rows alone, then the whole load (rows and chart) as a user waits for it.
        let read = ms(clock.measure { _ = try? source.table() })
        let load = ms(
            clock.measure {
                do throws(DataError) { graph = try source.graph() } catch { loadError = error }
            })
        guard let graph else { throw loadError.map(CommandError.init) ?? CommandError.input("no chart") }
        let renderer = ChartRenderer()
        let size = options.size, scale = options.scale ?? 1
        // The first layout pulls the data into the plots' buffers; later ones are what a window pays.
        var scene = renderer.layout(graph, size: size, scale: scale)
        let layout = median(5) { scene = renderer.layout(graph, size: size, scale: scale) }
        let paint = median(5) { _ = try? renderer.image(of: scene) }
        // Hit tests at points spread over the plot area.
        let area = scene.plotArea
        let points = (0..<1000).map { i -> Point in
            let fx = Double((i * 7919) % 1000) / 1000, fy = Double((i * 104_729) % 1000) / 1000
            return Point(x: area.minX + area.width * fx, y: area.minY + area.height * fy)
        }
        let tester = HitTester(scene: scene)
        var hits = 0
        let hitTotal = ms(
            clock.measure {
                for p in points { if case .record = tester.hit(at: p) { hits += 1 } }
            })
        // A window resized: a new layout and a full paint at another size.
        let resized = Size(width: (size.width * 0.8).rounded(), height: (size.height * 0.9).rounded())
        let redraw = median(5) {
            let other = renderer.layout(graph, size: resized, scale: scale)
            _ = try? renderer.image(of: other)
        }
        let items = scene.plots.map(\.items.count).reduce(0, +)
        let report: [String: Any] = [
            "chart": source.spec.name, "size": [size.width, size.height],
            "readMs": read, "loadMs": load, "layoutMs": layout, "paintMs": paint,
            "hitTestUs": hitTotal * 1000 / Double(points.count), "hitTests": points.count, "hits": hits,
            "redrawAtNewSizeMs": redraw, "itemsDrawn": items
        ]
        if let data = try? JSONSerialization.data(withJSONObject: report, options: [.sortedKeys]) {
            try StandardOutput.write(lines: [String(decoding: data, as: UTF8.self)])
        }
    }
}
