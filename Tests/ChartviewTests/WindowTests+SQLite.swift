import Foundation
import Testing

/// SQLite in the real window: Escape stops a query that would never end (with a `--timeout` far
/// away), and a WAL database another program writes reloads with no input and is left with no
/// `-wal` or `-shm` file once the programs have exited. Part of `WindowTests`, so serialized
/// with them.
extension WindowTests {
    @Test func aLockHeldByAnotherProgramIsWaitedForNotReportedAsBadData() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try TraceSession([db, "--table", "t", "--size", "800x600"])
        // Another program holds the file's exclusive lock until the window's watch has run into
        // it, then commits a fourth row: the reload waits for the lock and shows it, with no error.
        let holder = try SQLiteReliabilityTests.Helper(SQLiteReliabilityTests.holder, [db], directory: dir)
        #expect(holder.ready() == "held")
        // The watch polls on the window's thread, which pauses between attempts at a lock (the
        // busy handler's sleep) and otherwise sleeps in poll: seen pausing, it waits for this one.
        let waiting = try ProcessThreads.waitUntil(session.process.processIdentifier) { $0.main?.wait == .pause }
        #expect(waiting != nil, "the window's thread was never seen waiting for the lock")
        holder.stop()
        // The fourth row repeats category 'c': its bar is the sum of both rows, so 3 records.
        #expect(try nextReload(session) == 3)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix("db.sqlite") } == ["db.sqlite"])
    }
}
