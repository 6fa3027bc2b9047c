import Foundation
import Testing

/// `make install`'s files, staged under a DESTDIR with the binary under test, work from any
/// directory (the gallery is found beside the binary), and `make uninstall` removes exactly
/// them; the desktop entry is valid and the man page renders.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ tool: String, _ arguments: [String], in directory: URL = root) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        process.currentDirectoryURL = directory
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: output, as: UTF8.self))
    }

    static func files(under folder: URL) -> [String] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        var found: [String] = []
        while let url = enumerator?.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                found.append(String(url.path.dropFirst(folder.path.count + 1)))
            }
        }
        return found.sorted()
    }

    @Test func stagedInstallRendersTheGalleryFromAnyDirectoryAndUninstallsExactly() throws {
        let stage = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-stage-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: stage) }
        let make = try Self.run(
            "make", ["--no-print-directory", "install-files", "DESTDIR=\(stage.path)", "PREFIX=/usr", "INSTALL_BIN=\(ChartviewProcess.binary)"])
        #expect(make.status == 0, "\(make.output)")
        let icons =
            ["16", "24", "32", "48", "64", "128", "256"].map { "usr/share/icons/hicolor/\($0)x\($0)/apps/chartview.png" }
            + ["usr/share/icons/hicolor/scalable/apps/chartview.svg"]
        #expect(
            Self.files(under: stage)
                == ([
                    "usr/bin/chartview", "usr/share/applications/chartview.desktop", "usr/share/bash-completion/completions/chartview",
                    "usr/share/chartview/chartview-spec.schema.json", "usr/share/chartview/demo.sql", "usr/share/chartview/gallery.json",
                    "usr/share/man/man1/chartview.1",
                    "usr/share/zsh/vendor-completions/_chartview"
                ] + icons).sorted())
        // Run from the root directory, far from any checkout: the gallery is the installed one.
        let binary = stage.appendingPathComponent("usr/bin/chartview").path
        let list = try Self.run(binary, ["--list"], in: URL(fileURLWithPath: "/"))
        #expect(list.status == 0, "\(list.output)")
        #expect(list.output == (try ChartviewProcess.run(["--list"]).stdout))
        let png = stage.appendingPathComponent("rates.png").path
        let render = try Self.run(binary, ["--chart", "rates", "--output", png], in: URL(fileURLWithPath: "/"))
        #expect(render.status == 0, "\(render.output)")
        #expect((try? Data(contentsOf: URL(fileURLWithPath: png)).prefix(4)) == Data([0x89, 0x50, 0x4E, 0x47]))
        try FileManager.default.removeItem(atPath: png)
        let uninstall = try Self.run("make", ["--no-print-directory", "uninstall", "DESTDIR=\(stage.path)", "PREFIX=/usr"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.files(under: stage).isEmpty)
    }

    @Test func desktopEntryValidatesAndTheManPageRenders() throws {
        let validate = try Self.run("desktop-file-validate", ["assets/chartview.desktop"])
        #expect(validate.status == 0 && validate.output.isEmpty, "\(validate.output)")
        let entry = try String(contentsOf: Self.root.appendingPathComponent("assets/chartview.desktop"), encoding: .utf8)
        #expect(entry.contains("MimeType=text/csv;text/tab-separated-values;application/vnd.sqlite3;application/x-sqlite3;application/json;"))
        let man = try Self.run("man", ["-l", "-P", "cat", "assets/man/chartview.1"])
        #expect(man.status == 0, "\(man.output)")
        #expect(man.output.contains("EXIT STATUS") && man.output.contains("--kind KIND"))
        #expect(!man.output.contains("warning"), "\(man.output)")
    }
}
