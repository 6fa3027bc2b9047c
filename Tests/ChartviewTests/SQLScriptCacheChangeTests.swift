import Foundation
import Testing

/// A `.sql` script is kept in the cache only when running it again would make the same
/// database: whatever the spelling of a call whose value changes (random numbers, the clock, row
/// counts of earlier statements), wherever it is (a view, a trigger, a CTE, a column's DEFAULT),
/// the script runs every time; a script that only computes from its own text is kept.
///
/// The observable is the cache folder: a script kept leaves its image there after its first run
/// and leaves it untouched after the second (read back, not run); a script not kept leaves none,
/// so every run executes it. Nothing depends on timing.
@Suite struct SQLScriptCacheChangeTests {
    /// One script, named for the test list. Each makes table `t (x, y)`, which the chart reads.
    struct Script: CustomTestStringConvertible, Sendable {
        let label: String
        let text: String
        var testDescription: String { label }
    }

    /// A script whose second row's y is the length of `expression`'s value.
    static func row(_ expression: String) -> Script {
        Script(label: expression, text: "CREATE TABLE t (x REAL, y REAL);\nINSERT INTO t VALUES (1, 1), (2, length(\(expression)));\n")
    }

    /// Scripts whose database could differ from one run to the next.
    static let changing: [Script] =
        [
            "unixepoch()", "strftime('%s')", "strftime('%s','now')", "date('now')", "julianday('now')", "current_timestamp",
            "CURRENT_DATE", "Current_Time", "random/**/()", "\"random\"()", "[random]()", "`random`()", "RaNdOm()",
            "random -- a comment\n()", "randomblob(8)", "changes()", "total_changes()", "last_insert_rowid()", "date('n' || 'ow')",
            "datetime()", "time()", "julianday()", "DATE('NOW')", "strftime('%s', 'now', '+1 day')", "unixepoch('now')",
            "datetime(char(110, 111, 119))", "iif(1, \"unixepoch\"(), 0)", "(SELECT max(v) FROM (SELECT [random]() AS v))"
        ].map(row) + [
            Script(
                label: "a view", text: "CREATE TABLE t (x REAL, y REAL); CREATE VIEW v AS SELECT \"random\"() AS r;\nINSERT INTO t SELECT 1, r % 5 FROM v;\n"),
            Script(
                label: "a trigger's body",
                text: """
                    CREATE TABLE t (x REAL, y REAL); CREATE TABLE s (a);
                    CREATE TRIGGER grow AFTER INSERT ON s BEGIN INSERT INTO t VALUES (new.a, [random]() % 5); END;
                    INSERT INTO s VALUES (1), (2);

                    """),
            Script(
                label: "a trigger's WHEN",
                text: """
                    CREATE TABLE t (x REAL, y REAL); CREATE TABLE s (a); INSERT INTO t VALUES (0, 0), (9, 9);
                    CREATE TRIGGER grow AFTER INSERT ON s WHEN `random`() % 2 = 0 BEGIN INSERT INTO t VALUES (new.a, 1); END;
                    INSERT INTO s VALUES (1), (2), (3), (4);

                    """),
            Script(label: "a CTE", text: "CREATE TABLE t (x REAL, y REAL);\nWITH c (r) AS (SELECT random/**/()) INSERT INTO t SELECT 1, r % 5 FROM c;\n"),
            Script(label: "a DEFAULT", text: "CREATE TABLE t (x REAL, y REAL DEFAULT (\"random\"() % 5));\nINSERT INTO t (x) VALUES (1), (2);\n"),
            Script(
                label: "DEFAULT CURRENT_TIMESTAMP",
                text: "CREATE TABLE t (x REAL, y REAL, z TEXT DEFAULT CURRENT_TIMESTAMP);\nINSERT INTO t (x, y) VALUES (1, 1), (2, 2);\n"),
            Script(
                label: "a DEFAULT with the time",
                text: "CREATE TABLE t (x REAL, y REAL, z TEXT DEFAULT (date('n' || 'ow')));\nINSERT INTO t (x, y) VALUES (1, 1);\n"),
            Script(
                label: "ORDER BY",
                text:
                    "CREATE TABLE s (v); INSERT INTO s VALUES (1), (2), (3);\nCREATE TABLE t (x REAL, y REAL);\nINSERT INTO t SELECT v, v FROM s ORDER BY \"RANDOM\"();\n"
            ),
            Script(
                label: "UPDATE",
                text: "CREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES (1, 1), (2, 2);\nUPDATE t SET y = length([randomblob](3)) WHERE x = 2;\n"
            ),
            Script(
                label: "a window's order",
                text:
                    "CREATE TABLE s (v); INSERT INTO s VALUES (1), (2), (3);\nCREATE TABLE t (x REAL, y REAL);\nINSERT INTO t SELECT v, sum(v) OVER (ORDER BY [random]()) FROM s;\n"
            ),
            Script(
                label: "'now' from a table",
                text:
                    "CREATE TABLE n (v TEXT); INSERT INTO n VALUES ('NO' || 'W');\nCREATE TABLE t (x REAL, y REAL);\nINSERT INTO t SELECT 1, length(date(v)) FROM n;\n"
            ),
            Script(
                label: "PRAGMA case_sensitive_like",
                text: "PRAGMA case_sensitive_like = ON;\nCREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES (1, 1), (2, 2);\n"),
            Script(
                label: "PRAGMA reverse_unordered_selects",
                text: "PRAGMA reverse_unordered_selects = 1;\nCREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES (1, 1), (2, 2);\n")
        ]

