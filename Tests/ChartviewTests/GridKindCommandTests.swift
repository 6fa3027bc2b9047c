import Foundation
import Testing

/// `--kind bubble`, `--kind radar` and `--kind heatmap` through the real binary: CSV, SQLite
/// and spec files, column mapping by flag, name and order, SVG and PDF output, the dark theme,
/// one-line errors, and real public data sets (gapminder, cars, Seattle's weather, barley).
@Suite struct GridKindCommandTests {
    func dump(_ arguments: [String], size: String = "1024x768") throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--dump-layout", "-"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    func sqlite(_ path: String, _ sql: String) throws {
        let result = try TraceSession.run("sqlite3", ["-batch", path, sql])
        guard result.status == 0 else { throw TraceError.tool("sqlite3", result.output) }
    }

    static let subjects = """
        subject,students,score,hours
        Math,120,72.5,300
        Physics,80,68.1,150
        Chemistry,95,70.2,220
        Art,30,88.0,40

        """

    @Test func bubblesFromCSVAndSQLiteByOrderByNameAndByFlag() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/subjects.csv"
        try Self.subjects.write(toFile: csv, atomically: true, encoding: .utf8)
        // By order: x students, y score, size hours; the subjects name the bubbles.
        let layout = try dump([csv, "--kind", "bubble"])
        let plot = try #require(layout.plots.first)
        #expect(layout.plots.count == 1 && plot.kind == "bubble")
        #expect(plot.items.map(\.record) == [0, 2, 1, 3])  // largest first
        #expect(plot.items.first?.text == "Math · students 120 · score 72.50 · hours 300")
        #expect(layout.axes.first { $0.id == "x" }?.title?.text == "students")
        // By flag: the size is the score.
        let byFlag = try dump([csv, "--kind", "bubble", "--size-by", "score"])
        #expect(byFlag.plots[0].items.first?.text == "Art · students 30 · hours 40 · score 88")
        // SQLite, a column named size.
        let db = dir + "/s.sqlite"
        try sqlite(db, "CREATE TABLE t (name TEXT, size REAL, a REAL, b REAL); INSERT INTO t VALUES ('p', 4, 1, 2), ('q', 1, 2, 3), ('r', 9, 3, 1);")
        let fromDB = try dump([db, "--query", "SELECT name, size, a, b FROM t", "--kind", "bubble"])
        #expect(fromDB.plots[0].items.map(\.record) == [2, 0, 1])
        #expect(fromDB.plots[0].items.first?.text == "r · a 3 · b 1 · size 9")
        // Too few numbers: one line naming the file.
        let bad = try ChartviewProcess.run([csv, "--kind", "bubble", "--x", "subject", "--y", "score", "--size-by", "nope", "--output", dir + "/x.png"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("chartview: \(csv): no column 'nope'") && bad.stderr.filter { $0 == "\n" }.count == 1, "\(bad.stderr)")
    }

    @Test func radarWideLongAndARowPerSeries() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let wide = dir + "/wide.csv"
        try "skill,A,B\nSpeed,7,5\nPower,6,8\nAgility,8,6\nStamina,5,7\n".write(toFile: wide, atomically: true, encoding: .utf8)
        let layout = try dump([wide, "--kind", "radar"])
        #expect(layout.plots.map(\.title) == ["A", "B"] && layout.axes.isEmpty)
        #expect(layout.plots[0].items.contains { $0.text == "Power · A 6" })
        #expect(layout.legend.entries.map(\.title) == ["A", "B"])
        // Long format in SQLite: a polygon per group, means per category.
        let db = dir + "/long.sqlite"
        try sqlite(
            db,
            "CREATE TABLE m (attr TEXT, who TEXT, v REAL); INSERT INTO m VALUES ('x', 'p', 1), ('y', 'p', 2), ('z', 'p', 3), ('x', 'q', 4), ('y', 'q', 5), ('z', 'q', 6), ('z', 'q', 8);"
        )
        let long = try dump([db, "--table", "m", "--kind", "radar"])
        #expect(long.plots.map(\.title) == ["p", "q"])
        #expect(long.plots[1].items.contains { $0.text == "z · q 7" })
        // A row per series (more columns than rows): spokes are the columns.
        let rows = dir + "/rows.csv"
        try "team,speed,power,agility,stamina\nRed,7,6,8,5\nBlue,5,8,6,7\n".write(toFile: rows, atomically: true, encoding: .utf8)
        let flipped = try dump([rows, "--kind", "radar"])
        #expect(flipped.plots.map(\.title) == ["Red", "Blue"])
        #expect(flipped.plots[0].labels?.map(\.text).suffix(4) == ["speed", "power", "agility", "stamina"])
    }

    @Test func heatmapFromCSVAndSQLiteWithColorMapsAndOutputs() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/h.csv"
        try "x,row,v\na,r1,1\nb,r1,2\na,r2,-3\nb,r2,4\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let layout = try dump([csv, "--kind", "heatmap"])
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "heatmap" && plot.items.count == 4)
        #expect(plot.items.map(\.text) == ["a · r1 · v 1", "b · r1 · v 2", "a · r2 · v -3", "b · r2 · v 4"])
        // Values straddling 0: coolwarm; its neutral middle at 0 is not the color of 1 or -3.
        #expect(Set(plot.items.map(\.color)).count == 4)
        let magma = try dump([csv, "--kind", "heatmap", "--color-map", "magma"])
        #expect(magma.plots[0].items.map(\.color) != plot.items.map(\.color))
        let badMap = try ChartviewProcess.run([csv, "--kind", "heatmap", "--color-map", "rainbow", "--output", dir + "/x.png"])
        #expect(badMap.status == 2 && badMap.stderr.contains("viridis, magma, cividis, coolwarm"), "\(badMap.stderr)")
        // SQLite, and SVG, PDF and the dark theme.
        let db = dir + "/h.sqlite"
        try sqlite(db, "CREATE TABLE h (x INTEGER, y INTEGER, v REAL); INSERT INTO h VALUES (1, 1, 0.5), (2, 1, 0.7), (1, 2, 0.1), (2, 2, 0.9);")
        #expect(try dump([db, "--table", "h", "--kind", "heatmap"]).plots[0].items.count == 4)
        for kind in ["heatmap", "radar", "bubble"] {
            for name in ["out.svg", "out.pdf", "dark.png"] {
                let out = dir + "/\(kind)-" + name
                let file = kind == "heatmap" ? csv : dir + "/\(kind).csv"
                if kind != "heatmap" { try "n,a,b,c\np,1,2,3\nq,2,3,1\nr,3,1,2\n".write(toFile: file, atomically: true, encoding: .utf8) }
                let result = try ChartviewProcess.run([file, "--kind", kind, "--output", out] + (name.hasPrefix("dark") ? ["--theme", "dark"] : []))
                #expect(result.status == 0, "\(kind) \(name): \(result.stderr)")
                let size = (try? FileManager.default.attributesOfItem(atPath: out)[.size] as? Int) ?? 0
                #expect(size > 500, "\(kind) \(name) is \(size) bytes")
            }
        }
    }

    @Test func specFilesNameTheSizeAndTheColorMap() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try sqlite(
            dir + "/db.sqlite", "CREATE TABLE t (name TEXT, a REAL, b REAL, w REAL); INSERT INTO t VALUES ('p', 1, 2, 5), ('q', 2, 1, 1), ('r', 3, 3, 2);")
        let spec = """
            {"database": "db.sqlite", "charts": [
              {"name": "b", "kind": "bubble", "data": {"table": "t"}, "x": "a", "y": ["b"], "size": "w"},
              {"name": "h", "kind": "heatmap", "data": {"table": "t"}, "colorMap": "cividis"},
              {"name": "r", "kind": "radar", "data": {"table": "t"}, "legend": false}
            ]}
            """
        try spec.write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        let bubbles = try dump([dir + "/spec.json", "--chart", "b"])
        #expect(bubbles.plots[0].items.first?.text == "p · a 1 · b 2 · w 5")
        let heat = try dump([dir + "/spec.json", "--chart", "h"])
        #expect(heat.plots[0].kind == "heatmap" && heat.plots[0].items.count == 3)
        let radar = try dump([dir + "/spec.json", "--chart", "r"])
        #expect(radar.plots.count == 3 && radar.legend.entries.isEmpty)
        try spec.replacingOccurrences(of: "cividis", with: "jet").write(toFile: dir + "/bad.json", atomically: true, encoding: .utf8)
        let bad = try ChartviewProcess.run([dir + "/bad.json", "--chart", "h", "--output", dir + "/x.png"])
        #expect(bad.status == 2 && bad.stderr.contains("colorMap") && bad.stderr.filter { $0 == "\n" }.count == 1, "\(bad.stderr)")
    }

    // MARK: Real data

    @Test("Gapminder 2007: GDP per capita by life expectancy, sized by population, by continent")
    func gapminderBubbles() throws {
        let query = "SELECT country, continent, gdpPercap, lifeExp, pop FROM gapminder WHERE year = 2007"
        let layout = try dump([try RealData.path("gapminder.sqlite"), "--query", query, "--kind", "bubble"])
        #expect(layout.plots.map(\.title) == ["Asia", "Europe", "Africa", "Americas", "Oceania"])
        #expect(layout.plots.allSatisfy { $0.kind == "bubble" })
        #expect(layout.title?.text == "lifeExp by gdpPercap, sized by pop")
        let items = layout.plots.flatMap(\.items)
        #expect(items.count == 142)
        let china = try #require(items.first { $0.text?.hasPrefix("China ·") == true })
        #expect(china.text == "China · gdpPercap 4959.11 · lifeExp 72.96 · pop 1.32B", "\(china.text ?? "")")
        // One scale for all continents: China (1.32 billion) is the largest bubble of all.
        let sizes = layout.plots.flatMap(\.items).compactMap(\.symbolSize)
        #expect(china.symbolSize == sizes.max())
        // The CSV, every year, with the columns named.
        let csv = try dump([try RealData.path("gapminder/gapminder.csv"), "--kind", "bubble", "--x", "gdpPercap", "--y", "lifeExp", "--size-by", "pop"])
        #expect(csv.plots.count == 5 && csv.plots.flatMap(\.items).count == 1704)
    }

    @Test("Cars by origin: a polygon per origin over the averages (a SQLite file built from vega's cars.csv)")
    func carsRadar() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/cars.sqlite"
        let result = try TraceSession.run("sqlite3", ["-batch", db, "-cmd", ".mode csv", ".import \(try RealData.path("vega/cars.csv")) cars"])
        try #require(result.status == 0, "\(result.output)")
        let query = """
            SELECT Origin, ROUND(AVG(Miles_per_Gallon), 1) AS mpg, ROUND(AVG(Cylinders), 1) AS cylinders,
                   ROUND(AVG(Acceleration), 1) AS acceleration, ROUND(AVG(Horsepower) / 10, 1) AS "horsepower / 10",
                   ROUND(AVG(Displacement) / 20, 1) AS "displacement / 20"
            FROM cars GROUP BY Origin ORDER BY Origin
            """
        let layout = try dump([db, "--query", query, "--kind", "radar"])
        #expect(layout.plots.map(\.title) == ["Europe", "Japan", "USA"])
        let usa = try #require(layout.plots.last)
        #expect(usa.items.contains { $0.text == "cylinders · USA 6.3" }, "\(usa.items.compactMap(\.text))")
        #expect(layout.plots[0].labels?.map(\.text).suffix(5) == ["mpg", "cylinders", "acceleration", "horsepower / 10", "displacement / 20"])
    }

    @Test("Seattle's weather: mean temp_max by month and year, from a SQLite file of vega's CSV")
    func seattleHeatmap() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/weather.sqlite"
        let result = try TraceSession.run("sqlite3", ["-batch", db, "-cmd", ".mode csv", ".import \(try RealData.path("vega/seattle-weather.csv")) weather"])
        try #require(result.status == 0, "\(result.output)")
        let query =
            "SELECT substr(date, 6, 2) AS month, substr(date, 1, 4) AS year, ROUND(AVG(temp_max), 1) AS temp_max FROM weather GROUP BY 1, 2 ORDER BY 1, 2"
        let layout = try dump([db, "--query", query, "--kind", "heatmap"])
        let plot = try #require(layout.plots.first)
        #expect(plot.items.count == 48)
        #expect(layout.title?.text == "temp_max by month and year")
        // Years read as dates are rows named by year, the first at the top (labels go bottom up).
        #expect(layout.axes.first { $0.id == "y" }?.labels.map(\.text) == ["2015", "2014", "2013", "2012"])
        #expect(plot.items.contains { $0.text == "7 · 2015 · temp_max 28.1" }, "\(plot.items.prefix(3).compactMap(\.text))")
        // Warmest in summer: July's cells carry viridis' yellow end more than January's.
        let july = plot.items.filter { $0.text?.hasPrefix("7 ·") == true }.map(\.value)
        let january = plot.items.filter { $0.text?.hasPrefix("1 ·") == true }.map(\.value)
        #expect(july.min()! > january.max()!)
    }

    @Test("Barley with no flags but --kind heatmap: yield by variety and year, averaged over the sites")
    func barleyHeatmap() throws {
        let layout = try dump([try RealData.path("vega/barley.csv"), "--kind", "heatmap"])
        let plot = try #require(layout.plots.first)
        #expect(plot.items.count == 20)
        #expect(plot.items.allSatisfy { $0.text?.contains("(mean of 6)") == true }, "\(plot.items.prefix(2).compactMap(\.text))")
        #expect(layout.axes.first { $0.id == "y" }?.labels.map(\.text) == ["1932", "1931"])
    }
}
