import ChartCairo
import ChartCore
@testable import ChartX11
import Foundation
import Testing

@Suite("Saving the view")
struct ChartSaverTests {
    @Test("A save never replaces a file: chartview-NAME.png, then -2, -3…")
    func uniqueNames() {
        let saver = ChartSaver(directory: "/data/out", text: PangoText())
        #expect(saver.path(for: "sales") { _ in false } == "/data/out/chartview-sales.png")
        let taken: Set = ["/data/out/chartview-sales.png", "/data/out/chartview-sales-2.png"]
        #expect(saver.path(for: "sales") { taken.contains($0) } == "/data/out/chartview-sales-3.png")
        #expect(saver.path(for: "rates") { taken.contains($0) } == "/data/out/chartview-rates.png")
    }

    @Test("Saving writes the picture with its popups to a new PNG each time, at the picture's size")
    func savesNewFiles() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartsaver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let text = PangoText()
        let renderer = ChartRenderer(text: text)
        let graph = Graph(title: "Counts")
        graph.add(BarPlot(identifier: "counts", title: "Counts", values: [3, 5, 2, 7]))
        let scene = renderer.layout(graph, size: Size(width: 320, height: 200))
        let picture = try renderer.image(of: scene)
        let saver = ChartSaver(directory: directory, text: text)
        let first = try saver.save(picture, popupsOf: scene, chart: "counts")
        let second = try saver.save(picture, popupsOf: scene, chart: "counts")
        #expect(first == directory + "/chartview-counts.png")
        #expect(second == directory + "/chartview-counts-2.png")
        let saved = try CairoSurface.png(path: first)
        #expect(saved.width == 320 && saved.height == 200)
        #expect(saved.pixel(x: 1, y: 1) == picture.pixel(x: 1, y: 1))
    }
}