    /// Scripts that compute only from their own text: the same database every run.
    static let repeatable: [Script] =
        [
            "'now'", "'random()'", "strftime('%d', '2026-03-04')", "date('2026-01-01', '+3 days')", "julianday('2024-01-01')",
            "unixepoch('2024-01-01 10:00')", "printf('%.3f', abs(-2.5))", "json_array(1, 2)",
            "(WITH RECURSIVE n (i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 9) SELECT sum(i) FROM n)",
            "sqlite_version() IS NOT NULL"
        ].map(row) + [
            Script(
                label: "words in comments and names",
                text:
                    "-- a random walk, now and then\nCREATE TABLE t (x REAL, y REAL, \"random\" TEXT);\nINSERT INTO t VALUES (1, 1, 'now'), (2, 2, 'random()');\n"
            ),
            Script(
                label: "a DEFAULT and a trigger that compute",
                text: """
                    CREATE TABLE t (x REAL, y REAL DEFAULT (date('2024-01-01') IS NOT NULL)); CREATE TABLE s (a);
                    CREATE TRIGGER grow AFTER INSERT ON s BEGIN INSERT INTO t (x) VALUES (new.a * 2); END;
                    INSERT INTO s VALUES (1), (2);

                    """),
            Script(
                label: "PRAGMA user_version and foreign_keys",
                text: "PRAGMA user_version = 3; PRAGMA foreign_keys = ON;\nCREATE TABLE t (x REAL, y REAL); INSERT INTO t VALUES (1, 1), (2, 2);\n")
        ]

    /// A fresh folder with `script` in it, and a cache folder beside it (not made yet).
    static func setUp(_ script: Script) throws -> (folder: String, path: String, cache: String) {
        let folder = try ChartviewProcess.temporaryDirectory()
        let path = folder + "/script.sql"
        try Data(script.text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path, folder + "/cache")
    }

    /// Charts `path`'s table t with `cache` as XDG_CACHE_HOME; returns the chart.
    static func render(_ path: String, cache: String, to out: String, environment: [String: String] = [:]) throws -> Data {
        let result = try ChartviewProcess.run(
            [path, "--query", "SELECT x, y FROM t", "--output", out], environment: environment.merging(["XDG_CACHE_HOME": cache]) { a, _ in a })
        #expect(result.status == 0, "\(result.stderr)")
        return try Data(contentsOf: URL(fileURLWithPath: out))
    }

    /// The images in the cache folder, by name, with their modification times.
    static func images(_ cache: String) -> [String: Date] {
        let folder = cache + "/chartview"
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        var found: [String: Date] = [:]
        for name in names where name.hasPrefix("script-") {
            found[name] = (try? FileManager.default.attributesOfItem(atPath: folder + "/" + name))?[.modificationDate] as? Date ?? .distantPast
        }
        return found
    }

    @Test("A script whose database could differ is not kept: every run executes it", arguments: changing)
    func notKept(_ script: Script) throws {
        let (folder, path, cache) = try Self.setUp(script)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = try Self.render(path, cache: cache, to: folder + "/first.svg")
        #expect(Self.images(cache).isEmpty, "kept after the first run")
        _ = try Self.render(path, cache: cache, to: folder + "/second.svg")
        #expect(Self.images(cache).isEmpty, "kept after the second run")
    }

    @Test("A script whose database is the same every run is kept and read back", arguments: repeatable)
    func kept(_ script: Script) throws {
        let (folder, path, cache) = try Self.setUp(script)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let first = try Self.render(path, cache: cache, to: folder + "/first.svg")
        let kept = Self.images(cache)
        #expect(kept.count == 1, "\(kept)")
        #expect(try Self.render(path, cache: cache, to: folder + "/second.svg") == first)
        #expect(Self.images(cache) == kept, "written again, not read back")
    }

    @Test("An image is kept per time zone: 'localtime' charts the zone the script runs in")
    func keptPerZone() throws {
        let hour = "CAST(strftime('%H', '2024-01-01 20:00', 'localtime') AS REAL)"
        let script = Script(label: "localtime", text: "CREATE TABLE t (x REAL, y REAL);\nINSERT INTO t VALUES (1, 1), (2, \(hour));\n")
        let (folder, path, cache) = try Self.setUp(script)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let utc = try Self.render(path, cache: cache, to: folder + "/utc.svg", environment: ["TZ": "UTC0"])
        let kept = Self.images(cache)
        #expect(kept.count == 1, "\(kept)")
        #expect(try Self.render(path, cache: cache, to: folder + "/utc-again.svg", environment: ["TZ": "UTC0"]) == utc)
        #expect(Self.images(cache) == kept, "written again, not read back")
        // Tokyo, nine hours ahead: 05 o'clock, not UTC's 20 read back.
        #expect(try Self.render(path, cache: cache, to: folder + "/tokyo.svg", environment: ["TZ": "JST-9"]) != utc)
        #expect(Self.images(cache).count == 2, "one image for both zones")
    }
}
