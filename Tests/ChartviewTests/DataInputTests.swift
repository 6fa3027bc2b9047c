import Foundation
import Testing

/// Files the data tests make in a temporary directory of their own.
enum DataFixture: Sendable {
    /// A SQLite database made by running this SQL through the `sqlite3` command line tool.
    case sqlite(String)
    /// A UTF-8 text file.
    case text(String)
    /// A file of these bytes.
    case bytes([UInt8])

    /// Writes the fixture at `path`.
    func make(at path: String) throws {
        switch self {
        case .sqlite(let sql): try Self.sqlite(path, sql)
        case .text(let text): try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        case .bytes(let bytes): try Data(bytes).write(to: URL(fileURLWithPath: path))
        }
    }

    /// Runs `sql` on the database at `path` (creating it) with the `sqlite3` command line tool,
    /// a process of its own, as another program changing the file would.
    static func sqlite(_ path: String, _ sql: String) throws {
        let result = try TraceSession.run("sqlite3", ["-batch", "-cmd", ".timeout 5000", path, sql])
        guard result.status == 0 else { throw TraceError.tool("sqlite3", result.output) }
    }

    /// The demo gallery's assets in this source tree.
    static var assets: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("assets").path
    }

    /// The sales table most cases use: text categories and two number columns, one with a NULL.
    static let salesSQL = """
        CREATE TABLE sales (region TEXT, q1 REAL, q2 INTEGER);
        INSERT INTO sales VALUES ('North', 10.5, 3), ('South', 7, 8), ('East', 2.25, NULL);
        CREATE TABLE notes (day TEXT, note TEXT);
        INSERT INTO notes VALUES ('2026-11-01', 'hello');
        """
}

/// A file's bytes and modification time (to the nanosecond), to show it was left alone.
struct FileSnapshot: Equatable, CustomStringConvertible {
    var bytes: Data
    var seconds: Int
    var nanoseconds: Int

    init(_ path: String) throws {
        bytes = try Data(contentsOf: URL(fileURLWithPath: path))
        var info = stat()
        guard stat(path, &info) == 0 else { throw TraceError.tool("stat", path) }
        seconds = Int(info.st_mtim.tv_sec)
        nanoseconds = Int(info.st_mtim.tv_nsec)
    }

    var description: String { "\(bytes.count) bytes, modified \(seconds).\(nanoseconds)" }
}

/// Bad data through the real binary: every case exits with status 2 and one line on stderr,
/// `chartview: …`, naming the file and the place (line, column, key path, table, statement);
/// nothing on stdout, no output file, and the input files left as they were.
@Suite struct DataInputTests {
    /// What a case should print.
    enum Expected: Sendable {
        /// Exactly this line ("$D" stands for the case's directory).
        case line(String)
    }

    struct BadInput: Sendable, CustomTestStringConvertible {
        var name: String
        /// File name → fixture, made in the case's directory.
        var files: [String: DataFixture]
        /// "$D" stands for the case's directory; "--output $D/x.png" is added.
        var arguments: [String]
        var expected: Expected

        var testDescription: String { name }
    }

    static let db: [String: DataFixture] = ["db.sqlite": .sqlite(DataFixture.salesSQL)]
    static let columns = "the columns are: region, q1, q2"
    static let refusing = "chartview: $D/db.sqlite: refusing a statement that would change the database: "

    /// A chart spec over db.sqlite whose charts are `charts` (JSON objects).
    static func spec(_ charts: String...) -> DataFixture {
        .text("{\"database\": \"db.sqlite\", \"charts\": [\n" + charts.joined(separator: ",\n") + "\n]}\n")
    }

