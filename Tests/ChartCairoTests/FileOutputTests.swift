import ChartCairo
import ChartCore
import Foundation
import Testing

/// PNG, SVG and PDF files are written whole, under their own name only when complete.
@Suite struct FileOutputTests {
    func graph() -> Graph {
        let graph = Graph(title: "Files")
        graph.add(BarPlot(identifier: "a", values: [1, 2, 3]))
        return graph
    }

    func temporaryDirectory() throws -> String {
        let path = NSTemporaryDirectory() + "chartview-files-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(arguments: [("png", [0x89, 0x50, 0x4E, 0x47]), ("svg", Array("<?xml".utf8).map(Int.init)), ("pdf", Array("%PDF".utf8).map(Int.init))])
    func writesEachFormat(ext: String, magic: [Int]) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let renderer = ChartRenderer()
        let path = dir + "/chart." + ext
        try renderer.write(renderer.layout(graph(), size: Size(width: 640, height: 480)), to: path)
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(data.count > 500)
        #expect(Array(data.prefix(magic.count)).map(Int.init) == magic)
        // Nothing else left in the directory: the temporary file was renamed.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["chart." + ext])
    }

    @Test func aPNGReadsBackAtItsSize() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let renderer = ChartRenderer()
        try renderer.write(renderer.layout(graph(), size: Size(width: 333, height: 222)), to: dir + "/a.png")
        let image = try CairoSurface.png(path: dir + "/a.png")
        #expect(image.width == 333 && image.height == 222)
    }

    @Test("An opaque chart's PNG (libpng) holds exactly the pixels painted", arguments: [Size(width: 640, height: 480), Size(width: 301, height: 577)])
    func opaquePNGIsExact(size: Size) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let renderer = ChartRenderer()
        let graph = graph()
        graph.add(ScatterPlot(identifier: "s", dataSource: ArrayDataSource(numbers: [3, 1, 2], locations: [0, 1, 2])))
        let scene = renderer.layout(graph, size: size)
        let painted = try renderer.image(of: scene)
        try renderer.write(scene, to: dir + "/a.png")
        let read = try CairoSurface.png(path: dir + "/a.png")
        var differing = 0
        for y in 0..<painted.height {
            for x in 0..<painted.width where painted.pixel(x: x, y: y) != read.pixel(x: x, y: y) { differing += 1 }
        }
        #expect(differing == 0)
    }

    @Test("A PNG with transparent pixels keeps its alpha (Cairo's writer)")
    func transparentPNGKeepsAlpha() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let image = try CairoSurface.image(width: 20, height: 10)  // cleared to transparent
        try image.writePNG(to: dir + "/t.png")
        let read = try CairoSurface.png(path: dir + "/t.png")
        #expect(read.pixel(x: 5, y: 5).alpha == 0)
    }

    @Test func aMissingDirectoryIsAClearErrorAndLeavesNothing() throws {
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph(), size: Size(width: 100, height: 100))
        #expect(throws: CairoError.cannotWrite(path: "/nonexistent-dir/x.png", reason: "no such directory '/nonexistent-dir'")) {
            try renderer.write(scene, to: "/nonexistent-dir/x.png")
        }
    }

    @Test func anUnknownExtensionIsRefused() throws {
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph(), size: Size(width: 100, height: 100))
        #expect(throws: CairoError.unsupportedFormat(path: "/tmp/x.gif")) {
            try renderer.write(scene, to: "/tmp/x.gif")
        }
    }

    @Test func aFailedWriteKeepsTheOldFile() throws {
        let dir = try temporaryDirectory()
        defer {
            chmod(dir, 0o755)
            try? FileManager.default.removeItem(atPath: dir)
        }
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph(), size: Size(width: 100, height: 100))
        let path = dir + "/keep.png"
        try renderer.write(scene, to: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        chmod(dir, 0o555)
        // Root may write anyway; the point is the old file is either kept or replaced whole.
        _ = try? renderer.write(renderer.layout(graph(), size: Size(width: 50, height: 50)), to: path)
        let after = try Data(contentsOf: URL(fileURLWithPath: path))
        let replacedWhole = try CairoSurface.png(path: path).width == 50
        #expect(after == before || replacedWhole)
    }
}
