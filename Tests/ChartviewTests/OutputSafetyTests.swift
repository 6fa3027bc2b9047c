import Foundation
import Testing

/// Where `--output` and `--dump-layout` may write, through the real binary: never over an
/// input (through any path, hard link or symbolic link), never over a read-only file or a
/// directory; a symbolic link's target is written and the link kept; devices, FIFOs and
/// standard output are written directly.
@Suite struct OutputSafetyTests {
    static let csv = "x,y\n1,2\n2,3\n3,5\n"

    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    func contents(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    /// No file in `dir` but `expected`, so nothing (no partial file) was left.
    func expectOnly(_ expected: Set<String>, in dir: String) throws {
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: dir)) == expected)
    }

    @Test func anOutputNamingTheDatabaseIsRefusedAndTheDatabaseKept() throws {
        try withDirectory { dir in
            try DataFixture.sqlite(dir + "/db.png", DataFixture.salesSQL)
            let before = try #require(contents(dir + "/db.png"))
            let result = try ChartviewProcess.run([dir + "/db.png", "--table", "sales", "--output", dir + "/db.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/db.png: is one of the inputs; choose another output\n")
            #expect(contents(dir + "/db.png") == before)
            try expectOnly(["db.png"], in: dir)
        }
    }

    @Test func aDumpNamingTheCSVIsRefusedAndTheCSVKept() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let result = try ChartviewProcess.run([dir + "/v.csv", "--dump-layout", dir + "/v.csv"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/v.csv: is one of the inputs; choose another output\n")
            #expect(contents(dir + "/v.csv") == Data(Self.csv.utf8))
            try expectOnly(["v.csv"], in: dir)
        }
    }

    @Test(
        "The same file through another path, a hard link or a symbolic link is still an input",
        arguments: ["relative", "hard", "symbolic"])
    func theSameInodeThroughAnyName(kind: String) throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let name: String
            switch kind {
            case "hard":
                name = dir + "/other.png"
                try FileManager.default.linkItem(atPath: dir + "/v.csv", toPath: name)
            case "symbolic":
                name = dir + "/other.png"
                try FileManager.default.createSymbolicLink(atPath: name, withDestinationPath: "v.csv")
            default:
                name = dir + "/../" + (dir as NSString).lastPathComponent + "/./v.csv"
            }
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", name, "--format", "png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(name): is one of the inputs; choose another output\n")
            #expect(contents(dir + "/v.csv") == Data(Self.csv.utf8))
        }
    }

    @Test func aSpecItsCSVAndItsScriptAreInputs() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try Data("CREATE TABLE t (k TEXT, v REAL); INSERT INTO t VALUES ('a', 1), ('b', 2);".utf8)
                .write(to: URL(fileURLWithPath: dir + "/data.sql"))
            let spec = #"{"charts": [{"name": "c", "data": {"csv": "v.csv"}}, {"name": "s", "data": {"database": "data.sql", "table": "t"}}]}"#
            try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/spec.json"))
            for target in ["spec.json", "v.csv", "data.sql"] {
                let before = contents(dir + "/" + target)
                let result = try ChartviewProcess.run([dir + "/spec.json", "--output", dir + "/" + target, "--format", "svg"])
                #expect(result.status == 2, "\(target)")
                #expect(result.stderr.hasSuffix("\(target): is one of the inputs; choose another output\n"), "\(result.stderr)")
                #expect(contents(dir + "/" + target) == before)
            }
            try expectOnly(["v.csv", "data.sql", "spec.json"], in: dir)
        }
    }

    /// Runs mount(8) or umount(8) (`tool`) with `arguments`, its own words discarded;
    /// whether it succeeded.
    static func mounting(_ tool: String, _ arguments: [String]) -> Bool {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "exec \"$0\" \"$@\" 2>/dev/null", tool] + arguments
        process.standardOutput = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return false }
        guard (try? process.waitForExit()) != nil else { return false }
        return process.terminationStatus == 0
    }

    /// Whether this process may mount a tmpfs (root with CAP_SYS_ADMIN, as in CI).
    static let canMount: Bool = {
        guard let dir = try? ChartviewProcess.temporaryDirectory() else { return false }
        defer { try? FileManager.default.removeItem(atPath: dir) }
        guard mounting("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", dir]) else { return false }
        return mounting("umount", [dir])
    }()

    /// A read-only file system is named as one (EROFS), not as a permission: a new file in it
    /// cannot be written (status 1) for --output, --dump-layout and a link into it; a file there
    /// is refused before anything is loaded (status 2), as a read-only file is. Before, "cannot
    /// write: permission denied in 'ro'", and for a file there "make it writable".
    @Test(.enabled(if: canMount, "mounting a read-only tmpfs needs root (CAP_SYS_ADMIN)"))
    func aReadOnlyFileSystemIsNamedAsOne() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let ro = dir + "/ro"
            try FileManager.default.createDirectory(atPath: ro, withIntermediateDirectories: false)
            try #require(Self.mounting("mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", ro]))
            defer { _ = Self.mounting("umount", [ro]) }
            try Data("keep".utf8).write(to: URL(fileURLWithPath: ro + "/old.png"))
            try #require(Self.mounting("mount", ["-o", "remount,ro", ro]))
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: ro + "/new.png")
            for (flag, name, shown) in [
                ("--output", ro + "/new.png", ro + "/new.png"), ("--dump-layout", ro + "/new.json", ro + "/new.json"),
                ("--output", dir + "/link.png", dir + "/link.png"), ("--output", "new.png", "new.png")
            ] {
                let result = try ChartviewProcess.run([dir + "/v.csv", flag, name], in: ro)
                #expect(result.status == 1, "\(flag) \(name)")
                let folder = name.hasPrefix("/") ? ro : "."
                #expect(result.stderr == "chartview: \(shown): cannot write: the file system of '\(folder)' is read-only\n")
            }
            for flag in ["--output", "--dump-layout"] {
                let result = try ChartviewProcess.run([dir + "/v.csv", flag, ro + "/old.png"])
                #expect(result.status == 2, "\(flag)")
                #expect(result.stderr == "chartview: \(ro)/old.png: is on a read-only file system; choose another output\n")
            }
            #expect(contents(ro + "/old.png") == Data("keep".utf8))
            try expectOnly(["old.png"], in: ro)
        }
    }

    @Test func aReadOnlyOutputIsRefused() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try Data("keep".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
            chmod(dir + "/out.png", 0o444)
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/out.png: is read-only; choose another output or make it writable\n")
            #expect(contents(dir + "/out.png") == Data("keep".utf8))
            try expectOnly(["v.csv", "out.png"], in: dir)
        }
    }

    /// The permission bits of `path` (with set-ID and sticky), not following a link.
    func mode(_ path: String) -> mode_t {
        var info = stat()
        return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    /// Before, `--output p.png` over a 0600 file left it 0644.
    @Test("Replacing a file keeps its mode: --output and --dump-layout, directly and through a link", arguments: [0o600, 0o640, 0o604] as [mode_t])
    func replacingKeepsTheMode(mode wanted: mode_t) throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            for name in ["out.png", "d.json", "real.svg"] {
                try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/" + name))
                chmod(dir + "/" + name, wanted)
            }
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.svg", withDestinationPath: "real.svg")
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.png", "--dump-layout", dir + "/d.json"])
            #expect(result.status == 0, "\(result.stderr)")
            let linked = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/link.svg"])
            #expect(linked.status == 0, "\(linked.stderr)")
            #expect(contents(dir + "/out.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
            #expect(contents(dir + "/d.json")?.first == UInt8(ascii: "{"))
            #expect(String(decoding: contents(dir + "/real.svg") ?? Data(), as: UTF8.self).contains("</svg>"))
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.svg") == "real.svg")
            for name in ["out.png", "d.json", "real.svg"] { #expect(mode(dir + "/" + name) == wanted, "\(name)") }
            try expectOnly(["v.csv", "out.png", "d.json", "real.svg", "link.svg"], in: dir)
        }
    }

    @Test(.enabled(if: geteuid() == 0, "chown needs root"))
    func replacingKeepsTheOwnerAndGroupWherePermitted() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
            #expect(chown(dir + "/out.png", 1234, 5678) == 0)
            chmod(dir + "/out.png", 0o640)
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.png"])
            #expect(result.status == 0, "\(result.stderr)")
            var info = stat()
            #expect(stat(dir + "/out.png", &info) == 0)
            #expect(info.st_uid == 1234 && info.st_gid == 5678 && info.st_mode & 0o7777 == 0o640)
        }
    }

    /// A writer who may not give the new file the old one's group (not a member): the group's
    /// bits go, so the writer's own group gains no access the old file did not give it.
    @Test(.enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv"), "needs root and setpriv"))
    func aGroupThatCannotBeKeptTakesItsPermissionsWithIt() throws {
        try withDirectory { dir in
            chmod(dir, 0o777)
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.png"))
            #expect(chown(dir + "/out.png", 1234, 5678) == 0)
            chmod(dir + "/out.png", 0o664)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=1234", "--regid=1234", "--clear-groups", ChartviewProcess.binary, dir + "/v.csv", "--output", dir + "/out.png"]
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = nil
            environment["HOME"] = "/nonexistent"
            environment["XDG_CACHE_HOME"] = "/nonexistent"
            process.environment = environment
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try process.waitForExit()
            #expect(process.terminationStatus == 0, "\(stderr)")
            var info = stat()
            #expect(stat(dir + "/out.png", &info) == 0)
            #expect(info.st_uid == 1234 && info.st_gid == 1234)
            #expect(info.st_mode & 0o7777 == 0o604)
            #expect(contents(dir + "/out.png")?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
            try expectOnly(["v.csv", "out.png"], in: dir)
        }
    }

    @Test func aDirectoryOutputIsRefused() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try FileManager.default.createDirectory(atPath: dir + "/out.png", withIntermediateDirectories: false)
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/out.png: is a directory; name a file to write\n")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/out.png").isEmpty)
        }
    }

    @Test func aSymbolicLinkOutputWritesItsTargetAndStays() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            try FileManager.default.createDirectory(atPath: dir + "/charts", withIntermediateDirectories: false)
            try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/charts/real.png"))
            try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "charts/real.png")
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/link.png", "--size", "300x200"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png") == "charts/real.png")
            let png = try #require(contents(dir + "/charts/real.png"))
            #expect(png.starts(with: [0x89, 0x50, 0x4E, 0x47]))
            try expectOnly(["v.csv", "charts", "link.png"], in: dir)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/charts") == ["real.png"])
            // A dangling link: its target is created, as cp does.
            try FileManager.default.createSymbolicLink(atPath: dir + "/new.svg", withDestinationPath: "charts/new.svg")
            let dangling = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/new.svg"])
            #expect(dangling.status == 0, "\(dangling.stderr)")
            #expect(String(decoding: contents(dir + "/charts/new.svg") ?? Data(), as: UTF8.self).contains("<svg"))
        }
    }

    @Test func devNullTakesTheChartAndTheDump() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let both = try ChartviewProcess.run([dir + "/v.csv", "--output", "/dev/null", "--dump-layout", "/dev/null"])
            #expect(both.status == 0, "\(both.stderr)")
            let chart = try ChartviewProcess.run([dir + "/v.csv", "--output", "/dev/null"])
            #expect(chart.status == 0, "\(chart.stderr)")
            let dump = try ChartviewProcess.run([dir + "/v.csv", "--dump-layout", "/dev/null"])
            #expect(dump.status == 0, "\(dump.stderr)")
            try expectOnly(["v.csv"], in: dir)
            #expect(FileManager.default.fileExists(atPath: "/dev/null"))
        }
    }

    @Test func aFIFOOutputIsWrittenInPlace() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            #expect(mkfifo(dir + "/out.fifo", 0o600) == 0)
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/bin/sh")
            reader.arguments = ["-c", "cat \"$0\" > \"$1\"", dir + "/out.fifo", dir + "/read.svg"]
            try reader.run()
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.fifo", "--format", "svg"])
            try reader.waitForExit()
            #expect(result.status == 0, "\(result.stderr)")
            #expect(String(decoding: contents(dir + "/read.svg") ?? Data(), as: UTF8.self).contains("</svg>"))
            try expectOnly(["v.csv", "out.fifo", "read.svg"], in: dir)
        }
    }

    /// A reader that leaves early: "cannot write: Broken pipe", status 1 (before, SIGPIPE killed
    /// chartview without a word, status 141).
    @Test func aFIFOWhoseReaderLeavesEarlyIsOneLine() throws {
        try withDirectory { dir in
            let points = (0..<20_000).map { "\($0 * 7_919 % 20_000),\($0 * 104_729 % 20_000)" }.joined(separator: "\n")
            try Data(("x,y\n" + points + "\n").utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            #expect(mkfifo(dir + "/out.fifo", 0o600) == 0)
            let reader = Process()
            reader.executableURL = URL(fileURLWithPath: "/bin/sh")
            reader.arguments = ["-c", "head -c 10 \"$0\" > /dev/null", dir + "/out.fifo"]
            try reader.run()
            let result = try ChartviewProcess.run([dir + "/v.csv", "--kind", "scatter", "--size", "3000x3000", "--output", dir + "/out.fifo"])
            try reader.waitForExit()
            #expect(result.status == 1)
            #expect(result.stderr == "chartview: \(dir)/out.fifo: cannot write: Broken pipe\n")
        }
    }

    /// A write past `ulimit -f`: "cannot write: File too large", status 1, no partial file left
    /// (before, SIGXFSZ killed chartview, status 153, and left its partial file).
    @Test func aFileSizeLimitIsOneLineAndLeavesNoPartialFile() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -f 10 && exec \"$0\" \"$1\" --output \"$2\"", ChartviewProcess.binary, dir + "/v.csv", dir + "/o.png"]
            let err = Pipe()
            process.standardError = err
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try process.waitForExit()
            #expect(process.terminationStatus == 1)
            #expect(stderr == "chartview: \(dir)/o.png: cannot write: File too large\n")
            try expectOnly(["v.csv"], in: dir)
        }
    }

    /// An image the memory there is cannot hold (`ulimit -v`, here 600 MB of address space for
    /// a 1 GB picture) says what `--size` asked for and what it needs, status 1 (a failure at
    /// run time, as running out of memory reading a CSV is), and leaves nothing; SVG, which
    /// needs no image, is written. Before, "o.png: cannot write: out of memory".
    @Test func anImageTooLargeForTheMemoryNamesTheSizeItNeeds() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            for (output, format) in [("o.png", "png"), ("-", "png"), ("o.svg", "svg")] {
                let process = Process()
                process.executableURL = URL(fileURLWithPath: "/bin/sh")
                process.arguments = [
                    "-c", "ulimit -v 600000 && exec \"$0\" \"$1\" --size 16384x16384 --format \"$2\" --output \"$3\"",
                    ChartviewProcess.binary, dir + "/v.csv", format, output == "-" ? "-" : dir + "/" + output
                ]
                let err = Pipe()
                process.standardError = err
                process.standardOutput = FileHandle.nullDevice
                try process.run()
                let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
                try process.waitForExit()
                if format == "svg" {
                    #expect(process.terminationStatus == 0, "\(stderr)")
                    continue
                }
                #expect(process.terminationStatus == 1)
                let name = output == "-" ? "standard output" : dir + "/" + output
                #expect(
                    stderr == "chartview: \(name): --size 16384x16384 needs 1024 MB of image memory, which could not be had; "
                        + "choose a smaller --size, or write SVG or PDF\n")
            }
            try expectOnly(["v.csv", "o.svg"], in: dir)
        }
    }

    @Test func aFIFOWithoutAReaderIsGivenUpAfterTheTimeout() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            #expect(mkfifo(dir + "/out.fifo", 0o600) == 0)
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.fifo", "--timeout", "1"])
            #expect(result.status == 1)
            #expect(result.stderr == "chartview: \(dir)/out.fifo: no reader opened the FIFO within 1 s (--timeout)\n")
        }
    }

    @Test func aDashWritesTheChartToStandardOutput() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let png = try ChartviewProcess.run([dir + "/v.csv", "--output", "-", "--size", "200x100"])
            #expect(png.status == 0, "\(png.stderr)")
            // 0x89 is no UTF-8: it reads as the replacement character.
            #expect(png.stdout.hasPrefix("\u{FFFD}PNG\r\n"))
            let svg = try ChartviewProcess.run([dir + "/v.csv", "--output", "-", "--format", "svg"])
            #expect(svg.status == 0)
            #expect(svg.stdout.hasPrefix("<?xml") && svg.stdout.contains("</svg>"))
            let pdf = try ChartviewProcess.run([dir + "/v.csv", "-o", "-", "--format", "pdf", "--dump-layout", dir + "/d.json"])
            #expect(pdf.status == 0)
            #expect(pdf.stdout.hasPrefix("%PDF-"))
            #expect(FileManager.default.fileExists(atPath: dir + "/d.json"))
            let both = try ChartviewProcess.run([dir + "/v.csv", "--output", "-", "--dump-layout", "-"])
            #expect(both.status == 2)
            #expect(both.stdout.isEmpty)
            #expect(both.stderr == "chartview: --output and --dump-layout both write to standard output; give one of them a file (see 'chartview --help')\n")
            try expectOnly(["v.csv", "d.json"], in: dir)
        }
    }

    @Test func theOutputAndTheDumpMayNotBeOneFile() throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/x.svg", "--dump-layout", dir + "/./x.svg"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: --output and --dump-layout name the same file (see 'chartview --help')\n")
            try expectOnly(["v.csv"], in: dir)
            // Relative, one with "./" (it was written twice, the chart lost under the dump).
            let relative = try ChartviewProcess.run(["v.csv", "--output", "./n.png", "--dump-layout", "n.png"], in: dir)
            #expect(relative.stderr == "chartview: --output and --dump-layout name the same file (see 'chartview --help')\n")
            try expectOnly(["v.csv"], in: dir)
        }
    }

    /// Standard output under another name (/dev/stdout, /dev/fd/1) is standard output: with
    /// `-` it is refused as two writes to one stream (one was lost); onto a pipe it is written.
    @Test(arguments: ["/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"])
    func standardOutputByAnotherNameIsStandardOutput(name: String) throws {
        try withDirectory { dir in
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
            let both = try ChartviewProcess.run([dir + "/v.csv", "--output", name, "--format", "png", "--dump-layout", "-"])
            #expect(both.status == 2)
            #expect(both.stderr.contains("both write to standard output"), "\(both.stderr)")
            let png = try ChartviewProcess.run([dir + "/v.csv", "--output", name, "--format", "png"])
            #expect(png.status == 0, "\(png.stderr)")
            #expect(png.stdout.utf8.starts(with: [0x89, 0x50, 0x4E, 0x47]) || png.stdout.hasPrefix("\u{FFFD}PNG"))
        }
    }

    /// Messages on standard error never stop chartview: a full disk there (2>/dev/full) was
    /// death by SIGILL in Foundation's FileHandle; the status still says what happened.
    @Test func aStandardErrorThatCannotBeWrittenChangesNoStatus() throws {
        try withDirectory { dir in
            let script = #"exec "$0" /nonexistent.csv --output x.png 2>/dev/full"#
            let result = try ChildProcess.run("/bin/sh", ["-c", script, ChartviewProcess.binary], directory: dir)
            #expect(result.status == 2)
            try expectOnly([], in: dir)
        }
    }
}
