import Foundation
import Testing

/// A spec's `layout` and several `--chart` flags through the real binary: a dashboard of real
/// tables (ISLR's NYSE returns and volume by trading day, its Bikeshare riders by month) as one
/// page before its charts, in one PNG, SVG or PDF, each cell's plot area in `--dump-layout`;
/// the two charts over time linked (one x range, one pair of plot area edges), the bars on
/// their own; rows by their relative heights; no text overlapping at a wide, a tall and a small
/// size; a wrong layout one line, exit 2.
@Suite struct LayoutCommandTests {
    /// A folder holding the dashboard spec over the real tables; `layout` is its layout's JSON.
    static func dashboard(layout: String = #"{"name": "dashboard", "title": "Markets and bikes", "heights": [2, 1, 1]}"#) throws -> String {
        let directory = try ChartviewProcess.temporaryDirectory()
        let nyse = try RealData.path("islp/NYSE.csv"), bikes = try RealData.path("islp/Bikeshare.csv")
        let spec = """
            {"charts": [
              {"name": "returns", "title": "Dow Jones daily return", "kind": "line", "data": {"csv": "\(nyse)"}, "x": "date", "y": ["DJ_return"]},
              {"name": "volume", "title": "Log volume", "kind": "line", "data": {"csv": "\(nyse)"}, "x": "date", "y": ["log_volume"]},
              {"name": "riders", "title": "Riders an hour, by month", "kind": "bar", "data": {"csv": "\(bikes)"}, "x": "mnth", "y": ["bikers"],
               "aggregate": "mean"}
            ],
            "layout": \(layout)}
            """
        let path = directory + "/dashboard.json"
        try spec.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    func dump(_ arguments: [String], size: String) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--dump-layout", "-"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    @Test func theLayoutIsTheFirstPageBeforeEachChart() throws {
        let spec = try Self.dashboard()
        let listed = try ChartviewProcess.run([spec, "--list"])
        #expect(listed.status == 0 && listed.stdout == "dashboard\nreturns\nvolume\nriders\n", "\(listed.stdout)\(listed.stderr)")
        // One chart of the file alone is still a page of its own.
        let alone = try dump([spec, "--chart", "riders"], size: "800x600")
        #expect(alone.cells == nil && !alone.plots.isEmpty && alone.title?.text == "Riders an hour, by month")
        let described = try ChartviewProcess.run([spec, "--describe"])
        #expect(described.status == 0 && described.stdout.components(separatedBy: "\n\n").count == 3, "\(described.stdout)")
    }

