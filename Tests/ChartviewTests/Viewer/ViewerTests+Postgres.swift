import Foundation
import Testing

/// A PostgreSQL server: Escape stops a long query on the server (not just in the session), on
/// a loading thread as in the window.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test(.enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
    func escapeStopsALongPostgresQueryOnTheServer() throws {
        let table = Server.uniqueName("esc")
        try Server.admin("CREATE TABLE \(table) (name text, value float8); INSERT INTO \(table) VALUES ('a', 1), ('b', 2);")
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let marker = Server.uniqueName("sleep")
        let spec: [String: Any] = [
            "postgres": Server.adminURL,
            "charts": [
                ["name": "slow", "data": ["query": "SELECT '\(marker)' AS name, 1 AS v FROM pg_sleep(120)"]],
                ["name": "fast", "data": ["table": table]]
            ]
        ]
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: dir + "/pg.json"))
        let session = try WindowlessViewer([dir + "/pg.json"], until: "loading", threadedLoads: true)
        // The query is running on the server before Escape.
        let running = "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%\(marker)%' AND pid <> pg_backend_pid()"
        var waited = 0
        while try Server.admin(running) != "1" && waited < 100 {
            usleep(50_000)
            waited += 1
        }
        #expect(try Server.admin(running) == "1")
        try session.key("Escape")
        #expect(try nextCancelledLoad(session)["chart"] as? String == "slow")
        try nextLayout(session, saying: "Loading cancelled")
        // The server stopped it too: the next chart, on the same connection, shows at once.
        try session.key("Tab")
        #expect(try session.next("described", timeout: 30)["chart"] as? String == "fast")
        #expect(try Server.admin(running) == "0")
        try session.key("q")
        #expect(try session.waitForExit(timeout: 10) == 0)
    }
}
