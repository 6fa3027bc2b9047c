import Foundation
import Testing

/// SQLite: Escape stops a query that would never end (with a `--timeout` far away; on a loading
/// thread, as in the window), and a WAL database another program writes reloads with no input
/// and is left with no `-wal` or `-shm` file once the programs have exited.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func escapeStopsAQueryThatNeverEnds() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer(
            [
                db, "--query", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT 'a', count(*) FROM c",
                "--timeout", "600", "--size", "800x600"
            ], until: "frame", threadedLoads: true)
        let window = session.window
        // The query runs: no chart comes by itself.
        #expect((try? session.next("described", timeout: 1)) == nil)
        // Escape stops the query under way (one pressed before it starts stops nothing).
        var described: [String: Any]?
        for _ in 0..<10 where described == nil {
            try session.xdotool(["mousemove", "--window", window, "5", "5", "key", "Escape"])
            described = try? session.next("described", timeout: 1)
        }
        #expect(described != nil, "Escape did not stop the query")
        try session.xdotool(["mousemove", "--window", window, "5", "5", "key", "q"])
        #expect(try session.waitForExit() == 0)
    }

    @Test func aWALDatabaseAnotherProgramWritesReloadsAndKeepsNothingBeside() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/wal.sqlite"
        try DataFixture.sqlite(db, "PRAGMA journal_mode=WAL; CREATE TABLE t (name TEXT, value REAL); INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3);")
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"])
        // A program commits and exits: its -wal and -shm go with it.
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('d', 4);")
        #expect(try nextReload(session) == 4)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["wal.sqlite"])
        // A program that commits and keeps the file open: the window reads its -wal.
        let writer = try SQLiteReliabilityTests.Helper(
            """
            import os, sqlite3, sys, time
            c = sqlite3.connect(sys.argv[2], isolation_level=None)
            c.execute("PRAGMA journal_mode=WAL"); c.execute("INSERT INTO t VALUES ('e', 5)")
            print("committed", flush=True)
            while not os.path.exists(sys.argv[1]): time.sleep(0.01)
            c.close()
            """, [db], directory: dir)
        #expect(writer.ready() == "committed")
        #expect(try nextReload(session) == 5)
        writer.stop()
        try expectWindowMatchesOutput(session, [db, "--table", "t"], size: "800x600", in: dir)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("wal.sqlite") } == ["wal.sqlite"])
    }
}
