import ChartCairo
import Foundation
import Testing

/// The real binary, rendering headlessly: `--output`, `--dump-layout`, and the two agreeing.
@Suite struct HeadlessOutputTests {
    @Test func everyRatesBarHoldsItsColorInThePNG() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try ChartviewProcess.run(["--chart", "rates", "--output", dir + "/rates.png", "--dump-layout", dir + "/rates.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/rates.json")
        let image = try CairoSurface.png(path: dir + "/rates.png")
        let bars = dump.plots.flatMap(\.items)
        #expect(dump.plots.count == 3)
        #expect(bars.count == 21)
        for bar in bars {
            let x = Int(bar.rect[0] + bar.rect[2] / 2), y = Int(bar.rect[1] + bar.rect[3] / 2)
            #expect(image.pixel(x: x, y: y).description == bar.color, "bar \(bar.record) at \(bar.rect)")
        }
    }

    @Test(arguments: [
        "enrollment", "rates", "rates-pie", "mood", "water-exercise", "categories", "squares", "candles", "ohlc", "price-range", "errorbars", "histogram",
        "boxes", "bubbles", "radar", "heatmap"
    ])
    func theDumpAloneMatchesTheDumpWithOutput(chart: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        _ = try ChartviewProcess.run(["--chart", chart, "--dump-layout", dir + "/a.json"])
        _ = try ChartviewProcess.run(["--chart", chart, "--dump-layout", dir + "/b.json", "--output", dir + "/b.png"])
        let a = try Data(contentsOf: URL(fileURLWithPath: dir + "/a.json"))
        let b = try Data(contentsOf: URL(fileURLWithPath: dir + "/b.json"))
        #expect(a == b)
    }

    @Test func legendIsRightOfAWideChartAndBelowATallOne() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (size, position) in [("1200x600", "right"), ("600x1000", "bottom")] {
            let path = "\(dir)/\(size).json"
            let result = try ChartviewProcess.run(["--chart", "rates", "--size", size, "--dump-layout", path])
            #expect(result.status == 0)
            let dump = try LayoutDumpReader.read(path)
            #expect(dump.legend.position == position)
            let legend = try #require(dump.legend.rect)
            #expect(!intersects(legend, dump.plotArea), "legend \(legend) covers plot area \(dump.plotArea) at \(size)")
            if position == "right" {
                #expect(legend[0] >= dump.plotArea[0] + dump.plotArea[2])
            } else {
                #expect(legend[1] >= dump.plotArea[1] + dump.plotArea[3])
            }
            #expect(dump.legend.entries.map(\.title) == ["EUR", "GBP", "CHF"])
        }
    }

    @Test(arguments: ["svg", "pdf", "png"])
    func writesEachFormat(ext: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try ChartviewProcess.run(["--chart", "enrollment", "--output", "\(dir)/e.\(ext)", "--theme", "dark"])
        #expect(result.status == 0, "\(result.stderr)")
        let attributes = try FileManager.default.attributesOfItem(atPath: "\(dir)/e.\(ext)")
        #expect((attributes[.size] as? Int ?? 0) > 1000)
    }

    /// A spec whose title is ten megabytes renders, the title cut with "…" to the image's width
    /// (and the CSV header's ten-megabyte column name, the y axis title, to the plot area).
    @Test func aTenMegabyteTitleRendersCutToTheWidthWithAnEllipsis() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let huge = String(repeating: "Quarterly revenue ", count: 10_000_000 / 18)
        try Data(("x," + huge + "\n1,2\n2,3\n3,5\n").utf8).write(to: URL(fileURLWithPath: dir + "/data.csv"))
        let spec: [String: Any] = ["charts": [["name": "huge", "title": huge, "data": ["csv": "data.csv"]]]]
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: dir + "/huge.json"))
        let result = try ChartviewProcess.run([
            dir + "/huge.json", "--size", "800x600", "--output", dir + "/huge.png",
            "--dump-layout", dir + "/huge-layout.json"
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/huge-layout.json")
        let title = try #require(dump.title)
        #expect(title.text.hasPrefix("Quarterly revenue") && title.text.hasSuffix("…"))
        #expect(title.rect[0] >= 0 && title.rect[0] + title.rect[2] <= 800)
        let yTitle = try #require(dump.axes.first { $0.id == "y" }?.title)
        #expect(yTitle.text.hasSuffix("…") && yTitle.rect[3] <= dump.plotArea[3] + 1)
        #expect(dump.plotArea[2] > 400 && dump.plotArea[3] > 300)
        #expect(try CairoSurface.png(path: dir + "/huge.png").width == 800)
    }

    @Test func dumpToStandardOutput() throws {
        let result = try ChartviewProcess.run(["--chart", "mood", "--dump-layout", "-", "--size", "800x600"])
        #expect(result.status == 0)
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        #expect(dump.size == [800, 600])
        // Two days have no mood recorded: no bar, never a zero-height one.
        #expect(dump.plots[0].items.count == 28)
    }

    @Test func enrollmentLabelsAreRotatedAndApart() throws {
        let result = try ChartviewProcess.run(["--chart", "enrollment", "--dump-layout", "-"])
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let x = try #require(dump.axes.first { $0.id == "x" })
        #expect(x.labels.count == 10)
        #expect(x.labels.first?.text == "Mathematics")
        let colors = Set(dump.plots[0].items.map(\.color))
        #expect(colors.count == 10, "one color per subject")
    }
}
