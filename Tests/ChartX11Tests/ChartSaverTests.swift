import CX11
import ChartCairo
import ChartCore
import ChartSession
@testable import ChartX11
import Foundation
import Testing

@Suite("Saving the view")
struct ChartSaverTests {
    /// A new empty folder, and a renderer.
    static func folder() throws -> (String, ChartRenderer) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("chartsaver-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return (directory, ChartRenderer(text: PangoText()))
    }

    static func counts() -> Graph {
        let graph = Graph(title: "Counts")
        graph.add(BarPlot(identifier: "counts", title: "Counts", values: [3, 5, 2, 7]))
        return graph
    }

    @Test("A PNG is the chart picture, at its size, with the popups over it")
    func savesThePicture() throws {
        let (directory, renderer) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = renderer.layout(Self.counts(), size: Size(width: 320, height: 200))
        let picture = try renderer.image(of: scene)
        let saver = ChartSaver(text: renderer.text)
        let path = directory + "/counts.png"
        try saver.save(picture, popupsOf: scene, to: path, format: .png)
        let saved = try CairoSurface.png(path: path)
        #expect(saved.width == 320 && saved.height == 200)
        #expect(saved.pixel(x: 1, y: 1) == picture.pixel(x: 1, y: 1))
    }

    @Test("The extension picks the format: SVG and PDF are painted from the scene")
    func savesEachFormat() throws {
        let (directory, renderer) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var scene = renderer.layout(Self.counts(), size: Size(width: 320, height: 200))
        scene.overlays = [OverlayScene(identifier: "help", box: Rect(x: 0, y: 0, width: 50, height: 50), fill: .solid(.black), border: nil, texts: [])]
        let picture = try renderer.image(of: scene)
        let saver = ChartSaver(text: renderer.text)
        for (name, magic) in [("a.svg", "<?xml"), ("a.pdf", "%PDF")] {
            let path = directory + "/" + name
            try saver.save(picture, popupsOf: scene, to: path, format: try #require(ChartRenderer.Format(path: path)))
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.starts(with: Data(magic.utf8)), "\(name)")
        }
        #expect(try String(contentsOfFile: directory + "/a.svg", encoding: .utf8).contains("<svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["a.pdf", "a.svg"])
    }
}

/// `s`'s save over what is there, by the command line's `--output` policy (`FileDestination`,
/// `PartialFile`): before, a second Enter replaced a 0444 file, replaced a symbolic link with
/// a plain file, and left a 0600 file 0644. What the window tells the session's prompt
/// (`ChartSaver.replacement(at:)`), and what it writes.
@Suite("Saving over a file")
struct ChartSaverReplacingTests {
    /// What the save path is before the save.
    enum Before: String, CaseIterable, CustomTestStringConvertible {
        case private0600, group0640, readOnly0444, linkToAFile, danglingLink, directory, fifo
        var testDescription: String { rawValue }
    }

