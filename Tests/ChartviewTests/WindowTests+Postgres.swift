import Foundation
import Testing

/// A window on a PostgreSQL server: `--watch-query` reloads it when another session commits,
/// Escape stops a long query on the server (not just in the window), and neither the trace,
/// the window's title nor stderr ever carries the URL's password. Part of `WindowTests`, so
/// serialized.
extension WindowTests {
    typealias Server = PostgresFixture

    /// Every trace line up to and including the next `name` event, as JSON text.
    func traceText(_ session: TraceSession, until name: String, timeout: Double = 30) throws -> String {
        var skipped: [[String: Any]] = []
        let last = try session.lines.next(name, timeout: timeout, skipped: &skipped)
        return try (skipped + [last]).map { String(decoding: try JSONSerialization.data(withJSONObject: $0), as: UTF8.self) }
            .joined(separator: "\n")
    }

    @Test(.enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
    func aPostgresChartReloadsOnItsWatchQueryAndShowsNoPassword() throws {
        let table = Server.uniqueName("live")
        try Server.admin("CREATE TABLE \(table) (name text, value float8); INSERT INTO \(table) VALUES ('a', 1), ('b', 2), ('c', 3);")
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let secret = Server.adminPassword
        let session = try TraceSession([
            Server.adminURL, "--table", table, "--size", "800x600",
            "--watch-query", "SELECT count(*), max(value) FROM \(table)"
        ])
        var trace = try traceText(session, until: "layout")
        try Server.admin("INSERT INTO \(table) VALUES ('d', 4)")
        trace += try traceText(session, until: "reload")
        let reload = try #require(trace.split(separator: "\n").last)
        #expect(reload.contains("\"records\":4"), "\(reload)")
        let title = try TraceSession.run("xprop", ["-id", session.window, "_NET_WM_NAME", "WM_NAME"])
        #expect(title.output.contains(table) && !title.output.contains(secret), "\(title.output)")
        try session.key("q")
        trace += try traceText(session, until: "quit")
        #expect(try session.waitForExit() == 0)
        #expect(!trace.contains(secret))
        let errors = String(decoding: session.stderr.readDataToEndOfFile(), as: UTF8.self)
        #expect(!errors.contains(secret))
    }

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
        let session = try TraceSession([dir + "/pg.json"], until: "loading")
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
