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

    static let magics: [(String, [Int])] = [("png", [0x89, 0x50, 0x4E, 0x47]), ("svg", "<?xml".utf8.map { Int($0) }), ("pdf", "%PDF".utf8.map { Int($0) })]

    @Test(arguments: magics)
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
        try ChartRenderer().write(image: image, to: dir + "/t.png")
        let read = try CairoSurface.png(path: dir + "/t.png")
        #expect(read.pixel(x: 5, y: 5).alpha == 0)
    }

    @Test func aMissingDirectoryIsAClearErrorAndLeavesNothing() throws {
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph(), size: Size(width: 100, height: 100))
        #expect(throws: RenderError.file(.cannotWrite(path: "/nonexistent-dir/x.png", reason: "no such directory '/nonexistent-dir'"))) {
            try renderer.write(scene, to: "/nonexistent-dir/x.png")
        }
    }

    @Test func anUnknownExtensionIsRefused() throws {
        let renderer = ChartRenderer()
        let scene = renderer.layout(graph(), size: Size(width: 100, height: 100))
        #expect(throws: RenderError.unsupportedFormat(path: "/tmp/x.gif")) {
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

    // MARK: Replacing what is there (FileDestination, PartialFile): the one policy of
    // --output, --dump-layout and the window's save.

    /// The permission bits (with set-ID and sticky) of `path`, not following a link.
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    func scene() -> Scene {
        let renderer = ChartRenderer()
        return renderer.layout(graph(), size: Size(width: 120, height: 80))
    }

    func isPNG(_ path: String) -> Bool {
        FileManager.default.contents(atPath: path)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true
    }

    @Test("Replacing a file keeps its mode (before, a 0600 file came back 0644)", arguments: [0o600, 0o640, 0o644, 0o755, 0o604] as [mode_t])
    func replacingKeepsTheMode(mode wanted: mode_t) throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.png"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, wanted)
        try ChartRenderer().write(scene(), to: path)
        #expect(isPNG(path))
        #expect(mode(path) == wanted)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["a.png"])
    }

    @Test("A new file is 0644 less the umask")
    func aNewFileIsCreatedWithTheUsualMode() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // The process's umask, read without setting it (tests run in parallel).
        let status = try String(contentsOfFile: "/proc/self/status", encoding: .utf8)
        let line = try #require(status.split(separator: "\n").first { $0.hasPrefix("Umask:") })
        let mask = try #require(mode_t(line.dropFirst("Umask:".count).trimmingCharacters(in: .whitespaces), radix: 8))
        try ChartRenderer().write(scene(), to: dir + "/n.svg")
        #expect(mode(dir + "/n.svg") == 0o644 & ~mask)
    }

    @Test("The owner and group of a replaced file are kept where permitted (as root: always)", .enabled(if: geteuid() == 0, "chown needs root"))
    func replacingKeepsTheOwnerAndGroup() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/a.pdf"
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chown(path, 1234, 5678) == 0)
        chmod(path, 0o640)
        try ChartRenderer().write(scene(), to: path)
        var info = stat()
        #expect(stat(path, &info) == 0)
        #expect(info.st_uid == 1234 && info.st_gid == 5678 && info.st_mode & 0o7777 == 0o640)
        #expect(FileManager.default.contents(atPath: path)?.starts(with: Data("%PDF".utf8)) == true)
    }

    @Test("A read-only file is refused with one line, and kept")
    func aReadOnlyFileIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/ro.png"
        try Data("keep".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o444)
        #expect(throws: RenderError.file(.refused(path: path, reason: "is read-only; choose another output or make it writable"))) {
            try ChartRenderer().write(scene(), to: path)
        }
        #expect(FileManager.default.contents(atPath: path) == Data("keep".utf8))
        #expect(mode(path) == 0o444)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["ro.png"])
    }

    @Test("A symbolic link: its target is written, keeping its mode, and the link stays")
    func aLinkWritesItsTarget() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/real/t.png"))
        chmod(dir + "/real/t.png", 0o600)
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real/t.png")
        try ChartRenderer().write(scene(), to: dir + "/link.png")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png") == "real/t.png")
        #expect(isPNG(dir + "/real/t.png"))
        #expect(mode(dir + "/real/t.png") == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.png", "real"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/real") == ["t.png"])
        // A link to a read-only file is refused under the link's name.
        chmod(dir + "/real/t.png", 0o444)
        #expect(throws: RenderError.file(.refused(path: dir + "/link.png", reason: "is read-only; choose another output or make it writable"))) {
            try ChartRenderer().write(scene(), to: dir + "/link.png")
        }
    }

    @Test("A dangling symbolic link: its target is created, as cp does; in a missing folder, a clear error")
    func aDanglingLinkCreatesItsTarget() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/new.png", withDestinationPath: "real/new.png")
        try ChartRenderer().write(scene(), to: dir + "/new.png")
        #expect(isPNG(dir + "/real/new.png"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/new.png") == "real/new.png")
        try FileManager.default.createSymbolicLink(atPath: dir + "/gone.png", withDestinationPath: "missing/gone.png")
        #expect(throws: RenderError.file(.cannotWrite(path: dir + "/gone.png", reason: "no such directory '\(dir)/missing'"))) {
            try ChartRenderer().write(scene(), to: dir + "/gone.png")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["gone.png", "new.png", "real"])
    }

    @Test("A directory, or a link to one, is refused; nothing is written in it")
    func aDirectoryIsRefused() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/d.png", withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: dir + "/l.png", withDestinationPath: "d.png")
        for name in ["d.png", "l.png"] {
            #expect(throws: RenderError.file(.refused(path: dir + "/" + name, reason: "is a directory; name a file to write"))) {
                try ChartRenderer().write(scene(), to: dir + "/" + name)
            }
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/d.png").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["d.png", "l.png"])
    }

    @Test("A FIFO is refused, not replaced by a file (before, a save to /dev/null as root replaced it)")
    func aFIFOIsNotReplaced() throws {
        let dir = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        #expect(mkfifo(dir + "/f.png", 0o600) == 0)
        #expect(throws: RenderError.file(.refused(path: dir + "/f.png", reason: "is a device or FIFO, not a file to replace; choose another output"))) {
            try ChartRenderer().write(scene(), to: dir + "/f.png")
        }
        var info = stat()
        #expect(lstat(dir + "/f.png", &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["f.png"])
    }
}
