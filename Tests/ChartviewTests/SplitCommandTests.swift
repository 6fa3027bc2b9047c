import Foundation
import Testing

/// `--split` through the real binary: one chart per series of a real multi-column time series
/// (ISLR's NYSE: returns, volume, volatility by trading day, 1962-1986), stacked in one PNG, SVG
/// or PDF, each cell's plot area in `--dump-layout`, one x range and one pair of plot area edges
/// for all, `--x-range` applied to every cell with each y fitted to it, no text overlapping at a
/// wide, a tall and a small size, and the spec key `split` doing the same.
@Suite struct SplitCommandTests {
    static let columns = ["DJ_return", "log_volume", "log_volatility"]

    func dump(_ arguments: [String], size: String) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--dump-layout", "-"])
        try #require(result.status == 0, "\(arguments): \(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    @Test(arguments: ["1600x1000", "800x1200", "500x400"])
    func aRealTimeSeriesSplitsIntoLinkedCells(size: String) throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let layout = try dump([nyse, "--y", Self.columns.joined(separator: ","), "--split"], size: size)
        let cells = try #require(layout.cells)
        #expect(cells.count == 3)
        #expect(layout.title?.text == "NYSE")
        for (cell, column) in zip(cells, Self.columns) {
            #expect(cell.layout.plots.count == 1 && cell.layout.plots[0].title == column)
            // The y axis' title names the series (cut with "…" where the cell is too short for it).
            let named = cell.layout.axes.contains { axis in
                guard let title = axis.title?.text else { return false }
                return title == column || (title.hasSuffix("…") && column.hasPrefix(title.dropLast()))
            }
            #expect(named, "cell of \(column): no y title")
            #expect(cell.layout.legend.position == "none")
        }
        let xRanges = cells.compactMap { $0.layout.spaces?.first?.x }
        #expect(xRanges.count == 3 && Set(xRanges).count == 1, "\(xRanges)")
        let edges = cells.map { [$0.frame[0] + $0.layout.plotArea[0], $0.frame[0] + $0.layout.plotArea[0] + $0.layout.plotArea[2]] }
        #expect(Set(edges).count == 1, "plot area edges: \(edges)")
        // Cells stack top to bottom without overlapping, inside the surface.
        for (a, b) in zip(cells, cells.dropFirst()) { #expect(a.frame[1] + a.frame[3] <= b.frame[1]) }
        // No two texts anywhere overlap, on the grid's surface.
        var texts = [layout.title].compactMap { $0 }.map(\.rect)
        for cell in cells {
            let labels = cell.layout.axes.flatMap { $0.labels + [$0.title].compactMap { $0 } }
            texts += labels.map { [$0.rect[0] + cell.frame[0], $0.rect[1] + cell.frame[1], $0.rect[2], $0.rect[3]] }
        }
        for i in texts.indices {
            for j in texts.indices where j > i { #expect(!intersects(texts[i], texts[j]), "texts \(texts[i]) and \(texts[j]) overlap at \(size)") }
        }
    }

    @Test func anXRangeIsEveryCellsAndEachYFitsIt() throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let whole = try #require(try dump([nyse, "--y", Self.columns.joined(separator: ","), "--split"], size: "900x700").cells)
        let zoomed = try #require(
            try dump([nyse, "--y", Self.columns.joined(separator: ","), "--split", "--x-range", "1975-01-01:1975-12-31"], size: "900x700").cells)
        for (cell, full) in zip(zoomed, whole) {
            let space = try #require(cell.layout.spaces?.first)
            #expect(space.x == [157_766_400, 189_216_000], "\(space.x)")
            // y fits 1975 alone: a narrower span than all 24 years'.
            let fullY = try #require(full.layout.spaces?.first?.y)
            #expect(space.y[1] - space.y[0] < fullY[1] - fullY[0], "\(space.y) vs \(fullY)")
        }
    }

    /// --link xy: one y range for every cell too; --link none: each its own; --link without
    /// --split: one line, exit 2.
    @Test func linkSaysWhichAxesTheCellsShare() throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let y = "DJ_return,log_volatility"
        let shared = try #require(try dump([nyse, "--y", y, "--split", "--link", "xy"], size: "800x600").cells)
        #expect(Set(shared.compactMap { $0.layout.spaces?.first?.y }).count == 1)
        let own = try #require(try dump([nyse, "--y", y, "--split", "--link", "none"], size: "800x600").cells)
        #expect(Set(own.compactMap { $0.layout.spaces?.first?.y }).count == 2)
        let alone = try ChartviewProcess.run([nyse, "--link", "xy", "--output", "/dev/null"])
        #expect(
            alone.status == 2 && alone.stderr.contains("is for several charts in one page") && alone.stderr.filter { $0 == "\n" }.count == 1, "\(alone.stderr)")
    }

    /// Live input is one chart following its rows: a split of it is refused in one line rather
    /// than drawn unsplit.
    @Test func aSplitOfLiveInputIsRefusedInOneLine() throws {
        let result = try ChartviewProcess.run(["-", "--split", "--output", "/dev/null"])
        #expect(result.status == 2 && result.stderr.contains("--split is not for live input yet"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test(arguments: ["png", "svg", "pdf"])
    func theSpecKeySplitsToEveryFormat(format: String) throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = dir + "/nyse.json"
        let json = """
            {"charts": [{"name": "nyse", "split": true, "data": {"csv": "\(nyse)"}, "x": "date", "y": ["DJ_return", "log_volatility"]}]}
            """
        try json.write(toFile: spec, atomically: true, encoding: .utf8)
        let out = dir + "/nyse." + format
        let result = try ChartviewProcess.run([spec, "--output", out, "--size", "800x600"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: out))
        #expect(bytes.count > 2_000)
        let layout = try dump([spec], size: "800x600")
        #expect(layout.cells?.count == 2)
    }
}
