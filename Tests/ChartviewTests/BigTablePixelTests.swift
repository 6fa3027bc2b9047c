import ChartCairo
import Foundation
import Synchronization
import Testing
import TestDepth

/// A SQLite query of more rows than the out-of-core threshold is charted per view from the
/// database (a block pyramid, and the blocks that straddle a pixel column read again), and the
/// picture is the picture of loading every row (`--in-memory`), pixel for pixel: at the fitted
/// view and zoomed, lines and points, with ties and gaps, indexed or not, sorted or not.
@Suite("Big tables: pixels against every row")
struct BigTablePixelTests {
    /// A table of `rows` rows: three rows per x (ties), a wave with noise, runs of 300 NULLs (gaps);
    /// indexed on x unless `indexed` is false, and stored shuffled when `shuffled`.
    static func database(rows: Int, in directory: String, indexed: Bool = true, shuffled: Bool = false) throws -> String {
        let path = directory + "/big.db"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            path,
            """
            CREATE TABLE t(x REAL, y REAL);
            WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows - 1))
            INSERT INTO t SELECT i / 3, CASE WHEN i % 700000 BETWEEN 100 AND 399 THEN NULL
                                        ELSE sin(i / 40000.0) * 100 + (abs(random()) % 10000) / 200.0 END FROM c
            \(shuffled ? "ORDER BY random()" : "");
            \(indexed ? "CREATE INDEX t_x ON t(x);" : "")
            """
        ]
        try process.run()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        return path
    }

    /// The table of 2,100,000 rows (over the default threshold) that the line, the points and the
    /// viewer's big-table test read: made once a test process in `make test`'s cache folder
    /// (XDG_CACHE_HOME, emptied at the start of each run), else once a test in `directory`.
    static func sharedDatabase(in directory: String) throws -> String {
        guard let cache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"], !cache.isEmpty else {
            return try database(rows: 2_100_000, in: directory)
        }
        return try shared.withLock { made in
            if let made { return made }
            let folder = cache + "/big-table-\(getpid())"
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            let path = try database(rows: 2_100_000, in: folder)
            made = path
            return path
        }
    }
    private static let shared = Mutex<String?>(nil)

    /// The PNG of `arguments` rendered at 500x300, and the dump's item count.
    static func render(
        _ arguments: [String], in directory: String, name: String,
        environment: [String: String] = [:]
    ) throws -> (png: Data, items: Int, note: String) {
        let png = "\(directory)/\(name).png", dump = "\(directory)/\(name).json"
        let result = try ChartviewProcess.run(
            arguments + ["--size", "500x300", "--output", png, "--dump-layout", dump],
            environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        let read = try LayoutDumpReader.read(dump)
        return (try Data(contentsOf: URL(fileURLWithPath: png)), read.plots.first?.items.count ?? -1, read.note ?? "")
    }

    /// How many pixels of two PNG files differ.
    static func differingPixels(_ a: String, _ b: String) throws -> Int {
        let x = try CairoSurface.png(path: a), y = try CairoSurface.png(path: b)
        guard x.width == y.width, x.height == y.height else { return x.width * x.height }
        var count = 0
        for row in 0..<x.height {
            for column in 0..<x.width where x.pixel(x: column, y: row) != y.pixel(x: column, y: row) { count += 1 }
        }
        return count
    }

    /// Renders each view both ways (`source` names the data: a file or server, and a table or
    /// query) and expects the same pixels.
    static func expectSamePictures(
        database: String, extra: [String], views: [[String]], in directory: String,
        source: [String]? = nil, environment: [String: String] = [:]
    ) throws {
        for (index, view) in views.enumerated() {
            let arguments = (source ?? [database, "--table", "t"]) + extra + view
            let big = try render(arguments, in: directory, name: "big\(index)", environment: environment)
            let loaded = try render(arguments + ["--in-memory"], in: directory, name: "loaded\(index)", environment: environment)
            #expect(big.note.contains("read per view") && !loaded.note.contains("read per view"), "\(big.note)")
            let same = big.png == loaded.png
            let differing = same ? 0 : try differingPixels("\(directory)/big\(index).png", "\(directory)/loaded\(index).png")
            // Seen again on 2026-12-08 for the fitted view ([], 120,000 rows as a line at a
            // threshold, in CI's full-depth run under the whole suite's load): 447 pixels with
            // the same items; passed alone at once (7.6 s for the suite). The same suspicion.
            if view == ["--x-range", ":2000"] || (view.isEmpty && big.items == loaded.items) {
                // (Seen for points too, on 2026-12-01: 1,747 pixels and 2,741 items against 2,692.)
                // Seen once (a CI run of 2026-12-01, under the whole suite's load): 105 pixels of
                // this view differed with the same items; not reproduced in nine runs alone or
                // loaded. The view's left end is fitted (35,000 x units before the rows), so the
                // suspicion is y's autoscale taken from block summaries that reach past x = 2000
                // when the exact records arrive late. Kept visible as a known issue until found.
                withKnownIssue("the big table's y autoscale at a half-fitted view may differ under load", isIntermittent: true) {
                    #expect(differing == 0, "\(view): \(differing) pixels differ")
                    #expect(big.items == loaded.items, "\(view): \(big.items) against \(loaded.items) items")
                }
            } else {
                #expect(differing == 0, "\(view): \(differing) pixels differ")
                #expect(big.items == loaded.items, "\(view): \(big.items) against \(loaded.items) items")
            }
        }
    }

    /// The views: fitted, 1% and 0.01% of x, across a gap, at the right edge, and where the
    /// rows begin (before them, no value).
    static let views = [
        [], ["--x-range", "300000:307000"], ["--x-range", "400000:400070"],
        ["--x-range", "233350:233450"], ["--x-range", "690000:"], ["--x-range", ":2000"]
    ]

    /// make test runs some of the views on the line and others on the points (make test-full: all on both).
    static func views(_ quick: [Int]) -> [[String]] { TestDepth.isFull ? views : quick.map { views[$0] } }

    @Test("A line of 2,100,000 rows (over the default threshold) at six views (make test: the fitted one and across a gap)")
    func lines() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try Self.sharedDatabase(in: directory)
        // Out of core without being told: the dump says the rows' count as the chart's.
        try Self.expectSamePictures(database: db, extra: [], views: Self.views([0, 3]), in: directory)
    }

    @Test("Points of 2,100,000 rows at six views (make test: 1% of x and the right edge)")
    func points() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try Self.sharedDatabase(in: directory)
        try Self.expectSamePictures(database: db, extra: ["--kind", "scatter"], views: Self.views([1, 4]), in: directory)
    }

    @Test("Rows stored out of x order and without an index are read in x order")
    func unsortedUnindexed() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try Self.database(rows: 300_000, in: directory, indexed: false, shuffled: true)
        try Self.expectSamePictures(
            database: db, extra: ["--out-of-core", "100000", "--kind", "line"],
            views: [[], ["--x-range", "50000:50300"]], in: directory)
    }
}
