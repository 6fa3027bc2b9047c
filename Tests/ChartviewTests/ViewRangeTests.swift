import Foundation
import Testing

/// `--x-range` and `--y-range`: the view rendered headless, to PNG, SVG and PDF, with the dump
/// saying the ranges and the mapping it used; y fits what the x range shows; bad ends are a
/// one-line usage error with status 2.
@Suite struct ViewRangeTests {
    func dump(_ arguments: [String]) throws -> LayoutDumpReader {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/dump.json"
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", path])
        #expect(result.status == 0, "\(result.stderr)")
        return try LayoutDumpReader.read(path)
    }

    @Test("A date x range on real data (sea surface temperatures): the dump's x is the range, y fits the two hours shown")
    func dateRange() throws {
        let file = try RealData.path("bokeh/sea_surface_temperature.csv")
        let full = try dump([file])
        let zoomed = try dump([file, "--x-range", "2016-06-10 12:00:2016-06-10 14:30"])
        let space = try #require(zoomed.spaces?.first)
        #expect(space.x == [1_465_560_000, 1_465_569_000] && !space.fittedX && space.fittedY)
        let fullY = try #require(full.spaces?.first).y
        #expect(space.y[1] - space.y[0] < (fullY[1] - fullY[0]) / 10, "y autoscaled: \(space.y) vs \(fullY)")
        // The points drawn are those of the two hours (and a neighbour each side), inside y.
        let items = zoomed.plots[0].items
        #expect(items.count >= 5 && items.count <= 10, "\(items.count)")
        let labels = zoomed.axes[0].labels.map(\.text)
        #expect(labels.contains("13:00"), "\(labels)")
        // An empty end keeps the fitted one.
        let open = try #require(try dump([file, "--x-range", "2016-09:"]).spaces?.first)
        #expect(open.x[1] == full.spaces?.first?.x[1] && open.x[0] == 1_472_688_000)
    }

    @Test("--y-range fixes y; category names name a category axis's ends")
    func yRangeAndCategories() throws {
        let space = try #require(try dump(["--chart", "squares", "--y-range", "-2:5.5"]).spaces?.first)
        #expect(space.y == [-2, 5.5] && !space.fittedY && space.fittedX)
        let bars = try dump(["--chart", "enrollment", "--x-range", "English:Chemistry"])
        #expect(bars.axes[0].labels.map(\.text) == ["English", "Physics", "Chemistry"])
        #expect(bars.spaces?.first?.x == [0.5, 3.5])
    }

    @Test("The view renders to PNG, SVG and PDF", arguments: ["png", "svg", "pdf"])
    func formats(format: String) throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = "\(directory)/view.\(format)"
        let result = try ChartviewProcess.run(["--chart", "mood", "--x-range", "5:12", "--output", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(((try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0) > 1_000)
    }

    @Test(
        "Bad ranges are one line naming the flag, status 2",
        arguments: [
            ["--x-range", "abc:def"], ["--x-range", "5:1"], ["--y-range", "nothing"], ["--x-range", "3"],
            ["--x-range", "2016-06-10:"]
        ])
    func badRanges(arguments: [String]) throws {
        let result = try ChartviewProcess.run(["--chart", "mood"] + arguments + ["--output", "/dev/null", "--format", "png"])
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n")
        #expect(lines.count == 1 && lines[0].contains(arguments[0]), "\(result.stderr)")
    }
}
