import Foundation
import Testing

/// A window on a PostgreSQL server: `--watch-query` reloads it when another session commits,
/// Escape stops a long query on the server (not just in the window), and neither the trace,
/// the window's title nor stderr ever carries the URL's password. Part of `WindowTests`, so
/// serialized.
extension WindowTests {
    typealias Server = PostgresFixture

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

}