    static let sqliteCases: [BadInput] = [
        BadInput(
            name: "missing database", files: [:], arguments: ["$D/missing.sqlite", "--table", "sales"],
            expected: .line("chartview: $D/missing.sqlite: cannot open: no such file")),
        BadInput(
            name: "text file named .sqlite", files: ["x.sqlite": .text("name,value\nthis is not a database,1\n")],
            arguments: ["$D/x.sqlite", "--table", "sales"],
            expected: .line("chartview: $D/x.sqlite: cannot open: not a SQLite database")),
        BadInput(
            name: "syntax error", files: db, arguments: ["$D/db.sqlite", "--query", "SELEC region, q1 FROM sales"],
            expected: .line("chartview: $D/db.sqlite: query failed: near \"SELEC\": syntax error")),
        BadInput(
            name: "INSERT", files: db, arguments: ["$D/db.sqlite", "--query", "INSERT INTO sales VALUES ('West', 1, 2)"],
            expected: .line(refusing + "INSERT INTO sales VALUES ('West', 1, 2)")),
        BadInput(
            name: "UPDATE", files: db, arguments: ["$D/db.sqlite", "--query", "UPDATE sales SET q1 = 0"],
            expected: .line(refusing + "UPDATE sales SET q1 = 0")),
        BadInput(
            name: "DELETE", files: db, arguments: ["$D/db.sqlite", "--query", "  DELETE FROM sales\n"],
            expected: .line(refusing + "DELETE FROM sales")),
        BadInput(
            name: "CREATE", files: db, arguments: ["$D/db.sqlite", "--query", "CREATE TABLE t (a)"],
            expected: .line(refusing + "CREATE TABLE t (a)")),
        BadInput(
            name: "CREATE TEMP", files: db, arguments: ["$D/db.sqlite", "--query", "CREATE TEMP TABLE t (a)"],
            expected: .line(refusing + "CREATE TEMP TABLE t (a)")),
        BadInput(
            name: "DROP", files: db, arguments: ["$D/db.sqlite", "--query", "DROP TABLE sales"],
            expected: .line(refusing + "DROP TABLE sales")),
        BadInput(
            name: "WITH … INSERT", files: db,
            arguments: ["$D/db.sqlite", "--query", "WITH n AS (SELECT 1) INSERT INTO sales SELECT 'West', 1, 1 FROM n"],
            expected: .line(refusing + "WITH n AS (SELECT 1) INSERT INTO sales SELECT 'West', 1, 1 FROM n")),
        BadInput(
            name: "PRAGMA journal_mode", files: db, arguments: ["$D/db.sqlite", "--query", "PRAGMA journal_mode = WAL"],
            expected: .line(refusing + "PRAGMA journal_mode = WAL")),
        BadInput(
            name: "VACUUM INTO", files: db, arguments: ["$D/db.sqlite", "--query", "VACUUM INTO '$D/copy.sqlite'"],
            expected: .line(refusing + "VACUUM INTO '$D/copy.sqlite'")),
        // Refused (SQLite counts ATTACH as read-only; the limit of 0 attached databases stops it).
        BadInput(
            name: "ATTACH", files: db, arguments: ["$D/db.sqlite", "--query", "ATTACH '$D/other.sqlite' AS other"],
            expected: .line("chartview: $D/db.sqlite: query failed: too many attached databases - max 0")),
        BadInput(
            name: "two statements", files: db, arguments: ["$D/db.sqlite", "--query", "SELECT region, q1 FROM sales; DELETE FROM sales"],
            expected: .line("chartview: $D/db.sqlite: query failed: give one statement, not several")),
        BadInput(
            name: "? parameter", files: db, arguments: ["$D/db.sqlite", "--query", "SELECT region, q1 FROM sales WHERE q2 > ?"],
            expected: .line("chartview: $D/db.sqlite: query failed: use named parameters such as :period, not '?'")),
        BadInput(
            name: "named parameter without a value", files: db,
            arguments: ["$D/db.sqlite", "--query", "SELECT region, q1 FROM sales WHERE q1 > :limit"],
            expected: .line("chartview: $D/db.sqlite: query failed: the query needs a value for :limit")),
        BadInput(
            name: ":period on the command line", files: db,
            arguments: ["$D/db.sqlite", "--query", "SELECT region, q1 FROM sales WHERE region = :period"],
            expected: .line("chartview: $D/db.sqlite: a query with :period needs a chart spec file that lists the periods")),
        BadInput(
            name: "no rows", files: db, arguments: ["$D/db.sqlite", "--query", "SELECT region, q1 FROM sales WHERE q1 > 1000"],
            expected: .line("chartview: $D/db.sqlite: the query returned no rows")),
        BadInput(
            name: "empty query", files: db, arguments: ["$D/db.sqlite", "--query", " -- nothing\n"],
            expected: .line("chartview: $D/db.sqlite: query failed: the query is empty")),
        BadInput(
            name: "--x missing", files: db, arguments: ["$D/db.sqlite", "--table", "sales", "--x", "city"],
            expected: .line("chartview: $D/db.sqlite: no column 'city'; \(columns)")),
        BadInput(
            name: "--y missing", files: db, arguments: ["$D/db.sqlite", "--table", "sales", "--y", "q1,q3"],
            expected: .line("chartview: $D/db.sqlite: no column 'q3'; \(columns)")),
        BadInput(
            name: "text column as --y", files: db, arguments: ["$D/db.sqlite", "--table", "sales", "--x", "q1", "--y", "region"],
            expected: .line("chartview: $D/db.sqlite: column 'region' holds text, not numbers")),
        BadInput(
            name: "--table missing", files: db, arguments: ["$D/db.sqlite", "--table", "regions"],
            expected: .line("chartview: $D/db.sqlite: query failed: no such table: regions")),
        BadInput(
            name: "no --query or --table", files: db, arguments: ["$D/db.sqlite"],
            expected: .line("chartview: $D/db.sqlite: give --query SQL or --table NAME; the tables are: notes, sales")),
        BadInput(
            name: "a database without tables", files: ["empty.sqlite": .sqlite("PRAGMA user_version = 1;")], arguments: ["$D/empty.sqlite"],
            expected: .line("chartview: $D/empty.sqlite: the database has no tables")),
        BadInput(
            name: "--query and --table", files: db, arguments: ["$D/db.sqlite", "--query", "SELECT * FROM sales", "--table", "sales"],
            expected: .line("chartview: $D/db.sqlite: give --query or --table, not both")),
        BadInput(
            name: "--kind unknown", files: db, arguments: ["$D/db.sqlite", "--table", "sales", "--kind", "donut"],
            expected: .line(
                "chartview: unknown kind 'donut'; choose one of: bar, hbar, stacked, line, scatter, pie, combined, ohlc, candlestick, range, errorbar, bubble, radar, histogram, box, heatmap (see 'chartview --help')"
            ))
    ]

