import Foundation
import Testing
import TestDepth

/// A big table draws the pixels of loading every row at any `--out-of-core` threshold, not
/// only at the default: a low threshold once charted 2,100,000 points with the markers of
/// 1,001 (what the threshold said of the rows' number, 13,264 pixels apart from
/// `--in-memory`), and a view's few records painted one marker at a time where the loaded
/// chart painted them as one path. Through the real binary on a real SQLite file, both ways,
/// pixel for pixel, lines and points, one and two series, at several thresholds and views.
@Suite("Big tables: the same pixels at any threshold")
struct BigTableThresholdPixelTests {
    /// `rows` rows of x (three rows per x: ties), y (a wave with noise and a gap of 300 NULLs)
    /// and z (another wave), indexed on x.
    static func database(rows: Int, in directory: String) throws -> String {
        let path = directory + "/mid.db"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = [
            path,
            """
            CREATE TABLE t(x REAL, y REAL, z REAL);
            WITH RECURSIVE c(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM c WHERE i < \(rows - 1))
            INSERT INTO t SELECT i / 3, CASE WHEN i BETWEEN 30100 AND 30399 THEN NULL
                                        ELSE sin(i / 4000.0) * 100 + (abs(random()) % 10000) / 200.0 END,
                                 cos(i / 9000.0) * 80 + (abs(random()) % 1000) / 50.0 FROM c;
            CREATE INDEX t_x ON t(x);
            """
        ]
        try process.run()
        try process.waitForExit()
        #expect(process.terminationStatus == 0)
        return path
    }

    /// Fitted; 3.5% of x; seven x units (21 records, each marked: a line that deep shows dots);
    /// across the gap; the right edge.
    static let views = [
        [], ["--x-range", "30000:30700"], ["--x-range", "40000:40007"], ["--x-range", "10000:10200"],
        ["--x-range", "39000:"]
    ]

    @Test(
        "Lines and points of 120,000 rows at thresholds 1,000, 20,000 and 119,999 (make test: lines at the outer two, points at the middle one)",
        arguments: [["--kind", "line"], ["--kind", "scatter"]])
    func oneSeries(kind: [String]) throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try Self.database(rows: 120_000, in: directory)
        let thresholds = TestDepth.isFull ? ["1000", "20000", "119999"] : kind == ["--kind", "line"] ? ["1000", "119999"] : ["20000"]
        for threshold in thresholds {
            try BigTablePixelTests.expectSamePictures(
                database: db, extra: kind + ["--y", "y", "--out-of-core", threshold], views: Self.views, in: directory)
        }
    }

    @Test("Two series of 60,000 rows: 120,000 points' markers, at thresholds 1,000 and 40,000")
    func twoSeries() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try Self.database(rows: 60_000, in: directory)
        for threshold in ["1000", "40000"] {
            try BigTablePixelTests.expectSamePictures(
                database: db, extra: ["--kind", "scatter", "--y", "y,z", "--out-of-core", threshold],
                views: [[], ["--x-range", "15000:15350"], ["--x-range", "19000:19007"]], in: directory)
        }
    }
}
