import Foundation
import Testing

/// Loading never holds the session: Escape gives a load up (the trace says `cancelled`, its
/// place says so), Tab gives it up and shows the next chart, a chart that cannot be built shows
/// its error in its place and Tab goes on; a long SQLite query (on a loading thread, as in the
/// window) is interrupted and the next chart on the same database shows.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func escapeGivesUpALoadingCSVChartAndItsPlaceSaysSo() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([try slowGallery(in: dir)], until: "loading")
        try session.key("Escape")
        #expect(try nextCancelledLoad(session)["chart"] as? String == "big")
        try nextLayout(session, saying: "Loading cancelled")
        // The window goes on: Tab shows the next chart.
        try session.key("Tab")
        let described = try session.next("described", timeout: 30)
        #expect(described["chart"] as? String == "small")
        try session.key("q")
        #expect(try session.waitForExit(timeout: 10) == 0)
    }

    @Test func tabDuringALoadGivesItUpAndShowsTheNextChart() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([try slowGallery(in: dir)], until: "loading")
        try session.key("Tab")
        var skipped: [[String: Any]] = []
        let ready = try session.next("ready", timeout: 30, skipped: &skipped)
        #expect(ready["window"] as? Int == Int(session.window))
        let events = skipped.compactMap { $0["event"] as? String }
        #expect(skipped.contains { $0["event"] as? String == "cancelled" && $0["chart"] as? String == "big" }, "\(events)")
        #expect(skipped.contains { $0["event"] as? String == "chart" && $0["name"] as? String == "small" }, "\(events)")
        // The big chart was never installed: the first chart described is the small one.
        let described = skipped.filter { $0["event"] as? String == "described" }.compactMap { $0["chart"] as? String }
        #expect(described == ["small"], "\(events)")
        try session.key("q")
        #expect(try session.waitForExit(timeout: 10) == 0)
    }

    @Test func aChartThatCannotBeBuiltShowsItsErrorAndTabGoesOn() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x,y\n1,2\n2,3\n3,5\n".utf8).write(to: URL(fileURLWithPath: dir + "/small.csv"))
        try Data("x,y\n\"2,3\n".utf8).write(to: URL(fileURLWithPath: dir + "/ragged.csv"))
        // A file whose one row has a quote never closed (set aside: no row is left), and a
        // column that is not there: errors only reading the data
        // can find. (A spec value out of range, such as a negative bar width, refuses the whole
        // file before the window opens, with its key path: DataInputTests.)
        let spec = #"""
            {"charts": [{"name": "bad-row", "kind": "bar", "data": {"csv": "ragged.csv"}},
                        {"name": "no-column", "x": "when", "data": {"csv": "small.csv"}},
                        {"name": "good", "data": {"csv": "small.csv"}}]}
            """#
        try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/bad.json"))
        let session = try WindowlessViewer([dir + "/bad.json"], until: "loading")
        for chart in ["bad-row", "no-column"] {
            let failed = try session.next("failed", timeout: 30)
            #expect(failed["chart"] as? String == chart)
            let message = try #require(failed["error"] as? String)
            #expect(message.contains(chart == "bad-row" ? "ragged.csv: has no data rows: 1 row set aside (line 2" : "when"), "\(message)")
            try nextLayout(session, saying: message)
            try session.key("Tab")
        }
        let described = try session.next("described", timeout: 30)
        #expect(described["chart"] as? String == "good")
        var layout = try session.next("layout", timeout: 30)
        while layout["message"] != nil { layout = try session.next("layout", timeout: 30) }
        try session.key("q")
        #expect(try session.waitForExit(timeout: 10) == 0)
    }

    /// The same with a query: Escape interrupts it, and the next chart, on the same database,
    /// shows (its query waits for the interrupted one to end, not for the window).
    @Test func escapeInterruptsALongQueryAndTheNextChartOnTheSameDatabaseShows() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("CREATE TABLE t(x, y); INSERT INTO t VALUES (1, 2), (2, 3), (3, 5);".utf8)
            .write(to: URL(fileURLWithPath: dir + "/t.sql"))
        // A billion steps of a recursive query: minutes, unless interrupted.
        let slow = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT x % 10 AS k, COUNT(*) AS n FROM c GROUP BY k"
        let spec: [String: Any] = [
            "database": "t.sql",
            "charts": [
                ["name": "slow", "data": ["query": slow]],
                ["name": "fast", "data": ["table": "t"]]
            ]
        ]
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: dir + "/db.json"))
        let session = try WindowlessViewer([dir + "/db.json"], until: "loading", threadedLoads: true)
        try session.key("Escape")
        #expect(try nextCancelledLoad(session)["chart"] as? String == "slow")
        try nextLayout(session, saying: "Loading cancelled")
        try session.key("Tab")
        let described = try session.next("described", timeout: 30)
        #expect(described["chart"] as? String == "fast")
        var layout = try session.next("layout", timeout: 30)
        while layout["message"] != nil { layout = try session.next("layout", timeout: 30) }
        try session.key("q")
        #expect(try session.waitForExit(timeout: 10) == 0)
    }
}
