import Foundation
import Testing

/// Live input bounded before it is parsed, through the real binary (the fourth attack round:
/// each of these grew without bound, hung, or crashed before): a line that never ends, a FIFO
/// or device followed, a header of 200,000 fields, carriage returns alone as line ends, and
/// numbers no axis holds (`1e400`).
@Suite struct InputBoundsTests {
    static func result(_ raw: ChildProcess.Result) -> ChartviewProcess.Result {
        ChartviewProcess.Result(status: raw.status, stdout: String(decoding: raw.stdout, as: UTF8.self), stderr: String(decoding: raw.stderr, as: UTF8.self))
    }

    /// `chartview - < /dev/zero`: one line saying it is no text of lines, after at most 16
    /// times the line limit (1 MiB under --max-memory 64M), not gigabytes held.
    @Test func anInputThatNeverEndsALineEndsInOneLine() throws {
        let zero = try #require(FileHandle(forReadingAtPath: "/dev/zero"))
        let result = Self.result(
            try ChildProcess.run(ChartviewProcess.binary, ["-", "--max-memory", "64M", "--output", "/dev/null"], standardInput: zero, deadline: 120))
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("chartview: standard input: ") && result.stderr.contains("no line end in 16 MB"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    /// A line longer than the limit is set aside; the rows around it are drawn.
    @Test func aLineOverTheLimitIsSetAside() throws {
        let long = String(repeating: "9", count: 3 << 20)
        let text = "x,y\n" + (1...300).map { "\($0),\($0 % 13)" }.joined(separator: "\n") + "\n7," + long + "\n301,4\n"
        let result = try LiveInputCommandTests.run(["-", "--max-memory", "64M", "--export-visible", "-"], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 302, "\(result.stdout.prefix(200))")
        #expect(!result.stdout.contains("9999"))
    }

    @Test func carriageReturnsAloneEndLines() throws {
        let text = "x,y\r" + (1...50).map { "\($0),\($0 * 2)" }.joined(separator: "\r") + "\r"
        let result = try LiveInputCommandTests.run(["-", "--export-visible", "-"], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 51, "\(result.stdout.prefix(200))")
        #expect(result.stdout.contains("y,50,100"), "\(result.stdout.suffix(100))")
    }

    /// `1e400` after the sample is +inf: missing, as the CSV reader has it; before, the layout
    /// dump failed with Swift's encoding error while the PNG was written.
    @Test func aNumberNoAxisHoldsIsMissing() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = "x,y\n" + (1...300).map { "\($0),\($0 % 13)" }.joined(separator: "\n") + "\n301,1e400\n302,-1e400\n1e400,5\n303,2\n"
        let result = try LiveInputCommandTests.run(["-", "--dump-layout", "-", "--output", dir + "/x.png"], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("\"plots\""))
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func aHeaderOfTooManyFieldsIsOneLine() throws {
        let header = (0..<200_000).map { "c\($0)" }.joined(separator: ",")
        let row = (0..<200_000).map { _ in "1" }.joined(separator: ",")
        let result = try LiveInputCommandTests.run(["-", "--output", "/dev/null"], input: header + "\n" + row + "\n" + row + "\n")
        #expect(result.status == 2, "\(result.stderr.prefix(300))")
        #expect(result.stderr == "chartview: standard input: has 200000 columns; live input takes at most 4096\n")
    }

    /// `--follow` of a FIFO without a writer (read as a stream: it ends at once), or of a
    /// device (refused): one line at once, where the open hung forever (and `/dev/zero` grew
    /// without bound).
    @Test(arguments: ["fifo", "/dev/zero"])
    func followingAFIFOOrADeviceIsRefused(kind: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/data.csv"
        if kind == "fifo" {
            #expect(mkfifo(path, 0o600) == 0)
        } else {
            try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: kind)
        }
        let result = try ChartviewProcess.run([path, "--follow", "--output", dir + "/x.png"], deadline: 60)
        #expect(result.status == 2, "\(result.stderr)")
        #expect(result.stderr.hasPrefix("chartview: \(path): "), "\(result.stderr)")
        #expect(result.stderr.contains(kind == "fifo" ? "has no data" : "is not a regular file or FIFO"), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }
}

/// Live rows past `--max-memory` that cannot be kept on disk (the spill file past `ulimit -f`,
/// as on a full `TMPDIR`): one line, status 1, no picture with gaps (before: status 0, no word,
/// a chart missing those rows).
@Suite struct SpillFailureTests {
    @Test func aSpillThatCannotBeWrittenIsSaidAndNothingIsDrawn() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let data = dir + "/rows.csv"
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/awk")
        writer.arguments = [#"BEGIN { print "x,y,z"; for (i = 0; i < 3000000; i++) print i "," i % 977 "," i % 13 }"#]
        _ = FileManager.default.createFile(atPath: data, contents: nil)
        writer.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: data))
        try writer.run()
        writer.waitUntilExit()
        let input = try #require(FileHandle(forReadingAtPath: data))
        // 1024 blocks of 1 KiB: the spill (tens of MB) cannot be written; the chart goes to a
        // device, which the limit does not bound.
        let raw = try ChildProcess.run(
            "/bin/bash", ["-c", "ulimit -f 1024 && exec \"$0\" - --max-memory 16M --output /dev/null", ChartviewProcess.binary],
            environment: ProcessInfo.processInfo.environment.merging(["SQLITE_TMPDIR": dir]) { _, new in new }, standardInput: input, deadline: 240)
        let stderr = String(decoding: raw.stderr, as: UTF8.self)
        #expect(raw.status == 1, "\(stderr)")
        #expect(stderr.hasPrefix("chartview: ") && stderr.contains("the chart would miss those rows"), "\(stderr)")
        #expect(stderr.filter { $0 == "\n" }.count == 1, "\(stderr)")
    }

