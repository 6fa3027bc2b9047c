import Foundation
import Testing

/// Writes that a planted link or standard input's file could turn against the user, through the
/// real binary (the fourth attack round: each of these replaced or created a file of the
/// user's before).
@Suite struct LinkAndInputSafetyTests {
    static let csv = "x,y\n1,2\n2,3\n3,5\n"

    func withDirectory(mode: mode_t = 0o755, _ body: (String) throws -> Void) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        chmod(dir, mode)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    /// `chartview - --export-visible d.csv < d.csv` (and `--output d.csv`): standard input's
    /// file is an input like a named one; refused in one line, the data kept.
    @Test(arguments: [["--export-visible"], ["--output", "--format", "png"], ["--dump-layout"]])
    func standardInputsFileIsAnInput(flags: [String]) throws {
        try withDirectory { dir in
            let data = dir + "/d.csv"
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: data))
            let input = try #require(FileHandle(forReadingAtPath: data))
            let arguments = ["-", flags[0], data] + flags.dropFirst()
            let result = try ChildProcess.run(ChartviewProcess.binary, arguments, standardInput: input)
            let stderr = String(decoding: result.stderr, as: UTF8.self)
            #expect(result.status == 2, "\(stderr)")
            #expect(stderr == "chartview: \(data): is standard input's file; choose another output\n")
            #expect(FileManager.default.contents(atPath: data) == Data(Self.csv.utf8))
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["d.csv"])
        }
    }

    /// A shipped folder with `d.csv.chartview.json → ../bash_login` (dangling): the chart is
    /// drawn without notes, one line says why, and nothing is created there; before, the first
    /// note created the link's target with the chart's name in it. (Writing a note there is
    /// refused: `FileDestinationLinkTests`.)
    @Test func aSidecarThatIsALinkIsNeitherReadNorWritten() throws {
        try withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/shipped", withIntermediateDirectories: false)
            let data = dir + "/shipped/$(touch PWNED).csv"
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: data))
            try FileManager.default.createSymbolicLink(atPath: data + ".chartview.json", withDestinationPath: "../bash_login")
            let result = try ChartviewProcess.run([data, "--output", dir + "/x.png"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(result.stderr.hasPrefix("chartview: \(data).chartview.json: is a symbolic link"), "\(result.stderr)")
            #expect(result.stderr.hasSuffix("the chart is drawn without these notes\n"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1)
            #expect(!FileManager.default.fileExists(atPath: dir + "/bash_login"))
            #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    /// `--output` through a link another user planted in a sticky, world-writable folder (as
    /// `/tmp` is) is refused as the kernel's `protected_symlinks` refuses `cp`; the link's
    /// target (root's file) is kept. Run as root, the link given to `nobody`.
    @Test func anotherUsersLinkInAStickyFolderIsNotFollowed() throws {
        try #require(geteuid() == 0, "changing a link's owner needs root")
        try withDirectory(mode: 0o1777) { dir in
            let data = dir + "/d.csv", victim = dir + "/victim.png"
            try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: data))
            try Data("root's\n".utf8).write(to: URL(fileURLWithPath: victim))
            try FileManager.default.createSymbolicLink(atPath: dir + "/chart.png", withDestinationPath: victim)
            #expect(lchown(dir + "/chart.png", 65534, 65534) == 0)
            for flag in ["--output", "--dump-layout"] {
                let result = try ChartviewProcess.run([data, flag, dir + "/chart.png"])
                #expect(result.status == 2)
                #expect(result.stderr.hasPrefix("chartview: \(dir)/chart.png: is a symbolic link in a shared folder"), "\(result.stderr)")
                #expect(FileManager.default.contents(atPath: victim) == Data("root's\n".utf8))
            }
            // A folder of the path that is such a link (`/tmp/shared/link/out.png`): refused too,
            // whether the kernel's protected_symlinks is on or not.
            try FileManager.default.createDirectory(atPath: dir + "/mine", withIntermediateDirectories: false)
            try FileManager.default.createSymbolicLink(atPath: dir + "/through", withDestinationPath: dir + "/mine")
            #expect(lchown(dir + "/through", 65534, 65534) == 0)
            for flag in ["--output", "--dump-layout", "--export-visible"] {
                let result = try ChartviewProcess.run([data, flag, dir + "/through/x.out"])
                #expect(result.status == 2)
                #expect(result.stderr.contains("its folder 'through' is a symbolic link in a shared folder"), "\(result.stderr)")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/mine").isEmpty)
            // The user's own link there is followed, as README promises.
            #expect(lchown(dir + "/chart.png", 0, 0) == 0)
            let own = try ChartviewProcess.run([data, "--output", dir + "/chart.png"])
            #expect(own.status == 0, "\(own.stderr)")
            #expect(FileManager.default.contents(atPath: victim)?.starts(with: [0x89, 0x50, 0x4E, 0x47]) == true)
        }
    }
}

/// Answers that were silently wrong (the fourth attack round), through the real binary.
@Suite struct SilentDivergenceTests {
    /// `--export-visible` over a table read per view would write the records drawn (5,000 of a
    /// million, status 0): refused in one line, nothing written.
    @Test func exportingATableReadPerViewIsRefused() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/big.sqlite"
        try DataFixture.sqlite(
            db,
            "CREATE TABLE t(x REAL, y REAL); WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 19999) INSERT INTO t SELECT i, i % 97 FROM n;"
        )
        let result = try ChartviewProcess.run([db, "--table", "t", "--out-of-core", "1000", "--export-visible", dir + "/v.csv"])
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.contains("--export-visible writes every record in view"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/v.csv"))
        // Loaded whole, every record is written.
        let all = try ChartviewProcess.run([db, "--table", "t", "--in-memory", "--export-visible", "-"])
        #expect(all.status == 0, "\(all.stderr)")
        #expect(all.stdout.split(separator: "\n").count == 20_001)
    }

    /// A table read per view with x values no axis holds (±infinity): those rows are no rows of
    /// the chart, as loading the table has them (before: "the x values have no finite extent").
    @Test(arguments: ["line", "scatter"])
    func infiniteXIsNoRowOfATableReadPerView(kind: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/inf.sqlite"
        try DataFixture.sqlite(
            db,
            "CREATE TABLE t(x REAL, y REAL); WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < 4999) INSERT INTO t SELECT i, i % 97 FROM n;"
                + " INSERT INTO t VALUES (9e999, 1), (-9e999, 2);")
        let result = try ChartviewProcess.run([db, "--table", "t", "--kind", kind, "--out-of-core", "1000", "--output", dir + "/x.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    /// A column that is not there (renamed while followed) is an error, never the text 'v'
    /// (SQLite's double-quoted string literal fallback, now off).
    @Test func aMissingColumnIsNeverReadAsText() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/d.sqlite"
        try DataFixture.sqlite(db, "CREATE TABLE t(x REAL, w REAL); INSERT INTO t VALUES (1, 2), (2, 3);")
        let result = try ChartviewProcess.run([db, "--query", #"SELECT x, "v" FROM t"#, "--export-visible", "-"])
        #expect(result.status == 2, "\(result.stdout)")
        #expect(result.stderr.contains("no such column: v"), "\(result.stderr)")
    }

    /// The same file under two names would have two notes sidecars writing over each other.
    @Test func theSameFileUnderTwoNamesIsRefused() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x,y\n1,2\n2,3\n".utf8).write(to: URL(fileURLWithPath: dir + "/d.csv"))
        let result = try ChartviewProcess.run(["d.csv", "./d.csv", "--output", "x.png"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("chartview: a data file is given twice"), "\(result.stderr)")
    }
}
