import ChartCairo
import Foundation
import Testing
import TestDepth

extension DataInputTests {
    /// Spec values past what chartview can draw: each is refused where it enters, naming the
    /// key path and the accepted range (status 2), instead of reaching a precondition of the
    /// model (exit 132 and a stack trace, before).
    static let specValueCases: [BadInput] = [
        value("barWidth -1", #""kind": "bar", "barWidth": -1"#, "charts[0].barWidth: must be a number above 0, up to 10 (got -1)"),
        value("barWidth 0", #""kind": "bar", "barWidth": 0"#, "charts[0].barWidth: must be a number above 0, up to 10 (got 0)"),
        value("barWidth -1, horizontal bars", #""kind": "hbar", "barWidth": -1"#, "charts[0].barWidth: must be a number above 0, up to 10 (got -1)"),
        value(
            "symbolSize -3", #""kind": "scatter", "series": [{"column": "q1", "symbolSize": -3}]"#,
            "charts[0].series[0].symbolSize: must be a number above 0, up to 200 (got -3)"),
        value(
            "lineWidth -3", #""kind": "line", "series": [{"column": "q1"}, {"column": "q2", "lineWidth": -3}]"#,
            "charts[0].series[1].lineWidth: must be a number from 0 to 100 (got -3)"),
        value("yMaxFactor 0", #""kind": "bar", "yMaxFactor": 0"#, "charts[0].yMaxFactor: must be a number above 0, up to 1,000,000 (got 0)"),
        value(
            "color name", #""series": [{"column": "q1", "color": "red"}]"#,
            "charts[0].series[0].color: \"red\" is not a color; write #rrggbb or #rrggbbaa"),
        value(
            "unknown symbol", #""kind": "scatter", "series": [{"column": "q1", "symbol": "blob"}]"#,
            "charts[0].series[0].symbol: \"blob\" is not one of ellipse, rectangle, diamond, triangle, cross, plus, star"),
        value(
            "unknown axis", #""series": [{"column": "q1", "axis": "y3"}]"#,
            "charts[0].series[0].axis: \"y3\" is not one of y, y2"),
        value("min without max", #""yAxis": {"min": 0}"#, "charts[0].yAxis: give both min and max, with min below max"),
        value("min above max", #""yAxis": {"min": 5, "max": 1}"#, "charts[0].yAxis: give both min and max, with min below max"),
        value("negative interval", #""yAxis": {"interval": -1}"#, "charts[0].yAxis.interval: must be a number above 0"),
        value("99 decimals", #""yAxis": {"decimals": 99}"#, "charts[0].yAxis.decimals: must be a whole number from 0 to 12 (got 99)"),
        value("log axis from -5", #""yAxis": {"scale": "log", "min": -5, "max": 10}"#, "charts[0].yAxis.min: must be above 0 on a log scale"),
        value("unknown scale", #""xAxis": {"scale": "time"}"#, "charts[0].xAxis.scale: \"time\" is not one of linear, log, date"),
        value(
            "pie inner radius 1", #""kind": "pie", "y": ["q1"], "pie": {"innerRadius": 1}"#,
            "charts[0].pie.innerRadius: must be a number from 0 (a pie) to 0.95"),
        value("empty period query", #""period": {"query": " "}"#, "charts[0].period.query: must not be empty"),
        // Numbers no Double or Int holds are out of range for their key, at their line (before,
        // "not valid JSON" with no key; 1e309 "Number 1e309 is not representable in Swift.").
        value(
            "axis max past Double's range", #""yAxis": {"min": 0, "max": 1e309}"#,
            "charts[0].yAxis.max: 1e309 is out of range (line 2): past ±1.8e308, the largest number"),
        value(
            "barWidth 1e-400", #""kind": "bar", "barWidth": 1e-400"#,
            "charts[0].barWidth: 1e-400 is out of range (line 2): nearer 0 than ±4.9e-324, the smallest number other than 0"),
        value(
            "barWidth 1e400", #""kind": "bar", "barWidth": 1e400"#,
            "charts[0].barWidth: 1e400 is out of range (line 2): past ±1.8e308, the largest number"),
        value("bins 1e20", #""kind": "histogram", "bins": 1e20"#, "charts[0].bins: must be a whole number from 1 to 100000 (got 1e20, line 2)"),
        value(
            "bins of 20 digits", #""kind": "histogram", "bins": 12345678901234567890"#,
            "charts[0].bins: must be a whole number from 1 to 100000 (got 12345678901234567890, line 2)"),
        value("bins 100001", #""kind": "histogram", "bins": 100001"#, "charts[0].bins: must be a whole number from 1 to 100000 (got 100001)"),
        value(
            "decimals 1e20", #""yAxis": {"decimals": 1e20}"#, "charts[0].yAxis.decimals: must be a whole number from 0 to 12 (got 1e20, line 2)"),
        // A key given twice is refused (both Foundation parsers kept one; Python's json the other).
        value("title given twice", "\"title\": \"a\",\n \"title\": \"b\"", "charts[0].title: is given twice, on lines 2 and 3; give a key once"),
        BadInput(
            name: "database given twice",
            files: db.merging(["v.json": .text("{\"database\": \"db.sqlite\",\n \"database\": \"db.sqlite\", \"charts\": []}\n")]) { a, _ in a },
            arguments: ["$D/v.json"], expected: .line("chartview: $D/v.json: database: is given twice, on lines 1 and 2; give a key once"))
    ]

    /// A spec over db.sqlite's sales table with `fields` added to its one chart.
    private static func value(_ name: String, _ fields: String, _ message: String) -> BadInput {
        BadInput(
            name: name, files: db.merging(["v.json": spec(#"{"name": "a", "data": {"table": "sales"}, "# + fields + "}")]) { a, _ in a },
            arguments: ["$D/v.json"], expected: .line("chartview: $D/v.json: " + message))
    }
}

/// Any finite number lays out and paints: data, axis ranges and angles at Double's limits give
/// a chart (PNG, SVG, PDF and the layout dump), status 0, nothing on stderr. Before, ±1e308 gave
/// "cannot write: invalid matrix (not invertible)" and `--dump-layout` "Unable to encode Double.-nan".
@Suite struct ExtremeValueTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var files: [String: DataFixture]
        var arguments: [String]
        /// Whether some data falls inside the axes, so the PNG must show the first series' color.
        var showsData = true
        var testDescription: String { name }
    }

    static let bigCSV = DataFixture.text("x,y\n1,1e308\n2,-1e308\n3,0\n4,1.7976931348623157e308\n")
    static let bigBars = DataFixture.text("name,v\na,1e308\nb,-1e308\nc,1e308\n")
    static let tiny = DataFixture.text("x,y\n1,5e-324\n2,-5e-324\n3,1e-320\n")
    static let far = DataFixture.text("x,y\n1,0.5\n2,1e300\n3,5e-301\n4,-1e300\n5,2e-301\n")
    static let bigSQL = DataFixture.sqlite(
        """
        CREATE TABLE t (name TEXT, v REAL, w REAL);
        INSERT INTO t VALUES ('a', 1e308, -1e308), ('b', -1.7976931348623157e308, 1e308), ('c', 5e-324, 0);
        """)

    static func spec(_ csv: String, _ fields: String) -> DataFixture {
        .text(#"{"charts": [{"name": "a", "data": {"csv": "\#(csv)"}, \#(fields)}]}"#)
    }

    static let cases: [Case] = [
        Case(name: "line of ±1e308 (CSV)", files: ["d.csv": bigCSV], arguments: ["$D/d.csv", "--kind", "line"]),
        Case(name: "points of ±1e308", files: ["d.csv": bigCSV], arguments: ["$D/d.csv", "--kind", "scatter"]),
        Case(name: "bars of ±1e308", files: ["d.csv": bigBars], arguments: ["$D/d.csv"]),
        Case(name: "horizontal bars of ±1e308", files: ["d.csv": bigBars], arguments: ["$D/d.csv", "--kind", "hbar"]),
        Case(name: "stacked bars of ±1e308", files: ["d.csv": bigBars], arguments: ["$D/d.csv", "--kind", "stacked"]),
        Case(name: "pie of 1e308 slices", files: ["d.csv": bigBars], arguments: ["$D/d.csv", "--kind", "pie"]),
        Case(name: "SQL values at Double's limits", files: ["d.sqlite": bigSQL], arguments: ["$D/d.sqlite", "--table", "t"]),
        Case(name: "SQL values at Double's limits, lines", files: ["d.sqlite": bigSQL], arguments: ["$D/d.sqlite", "--table", "t", "--kind", "line"]),
        Case(name: "subnormal values", files: ["d.csv": tiny], arguments: ["$D/d.csv", "--kind", "line"]),
        Case(
            name: "values far past a set axis range", files: ["d.csv": far, "s.json": spec("d.csv", #""kind": "line", "yAxis": {"min": 0, "max": 1}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "axis from -1e308 to 1e308",
            files: ["d.csv": bigCSV, "s.json": spec("d.csv", #""yAxis": {"min": -1e308, "max": 1e308}, "xAxis": {"min": -1e308, "max": 1e308}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "axis of subnormal width", files: ["d.csv": tiny, "s.json": spec("d.csv", #""kind": "bar", "yAxis": {"min": 1e-320, "max": 2e-320}"#)],
            arguments: ["$D/s.json"], showsData: false),
        Case(
            name: "axis narrower than pixels can tell",
            files: ["d.csv": far, "s.json": spec("d.csv", #""kind": "scatter", "yAxis": {"min": 0, "max": 1e-300}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "interval 1e-300 over an axis of 1e308",
            files: ["d.csv": bigCSV, "s.json": spec("d.csv", #""kind": "line", "yAxis": {"min": 0.797e308, "max": 1.769e308, "interval": 1e-300}"#)],
            arguments: ["$D/s.json"], showsData: false),
        Case(
            name: "label rotation 1e308", files: ["d.csv": bigCSV, "s.json": spec("d.csv", #""xAxis": {"rotation": 1e308}, "yAxis": {"rotation": -725}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "pie start angle 1e308", files: ["d.csv": bigBars, "s.json": spec("d.csv", #""kind": "pie", "pie": {"startAngle": 1e308}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "log axis over 1e-300 to 1e308",
            files: ["d.csv": .text("x,y\n1,1e-300\n2,1e308\n3,1\n"), "s.json": spec("d.csv", #""kind": "line", "yAxis": {"scale": "log"}"#)],
            arguments: ["$D/s.json"]),
        Case(
            name: "date axis at 1e308 seconds",
            files: ["d.csv": bigCSV, "s.json": spec("d.csv", #""kind": "line", "xAxis": {"scale": "date"}, "yAxis": {"scale": "date"}"#)],
            arguments: ["$D/s.json"])
    ]

    @Test(arguments: cases)
    func laysOutAndPaintsInEveryFormat(_ c: Case) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (name, fixture) in c.files { try fixture.make(at: dir + "/" + name) }
        let arguments = c.arguments.map { $0.replacingOccurrences(of: "$D", with: dir) }
        // make test: PNG and one of SVG and PDF, by turns over the cases; make test-full: all three.
        let vector = Self.cases.firstIndex { $0.name == c.name }.map { $0 % 2 == 0 ? "svg" : "pdf" } ?? "svg"
        for format in TestDepth.isFull ? ["png", "svg", "pdf"] : ["png", vector] {
            let result = try ChartviewProcess.run(arguments + ["--output", "\(dir)/out.\(format)", "--dump-layout", "\(dir)/out.json"])
            #expect(result.status == 0 && result.stderr.isEmpty, "\(format): \(result.stderr)")
            let size = (try? FileManager.default.attributesOfItem(atPath: "\(dir)/out.\(format)")[.size] as? Int) ?? 0
            #expect(size > 1000, "\(format): \(size) bytes")
        }
        // The dump holds only finite numbers (JSON has no others) and every plot's items.
        let dump = try LayoutDumpReader.read(dir + "/out.json")
        #expect(!dump.plots.isEmpty)
        for item in dump.plots.flatMap(\.items) {
            #expect((item.rect + (item.point ?? [])).allSatisfy { abs($0) <= 4_194_304 }, "\(item)")
        }
        for axis in dump.axes {
            #expect(axis.labels.count <= 40, "axis \(axis.id): \(axis.labels.count) labels")
            #expect(Set(axis.labels.map(\.text)).count == axis.labels.count, "axis \(axis.id) repeats labels: \(axis.labels.map(\.text))")
        }
        // The PNG shows the data: some pixels of the first series' color. (A span of 1e-320 is
        // widened to 1e-300 around its middle, where values of 1e-320 take no pixel.)
        guard c.showsData else { return }
        let image = try CairoSurface.png(path: dir + "/out.png")
        let color = try #require(dump.plots.first?.items.first?.color)
        var painted = 0
        for y in stride(from: 0, to: image.height, by: 2) {
            for x in stride(from: 0, to: image.width, by: 2) where image.pixel(x: x, y: y).description == color { painted += 1 }
        }
        #expect(painted > 0, "no pixel of \(color)")
    }

    @Test func bigBarsAreDrawnAtTheirHeights() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.bigBars.make(at: dir + "/d.csv")
        let result = try ChartviewProcess.run([dir + "/d.csv", "--dump-layout", dir + "/d.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/d.json")
        let bars = try #require(dump.plots.first?.items)
        let area = dump.plotArea
        // Bars from the middle (zero) to the top, to the bottom, to the top.
        #expect(bars.count == 3)
        #expect(abs(bars[0].rect[1] - area[1]) <= 1 && abs(bars[0].rect[3] - area[3] / 2) <= 2, "\(bars[0].rect) in \(area)")
        #expect(abs(bars[1].rect[1] + bars[1].rect[3] - (area[1] + area[3])) <= 1, "\(bars[1].rect) in \(area)")
        let labels = try #require(dump.axes.first { $0.id == "y" }).labels.map(\.text)
        #expect(labels.contains("0"), "\(labels)")
    }
}