    /// A soft stack limit of 100 KiB (the Swift runtime needs more; it died by SIGSEGV with a
    /// crash report) is raised and the chart drawn; a hard limit of 100 KiB is one line.
    @Test(arguments: [(soft: true, status: Int32(0)), (soft: false, status: Int32(2))])
    func aSmallStackIsRaisedOrSaid(soft: Bool, status: Int32) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n2,3\n".write(toFile: dir + "/d.csv", atomically: true, encoding: .utf8)
        let limit = soft ? "ulimit -S -s 100" : "ulimit -s 100"
        let script = "\(limit) && exec \"$0\" d.csv --output s.png"
        let raw = try ChildProcess.run("/bin/sh", ["-c", script, ChartviewProcess.binary], directory: dir)
        let result = InputBoundsTests.result(raw)
        #expect(result.status == status, "\(result.stderr.prefix(300))")
        if soft {
            #expect(result.stderr.isEmpty, "\(result.stderr.prefix(300))")
            #expect(FileManager.default.fileExists(atPath: dir + "/s.png"))
        } else {
            let said = "the stack limit is 100 KiB and its hard limit will not let it grow; chartview needs 1024 KiB (ulimit -s 1024)"
            #expect(result.stderr == "chartview: \(said)\n")
        }
    }

    /// A file whose name is not UTF-8 was reported missing ("no such file") though it is
    /// there: the name is refused as what it is, with its bytes and a way on.
    @Test func aNameThatIsNotUTF8IsSaidAsSuch() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = #"printf 'x,y\n1,2\n' > "$(printf 'K\366ln.csv')" && exec "$0" "$(printf 'K\366ln.csv')" --output k.png"#
        let result = InputBoundsTests.result(try ChildProcess.run("/bin/sh", ["-c", script, ChartviewProcess.binary], directory: dir))
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix(#"chartview: argument 1 ('K\xF6ln.csv') is not UTF-8 text"#), "\(result.stderr)")
        #expect(result.stderr.contains("chartview - < FILE"))
        #expect(!FileManager.default.fileExists(atPath: dir + "/k.png"))
    }
}
