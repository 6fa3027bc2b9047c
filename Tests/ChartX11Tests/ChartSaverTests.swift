import ChartCairo
import ChartCore
import CX11
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

    @Test("Ctrl+S never replaces a file: the suggested name, then -2, -3…")
    func savesNewFiles() throws {
        let (directory, renderer) = try Self.folder()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let scene = renderer.layout(Self.counts(), size: Size(width: 320, height: 200))
        let picture = try renderer.image(of: scene)
        let saver = ChartSaver(directory: directory, text: renderer.text)
        let first = try saver.saveNow(picture, popupsOf: scene, title: "Counts", chart: "counts")
        let second = try saver.saveNow(picture, popupsOf: scene, title: "Counts", chart: "counts")
        let today = SavePrompt.suggestedName(title: "Counts", chart: "counts", directory: "/nonexistent")
        #expect(first == directory + "/" + today)
        #expect(second == directory + "/" + today.replacingOccurrences(of: ".png", with: "-2.png"))
        let saved = try CairoSurface.png(path: first)
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
        let saver = ChartSaver(directory: directory, text: renderer.text)
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

@Suite("The save prompt")
struct SavePromptTests {
    @Test("The suggested name is the title's words, today's date and .png, free in the folder")
    func suggestedNames() {
        let day = DateComponents(calendar: .current, year: 2026, month: 12, day: 1, hour: 12).date!
        #expect(
            SavePrompt.suggestedName(title: "Exchange rates (EUR → USD), 2026", chart: "rates", date: day, directory: "/d") { _ in false }
                == "exchange-rates-eur-usd-2026-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: nil, chart: "rates", date: day, directory: "/d") { _ in false } == "rates-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: "  ", chart: "??", date: day, directory: "/d") { _ in false } == "chart-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: "气温 Ü", chart: "x", date: day, directory: "/d") { _ in false } == "气温-ü-2026-12-01.png")
        let taken: Set = ["/d/rates-2026-12-01.png", "/d/rates-2026-12-01-2.png"]
        #expect(SavePrompt.suggestedName(title: "Rates", chart: "r", date: day, directory: "/d") { taken.contains($0) } == "rates-2026-12-01-3.png")
        let long = SavePrompt.slug(String(repeating: "quarterly revenue ", count: 10))
        #expect(long.count <= 60 && !long.hasSuffix("-") && long.hasPrefix("quarterly-revenue"))
    }

    @Test("An answer is resolved under the folder, .png added, other extensions refused")
    func destinations() throws {
        #expect(try SavePrompt.destination(for: "a.svg", directory: "/d") == ("/d/a.svg", .svg))
        #expect(try SavePrompt.destination(for: " b ", directory: "/d") == ("/d/b.png", .png))
        #expect(try SavePrompt.destination(for: "sales.2026", directory: "/d") == ("/d/sales.2026.png", .png))
        #expect(try SavePrompt.destination(for: "/x/C.PDF", directory: "/d") == ("/x/C.PDF", .pdf))
        #expect(try SavePrompt.destination(for: "~/c.png", directory: "/d").path == NSHomeDirectory() + "/c.png")
        #expect(throws: SavePromptError.unknownExtension("jpg")) { try SavePrompt.destination(for: "a.jpg", directory: "/d") }
        #expect(throws: SavePromptError.empty) { try SavePrompt.destination(for: "  ", directory: "/d") }
        #expect(throws: SavePromptError.folder("/tmp")) { try SavePrompt.destination(for: "/tmp", directory: "/d") }
    }

    @Test("Keys: readline's edits, Enter, Esc, typed characters (Unicode keysyms too)")
    func keys() {
        #expect(SavePrompt.key(KeySym(XK_Return), state: 0) == .submit)
        #expect(SavePrompt.key(KeySym(XK_Escape), state: 0) == .cancel)
        #expect(SavePrompt.key(KeySym(XK_a), state: UInt32(ControlMask)) == .edit(.moveToStart))
        #expect(SavePrompt.key(KeySym(XK_u), state: UInt32(ControlMask)) == .edit(.deleteToStart))
        #expect(SavePrompt.key(KeySym(XK_BackSpace), state: UInt32(ControlMask)) == .edit(.deleteWordBackward))
        #expect(SavePrompt.key(KeySym(XK_s), state: 0) == .edit(.insert("s")))
        #expect(SavePrompt.key(KeySym(XK_L), state: UInt32(ShiftMask)) == .edit(.insert("L")))
        #expect(SavePrompt.key(0x0100_6C14, state: 0) == .edit(.insert("气")))
        #expect(SavePrompt.key(KeySym(XK_udiaeresis), state: 0) == .edit(.insert("ü")))
        #expect(SavePrompt.key(KeySym(XK_KP_7), state: 0) == .edit(.insert("7")))
        #expect(SavePrompt.key(KeySym(XK_KP_Decimal), state: 0) == .edit(.insert(".")))
        #expect(SavePrompt.key(KeySym(XK_F5), state: 0) == .ignore)
        #expect(SavePrompt.key(KeySym(XK_Tab), state: 0) == .ignore)
        #expect(SavePrompt.key(KeySym(XK_q), state: UInt32(ControlMask)) == .ignore)
    }
}
