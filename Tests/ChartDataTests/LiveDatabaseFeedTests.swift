import ChartCore
import Foundation
import Synchronization
import Testing

@testable import ChartData

/// A SQLite table followed while another process (the `sqlite3` tool) appends to it, commits
/// rows tied at the last x, holds its lock, and drops the table: each step waited for with a
/// deadline, never a sleep. And the tie rule itself (`NewRowCursor`).
@Suite struct LiveDatabaseFeedTests {
    /// A database at a fresh path in a fresh folder, made by `sqlite3` with `sql`.
    static func database(_ sql: String) throws -> (dir: String, path: String) {
        // (`sqlite3` prints the journal mode a PRAGMA sets.)
        let dir = NSTemporaryDirectory() + "chartview-live-db-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let path = dir + "/log.sqlite"
        try SQLiteLimitsTests.sqlite(path, sql)
        return (dir, path)
    }

    /// A feed of `sql` in the database at `path`, bound to x (column 0) and y (column 1), its
    /// first rows in a series fed on a thread of its own.
    static func follow(_ path: String, sql: String = "SELECT * FROM m", timeLimit: Double = 60) throws -> (LiveDatabaseFeed, LiveSeries, LiveRows) {
        let database = try SQLiteDatabase(path: path, timeLimit: timeLimit)
        let feed = try LiveDatabaseFeed(database: database, query: sql, pollInterval: LiveDatabaseFeed.filePollInterval, stopsAtEnd: false)
        let table = try feed.firstRows(cancellation: nil)
        let first = try feed.bind(x: 0, series: [1], table: table)
        let series = LiveSeries(plotIDs: ["v"])
        series.append(first)
        Thread { feed.feed(series) }.start()
        return (feed, series, first)
    }