    static func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test("Modes kept, links followed, read-only files, folders and FIFOs refused", arguments: Before.allCases, ["png", "svg"])
    func savingOver(before: Before, ext: String) throws {
        let (directory, renderer) = try ChartSaverTests.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = renderer.layout(ChartSaverTests.counts(), size: Size(width: 160, height: 100))
        let picture = try renderer.image(of: scene)
        let saver = ChartSaver(text: renderer.text)
        let path = directory + "/out." + ext, target = directory + "/real/t." + ext
        let format = try #require(ChartRenderer.Format(path: path))
        let old = Data("old".utf8)
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: false)
        switch before {
        case .private0600, .group0640, .readOnly0444:
            try old.write(to: URL(fileURLWithPath: path))
            chmod(path, before == .private0600 ? 0o600 : before == .group0640 ? 0o640 : 0o444)
        case .linkToAFile:
            try old.write(to: URL(fileURLWithPath: target))
            chmod(target, 0o600)
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "real/t." + ext)
        case .danglingLink:
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: "real/t." + ext)
        case .directory:
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case .fifo:
            #expect(mkfifo(path, 0o600) == 0)
        }
        let magic = Data(ext == "png" ? [0x89, 0x50, 0x4E, 0x47] : Array("<?xml".utf8))
        func saved(_ file: String) -> Bool { FileManager.default.contents(atPath: file)?.starts(with: magic) == true }

        switch before {
        case .private0600, .group0640:
            // The prompt asks twice before replacing it, then the save keeps its mode.
            #expect(ChartSaver.replacement(at: path) == .replacesFile)
            try saver.save(picture, popupsOf: scene, to: path, format: format)
            #expect(saved(path))
            #expect(Self.mode(path) == (before == .private0600 ? 0o600 : 0o640))
        case .readOnly0444:
            let reason = "is read-only; choose another output or make it writable"
            #expect(ChartSaver.replacement(at: path) == .refused(reason: reason))
            #expect(throws: RenderError.file(.refused(path: path, reason: reason))) { try saver.save(picture, popupsOf: scene, to: path, format: format) }
            #expect(FileManager.default.contents(atPath: path) == old)
            #expect(Self.mode(path) == 0o444)
        case .linkToAFile, .danglingLink:
            #expect(ChartSaver.replacement(at: path) == (before == .linkToAFile ? .replacesFile : .createsFile))
            try saver.save(picture, popupsOf: scene, to: path, format: format)
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: path) == "real/t." + ext)
            #expect(saved(target))
            if before == .linkToAFile { #expect(Self.mode(target) == 0o600) }
        case .directory:
            // The prompt says it is a folder before it asks (`SavePromptTests`).
            #expect(ChartSaver.replacement(at: path) == .refused(reason: "is a directory; name a file to write"))
            #expect(throws: RenderError.file(.refused(path: path, reason: "is a directory; name a file to write"))) {
                try saver.save(picture, popupsOf: scene, to: path, format: format)
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: path).isEmpty)
        case .fifo:
            #expect(ChartSaver.replacement(at: path) == .refused(reason: "is a device or FIFO; save to a file"))
            #expect(throws: RenderError.file(.refused(path: path, reason: "is a device or FIFO, not a file to replace; choose another output"))) {
                try saver.save(picture, popupsOf: scene, to: path, format: format)
            }
            var info = stat()
            #expect(lstat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFIFO)
        }
        // No partial file left, in either folder.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == ["out." + ext, "real"])
        let real = try FileManager.default.contentsOfDirectory(atPath: directory + "/real")
        #expect(real == (before == .linkToAFile || before == .danglingLink ? ["t." + ext] : []))
    }

    @Test("A missing file is not replaced: the prompt saves at the first Enter")
    func aNewNameReplacesNothing() throws {
        let (directory, _) = try ChartSaverTests.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(ChartSaver.replacement(at: directory + "/new.png") == .createsFile)
        #expect(ChartSaver.replacement(at: directory + "/gone/new.png") == .createsFile)
    }
}

/// The save prompt's reading of X keys; its rules are the session's (`SavePromptTests`).
@Suite("The save prompt's keys")
struct PromptKeysTests {
    @Test("Keys: readline's edits, Enter, Esc, typed characters (Unicode keysyms too)")
    func keys() {
        #expect(PromptKeys.key(KeySym(XK_Return), state: 0) == .submit)
        #expect(PromptKeys.key(KeySym(XK_Escape), state: 0) == .cancel)
        #expect(PromptKeys.key(KeySym(XK_a), state: UInt32(ControlMask)) == .edit(.moveToStart))
        #expect(PromptKeys.key(KeySym(XK_u), state: UInt32(ControlMask)) == .edit(.deleteToStart))
        #expect(PromptKeys.key(KeySym(XK_BackSpace), state: UInt32(ControlMask)) == .edit(.deleteWordBackward))
        #expect(PromptKeys.key(KeySym(XK_s), state: 0) == .edit(.insert("s")))
        #expect(PromptKeys.key(KeySym(XK_L), state: UInt32(ShiftMask)) == .edit(.insert("L")))
        #expect(PromptKeys.key(0x0100_6C14, state: 0) == .edit(.insert("气")))
        #expect(PromptKeys.key(KeySym(XK_udiaeresis), state: 0) == .edit(.insert("ü")))
        #expect(PromptKeys.key(KeySym(XK_KP_7), state: 0) == .edit(.insert("7")))
        #expect(PromptKeys.key(KeySym(XK_KP_Decimal), state: 0) == .edit(.insert(".")))
        #expect(PromptKeys.key(KeySym(XK_F5), state: 0) == .ignore)
        #expect(PromptKeys.key(KeySym(XK_Tab), state: 0) == .ignore)
        #expect(PromptKeys.key(KeySym(XK_q), state: UInt32(ControlMask)) == .ignore)
    }
}