    static let csvCases: [BadInput] = [
        BadInput(
            name: "ragged row under --strict", files: ["r.csv": .text("name,a,b\nx,1,2\ny,3\nz,5,6\n")], arguments: ["$D/r.csv", "--strict"],
            expected: .line("chartview: $D/r.csv:3: has 2 fields, but the header has 3")),
        BadInput(
            // A column with text among its numbers is text: nothing is left to chart.
            name: "text in a number column", files: ["t.csv": .text("name,a\nx,1\ny,1.5\nz,lots\n")], arguments: ["$D/t.csv"],
            expected: .line("chartview: $D/t.csv: no column holds numbers to chart (the columns are: name, a)")),
        BadInput(
            name: "unterminated quote under --strict", files: ["q.csv": .text("name,a\nx,1\n\"y,2\nz,3\n")], arguments: ["$D/q.csv", "--strict"],
            expected: .line("chartview: $D/q.csv:3: a quoted field is never closed")),
        BadInput(
            name: "empty file", files: ["e.csv": .text("")], arguments: ["$D/e.csv"],
            expected: .line("chartview: $D/e.csv: has no data rows")),
        BadInput(
            name: "header only", files: ["h.csv": .text("name,a,b\n")], arguments: ["$D/h.csv"],
            expected: .line("chartview: $D/h.csv: has no data rows")),
        BadInput(
            name: "binary file named .csv",
            files: ["b.csv": .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0])],
            arguments: ["$D/b.csv"], expected: .line("chartview: $D/b.csv: cannot open: not a text file")),
        BadInput(
            // Control bytes that no text has (a PNG's signature), where it is not UTF-8.
            name: "binary file", files: ["l.csv": .bytes([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + Array("name,a\n".utf8))],
            arguments: ["$D/l.csv"], expected: .line("chartview: $D/l.csv: cannot open: not a text file")),
        BadInput(
            name: "missing CSV file", files: [:], arguments: ["$D/nope.csv"],
            expected: .line("chartview: $D/nope.csv: cannot open: no such file")),
        BadInput(
            name: "--table with a CSV file", files: ["ok.csv": .text("name,a\nx,1\n")], arguments: ["$D/ok.csv", "--table", "t"],
            expected: .line("chartview: $D/ok.csv: --query and --table are for SQLite databases, not CSV files")),
        BadInput(
            name: "every row set aside", files: ["s.csv": .text("name,a,b\ny\nz,5,6,7\n")], arguments: ["$D/s.csv", "--skip-bad-rows"],
            expected: .line("chartview: $D/s.csv: has no data rows: 2 rows set aside (line 2: 1 field, not 3; line 3: 4 fields, not 3)"))
    ]

    static let specCases: [BadInput] = [
        BadInput(
            name: "invalid JSON",
            files: db.merging([
                "bad.json": .text("{\n  \"database\": \"db.sqlite\",\n  \"charts\": [{\"name\": \"a\",, \"data\": {\"table\": \"sales\"}}]\n}\n")
            ]) { a, _ in a },
            arguments: ["$D/bad.json"],
            expected: .line("chartview: $D/bad.json: not valid JSON: Invalid value around character 55.")),
        BadInput(
            name: "wrong type",
            files: db.merging(["kind.json": spec(#"{"name": "a", "data": {"table": "sales"}}"#, #"{"name": "b", "kind": 3, "data": {"table": "sales"}}"#)]) {
                a, _ in a
            },
            arguments: ["$D/kind.json"], expected: .line("chartview: $D/kind.json: charts[1].kind: expected a string")),
        BadInput(
            name: "wrong type, nested",
            files: db.merging(["series.json": spec(#"{"name": "a", "data": {"table": "sales"}, "series": [{"column": 5}]}"#)]) { a, _ in a },
            arguments: ["$D/series.json"], expected: .line("chartview: $D/series.json: charts[0].series[0].column: expected a string")),
        BadInput(
            name: "missing data", files: db.merging(["nodata.json": spec(#"{"name": "a", "kind": "bar"}"#)]) { a, _ in a },
            arguments: ["$D/nodata.json"], expected: .line("chartview: $D/nodata.json: charts[0].data: is missing")),
        BadInput(
            name: "no charts", files: db.merging(["none.json": spec()]) { a, _ in a },
            arguments: ["$D/none.json"], expected: .line("chartview: $D/none.json: charts: lists no charts")),
        BadInput(
            name: "unknown theme", files: db.merging(["theme.json": spec(#"{"name": "a", "theme": "neon", "data": {"table": "sales"}}"#)]) { a, _ in a },
            arguments: ["$D/theme.json"],
            expected: .line("chartview: $D/theme.json: charts[0].theme: \"neon\" is not one of light, dark, dark-gradient, slate, stocks")),
        BadInput(
            name: "unknown kind", files: db.merging(["kind.json": spec(#"{"name": "a", "kind": "donut", "data": {"table": "sales"}}"#)]) { a, _ in a },
            arguments: ["$D/kind.json"],
            expected: .line(
                "chartview: $D/kind.json: charts[0].kind: \"donut\" is not one of bar, hbar, stacked, line, scatter, pie, combined, ohlc, candlestick, range, errorbar, bubble, radar, histogram, box, heatmap"
            )),
        BadInput(
            name: "data without query or table",
            files: db.merging(["nosrc.json": spec(#"{"name": "a", "data": {"table": "sales"}}"#, #"{"name": "b", "data": {}}"#)]) { a, _ in a },
            arguments: ["$D/nosrc.json"],
            expected: .line("chartview: $D/nosrc.json: charts[1].data: give a query or a table of a database, or a csv file")),
        BadInput(
            name: "duplicate chart names",
            files: db.merging(["dup.json": spec(#"{"name": "a", "data": {"table": "sales"}}"#, #"{"name": "a", "data": {"table": "notes"}}"#)]) { a, _ in a },
            arguments: ["$D/dup.json"], expected: .line("chartview: $D/dup.json: charts[1].name: 'a' names two charts")),
        BadInput(
            name: "missing database",
            files: ["gone.json": .text(#"{"charts": [{"name": "a", "data": {"database": "gone.sqlite", "table": "sales"}}]}"#)],
            arguments: ["$D/gone.json"], expected: .line("chartview: $D/gone.sqlite: cannot open: no such file")),
        BadInput(
            name: "--chart nope",
            files: db.merging([
                "two.json": spec(#"{"name": "a", "data": {"table": "sales"}}"#, #"{"name": "b", "data": {"query": "SELECT region, q2 FROM sales"}}"#)
            ]) { a, _ in a },
            arguments: ["$D/two.json", "--chart", "nope"],
            expected: .line("chartview: no chart named 'nope'; the charts are: a, b (see 'chartview --help')")),
        BadInput(
            name: "missing spec file", files: [:], arguments: ["$D/missing.json"],
            expected: .line("chartview: $D/missing.json: cannot open: no such file"))
    ]

    @Test(arguments: sqliteCases + csvCases + specCases + specValueCases)
    func badInputIsOneLineAndStatus2(_ input: BadInput) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, fixture) in input.files { try fixture.make(at: dir + "/" + name) }
        let before = try input.files.keys.sorted().map { try FileSnapshot(dir + "/" + $0) }

        let arguments = input.arguments.map { $0.replacingOccurrences(of: "$D", with: dir) } + ["--output", dir + "/x.png"]
        let result = try ChartviewProcess.run(arguments)

        #expect(result.status == 2, "\(input.name): \(result.stderr)")
        #expect(result.stdout.isEmpty, "\(input.name): stdout \(result.stdout)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines.last == "", "\(input.name): not one line: \(result.stderr)")
        let line = String(lines.first ?? "")
        switch input.expected {
        case .line(let expected):
            #expect(line == expected.replacingOccurrences(of: "$D", with: dir))
        }
        // No output file, nothing else created, and the inputs untouched.
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == input.files.keys.sorted())
        #expect(try input.files.keys.sorted().map { try FileSnapshot(dir + "/" + $0) } == before)
    }

    /// Rows that do not fit are set aside by default (and with --skip-bad-rows), named by line
    /// on standard error and in the chart's note; a short row is kept with its missing cells.
    @Test func skipBadRowsChartsTheGoodRowsAndSaysHowManyWereSkipped() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try DataFixture.text("name,a,b\nx,1,2\ny,3\nz,5,6\nw,7,8,9\nv,9,10\n").make(at: dir + "/r.csv")
        let result = try ChartviewProcess.run([dir + "/r.csv", "--skip-bad-rows", "--output", dir + "/x.png", "--dump-layout", dir + "/x.json"])
        #expect(result.status == 0)
        #expect(result.stdout.isEmpty)
        let said = "1 row set aside (line 5: 4 fields, not 3); 1 short row filled with missing cells (line 3)"
        #expect(result.stderr == "chartview: \(dir)/r.csv: \(said)\n")
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
        let dump = try LayoutDumpReader.read(dir + "/x.json")
        #expect(dump.plots.map(\.kind) == ["bar", "bar"])
        #expect(dump.plots.map { $0.items.map(\.value) } == [[1, 3, 5, 9], [2, 6, 10]])
        #expect(dump.axes.first { $0.id == "x" }?.labels.map(\.text) == ["x", "y", "z", "v"])
        #expect(dump.note?.hasSuffix(said) == true, "\(dump.note ?? "")")

        try DataFixture.text("name,a,b\nx,1,2\ny,3\nz,5,6\n").make(at: dir + "/one.csv")
        let one = try ChartviewProcess.run([dir + "/one.csv", "--skip-bad-rows", "--output", dir + "/one.png"])
        #expect(one.status == 0)
        #expect(one.stderr == "chartview: \(dir)/one.csv: 1 short row filled with missing cells (line 3)\n")
        let strict = try ChartviewProcess.run([dir + "/r.csv", "--strict", "--output", dir + "/s.png"])
        #expect(strict.status == 2)
        #expect(strict.stderr == "chartview: \(dir)/r.csv:3: has 2 fields, but the header has 3\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"))
    }
}
