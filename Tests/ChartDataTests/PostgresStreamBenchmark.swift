import ChartData
import Foundation
import Testing

/// How fast `streamNumbers` delivers rows: 20,000,000 rows of two float8 from a table over the
/// Unix socket, and straight from generate_series. Not part of `make test` (a minute of setup,
/// and timings on shared machines are noisy): `CHARTVIEW_PG_BENCH=1`, best in release
/// (`.ci/with-postgres swift test -c release --filter PostgresStreamBenchmark`).
@Suite(
    "PostgreSQL streaming speed",
    .enabled(
        if: PostgresTestServer.isAvailable && ProcessInfo.processInfo.environment["CHARTVIEW_PG_BENCH"] == "1",
        "set CHARTVIEW_PG_BENCH=1 under .ci/with-postgres"))
struct PostgresStreamBenchmark {
    static let rows = 20_000_000

    @Test func twentyMillionRows() throws {
        let table = PostgresTestServer.uniqueName("bench")
        try PostgresTestServer.admin(
            "CREATE UNLOGGED TABLE \(table) AS SELECT i::float8 AS x, sin(i)::float8 AS y FROM generate_series(1, \(Self.rows)) i; VACUUM ANALYZE \(table);")
        defer { _ = try? PostgresTestServer.admin("DROP TABLE \(table)") }
        let db = try PostgresDatabase(connectionString: PostgresTestServer.urlWithPassword, timeLimit: 600, memoryBudget: 1 << 30)
        for (label, sql) in [
            ("table", "SELECT x, y FROM \(table)"),
            ("generate_series", "SELECT i::float8, sin(i)::float8 FROM generate_series(1, \(Self.rows)) i")
        ] {
            for _ in 0..<2 {
                var count = 0
                var sum = 0.0
                let start = Date()
                let cpu = Self.cpuSeconds()
                try db.streamNumbers(sql) { row in
                    count += 1
                    sum += row[1]
                    return true
                }
                let seconds = Date().timeIntervalSince(start)
                let used = Self.cpuSeconds() - cpu
                #expect(count == Self.rows)
                print(
                    "streamNumbers \(label): \(count) rows in \(String(format: "%.2f", seconds)) s = \(String(format: "%.2f", Double(count) / seconds / 1e6))M rows/s, client CPU \(String(format: "%.2f", used)) s (sum \(sum))"
                )
            }
        }
    }

    /// This process's CPU time (user and system), in seconds.
    static func cpuSeconds() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
