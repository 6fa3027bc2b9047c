import Foundation
import Testing

/// `make install`'s files, staged under a DESTDIR with the binary under test, work from any
/// directory (the gallery is found beside the binary), and `make uninstall` removes exactly
/// them; the desktop entry is valid and the man page renders.
@Suite struct InstallTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func run(_ tool: String, _ arguments: [String], in directory: URL = root) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run("/usr/bin/env", [tool] + arguments, directory: directory.path)
        return (result.status, String(decoding: result.stdout + result.stderr, as: UTF8.self))
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

/// `make install-files` and `make uninstall` with a DESTDIR and PREFIX holding spaces, quotes, $
/// and ; (issue 27: `make uninstall DESTDIR="/tmp/a b"` removed /tmp/a and ./b/usr/local/…):
/// exactly the installed files appear under DESTDIR and PREFIX, taken as written, and uninstall
/// removes exactly them; the files the words of an unquoted path would name survive, and no
/// command in a path runs.
extension InstallTests {
    /// What `make install-files` installs, under PREFIX.
    static let installed =
        [
            "bin/chartview", "share/applications/chartview.desktop", "share/bash-completion/completions/chartview",
            "share/chartview/chartview-spec.schema.json", "share/chartview/demo.sql", "share/chartview/gallery.json", "share/man/man1/chartview.1",
            "share/zsh/vendor-completions/_chartview", "share/icons/hicolor/scalable/apps/chartview.svg"
        ] + ["16", "24", "32", "48", "64", "128", "256"].map { "share/icons/hicolor/\($0)x\($0)/apps/chartview.png" }

    @Test(arguments: [
        // Split at the space, the paths are <T>/x and <T>/y/usr/…: both hold sentinels.
        ("x <T>/y", "/usr", ["x", "y/usr/bin/chartview", "y/usr/share/chartview/gallery.json"]),
        ("a $(touch <T>/PWNED) `touch <T>/PWNED` $HOME", "/p $PATH", []),
        ("d;touch <T>/PWNED;e *", "/usr/lo cal;touch <T>/PWNED; [ab]", []),
        ("st'age \"q\" \\ 'x", "/pre fix'", [])
    ])
    func hostileDestdirAndPrefixInstallAndUninstallExactly(destdir: String, prefix: String, sentinels: [String]) throws {
        let top = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-destdir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: top, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: top) }
        let destdir = top.path + "/" + destdir.replacingOccurrences(of: "<T>", with: top.path)
        let prefix = prefix.replacingOccurrences(of: "<T>", with: top.path)
        for sentinel in sentinels {
            let url = top.appendingPathComponent(sentinel)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("sentinel\n".utf8).write(to: url)
        }
        let root = URL(fileURLWithPath: destdir + prefix)
        // The files of `top` outside DESTDIR: the sentinels, before, during and after.
        func outside() -> [String] { Self.files(under: top).filter { !(top.path + "/" + $0).hasPrefix(destdir + "/") } }
        #expect(outside() == sentinels.sorted())

        let make = try Self.run(
            "make", ["--no-print-directory", "install-files", "DESTDIR=\(destdir)", "PREFIX=\(prefix)", "INSTALL_BIN=\(ChartviewProcess.binary)"])
        #expect(make.status == 0, "\(make.output)")
        #expect(Self.files(under: URL(fileURLWithPath: destdir)) == Self.installed.map { String(prefix.dropFirst()) + "/" + $0 }.sorted())
        #expect(Self.files(under: root) == Self.installed.sorted())
        #expect(outside() == sentinels.sorted())
        let list = try Self.run(root.appendingPathComponent("bin/chartview").path, ["--list"], in: URL(fileURLWithPath: "/"))
        let gallery = try ChartviewProcess.run(["--list"]).stdout
        #expect(list.status == 0 && list.output == gallery, "\(list.output)")

        let uninstall = try Self.run("make", ["--no-print-directory", "uninstall", "DESTDIR=\(destdir)", "PREFIX=\(prefix)"])
        #expect(uninstall.status == 0, "\(uninstall.output)")
        #expect(Self.files(under: URL(fileURLWithPath: destdir)).isEmpty)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("share/chartview").path))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("share/man/man1").path))
        #expect(outside() == sentinels.sorted())
        for sentinel in sentinels {
            #expect((try? String(contentsOf: top.appendingPathComponent(sentinel), encoding: .utf8)) == "sentinel\n", "\(sentinel)")
        }
        #expect(!FileManager.default.fileExists(atPath: top.appendingPathComponent("PWNED").path), "a command in DESTDIR or PREFIX ran")
    }

    /// Every path a recipe hands the shell is quoted: DESTDIR, PREFIX, OUT, CURDIR, REAL_DATA and
    /// the binaries appear in the Makefile's recipes only inside $(call quote,…) or
    /// $(call installed,…).
    @Test func makefileRecipesQuoteEveryPath() throws {
        let makefile = try String(contentsOf: Self.root.appendingPathComponent("Makefile"), encoding: .utf8)
        let recipes = makefile.split(separator: "\n").filter { $0.hasPrefix("\t") }.map(String.init)
        #expect(recipes.count > 40)
        /// `line` without its quoted spans: each "$(call quote," or "$(call installed," to the
        /// parenthesis that closes it.
        func unquoted(_ line: String) -> String {
            var text = Substring(line), kept = ""
            while let start = ["$(call quote,", "$(call installed,"].compactMap({ text.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
                kept += text[..<start.lowerBound]
                var depth = 1, index = start.upperBound
                while index < text.endIndex && depth > 0 {
                    if text[index] == "(" { depth += 1 } else if text[index] == ")" { depth -= 1 }
                    index = text.index(after: index)
                }
                text = text[index...]
            }
            return kept + text
        }
        for line in recipes {
            for variable in ["DESTDIR", "PREFIX", "OUT", "CURDIR", "REAL_DATA", "BIN", "RELEASE_BIN", "INSTALL_BIN"] {
                #expect(!unquoted(line).contains("$(\(variable))") && !unquoted(line).contains("$(value \(variable))"), "unquoted $(\(variable)): \(line)")
            }
        }
    }
}
