import Foundation
import Testing

/// A histogram of a PostgreSQL query of more rows than `--out-of-core`: counted by `GROUP BY`
/// in the server (CAST rounds there where SQLite's truncates; constants are cast to double
/// precision so nothing is computed in numeric), equal to loading every row.
@Suite("Histograms counted in PostgreSQL", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct HistogramPostgresTests {
    typealias Server = PostgresFixture

    @Test(arguments: [[], ["--bins", "23"], ["--bin-width", "0.5"]])
    func groupByEqualsLoading(flags: [String]) throws {
        let table = Server.uniqueName("hist")
        try Server.admin(
            """
            CREATE TABLE \(table) (v float8, w integer);
            INSERT INTO \(table) SELECT CASE WHEN i % 101 = 0 THEN NULL WHEN i % 997 = 0 THEN 'NaN'::float8
                                             WHEN i % 1999 = 0 THEN 'Infinity'::float8
                                             ELSE ((i * 7919) % 10007) * ((i * 104729) % 101) / 1000.0 - 50 END, i % 37
              FROM generate_series(0, 19999) i;
            """)
        defer { _ = try? Server.admin("DROP TABLE IF EXISTS \(table)") }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        func dump(_ extra: [String]) throws -> LayoutDumpReader {
            let result = try PostgresCommandTests.run(
                [
                    Server.url, "--query", "SELECT v FROM \(table)", "--kind", "histogram",
                    "--size", "800x600", "--dump-layout", "-"
                ] + flags + extra, home: home)
            try #require(result.status == 0, "\(result.stderr)")
            return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        }
        let counted = try dump(["--out-of-core", "1000"])
        let loaded = try dump(["--in-memory"])
        #expect(counted.note?.contains("counted in the database") == true, "\(counted.note ?? "")")
        #expect(counted.plots[0].items.map(\.record) == loaded.plots[0].items.map(\.record))
        #expect(counted.plots[0].items.map(\.value) == loaded.plots[0].items.map(\.value))
        #expect(counted.plots[0].items.map(\.text) == loaded.plots[0].items.map(\.text))
    }
}