    /// Waits until `condition` holds, or 10 s pass; returns whether it held.
    static func wait(_ condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 10)
        while !condition() {
            if Date() > deadline { return false }
            usleep(5_000)
        }
        return true
    }

    @Test(arguments: ["DELETE", "WAL"])
    func rowsAppendedByAnotherProcessAreReadOnce(journal: String) throws {
        let (dir, path) = try Self.database(
            "PRAGMA journal_mode=\(journal); CREATE TABLE m(t REAL, v REAL); INSERT INTO m VALUES (1, 10), (2, 20), (3, 30), (3, 31);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (feed, series, first) = try Self.follow(path)
        defer { feed.stop() }
        #expect(first.x == [1, 2, 3, 3])
        #expect(first.values[0].sorted() == [10, 20, 30, 31])
        // A row tied at the last x, committed after it was read, and rows after it.
        try SQLiteLimitsTests.sqlite(path, "INSERT INTO m VALUES (3, 32);")
        #expect(Self.wait { series.rowCount == 5 }, "\(series.rowCount) rows")
        try SQLiteLimitsTests.sqlite(path, "INSERT INTO m VALUES (4, 40), (4, 40), (5, 50);")
        #expect(Self.wait { series.rowCount == 8 }, "\(series.rowCount) rows")
        // 100 commits of one row each, as a logger writes them.
        for i in 6...105 { try SQLiteLimitsTests.sqlite(path, "INSERT INTO m VALUES (\(i), \(i * 10));") }
        #expect(Self.wait { series.rowCount == 108 }, "\(series.rowCount) rows")
        let status = series.status
        #expect(status.lastX == 105 && status.setAsideCount == 0 && !status.isFinished)
        #expect(series.extent(for: "v")?.values == PlotRange(10, 1050))
        // Nothing beside the database but what the journal mode's writer left.
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }

    @Test func aWriterHoldingItsLockIsWaitedForThenRead() throws {
        let (dir, path) = try Self.database("CREATE TABLE m(t INTEGER, v REAL); INSERT INTO m VALUES (1, 1);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A time limit shorter than the lock is held: the busy read is tried again, not a failure.
        let (feed, series, _) = try Self.follow(path, timeLimit: 0.2)
        defer { feed.stop() }
        // A connection of the test's own, opened before the writer locks the file: its reads of
        // the data version give 0 (busy) once the writer holds the lock.
        let database = try SQLiteDatabase(path: path, timeLimit: 0.05)
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = ["sqlite3", "-batch", path]
        let input = Pipe()
        writer.standardInput = input
        try writer.run()
        input.fileHandleForWriting.write(Data("BEGIN EXCLUSIVE; INSERT INTO m VALUES (2, 2);\n".utf8))
        #expect(Self.wait { database.dataVersion() == 0 })
        let busyUntil = Date(timeIntervalSinceNow: 0.6)
        while Date() < busyUntil { #expect(!series.isFinished && series.rowCount == 1) }
        input.fileHandleForWriting.write(Data("COMMIT;\n".utf8))
        try input.fileHandleForWriting.close()
        writer.waitUntilExit()
        #expect(Self.wait { series.rowCount == 2 })
        #expect(!series.isFinished)
    }

    @Test func aWALWriterThatStaysOpenIsFollowed() throws {
        let (dir, path) = try Self.database("PRAGMA journal_mode=WAL; CREATE TABLE m(t INTEGER, v REAL); INSERT INTO m VALUES (1, 1);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let writer = Process()
        writer.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        writer.arguments = ["sqlite3", "-batch", path]
        let input = Pipe()
        writer.standardInput = input
        writer.standardOutput = FileHandle.nullDevice
        try writer.run()
        input.fileHandleForWriting.write(Data("INSERT INTO m VALUES (2, 2);\n".utf8))
        // Read through a private copy while the writer keeps its -wal open.
        #expect(Self.wait { FileManager.default.fileExists(atPath: path + "-wal") })
        let (feed, series, _) = try Self.follow(path)
        defer { feed.stop() }
        for i in 3...50 { input.fileHandleForWriting.write(Data("INSERT INTO m VALUES (\(i), \(i));\n".utf8)) }
        #expect(Self.wait { series.rowCount == 50 }, "\(series.rowCount) rows")
        try input.fileHandleForWriting.close()
        writer.waitUntilExit()
        #expect(series.status.setAsideCount == 0 && !series.isFinished)
    }

    @Test func aFailureAfterTheChartExistsFinishesTheSeriesInOneLine() throws {
        let (dir, path) = try Self.database("CREATE TABLE m(t INTEGER, v REAL); INSERT INTO m VALUES (1, 1);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (feed, series, _) = try Self.follow(path)
        defer { feed.stop() }
        try SQLiteLimitsTests.sqlite(path, "DROP TABLE m;")
        #expect(Self.wait { series.isFinished })
        let failure = try #require(series.status.failure)
        #expect(failure == "\(path): query failed: no such table: m", "\(failure)")
        #expect(series.rowCount == 1)
    }

    @Test func stoppingFinishesTheSeries() throws {
        let (dir, path) = try Self.database("CREATE TABLE m(t INTEGER, v REAL); INSERT INTO m VALUES (1, 1);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let (feed, series, _) = try Self.follow(path)
        feed.stop()
        #expect(Self.wait { series.isFinished })
        #expect(series.status.failure == "stopped following")
    }

    @Test func anEmptyTableIsWaitedForUnlessReadOnce() throws {
        let (dir, path) = try Self.database("CREATE TABLE m(t INTEGER, v REAL);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let once = try LiveDatabaseFeed(
            database: try SQLiteDatabase(path: path), query: "SELECT * FROM m", pollInterval: 0.1, stopsAtEnd: true)
        #expect(throws: DataError.unusable(path: path, message: "the query returned no rows")) { try once.firstRows(cancellation: nil) }
        let following = try LiveDatabaseFeed(
            database: try SQLiteDatabase(path: path), query: "SELECT * FROM m", pollInterval: 0.1, stopsAtEnd: false)
        let cancellation = CancellationFlag()
        let box = UnsafeSendable(following)
        let result = Mutex<Int?>(nil)
        Thread { result.withLock { $0 = (try? box.value.firstRows(cancellation: cancellation))?.rowCount ?? -1 } }.start()
        try SQLiteLimitsTests.sqlite(path, "INSERT INTO m VALUES (1, 1), (2, 4);")
        #expect(Self.wait { result.withLock { $0 } != nil })
        #expect(result.withLock { $0 } == 2)
    }

    @Test func anXOfTextDatesIsRefusedNamingTheColumn() throws {
        let (dir, path) = try Self.database("CREATE TABLE m(d TEXT, v REAL); INSERT INTO m VALUES ('2024-01-01 10:00:00', 1), ('2024-01-01 10:00:01', 2);")
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let feed = try LiveDatabaseFeed(database: try SQLiteDatabase(path: path), query: "SELECT * FROM m", pollInterval: 0.1, stopsAtEnd: true)
        let table = try feed.firstRows(cancellation: nil)
        #expect(table.columns[0].isDate)
        #expect(
            throws: DataError.unusable(
                path: path, message: "column 'd' holds dates as text: a database is followed by an x of numbers (dates as seconds since 1970)")
        ) { try feed.bind(x: 0, series: [1], table: table) }
    }

    @Test func theCursorReadsEachRowOnceWhateverTheTies() {
        var cursor = NewRowCursor()
        func admitted(_ rows: [(Double, Double)]) -> [Double] {
            cursor.beginRead()
            return rows.filter { row in [row.1].withUnsafeBufferPointer { cursor.admits(x: row.0, values: $0) } }.map(\.1)
        }
        #expect(admitted([(1, 1), (2, 2), (2, 3)]) == [1, 2, 3])
        // Read again from x = 2: the two rows there are the same rows; a third, and an equal
        // copy of one of them, are new, in whatever order the database gives ties.
        #expect(admitted([(2, 3), (2, 9), (2, 2), (2, 3)]) == [9, 3])
        #expect(admitted([(2, 2), (2, 3), (2, 3), (2, 9)]).isEmpty)
        // A read stopped in the middle of ties goes on from its last row.
        #expect(admitted([(2, 2), (2, 3), (2, 3), (2, 9), (3, 1), (3, 2)]) == [1, 2])
        // A missing value (NaN) matches a missing value.
        let withGaps = admitted([(3, 2), (3, 1), (3, 3), (4, .nan), (4, .nan)])
        #expect(withGaps.count == 3 && withGaps[0] == 3 && withGaps.dropFirst().allSatisfy(\.isNaN))
        #expect(admitted([(4, .nan), (4, .nan), (4, .nan)]).count == 1)
        // Rows below the last x, or without an x, are not read.
        #expect(admitted([(3, 7), (.nan, 1), (5, 5)]) == [5])
    }

    @Test(.enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.unavailable))
    func aPostgresTableIsPolledByTheSamePredicate() throws {
        let table = PostgresTestServer.uniqueName("live")
        try PostgresTestServer.admin(
            "CREATE TABLE \(table)(t timestamptz, v float8); INSERT INTO \(table) VALUES ('2024-01-01 00:00:01+00', 1), ('2024-01-01 00:00:02+00', 2);")
        defer { _ = try? PostgresTestServer.admin("DROP TABLE \(table);") }
        let database = try PostgresDatabase(connectionString: PostgresTestServer.urlWithPassword, timeLimit: 30, memoryBudget: 1 << 30)
        let feed = try LiveDatabaseFeed(
            database: database, query: "SELECT * FROM \(table)", pollInterval: LiveDatabaseFeed.serverPollInterval, stopsAtEnd: false)
        let first = try feed.bind(x: 0, series: [1], table: try feed.firstRows(cancellation: nil))
        #expect(first.x == [1_704_067_201, 1_704_067_202])
        let series = LiveSeries(plotIDs: ["v"])
        series.append(first)
        Thread { feed.feed(series) }.start()
        defer { feed.stop() }
        // A row tied at the last x, and a later one.
        try PostgresTestServer.admin("INSERT INTO \(table) VALUES ('2024-01-01 00:00:02+00', 5), ('2024-01-01 00:00:03+00', 3);")
        #expect(Self.wait { series.rowCount == 4 }, "\(series.rowCount) rows")
        #expect(series.lastX == 1_704_067_203 && series.extent(for: "v")?.values == PlotRange(1, 5))
        #expect(!series.isFinished)
    }
}
