import ChartCairo
import ChartCore
import Foundation
import Testing

/// A paint no longer wanted (a window frame gone stale) stops between pieces of its work: a
/// line through unsorted points, which takes Cairo a minute and more for a million of them,
/// stops within one piece of its stroke once its flag is raised.
@Suite struct PaintCancellationTests {
    /// A line through `count` points with random x and y: nothing to thin.
    func scribble(_ count: Int, size: Size) -> Scene {
        var state: UInt64 = 5
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(state >> 11) / Double(1 << 53)
        }
        let xs = (0..<count).map { _ in next() }, ys = (0..<count).map { _ in next() }
        let line = ScatterPlot(identifier: "scribble", dataSource: ArrayDataSource(numbers: ys, locations: xs))
        line.lineStyle = LineStyle(color: .black, width: 1)
        let graph = Graph(title: "scribble")
        graph.add(line)
        graph.legend.isHidden = true
        return ChartRenderer().layout(graph, size: size)
    }

    /// The share of the plot area's pixels inked dark.
    func inked(_ image: CairoSurface, in area: Rect) -> Double {
        var inked = 0, total = 0
        for y in stride(from: Int(area.minY) + 1, to: Int(area.maxY) - 1, by: 2) {
            for x in stride(from: Int(area.minX) + 1, to: Int(area.maxX) - 1, by: 2) {
                total += 1
                if image.pixel(x: x, y: y).red < 128 { inked += 1 }
            }
        }
        return Double(inked) / Double(max(total, 1))
    }

    @Test func aPaintCancelledBeforeItStartsDrawsAtMostOnePieceOfTheLine() throws {
        let scene = scribble(200_000, size: Size(width: 600, height: 400))
        #expect(scene.plots[0].paths[0].elements.count == 200_000)
        let flag = CancellationFlag()
        flag.cancel()
        let image = try CairoSurface.image(width: 600, height: 400)
        ScenePainter(text: PangoText(), cancellation: flag).paint(scene, layers: .chart, into: try CairoContext(surface: image))
        // One piece is at most 16,384 pixels of line; the whole line inks all of the plot area.
        let share = inked(image, in: scene.plotArea)
        #expect(share < 0.1, "\(share * 100)% of the plot area inked")
    }

    @Test func aPaintCancelledFromAnotherThreadStopsLongBeforeItWouldEnd() throws {
        // A million random segments: about 90 s of Cairo's time in one paint.
        let scene = scribble(1_000_000, size: Size(width: 800, height: 600))
        final class Job: @unchecked Sendable {
            let image: CairoSurface
            let flag = CancellationFlag()
            let started = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
            init(_ image: CairoSurface) { self.image = image }
        }
        let job = Job(try CairoSurface.image(width: 800, height: 600))
        let shared = scene
        Thread {
            let context = try! CairoContext(surface: job.image)
            job.started.signal()
            ScenePainter(text: PangoText(), cancellation: job.flag).paint(shared, layers: .chart, into: context)
            job.done.signal()
        }.start()
        job.started.wait()
        let cancelled = ContinuousClock.now
        job.flag.cancel()
        // A generous bound: the whole paint would take over a minute.
        #expect(job.done.wait(timeout: .now() + 20) == .success, "the paint did not stop")
        print("a cancelled paint stopped \(ContinuousClock.now - cancelled) after its flag was raised")
    }
}
