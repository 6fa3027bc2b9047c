import ChartCairo
import ChartCore
import Foundation
import Testing

/// A grid's picture is its cells' pictures, each where its frame says: every pixel of a cell in
/// the grid's image equals the cell's scene painted alone (exactly, the painter only translates
/// and clips), and the grid's SVG and PDF hold every cell.
@Suite struct GridPixelTests {
    static func grid() -> GraphGrid {
        let graph = Graph(title: "Stacked")
        for (k, name) in ["a", "b", "c", "d"].enumerated() {
            let plot = ScatterPlot(
                identifier: name, x: (0..<500).map(Double.init), y: (0..<500).map { sin(Double($0 + 40 * k) / 30) * Double(k + 1) })
            plot.title = name
            plot.showsLine = true
            graph.add(plot)
        }
        let grid = GraphGrid.stacking(graph)
        grid.columns = 2
        return grid
    }

    @Test func eachCellIsItsScenePaintedAlone() throws {
        let renderer = ChartRenderer()
        let scene = Self.grid().layout(size: Size(width: 900, height: 700), measurer: renderer.text)
        #expect(scene.cells.count == 4)
        let image = try renderer.image(of: scene)
        for cell in scene.cells {
            let alone = try renderer.image(of: cell.scene)
            var differing = 0
            for y in 0..<Int(cell.frame.height) {
                for x in 0..<Int(cell.frame.width)
                where image.pixel(x: x + Int(cell.frame.minX), y: y + Int(cell.frame.minY)) != alone.pixel(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "\(differing) pixels of the cell at \(cell.frame) differ")
        }
    }

    @Test(arguments: ["svg", "pdf"])
    func vectorFilesHoldEveryCell(format: String) throws {
        let renderer = ChartRenderer()
        let scene = Self.grid().layout(size: Size(width: 900, height: 700), measurer: renderer.text)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("grid-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/grid." + format
        try renderer.write(scene, to: path)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        if format == "svg" {
            let text = String(decoding: bytes, as: UTF8.self)
            // Cairo writes each cell's clip: four cells, four clip rectangles at least.
            #expect(text.components(separatedBy: "<clipPath").count - 1 >= 4)
        } else {
            #expect(bytes.starts(with: Array("%PDF".utf8)))
        }
        #expect(bytes.count > 2_000)
    }
}
