import Foundation
import Testing

/// Live input through the real binary, rendered to a file: standard input read to its end
/// (`-`, or a pipe with no data file), a followed file read as far as it goes, bad input in
/// one line with status 2.
@Suite struct LiveInputCommandTests {
    /// chartview run with `text` written to its standard input through a pipe.
    static func run(_ arguments: [String], input text: String) throws -> ChartviewProcess.Result {
        let pipe = Pipe()
        let writer = Thread {
            pipe.fileHandleForWriting.write(Data(text.utf8))
            try? pipe.fileHandleForWriting.close()
        }
        writer.start()
        let result = try ChildProcess.run(ChartviewProcess.binary, arguments, standardInput: pipe.fileHandleForReading, deadline: 60)
        return ChartviewProcess.Result(
            status: result.status, stdout: String(decoding: result.stdout, as: UTF8.self), stderr: String(decoding: result.stderr, as: UTF8.self))
    }

    @Test func standardInputIsReadToItsEndThenDrawn() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = (1...500).map { "\($0),\($0 % 7),\($0 % 11)" }.joined(separator: "\n")
        for arguments in [["-", "--x", "t", "--y", "a,b"], ["--y", "a,b", "--x", "t"]] {
            let result = try Self.run(arguments + ["--output", dir + "/o.png", "--dump-layout", "-"], input: "t,a,b\n" + rows + "\n")
            #expect(result.status == 0, "\(result.stderr)")
            let layout = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let plots = try #require(layout["plots"] as? [[String: Any]])
            #expect(plots.count == 2)
            #expect(result.stdout.contains("500"))
            #expect(FileManager.default.fileExists(atPath: dir + "/o.png"))
        }
    }

    /// A script's loop hands chartview a pipe (`while read chart; do chartview --chart "$chart"
    /// …; done < <(chartview --list)`, as `make run` without a display): with `--list` or
    /// `--chart` it is not data, and the gallery is listed and drawn.
    @Test func aPipeIsNotDataWhenTheListOrAChartIsNamed() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let listed = try Self.run(["--list"], input: "x\n")
        #expect(listed.status == 0, "\(listed.stderr)")
        let names = listed.stdout.split(separator: "\n").map(String.init)
        #expect(names == (try ChartviewProcess.run(["--list"])).stdout.split(separator: "\n").map(String.init))
        let name = try #require(names.first)
        let drawn = try Self.run(["--chart", name, "--output", dir + "/o.png"], input: "t,v\n1,2\n")
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/o.png"))
        // `-` still reads it, and says that a named chart is not live input.
        let both = try Self.run(["-", "--chart", name, "--output", dir + "/p.png"], input: "t,v\n1,2\n")
        #expect(both.status == 2 && both.stderr.contains("--chart is not for live input"), "\(both.stderr)")
    }

    @Test func vmstatLikeOutputIsChartedByRow() throws {
        let text = """
            procs -----------memory---------- ---swap--
             r  b   swpd   free
             1  0      0 20821816
             2  0      0 20821000
            procs -----------memory---------- ---swap--
             r  b   swpd   free
             3  0      0 20820000

            """
        let result = try Self.run(["-", "--output", "/dev/null", "--format", "png", "--dump-layout", "-"], input: text)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("1 line of another number of fields skipped"))
    }

    /// Standard input read to its end says the lines it skipped as a file says its rows set
    /// aside (on standard error, with their numbers); `--strict` refuses it in one line, status 2,
    /// and writes no picture.
    @Test func linesSkippedFromStandardInputAreSaidAndRefusedUnderStrict() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let text = "a,b\n1,2\n3,4,5\n5,6\n7,8\n"
        let read = try Self.run(["-", "--output", dir + "/o.png"], input: text)
        #expect(read.status == 0)
        #expect(read.stderr == "chartview: standard input: 1 line of another number of fields skipped (line 3)\n")
        let strict = try Self.run(["-", "--strict", "--output", dir + "/s.png"], input: text)
        #expect(strict.status == 2)
        #expect(
            strict.stderr == "chartview: standard input: 1 line of another number of fields skipped (line 3); --strict refuses such input\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))
    }

    @Test func aFollowedFileIsReadAsFarAsItGoes() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("t;v\n1;5\n2;6\n3;7".utf8).write(to: URL(fileURLWithPath: dir + "/log.csv"))
        let result = try ChartviewProcess.run([dir + "/log.csv", "--follow", "--window", "60s", "--output", dir + "/o.svg"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/o.svg"))
    }

    @Test func aFollowedDatabaseTableIsDrawnAsItIsNow() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/log.sqlite"
        try DataFixture.sqlite(
            db,
            "CREATE TABLE m(t REAL, v REAL, name TEXT, d TEXT); WITH RECURSIVE c(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM c WHERE i < 300)"
                + " INSERT INTO m SELECT i, i % 7, 'n' || i, '2024-01-01' FROM c;")
        for arguments in [["--table", "m", "--x", "t", "--y", "v"], ["--query", "SELECT t, v FROM m ORDER BY t"]] {
            let result = try ChartviewProcess.run([db, "--follow"] + arguments + ["--output", dir + "/o.png", "--dump-layout", "-"])
            #expect(result.status == 0, "\(result.stderr)")
            let layout = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
            let plots = try #require(layout["plots"] as? [[String: Any]])
            #expect((plots.first?["items"] as? [Any])?.count == 300)
        }
        // x as text, or as dates stored as text: one line naming the database and the column.
        let refusals = [
            (["--x", "name", "--y", "v"], "\(db): live input is charted as a line or points over numbers or dates, not x as text (column 'name')"),
            (["--x", "d", "--y", "v"], "\(db): column 'd' holds dates as text: a database is followed by an x of numbers (dates as seconds since 1970)"),
            (["--columns", "a,b"], "--columns is for live text, not a database (its columns are the query's) (see 'chartview --help')")
        ]
        for (arguments, message) in refusals {
            let result = try ChartviewProcess.run([db, "--follow", "--table", "m"] + arguments + ["--output", dir + "/o.png"])
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == "chartview: \(message)\n")
        }
    }

    @Test func badInputIsOneLineAndStatus2() throws {
        let cases: [([String], String, String)] = [
            (["-"], "", "chartview: standard input: has no data (the input ended)\n"),
            (
                ["-", "--kind", "bar"], "a,b\n1,2\n2,3\n",
                "chartview: standard input: live input is charted as a line or points over numbers or dates, not a bar chart\n"
            ),
            (
                ["-", "--window", "10x"], "",
                "chartview: --window takes a duration like 60s, 10m, 2h or 1d, or a count of rows like 5000 (got '10x') (see 'chartview --help')\n"
            ),
            (
                ["-", "--delimiter", "|"], "",
                "chartview: --delimiter takes ',' (comma), tab, ';' (semicolon) or ' ' (space: runs of blanks) (got '|') (see 'chartview --help')\n"
            ),
            (["x.csv", "--columns", "a,b"], "", "chartview: --columns is for live input: '-' (standard input) or --follow FILE (see 'chartview --help')\n")
        ]
        for (arguments, input, message) in cases {
            let result = try Self.run(arguments + ["--output", "/dev/null", "--format", "png"], input: input)
            #expect(result.status == 2, "\(arguments)")
            #expect(result.stderr == message)
        }
    }
}
