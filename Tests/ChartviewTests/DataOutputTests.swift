import ChartCairo
import Foundation
import Testing

/// Good data through the real binary: SQLite tables and queries, CSV files and chart spec
/// files become the charts the data calls for, and the database is never changed.
@Suite struct DataOutputTests {
    /// Renders `arguments` to x.png and x.json in `dir` at 800x600 and reads the dump.
    func render(_ arguments: [String], in dir: String) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", "800x600", "--output", dir + "/x.png", "--dump-layout", dir + "/x.json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
        return try LayoutDumpReader.read(dir + "/x.json")
    }

    func labels(_ dump: LayoutDumpReader, axis: String) -> [String] {
        dump.axes.first { $0.id == axis }?.labels.map(\.text) ?? []
    }

    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test func textCategoriesAndTwoNumberColumnsGiveGroupedBars() throws {
        try withDirectory { dir in
            try DataFixture.sqlite(dir + "/db.sqlite", DataFixture.salesSQL)
            let dump = try render([dir + "/db.sqlite", "--table", "sales"], in: dir)
            #expect(dump.plots.map(\.kind) == ["bar", "bar"])
            #expect(dump.plots.map(\.id) == ["q1", "q2"])
            #expect(dump.plots[0].items.map(\.value) == [10.5, 7, 2.25])
            // East's q2 is NULL: no bar for it.
            #expect(dump.plots[1].items.map(\.record) == [0, 1])
            #expect(dump.plots[1].items.map(\.value) == [3, 8])
            #expect(labels(dump, axis: "x") == ["North", "South", "East"])
            #expect(dump.legend.entries.map(\.title) == ["q1", "q2"])
            // Grouped: a region's two bars side by side, q1 left of q2.
            let north = dump.plots.map { $0.items[0].rect }
            #expect(north[0][0] + north[0][2] <= north[1][0] + 0.5)
        }
    }

    @Test func aQueryPicksColumnsAndOrder() throws {
        try withDirectory { dir in
            try DataFixture.sqlite(dir + "/db.sqlite", DataFixture.salesSQL)
            let dump = try render([dir + "/db.sqlite", "--query", "SELECT region, q2 AS units FROM sales WHERE q2 IS NOT NULL ORDER BY q2 DESC"], in: dir)
            #expect(dump.plots.map(\.id) == ["units"])
            #expect(dump.plots[0].items.map(\.value) == [8, 3])
            #expect(labels(dump, axis: "x") == ["South", "North"])
        }
    }

    @Test func numericXGivesALineWithAGapForNull() throws {
        try withDirectory { dir in
            try DataFixture.sqlite(dir + "/m.sqlite", "CREATE TABLE m (x REAL, y REAL); INSERT INTO m VALUES (1, 2), (2, 4), (3, NULL), (4, 8), (5, 10);")
            let dump = try render([dir + "/m.sqlite", "--table", "m"], in: dir)
            #expect(dump.plots.map(\.kind) == ["line"])
            let items = dump.plots[0].items
            #expect(items.map(\.record) == [0, 1, 3, 4])
            #expect(items.map(\.value) == [2, 4, 8, 10])
            let xs = items.compactMap { $0.point?[0] }
            #expect(xs.count == 4 && xs == xs.sorted())
            // x = 4 sits three steps from x = 1, as numbers do (not as the fourth category).
            #expect(abs((xs[2] - xs[0]) - 3 * (xs[1] - xs[0])) < 1)
        }
    }

    @Test func isoDateTextGivesALineWithDateLabels() throws {
        try withDirectory { dir in
            try DataFixture.sqlite(
                dir + "/d.sqlite",
                """
                CREATE TABLE d (day TEXT, visitors INTEGER);
                INSERT INTO d VALUES ('2026-11-01', 10), ('2026-11-02', 30), ('2026-11-03', 20), ('2026-11-05', 50), ('2026-11-08', 40);
                """)
            let dump = try render([dir + "/d.sqlite", "--table", "d"], in: dir)
            #expect(dump.plots.map(\.kind) == ["line"])
            let xs = dump.plots[0].items.compactMap { $0.point?[0] }
            try #require(xs.count == 5)
            // Placed by date: the 5th is twice as far from the 3rd as the 2nd from the 1st.
            #expect(abs((xs[3] - xs[2]) - 2 * (xs[1] - xs[0])) < 1)
            let texts = labels(dump, axis: "x")
            #expect(!texts.isEmpty)
            for text in texts {
                #expect(text.contains { $0.isLetter } || text.contains("-") || text.contains("/"), "'\(text)' does not look like a date")
                #expect(Double(text) == nil, "'\(text)' is a raw number")
            }
            #expect(texts.contains { $0.contains("Nov") || $0.contains("11") }, "labels: \(texts)")
        }
    }

    static let kinds: [(kind: String, plots: [String])] = [
        ("bar", ["bar", "bar"]), ("hbar", ["bar", "bar"]), ("stacked", ["bar", "bar"]), ("line", ["line", "line"]),
        ("scatter", ["scatter", "scatter"]), ("combined", ["bar", "line"]), ("pie", ["pie"])
    ]

    @Test(arguments: kinds)
    func kindGivesItsPlots(kind: String, plots: [String]) throws {
        try withDirectory { dir in
            try DataFixture.sqlite(dir + "/db.sqlite", DataFixture.salesSQL)
            let dump = try render([dir + "/db.sqlite", "--table", "sales", "--kind", kind], in: dir)
            #expect(dump.plots.map(\.kind) == plots)
            #expect(dump.plots[0].items.map(\.value) == [10.5, 7, 2.25])
            switch kind {
            case "pie":
                #expect(dump.plots[0].items.allSatisfy { $0.center != nil && $0.radius != nil })
                #expect(dump.axes.isEmpty)
                #expect(dump.legend.entries.map(\.title) == ["North", "South", "East"])
            case "hbar":
                let bars = dump.plots.flatMap(\.items)
                #expect(bars.allSatisfy { $0.rect[2] > $0.rect[3] }, "horizontal bars are wider than tall")
                #expect(Set(labels(dump, axis: "y")) == ["North", "South", "East"])
            case "stacked":
                // q2 sits on q1 in the same slot.
                for (lower, upper) in zip(dump.plots[0].items, dump.plots[1].items) {
                    #expect(abs(upper.rect[1] + upper.rect[3] - lower.rect[1]) < 1, "\(upper.rect) on \(lower.rect)")
                    #expect(abs(upper.rect[0] - lower.rect[0]) < 1)
                }
            case "scatter", "line":
                #expect(dump.plots.flatMap(\.items).allSatisfy { $0.point != nil })
                #expect(dump.plots[1].items.count == 2, "the NULL is left out")
            case "combined":
                #expect(dump.plots[1].items.allSatisfy { $0.point != nil })
            default:
                #expect(dump.plots[1].items.map(\.value) == [3, 8])
            }
        }
    }

    @Test func aSemicolonCSVWithBOMQuotesCRLFAndMissingValuesCharts() throws {
        try withDirectory { dir in
            let text = "\u{FEFF}\"city\";\"sales\";\"cost\"\r\n\"Paris; FR\";12.5;3\r\n\"New \"\"York\"\"\";7;NA\r\nLondon;;4\r\n  Rome ; 9 ;2\r\n"
            try DataFixture.text(text).make(at: dir + "/cities.csv")
            let dump = try render([dir + "/cities.csv"], in: dir)
            #expect(dump.plots.map(\.kind) == ["bar", "bar"])
            #expect(dump.plots.map(\.id) == ["sales", "cost"], "the BOM and quotes are not part of the names")
            #expect(labels(dump, axis: "x") == ["Paris; FR", "New \"York\"", "London", "Rome"])
            #expect(dump.plots[0].items.map(\.record) == [0, 1, 3])
            #expect(dump.plots[0].items.map(\.value) == [12.5, 7, 9])
            #expect(dump.plots[1].items.map(\.record) == [0, 2, 3])
            #expect(dump.plots[1].items.map(\.value) == [3, 4, 2])
        }
    }

    @Test func aCSVOf20000RowsRenders() throws {
        try withDirectory { dir in
            let text = "x,y\n" + (0..<20_000).map { "\($0),\($0 % 100)\n" }.joined()
            try DataFixture.text(text).make(at: dir + "/big.csv")
            let dump = try render([dir + "/big.csv"], in: dir)
            #expect(dump.plots.map(\.kind) == ["line"])
            // 20,000 points over about 1,000 pixel columns: thinned to the first, lowest, highest
            // and last point of each column, the last record among them.
            #expect(dump.plots[0].items.count <= 4 * Int(dump.plotArea[2]) + 8)
            #expect(dump.plots[0].items.count > Int(dump.plotArea[2]))
            #expect(dump.plots[0].items.last?.record == 19_999)
            #expect(dump.plots[0].items.last?.value == 99)
            let area = dump.plotArea
            #expect(
                dump.plots[0].items.allSatisfy { item in
                    guard let p = item.point else { return false }
                    return p[0] >= area[0] - 0.5 && p[0] <= area[0] + area[2] + 0.5 && p[1] >= area[1] - 0.5 && p[1] <= area[1] + area[3] + 0.5
                })
        }
    }

    @Test func aSpecFileWithTwoChartsOverARelativeDatabase() throws {
        try withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/charts/data", withIntermediateDirectories: true)
            try DataFixture.sqlite(dir + "/charts/data/shop.sqlite", DataFixture.salesSQL)
            try DataFixture.text(
                """
                {"database": "data/shop.sqlite", "charts": [
                  {"name": "first-quarter", "title": "Q1", "data": {"query": "SELECT region, q1 FROM sales"}},
                  {"name": "units", "kind": "hbar", "data": {"table": "sales"}, "y": ["q2"]}
                ]}
                """
            ).make(at: dir + "/charts/shop.json")
            try FileManager.default.createDirectory(atPath: dir + "/elsewhere", withIntermediateDirectories: true)
            // Run from another directory, with the spec named relatively: the database is found beside the spec.
            let list = try ChartviewProcess.run(["../charts/shop.json", "--list"], in: dir + "/elsewhere", environment: [:])
            #expect(list.status == 0, "\(list.stderr)")
            #expect(list.stdout == "first-quarter\nunits\n")
            #expect(list.stderr.isEmpty)

            let first = try render([dir + "/charts/shop.json"], in: dir)
            #expect(first.title?.text == "Q1")
            #expect(first.plots.map(\.id) == ["q1"])
            let units = try render([dir + "/charts/shop.json", "--chart", "units"], in: dir)
            #expect(units.title?.text == "units")
            #expect(units.plots.map(\.id) == ["q2"])
            #expect(units.plots[0].items.map(\.value) == [3, 8])
            #expect(units.plots[0].items.allSatisfy { $0.rect[2] > $0.rect[3] })
        }
    }

    /// `"fill": true` on a series fills under its line in its color at 30%, on a log y axis too.
    @Test(arguments: [false, true])
    func aSpecSeriesFillsTheAreaUnderItsLine(fill: Bool) throws {
        try withDirectory { dir in
            try DataFixture.text("x,y\n" + (1...9).map { "\($0),\(10 * $0 * $0)" }.joined(separator: "\n") + "\n").make(at: dir + "/grow.csv")
            try DataFixture.text(
                """
                {"charts": [{"name": "grow", "data": {"csv": "grow.csv"}, "yAxis": {"scale": "log"},
                             "series": [{"column": "y", "color": "#1c7ed6", "fill": \(fill)}]}]}
                """
            ).make(at: dir + "/grow.json")
            let dump = try render([dir + "/grow.json"], in: dir)
            let image = try CairoSurface.png(path: dir + "/x.png")
            // Below the middle point, down to the plot area's bottom: the blue at 30% over white.
            let point = try #require(dump.plots.first?.items[4].point)
            let bottom = dump.plotArea[1] + dump.plotArea[3]
            var filled = 0, total = 0
            for y in stride(from: Int(point[1]) + 4, to: Int(bottom) - 2, by: 3) {
                total += 1
                if image.pixel(x: Int(point[0]) + 1, y: y).distance(to: PixelColor(red: 187, green: 216, blue: 243)) <= 12 { filled += 1 }
            }
            #expect(total > 20)
            #expect(fill ? filled * 10 >= total * 9 : filled == 0, "\(filled) of \(total) pixels filled")
        }
    }

    @Test func renderingLeavesTheDatabaseAsItWas() throws {
        try withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
            let db = dir + "/data/db.sqlite"
            try DataFixture.sqlite(db, DataFixture.salesSQL)
            // Make the file's time distinguishable from a rewrite in the same instant.
            try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: db)
            let before = try FileSnapshot(db)
            for arguments in [["--table", "sales"], ["--query", "SELECT region, q1 FROM sales"], ["--table", "sales", "--kind", "pie"]] {
                _ = try render([db] + arguments, in: dir)
            }
            // Refused writes leave it alone too.
            _ = try ChartviewProcess.run([db, "--query", "DELETE FROM sales", "--output", dir + "/y.png"])
            #expect(try FileSnapshot(db) == before)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/data") == ["db.sqlite"], "no journal or lock files")
        }
    }

    @Test func aWALDatabaseGetsNoFilesBesideIt() throws {
        try withDirectory { dir in
            try FileManager.default.createDirectory(atPath: dir + "/data", withIntermediateDirectories: true)
            let db = dir + "/data/wal.sqlite"
            try DataFixture.sqlite(db, "PRAGMA journal_mode = WAL; " + DataFixture.salesSQL)
            let before = try FileSnapshot(db)
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/data") == ["wal.sqlite"])
            _ = try render([db, "--table", "sales"], in: dir)
            #expect(try FileSnapshot(db) == before)
            let after = try FileManager.default.contentsOfDirectory(atPath: dir + "/data").sorted()
            #expect(after == ["wal.sqlite"], "an idle WAL database is opened immutable: no -wal or -shm files")
        }
    }

    @Test func withoutAFileTheDemoChartsAreListed() throws {
        // The gallery beside the binary, or this source tree's when the binary was built elsewhere.
        let environment = ProcessInfo.processInfo.environment["CHARTVIEW_ASSETS"] == nil ? ["CHARTVIEW_ASSETS": DataFixture.assets] : [:]
        let result = try ChartviewProcess.run(["--list"], in: nil, environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout
                == "enrollment\nrates\nrates-pie\nmood\nwater-exercise\ncategories\nsquares\ncandles\nohlc\nprice-range\nerrorbars\nhistogram\nboxes\nbubbles\nradar\nheatmap\n"
        )
    }
}
