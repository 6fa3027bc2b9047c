import ChartCairo
import ChartCore
import Foundation
import Testing

/// `graph.render(to:size:)`: one call from a graph to a file, the same bytes as laying out and
/// writing through a `ChartRenderer`.
@Suite struct GraphRenderTests {
    func graph() -> Graph {
        let graph = Graph(title: "Enrolment by subject")
        graph.add(BarPlot(identifier: "students", values: [12, 9, 7], categories: ["Maths", "English", "Physics"]))
        return graph
    }

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "chartview-render-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test("Each extension writes its format, as ChartRenderer.write(_:to:) does", arguments: ["png", "svg", "pdf", "PNG"])
    func writesByExtension(ext: String) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let size = Size(width: 400, height: 300)
        try graph().render(to: dir + "/one." + ext, size: size)
        let renderer = ChartRenderer()
        try renderer.write(renderer.layout(graph(), size: size), to: dir + "/two." + ext)
        let one = try Data(contentsOf: URL(fileURLWithPath: dir + "/one." + ext))
        #expect(one.count > 500)
        if ext.lowercased() == "png" {
            // PNG bytes are deterministic; SVG and PDF carry ids and dates.
            #expect(one == (try Data(contentsOf: URL(fileURLWithPath: dir + "/two." + ext))))
        }
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == ["one." + ext, "two." + ext])
    }

    @Test("A PNG at its size and scale: 400x300 at scale 2 is 400x300 device pixels, not blank")
    func sizeAndScale() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try graph().render(to: dir + "/a.png", size: Size(width: 400, height: 300), scale: 2)
        let image = try CairoSurface.png(path: dir + "/a.png")
        #expect(image.width == 400 && image.height == 300)
        let background = image.pixel(x: 0, y: 0)
        var inked = 0
        for y in stride(from: 0, to: 300, by: 2) {
            for x in stride(from: 0, to: 400, by: 2) where image.pixel(x: x, y: y) != background { inked += 1 }
        }
        #expect(inked > 500)
    }

    @Test("An unknown extension is refused before anything is written")
    func unknownExtension() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(throws: RenderError.unsupportedFormat(path: dir + "/a.gif")) {
            try graph().render(to: dir + "/a.gif", size: Size(width: 100, height: 100))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty)
    }

    @Test("A missing folder gives the renderer's one-line error naming the file")
    func missingFolder() {
        #expect(throws: RenderError.file(.cannotWrite(path: "/nonexistent-chartview/a.png", reason: "no such directory '/nonexistent-chartview'"))) {
            try graph().render(to: "/nonexistent-chartview/a.png", size: Size(width: 100, height: 100))
        }
    }
}
