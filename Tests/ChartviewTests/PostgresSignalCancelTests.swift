import Foundation
import Testing

/// SIGTERM, SIGINT and SIGHUP while a query runs on a PostgreSQL server: chartview asks the
/// server to cancel it before it exits (`RunningPostgresQueries`), so the query does not go on
/// there for nobody. On the private server of `.ci/with-postgres`, watched in
/// `pg_stat_activity`.
@Suite(
    "Signals cancel the server's query",
    .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct PostgresSignalCancelTests {
    typealias Server = PostgresFixture

    /// How many server sessions run a query that mentions `marker` (other than this one's).
    static func activeQueries(marking marker: String) throws -> Int {
        Int(
            try Server.admin(
                "SELECT count(*) FROM pg_stat_activity WHERE state = 'active' AND pid <> pg_backend_pid()"
                    + " AND query LIKE '%\(marker)%'")) ?? -1
    }

    /// Waits (polling the server, at most `seconds`) until `condition` holds; whether it did.
    static func waitUntil(seconds: Double, _ condition: () throws -> Bool) rethrows -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if try condition() { return true }
            usleep(20_000)
        }
        return try condition()
    }

    @Test("A signal during pg_sleep(600) cancels it on the server", arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalCancelsTheServersQuery(signal: Int32) throws {
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let marker = Server.uniqueName("sleeper")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
        process.arguments = [
            Server.url, "--query", "SELECT 1 AS \(marker), 2 AS y FROM pg_sleep(600)", "--timeout", "900",
            "--output", home + "/out.png"
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["HOME"] = home
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        // What chartview said, for the expectations' messages.
        let said = home + "/stderr"
        _ = FileManager.default.createFile(atPath: said, contents: nil)
        process.standardError = try FileHandle(forWritingTo: URL(fileURLWithPath: said))
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The query runs on the server once pg_stat_activity shows it.
        let running = try Self.waitUntil(seconds: 60) { try Self.activeQueries(marking: marker) > 0 }
        try #require(running, "the query never showed as active on the server")
        try #require(process.isRunning, "chartview ended before the signal")
        kill(process.processIdentifier, signal)
        try process.waitForExit()
        let stderr = (try? String(contentsOfFile: said, encoding: .utf8)) ?? ""
        #expect(process.terminationReason == .exit, "\(stderr)")
        #expect(process.terminationStatus == 128 + signal, "\(stderr)")
        // The cancel request reached the server before chartview exited: the backend stops
        // at its next check for interrupts (pg_sleep checks every millisecond or so), not
        // after 600 s. Without the cancel it stays active here for the whole wait.
        let stopped = try Self.waitUntil(seconds: 30) { try Self.activeQueries(marking: marker) == 0 }
        #expect(stopped, "the server still runs the query after chartview exited")
        _ = try? Server.admin("SELECT pg_cancel_backend(pid) FROM pg_stat_activity WHERE query LIKE '%\(marker)%' AND pid <> pg_backend_pid()")
    }
}
