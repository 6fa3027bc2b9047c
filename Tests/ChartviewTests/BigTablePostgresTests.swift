import Foundation
import Testing
import TestDepth

/// A PostgreSQL query of more rows than the out-of-core threshold is read per view from the
/// server of `.ci/with-postgres` (one pass over the rows, then x ranges through the index), and
/// draws what loading every row draws, pixel for pixel: numbers and timestamps with time zones
/// along x, gaps (NULL), ties, lines and points, at the fitted view and zoomed.
@Suite(
    "Big tables on PostgreSQL: pixels against every row",
    .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct BigTablePostgresTests {
    typealias Server = PostgresFixture

    /// Runs the comparisons with the reader's password in a `.pgpass`.
    static func compare(_ source: [String], extra: [String], views: [[String]]) throws {
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        try BigTablePixelTests.expectSamePictures(
            database: "", extra: extra + ["--out-of-core", "500000"], views: views,
            in: home, source: source, environment: ["HOME": home])
    }

    @Test("600,000 rows of x with gaps: lines and points at four views (make test: two each)")
    func numbers() throws {
        let table = Server.uniqueName("big")
        try Server.admin(
            """
            CREATE TABLE \(table) AS SELECT i::float8 AS x,
                CASE WHEN i % 200000 BETWEEN 100 AND 399 THEN NULL ELSE sin(i / 9000.0) * 100 + (i::bigint * 7919 % 1000) / 20.0 END AS y
                FROM generate_series(0, 599999) i;
            CREATE INDEX ON \(table) (x);
            GRANT SELECT ON \(table) TO chartview_reader;
            """)
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        // A server answers a large query in no set order (parallel workers): the kind is given.
        let views = [[], ["--x-range", "300000:306000"], ["--x-range", "400000:400060"], ["--x-range", "200050:200500"]]
        // make test: half the views on the line, the other half on the points (make test-full: all on both).
        try Self.compare([Server.url, "--table", table], extra: ["--kind", "line"], views: TestDepth.sample(views, every: 2))
        try Self.compare([Server.url, "--table", table], extra: ["--kind", "scatter"], views: TestDepth.sample(views, every: 2, from: 1))
    }

    @Test("Timestamps with time zones along x, and ties in a query's own order")
    func timestampsAndTies() throws {
        let table = Server.uniqueName("ticks")
        try Server.admin(
            """
            CREATE TABLE \(table) AS SELECT timestamptz '2024-03-10 00:00:00+02' + (i / 3) * interval '1 second' AS at,
                cos(i / 7000.0) * 10 + (i::bigint * 104729 % 997) / 100.0 AS price FROM generate_series(0, 599999) i;
            CREATE INDEX ON \(table) (at);
            GRANT SELECT ON \(table) TO chartview_reader;
            """)
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let query = "SELECT at, price FROM \(table) ORDER BY at, price"
        try Self.compare(
            [Server.url, "--query", query], extra: ["--kind", "line"],
            views: [[], ["--x-range", "2024-03-10 12:00:2024-03-10 12:20"]])
    }

    /// NaN and infinite y in a table read per view are missing values, as loading has them
    /// (NaN failed with the server's "bigint out of range" in the points' pixel keys).
    @Test(arguments: ["'NaN'", "'Infinity'", "'-Infinity'"])
    func nonFiniteYIsMissingInATableReadPerView(value: String) throws {
        let table = Server.uniqueName("nan")
        try Server.admin(
            """
            CREATE TABLE \(table) AS SELECT g::float8 AS x, g::float8 AS y FROM generate_series(1, 100) g;
            INSERT INTO \(table) VALUES (50.5, \(value));
            GRANT SELECT ON \(table) TO chartview_reader;
            """)
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for kind in ["line", "scatter"] {
            let result = try ChartviewProcess.run(
                [Server.url, "--query", "SELECT x, y FROM \(table)", "--kind", kind, "--out-of-core", "10", "--output", home + "/x.png"],
                environment: ["HOME": home])
            #expect(result.status == 0, "\(kind): \(result.stderr)")
        }
    }

    /// All three in one numeric column, on a line read per view with its layout dumped: the
    /// infinite y of a half column's extremes reached the layout ("a value that is no number").
    @Test func nonFiniteYsTogetherAreMissingOnALineReadPerView() throws {
        let table = Server.uniqueName("nan")
        try Server.admin(
            """
            CREATE TABLE \(table) AS SELECT g::numeric AS x, g::numeric AS y FROM generate_series(1, 100) g;
            INSERT INTO \(table) VALUES (50.5, 'NaN'), (51.5, 'Infinity'), (52.5, '-Infinity');
            GRANT SELECT ON \(table) TO chartview_reader;
            """)
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let result = try ChartviewProcess.run(
            [Server.url, "--table", table, "--kind", "line", "--out-of-core", "10", "--output", home + "/x.png", "--dump-layout", home + "/x.json"],
            environment: ["HOME": home])
        #expect(result.status == 0, "\(result.stderr)")
    }
}
