import ChartCore
import ChartData
import Foundation
import Testing

/// A table too large to load (`BigTable`) against the same rows loaded: the extents a view fits
/// and the records it keeps. (The pictures are compared through the binary in ChartviewTests.)
@Suite("Big tables: what a view reads")
struct BigTableTests {
    /// A database of `rows` rows: x with ties (three rows per x), y a wave with noise and runs
    /// of NULL (gaps), indexed on x.
    static func database(rows: Int, in folder: URL) throws -> String {
        let path = folder.appendingPathComponent("big.db").path
        try SQLiteLimitsTests.sqlite(
            path,
            """
            CREATE TABLE t(x REAL, y REAL);
            WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows - 1))
            INSERT INTO t SELECT i / 3, CASE WHEN i % 70000 < 300 THEN NULL ELSE sin(i / 4000.0) * 100 + (abs(random()) % 10000) / 200.0 END FROM c;
            CREATE INDEX t_x ON t(x);
            """)
        return path
    }

    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-big-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The plot of `path`'s table, out of core (`threshold` rows) or loaded.
    static func plot(_ path: String, outOfCore: Bool) throws -> ScatterPlot {
        let databases = DatabaseCache()
        databases.outOfCoreRows = outOfCore ? 1000 : nil
        let spec = ChartSpec(name: "t", data: .init(database: path, table: "t"))
        let source = try ChartSource(spec: spec, baseDirectory: "/", defaultDatabase: nil, databases: databases)
        let graph = try source.graph()
        return try #require(graph.plots.first as? ScatterPlot)
    }

    /// Waits for a big table's pass.
    static func settle(_ plot: ScatterPlot) {
        while plot.viewDataSource?.isBusy == true { usleep(10_000) }
    }

    @Test func extentsMatchLoadingEveryRow() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.database(rows: 200_000, in: folder)
        let big = try Self.plot(path, outOfCore: true), loaded = try Self.plot(path, outOfCore: false)
        #expect(big.viewDataSource != nil && loaded.viewDataSource == nil)
        Self.settle(big)
        #expect(big.dataExtent() == loaded.dataExtent())
        // Before the first rows with a value, there is none either way.
        #expect(big.dataExtent(inX: PlotRange(-5, 40)) == nil && loaded.dataExtent(inX: PlotRange(-5, 40)) == nil)
        for x in [PlotRange(646, 1094), PlotRange(20_000, 21_000), PlotRange(66_000, 66_700)] {
            let a = try #require(big.dataExtent(inX: x)?.y), b = try #require(loaded.dataExtent(inX: x)?.y)
            // The pyramid's blocks stand in until a view's records arrive: never narrower.
            #expect(a.lower <= b.lower && a.upper >= b.upper, "\(x): \(a) against \(b)")
        }
    }
}

extension BigTableTests {
    /// A request for the plot's whole x range through `plot`'s own mapping at 600 pixels.
    static func request(for plot: ScatterPlot, points: Bool) throws -> ViewDataRequest {
        let x = try #require(plot.dataExtent()?.x)
        let mapping = AxisMapping(factor: 600 / (x.upper - x.lower), offset: -x.lower * 600 / (x.upper - x.lower), isLogarithmic: false)
        let y = AxisMapping(factor: -1, offset: 300, isLogarithmic: false)
        return ViewDataRequest(
            plotID: plot.identifier, xRange: x, x: mapping, y: y,
            thinning: points ? .scatterPixels(area: Rect(x: 0, y: 0, width: 600, height: 300), reach: 2, snapHalf: 1) : .lineColumns)
    }

    /// A big table of `rows` rows in `folder`, its pass done: its plot and its source.
    static func settledBigTable(rows: Int, in folder: URL) throws -> (ScatterPlot, any ViewDataSource) {
        let plot = try Self.plot(try Self.database(rows: rows, in: folder), outOfCore: true)
        Self.settle(plot)
        return (plot, try #require(plot.viewDataSource))
    }

    @Test func cancellingAFetchStopsItsQueryAndTheNextFetchArrives() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plot, source) = try Self.settledBigTable(rows: 300_000, in: folder)
        // Points read every row of the range: long enough to be stopped midway.
        let request = try Self.request(for: plot, points: true)
        let arrived = DispatchSemaphore(value: 0)
        source.fetch([request]) { arrived.signal() }
        source.cancelFetches()
        arrived.wait()
        #expect(source.arrivedRecords(for: request).request == nil, "a cancelled fetch delivers nothing")
        #expect(source.failure == nil, "cancelling is not a failure")
        // The connection goes on: the same view, fetched again, arrives exact.
        source.fetch([request]) { arrived.signal() }
        arrived.wait()
        #expect(source.arrivedRecords(for: request).request == request)
        #expect(!source.isBusy)
    }

    @Test func aNewerViewSupersedesAnOlderOne() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plot, source) = try Self.settledBigTable(rows: 300_000, in: folder)
        let older = try Self.request(for: plot, points: true), newer = try Self.request(for: plot, points: false)
        let arrived = DispatchSemaphore(value: 0)
        source.fetch([older]) { arrived.signal() }
        source.fetch([newer]) { arrived.signal() }
        arrived.wait()
        arrived.wait()
        // Each callback came once; the newer view's records are there.
        #expect(source.arrivedRecords(for: newer).request == newer)
    }
}

extension BigTableTests {
    @Test func aSummaryLargerThanTheMemoryBudgetIsAnErrorNamingTheDatabase() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = try Self.database(rows: 200_000, in: folder)
        let databases = DatabaseCache(memoryBudget: 4_096)
        databases.outOfCoreRows = 1000
        let source = try ChartSource(
            spec: ChartSpec(name: "t", data: .init(database: path, table: "t")), baseDirectory: "/",
            defaultDatabase: nil, databases: databases)
        #expect(throws: DataError.resultTooLarge(path: path, budget: 4_096)) { try source.graph() }
    }
}

extension BigTableTests {
    /// A line's view past the last row keeps the record before it, as a line of every row does
    /// (the segment toward the view starts there): the walk through the finished pyramid once
    /// lost it (every block lies before such a view), so whether the view came before or after
    /// the pass decided whether the record was there (0 items against 1, under load).
    @Test func aViewPastTheLastRowKeepsTheRecordBeforeIt() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (plot, source) = try Self.settledBigTable(rows: 3_000, in: folder)
        let whole = try Self.request(for: plot, points: false)
        let last = try #require(plot.dataExtent()?.x?.upper)
        // The last row's y (three rows share each x; the last of them in row order).
        let db = try SQLiteDatabase(path: folder.appendingPathComponent("big.db").path)
        let y = try #require(try db.table("SELECT y FROM t ORDER BY rowid DESC LIMIT 1").columns.first?.numbers?.first)
        for view in [PlotRange(last + 1, last + 8), PlotRange(last + 0.5, last + 1e6)] {
            let request = ViewDataRequest(plotID: whole.plotID, xRange: view, x: whole.x, y: whole.y, thinning: .lineColumns)
            let arrived = DispatchSemaphore(value: 0)
            source.fetch([request]) { arrived.signal() }
            arrived.wait()
            let records = source.arrivedRecords(for: request)
            #expect(records.request == request)
            #expect(records.locations == [last], "\(view)")
            #expect(records.values == [y], "\(view)")
        }
    }
}
