import Foundation
import Testing

/// A query that would act on the PostgreSQL server, its files or its other sessions is refused
/// before it runs, as the superuser (who may do all of it) and from a spec file someone else
/// wrote: commands (`DO … COPY TO PROGRAM`), server files (`lo_export`, `pg_file_write`), a
/// second session that commits (`dblink_exec`), ending sessions (`pg_terminate_backend`),
/// however the call is spelled or hidden (quoted names, schemas, subqueries, views, `WITH`,
/// `WHERE`, `ORDER BY`). Each case checks that nothing happened on the server, not only the
/// status. Queries that only read, with clocks and random numbers, still chart.
@Suite("PostgreSQL: only queries that read run", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct PostgresQueryCheckTests {
    typealias Server = PostgresFixture

    /// A table `t_…` of 5 rows, a view over it that writes a server file when read, a volatile
    /// SQL function that does, and a large object to export: made as the superuser.
    struct Fixture {
        let table: String
        let marker: String
        let largeObject: String

        init() throws {
            table = Server.uniqueName("attack")
            marker = "/tmp/chartview-pwned-" + table
            try Server.admin(
                """
                CREATE TABLE \(table) (x int, y float8);
                INSERT INTO \(table) SELECT g, g * 2 FROM generate_series(1, 5) g;
                CREATE TABLE \(table)_log (note text);
                CREATE VIEW \(table)_view AS SELECT x, pg_file_write('\(marker)', 'view', false) AS w FROM \(table);
                CREATE FUNCTION \(table)_fn() RETURNS int LANGUAGE sql VOLATILE AS $$ SELECT lo_export(0, '\(marker)') $$;
                """)
            largeObject = try Server.admin("SELECT lo_from_bytea(0, 'secret')")
        }

        func remove() {
            _ = try? Server.admin(
                "DROP VIEW IF EXISTS \(table)_view; DROP FUNCTION IF EXISTS \(table)_fn(); DROP TABLE IF EXISTS \(table), \(table)_log; SELECT lo_unlink(\(largeObject));"
            )
            try? FileManager.default.removeItem(atPath: marker)
        }

        /// Whatever the attack could have changed: the marker file, the log table's rows.
        func untouched() throws -> Bool {
            let rows = try Server.admin("SELECT count(*) FROM \(table)_log")
            return !FileManager.default.fileExists(atPath: marker) && rows == "0"
        }
    }

    /// The queries that act, with the words the refusal names.
    static func attacks(_ f: Fixture) -> [(sql: String, refusal: String)] {
        let t = f.table, m = f.marker, lo = f.largeObject
        let dblink = "'dbname=chartview_test host=\(Server.socket) port=\(Server.port) user=postgres password=\(Server.adminPassword)'"
        let writes = "refusing a statement that would change the database"
        let volatile = "query failed: the query calls"
        return [
            ("DO $$BEGIN EXECUTE 'COPY (SELECT 1) TO PROGRAM ''id > \(m)'''; END$$", writes),
            ("DO $$BEGIN EXECUTE 'COPY (SELECT 1) TO ''\(m)'''; END$$", writes),
            ("COPY (SELECT 1) TO PROGRAM 'id > \(m)'", "query failed: COPY gives no rows to chart"),
            ("CALL nothing()", writes),
            ("EXPLAIN ANALYZE SELECT lo_export(\(lo), '\(m)')", writes),
            ("SET session_replication_role = replica", writes),
            ("SELECT 1 AS a, lo_export(\(lo), '\(m)') AS b", "\(volatile) lo_export()"),
            ("SELECT 1 AS a, \"lo_export\"(\(lo), '\(m)') AS b", "\(volatile) lo_export()"),
            ("SELECT 1 AS a, pg_catalog.lo_export(\(lo), '\(m)') AS b", "\(volatile) lo_export()"),
            ("SELECT a, b FROM (SELECT 1 AS a, lo_export(\(lo), '\(m)') AS b) s", "\(volatile) lo_export()"),
            ("WITH e AS (SELECT lo_export(\(lo), '\(m)') AS b) SELECT 1 AS a, b FROM e", "\(volatile) lo_export()"),
            ("SELECT x, y FROM \(t) WHERE lo_export(\(lo), '\(m)') > 0", "\(volatile) lo_export()"),
            ("SELECT x, y FROM \(t) ORDER BY lo_export(\(lo), '\(m)')", "\(volatile) lo_export()"),
            ("SELECT x, (SELECT lo_export(\(lo), '\(m)')) AS y FROM \(t)", "\(volatile) lo_export()"),
            ("SELECT 1 AS a, pg_file_write('\(m)', 'x', false) AS b", "\(volatile) pg_file_write()"),
            ("SELECT x, w FROM \(t)_view", "\(volatile) pg_file_write()"),
            ("SELECT x, \(t)_fn() AS y FROM \(t)", "\(volatile) \(t)_fn(), lo_export()"),
            ("SELECT 1 AS a, d AS b FROM dblink_exec(\(dblink), 'INSERT INTO \(t)_log VALUES (''x'')') d", "\(volatile) dblink_exec()"),
            ("SELECT 1 AS a, dblink_exec(\(dblink), 'INSERT INTO \(t)_log VALUES (''x'')') AS b", "\(volatile) dblink_exec()"),
            (
                "SELECT x, y FROM \(t), LATERAL (SELECT * FROM dblink(\(dblink), 'INSERT INTO \(t)_log VALUES (''x'') RETURNING 1') AS r(n int)) r",
                "\(volatile) dblink()"
            ),
            ("SELECT pid, pg_terminate_backend(pid) FROM pg_stat_activity WHERE pid <> pg_backend_pid()", "\(volatile) pg_terminate_backend()"),
            ("SELECT 1 AS a, pg_read_file('/etc/passwd') AS b", "\(volatile) pg_read_file()"),
            ("SELECT 1 AS a, lo_import('/etc/hostname') AS b", "\(volatile) lo_import()"),
            ("SELECT 1 AS a, set_config('default_transaction_read_only', 'off', false) AS b", "\(volatile) set_config()"),
            ("WITH d AS (INSERT INTO \(t)_log VALUES ('x') RETURNING 1 AS n) SELECT n, n FROM d", writes),
            // Where EXPLAIN prints no expression (the fourth attack): LIMIT, OFFSET, FETCH, a
            // window frame, a VALUES list; functions that run SQL they are given; escaped names.
            ("SELECT x, y FROM \(t) LIMIT length(dblink_exec(\(dblink), 'INSERT INTO \(t)_log VALUES (''x'')'))", "\(volatile) dblink_exec()"),
            ("SELECT x, y FROM \(t) OFFSET pg_file_write('\(m)', 'x', false)", "\(volatile) pg_file_write()"),
            ("SELECT x, y FROM \(t) FETCH FIRST pg_file_write('\(m)', 'x', false) ROWS ONLY", "\(volatile) pg_file_write()"),
            (
                "SELECT x, sum(y) OVER (ORDER BY x ROWS BETWEEN pg_file_write('\(m)', 'x', false) PRECEDING AND CURRENT ROW) FROM \(t)",
                "\(volatile) pg_file_write()"
            ),
            ("VALUES (1, length(dblink_exec(\(dblink), 'INSERT INTO \(t)_log VALUES (''x'')')))", "\(volatile) dblink_exec()"),
            ("SELECT 1 AS a, table_to_xml('\(t)_view', true, false, '') AS b", "\(volatile) pg_file_write() (through \(t)_view), table_to_xml()"),
            // Every word of the text counts, in a string too: a quote read apart hides nothing.
            ("SELECT x, y, 'lo_export(1)' AS note FROM \(t)", "\(volatile) lo_export()"),
            (
                "SELECT 1 AS a, query_to_xml('SELECT pg_file_write(''\(m)'', ''x'', false)', true, false, '') AS b",
                "\(volatile) pg_file_write(), query_to_xml()"
            ),
            ("SELECT 1 AS a, U&\"lo_export\"(\(lo), '\(m)') AS b", "query failed: write names without Unicode escapes")
        ]
    }

    @Test(
        "Every way of acting on the server is refused, as the superuser, from --query and from a spec; nothing happens",
        arguments: 0..<PostgresUserCodeTests.batches)
    func attacksRefused(batch: Int) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let attacks = Self.attacks(fixture)
        // In batches that run side by side, as PostgresUserCodeTests' attacks: the k-th in batch k % batches.
        let mine = attacks.indices.filter { $0 % PostgresUserCodeTests.batches == batch }.map { attacks[$0] }
        #expect(!mine.isEmpty)
        try Server.expectRefused(mine, leading: { $0 }, untouched: fixture.untouched)
    }

    @Test("Queries that read chart: clocks, random numbers, strings and columns of ordinary words, a view, WITH, VALUES, TABLE")
    func readingQueriesRun() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let t = fixture.table
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for sql in [
            "SELECT x, y, random() AS r FROM \(t) ORDER BY x",
            "SELECT x, y + extract(epoch from clock_timestamp()) * 0 AS y FROM \(t)",
            "SELECT x, y, 'export (1, ''/tmp/x''): a note' AS note FROM \(t)",
            "SELECT x AS \"export\", y AS \"file_write(\" FROM \(t)",
            "WITH s AS (SELECT x, y FROM \(t)) SELECT x, y FROM s",
            "(SELECT x, y FROM \(t))",
            "VALUES (1, 2.0), (2, 3.5)",
            "TABLE \(t)",
            "SELECT x, y, pg_sleep(0)::text AS z FROM \(t)",
            "SELECT x, count(*) AS n FROM \(t) GROUP BY x"
        ] {
            let result = try ChartviewProcess.run([Server.adminURL, "--query", sql, "--output", dir + "/ok.png"])
            #expect(result.status == 0, "\(sql): \(result.stderr)")
        }
        #expect(try fixture.untouched())
    }
}