    @Test(arguments: ["1600x1000", "800x1200", "500x400"])
    func aDashboardLaysItsChartsOutInOneScene(size: String) throws {
        let layout = try dump([try Self.dashboard()], size: size)
        let cells = try #require(layout.cells)
        #expect(cells.count == 3)
        #expect(layout.title?.text == "Markets and bikes")
        let titles = ["Dow Jones daily return", "Log volume", "Riders an hour, by month"]
        // Stacked without overlapping, rows 2 : 1 : 1 where there is room (a small picture gives
        // each row the least a chart needs, and its charts make room for their data by leaving
        // their titles out).
        for (a, b) in zip(cells, cells.dropFirst()) { #expect(a.frame[1] + a.frame[3] <= b.frame[1]) }
        if size == "500x400" {
            #expect(cells.allSatisfy { $0.frame[3] >= 110 && $0.layout.plotArea[3] >= 24 }, "\(cells.map(\.frame))")
            for (cell, title) in zip(cells, titles) { #expect(cell.layout.title == nil || cell.layout.title?.text == title) }
        } else {
            #expect(cells.map { $0.layout.title?.text } == titles)
            #expect(abs(cells[0].frame[3] - 2 * cells[1].frame[3]) <= 2 && abs(cells[1].frame[3] - cells[2].frame[3]) <= 1, "\(cells.map(\.frame))")
        }
        // The two charts over time share x and their plot areas' edges; the bars keep their categories.
        let x = cells.compactMap { $0.layout.spaces?.first?.x }
        #expect(x.count == 3 && x[0] == x[1] && x[2] != x[0], "\(x)")
        #expect(cells[2].layout.spaces?.first?.xScale == "category")
        // Colors always explained: a chart of several series keeps its legend at every size,
        // and shows its data.
        for cell in cells where cell.layout.plots.count > 1 {
            #expect(cell.layout.legend.position != "none" && cell.layout.plotArea[3] >= 24, "\(size): \(cell.layout.legend.position) \(cell.layout.plotArea)")
        }
        let edges = cells.prefix(2).map { [$0.frame[0] + $0.layout.plotArea[0], $0.frame[0] + $0.layout.plotArea[0] + $0.layout.plotArea[2]] }
        #expect(Set(edges).count == 1, "plot area edges: \(edges)")
        // No two texts anywhere overlap on the surface: titles, axes' labels and titles, legends.
        var texts = [layout.title].compactMap { $0 }.map(\.rect)
        for cell in cells {
            let own = cell.layout
            var rects = own.axes.flatMap { $0.labels + [$0.title].compactMap { $0 } }.map(\.rect)
            rects += [own.title].compactMap { $0 }.map(\.rect) + own.legend.entries.map(\.rect)
            texts += rects.map { [$0[0] + cell.frame[0], $0[1] + cell.frame[1], $0[2], $0[3]] }
        }
        for i in texts.indices {
            for j in texts.indices where j > i { #expect(!intersects(texts[i], texts[j]), "texts \(texts[i]) and \(texts[j]) overlap at \(size)") }
        }
    }

    @Test func theLayoutRendersToEveryFormat() throws {
        let spec = try Self.dashboard()
        let directory = (spec as NSString).deletingLastPathComponent
        for format in ["png", "svg", "pdf"] {
            let path = directory + "/dashboard." + format
            let result = try ChartviewProcess.run([spec, "--size", "900x700", "--output", path])
            #expect(result.status == 0, "\(format): \(result.stderr)")
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            #expect(bytes.count > 5_000, "\(format): \(bytes.count) bytes")
        }
        let svg = try String(contentsOfFile: directory + "/dashboard.svg", encoding: .utf8)
        #expect(svg.contains("width=\"900") && svg.contains("height=\"700"))
    }

    /// `--chart a --chart b`: those charts side by side, linked as a layout's are.
    @Test func severalChartFlagsShowThoseChartsSideBySide() throws {
        let spec = try Self.dashboard()
        let layout = try dump([spec, "--chart", "volume", "--chart", "returns"], size: "1200x600")
        let cells = try #require(layout.cells)
        #expect(cells.map { $0.layout.title?.text } == ["Log volume", "Dow Jones daily return"])
        #expect(cells[0].frame[1] == cells[1].frame[1] && cells[0].frame[0] + cells[0].frame[2] <= cells[1].frame[0])
        #expect(cells[0].layout.spaces?.first?.x == cells[1].layout.spaces?.first?.x)
        let twice = try ChartviewProcess.run([spec, "--chart", "volume", "--chart", "volume", "--output", "/dev/null"])
        #expect(twice.status == 2 && twice.stderr.contains("names 'volume' twice"), "\(twice.stderr)")
        let page = try ChartviewProcess.run([spec, "--chart", "dashboard", "--chart", "volume", "--output", "/dev/null"])
        #expect(page.status == 2 && page.stderr.contains("is a layout of several charts"), "\(page.stderr)")
        let none = try ChartviewProcess.run([spec, "--chart", "volume", "--chart", "nope", "--output", "/dev/null"])
        #expect(none.status == 2 && none.stderr.contains("no chart named 'nope'") && none.stderr.contains("dashboard"), "\(none.stderr)")
    }

    @Test func aWrongLayoutIsOneLineAndExitTwo() throws {
        let cases = [
            (#"{"charts": ["returns", "prices"]}"#, "layout.charts[1]: no chart named 'prices'"),
            (#"{"rows": 1, "columns": 2}"#, "layout.rows: 1 row of 2 hold 2 charts, not 3"),
            (#"{"name": "riders"}"#, "layout.name: 'riders' is also a chart's name"),
            (#"{"heigths": [1, 2]}"#, "layout.heigths")
        ]
        for (layout, message) in cases {
            let spec = try Self.dashboard(layout: layout)
            let result = try ChartviewProcess.run([spec, "--output", "/dev/null"])
            #expect(result.status == 2 && result.stderr.contains(message), "\(layout): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1 && result.stderr.contains("dashboard.json"), "\(result.stderr)")
        }
    }

    /// Two files: their charts side by side as the first page, then each alone.
    @Test func twoFilesOpenSideBySide() throws {
        let nyse = try RealData.path("islp/NYSE.csv"), bikes = try RealData.path("islp/Bikeshare.csv")
        let listed = try ChartviewProcess.run([nyse, bikes, "--list"])
        #expect(listed.status == 0 && listed.stdout == "NYSE + Bikeshare\nNYSE\nBikeshare\n", "\(listed.stdout)\(listed.stderr)")
        let layout = try dump([nyse, bikes], size: "1200x500")
        let cells = try #require(layout.cells)
        #expect(cells.count == 2 && cells[0].frame[1] == cells[1].frame[1] && cells[0].frame[0] < cells[1].frame[0])
        #expect(cells.map { $0.layout.title?.text } == ["NYSE", "Bikeshare"])
        let alone = try dump([nyse, bikes, "--chart", "Bikeshare"], size: "800x500")
        #expect(alone.cells == nil && alone.title?.text == "Bikeshare")
    }

    /// `--x-range` is the range of the charts that share x (the bars by month keep theirs);
    /// `"link": "xy"` links y among those charts only; with no chart sharing x, a range is
    /// refused in one line; `--split` is one chart's page, never a cell.
    @Test func rangesAndLinksAreTheChartsThatShareX() throws {
        let spec = try Self.dashboard()
        let zoomed = try #require(try dump([spec, "--x-range", "1975-01-01:1975-12-31"], size: "1000x800").cells)
        let x = zoomed.compactMap { $0.layout.spaces?.first?.x }
        #expect(x[0] == [157_766_400, 189_216_000] && x[1] == x[0], "\(x)")
        #expect(x[2][1] - x[2][0] > 10 && x[2][1] - x[2][0] < 14, "the months took the dates: \(x[2])")
        let xy = try #require(try dump([try Self.dashboard(layout: #"{"link": "xy"}"#)], size: "1000x800").cells)
        let y = xy.compactMap { $0.layout.spaces?.first?.y }
        #expect(y[0] == y[1] && y[2] != y[0], "\(y)")
        #expect(xy[2].layout.spaces?.first?.xScale == "category")
        let none = try ChartviewProcess.run([spec, "--link", "none", "--x-range", "1975-01-01:1975-12-31", "--output", "/dev/null"])
        #expect(none.status == 2 && none.stderr.contains("share none") && none.stderr.filter { $0 == "\n" }.count == 1, "\(none.stderr)")
        let nyse = try RealData.path("islp/NYSE.csv"), bikes = try RealData.path("islp/Bikeshare.csv")
        let split = try ChartviewProcess.run([nyse, bikes, "--split", "--output", "/dev/null"])
        #expect(split.status == 2 && split.stderr.contains("--split splits one chart"), "\(split.stderr)")
        let layoutSplit = try ChartviewProcess.run([spec, "--split", "--output", "/dev/null"])
        #expect(layoutSplit.status == 2 && layoutSplit.stderr.contains("not a page of several"), "\(layoutSplit.stderr)")
        let linkAlone = try ChartviewProcess.run([nyse, "--link", "x", "--output", "/dev/null"])
        #expect(linkAlone.status == 2 && linkAlone.stderr.contains("is for several charts in one page"), "\(linkAlone.stderr)")
    }

    /// The records in view of a layout name their chart.
    @Test func theVisibleRecordsOfALayoutNameTheirChart() throws {
        let result = try ChartviewProcess.run([try Self.dashboard(), "--x-range", "1975-01-02:1975-01-03", "--export-visible", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "chart,series,x,y", "\(lines.prefix(3))")
        #expect(lines.contains("Dow Jones daily return,DJ_return,1975-01-02,0.025316"), "\(lines.prefix(6))")
        #expect(lines.contains { $0.hasPrefix("Log volume,log_volume,1975-01-02,") })
        #expect(lines.contains { $0.hasPrefix("\"Riders an hour, by month\",clear,Jan,") }, "\(lines.suffix(4))")
    }

    /// Files whose charts share a name: each page has a name of its own; two spec files keep
    /// their layouts.
    @Test func everyPageOfSeveralFilesHasAName() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let nyse = try RealData.path("islp/NYSE.csv")
        for sub in ["a", "b"] {
            try FileManager.default.createDirectory(atPath: dir + "/" + sub, withIntermediateDirectories: true)
            try FileManager.default.copyItem(atPath: nyse, toPath: dir + "/\(sub)/stocks.csv")
        }
        let listed = try ChartviewProcess.run([dir + "/a/stocks.csv", dir + "/b/stocks.csv", "--list"])
        #expect(listed.stdout == "stocks + stocks\nstocks\nstocks (2)\n", "\(listed.stdout)\(listed.stderr)")
        // One series: NYSE's three measures are of three magnitudes, a panel each by default.
        let second = try dump([dir + "/a/stocks.csv", dir + "/b/stocks.csv", "--chart", "stocks (2)", "--y", "DJ_return"], size: "800x500")
        #expect(second.cells == nil && !second.plots.isEmpty)
        let specs = try ChartviewProcess.run([try Self.dashboard(), try Self.dashboard(layout: #"{"name": "other"}"#), "--list"])
        #expect(specs.stdout.hasPrefix("returns + returns\ndashboard\nreturns\nvolume\nriders\nother\nreturns (2)\n"), "\(specs.stdout)\(specs.stderr)")
    }
}
