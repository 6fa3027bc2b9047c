import Foundation
import Testing

/// A database crafted to hurt: a view that never ends, a blob past the size limit, a trigger in
/// the schema. chartview answers each with one line and status 2 within its time limit, and the
/// file stays as it was.
@Suite struct HostileDatabaseTests {
    static let schema = """
        CREATE TABLE t (name TEXT, value REAL);
        INSERT INTO t VALUES ('a', 1), ('b', 2);
        CREATE VIEW forever AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT 'k' AS k, COUNT(*) AS c FROM n;
        CREATE TABLE big (k TEXT, b BLOB);
        INSERT INTO big VALUES ('a', zeroblob(101000000));
        CREATE TRIGGER wipe AFTER INSERT ON t BEGIN DELETE FROM t; END;
        CREATE VIEW deep AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000000) SELECT 'k' AS k, SUM(i) AS s FROM n;
        """

    @Test func aHostileDatabaseIsAnsweredInBoundedTime() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/hostile.sqlite"
        try DataFixture.sqlite(db, Self.schema)
        let before = try FileSnapshot(db)
        let cases: [([String], String)] = [
            (["--table", "forever", "--timeout", "1"], "chartview: \(db): query failed: the query ran longer than 1 s and was stopped"),
            (["--table", "deep", "--timeout", "0.5"], "chartview: \(db): query failed: the query ran longer than 0.5 s and was stopped"),
            (["--query", "SELECT k, b FROM big"], "chartview: \(db): query failed: string or blob too big"),
            (
                ["--query", "INSERT INTO t VALUES ('c', 3)"],
                "chartview: \(db): refusing a statement that would change the database: INSERT INTO t VALUES ('c', 3)"
            )
        ]
        for (arguments, message) in cases {
            let result = try ChartviewProcess.run([db] + arguments + ["--output", dir + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr == message + "\n")
        }
        // The trigger never fired, nothing was written, no output file appeared.
        let rows = try ChartviewProcess.run([db, "--table", "t", "--dump-layout", "-"])
        #expect(rows.status == 0)
        #expect(try FileSnapshot(db) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["hostile.sqlite"])
    }
}
