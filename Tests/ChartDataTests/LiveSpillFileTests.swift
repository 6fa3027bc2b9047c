import ChartCore
import ChartData
import Foundation
import Testing

/// The temporary SQLite file a live chart keeps its rows in past `--max-memory`: blocks come back
/// as kept, nothing is left in the temporary directory (the file is unlinked as SQLite makes it),
/// and a live series over it draws what one holding every row in memory draws.
@Suite struct LiveSpillFileTests {
    @Test func blocksComeBackAsKeptAndNoFileStays() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("spill-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        setenv("SQLITE_TMPDIR", directory, 1)
        defer { unsetenv("SQLITE_TMPDIR") }
        let store = try LiveSpillFile()
        let perBlock = LiveSeries.rowsPerBlock * 3
        // 8 MB of blocks: more than the file's page cache, so most of it is on disk.
        let blocks = 1_400
        let doubles = (0..<(blocks * perBlock)).map { Double($0) * 0.5 }
        try doubles.withUnsafeBufferPointer { buffer in
            try store.keep(blocks: 0..<(blocks / 2), doubles: UnsafeBufferPointer(rebasing: buffer[0..<(blocks / 2 * perBlock)]), doublesPerBlock: perBlock)
            try store.keep(blocks: (blocks / 2)..<blocks, doubles: UnsafeBufferPointer(rebasing: buffer[(blocks / 2 * perBlock)...]), doublesPerBlock: perBlock)
        }
        var back = [Double](repeating: 0, count: perBlock)
        for b in [0, 1, 699, 700, 1_399] {
            try back.withUnsafeMutableBufferPointer { try store.read(block: b, into: $0) }
            #expect(back == Array(doubles[(b * perBlock)..<((b + 1) * perBlock)]), "block \(b)")
        }
        #expect(throws: LiveRowStoreFailure.self) { try back.withUnsafeMutableBufferPointer { try store.read(block: blocks, into: $0) } }
        // SQLite made its file there and unlinked it at once.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }

    /// A series of a million rows kept within 1 MB: the same records as one holding every row,
    /// at the fitted view and zoomed into rows long since on disk.
    @Test func aSeriesOverTheFileIsTheSeriesOfEveryRow() throws {
        let n = 1_000_000
        let x: [Double] = (0..<n).map { Double($0) }
        let y: [Double] = (0..<n).map { (i: Int) -> Double in sin(Double(i) / 977) * 100 + Double(i % 13) }
        let inMemory = LiveSeries(plotIDs: ["p"])
        let spilled = LiveSeries(plotIDs: ["p"], memoryBudget: 1 << 20) { () throws(LiveRowStoreFailure) -> any LiveRowStore in
            try LiveSpillFile()
        }
        for start in stride(from: 0, to: n, by: 10_000) {
            let rows = LiveRows(x: Array(x[start..<(start + 10_000)]), values: [Array(y[start..<(start + 10_000)])])
            inMemory.append(rows)
            spilled.append(rows)
        }
        #expect(spilled.status.storedRowCount > 900_000 && spilled.status.storeFailure == nil, "\(spilled.status)")
        // The rows within the budget, and the blocks' summaries (72 bytes per 256 rows) besides.
        #expect(spilled.memoryBytes < (1 << 20) + n / 256 * 72, "\(spilled.memoryBytes) bytes")
        for range in [PlotRange(0, 999_999), PlotRange(1_000, 2_000), PlotRange(123_456.5, 123_999), PlotRange(500_000, 900_000)] {
            func layout(_ series: LiveSeries) -> Scene {
                let graph = Graph(title: "t")
                let plot = ScatterPlot(identifier: "p", x: [], y: [])
                plot.viewDataSource = series
                plot.showsLine = true
                graph.add(plot)
                let view = GraphView(spaces: ["default": .init(x: .ends(range))], autoscalesY: true)
                return graph.layout(size: Size(width: 800, height: 400), view: view, measurer: FixedTextMeasurer())
            }
            let a = layout(inMemory), b = layout(spilled)
            #expect(a.plots[0].paths == b.plots[0].paths, "\(range)")
            #expect(a.plotSpaces[0].transform.yRange == b.plotSpaces[0].transform.yRange, "\(range)")
        }
    }
}
