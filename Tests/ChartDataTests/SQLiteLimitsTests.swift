import ChartData
import Foundation
import Testing

/// The bounds on one query of `SQLiteDatabase`: rows past `memoryBudget` end in one line, not
/// an allocation failure; `interrupt()` from another thread stops a query that would never end,
/// and a wait for another process's lock.
@Suite("SQLite query limits")
struct SQLiteLimitsTests {
    /// 2,000 rows of a 1,000-byte text and a number: about 2 MB collected.
    static let script = """
        CREATE TABLE t (k TEXT, v REAL);
        INSERT INTO t WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) SELECT printf('%.1000d', i), i FROM n;
        """

    @Test("Rows past the memory budget end in one line")
    func memoryBudget() throws {
        let db = try SQLiteDatabase(memoryNamed: "big.sql", script: Self.script)
        #expect(db.memoryBudget == SQLiteDatabase.defaultMemoryBudget)
        #expect(db.memoryBudget >= Int(clamping: ProcessInfo.processInfo.physicalMemory / 4) - 1)
        // Within the default budget the rows are read.
        #expect(try db.table("SELECT k, v FROM t").rowCount == 2000)
        db.memoryBudget = 1 << 20
        #expect(throws: DataError.resultTooLarge(path: "big.sql", budget: 1 << 20)) { try db.table("SELECT k, v FROM t") }
        #expect(throws: DataError.resultTooLarge(path: "big.sql", budget: 1 << 20)) { try db.rows("SELECT k, v FROM t") }
        #expect(
            DataError.resultTooLarge(path: "big.sql", budget: 1 << 20).description
                == "big.sql: the query's result is larger than the memory budget (1 MB); select fewer rows or columns, aggregate them in SQL, or raise --max-memory"
        )
        // Numbers alone, or fewer rows, fit.
        #expect(try db.table("SELECT v FROM t").rowCount == 2000)
        #expect(try db.table("SELECT k, v FROM t WHERE v <= 500").rowCount == 500)
        // The database stays usable, and a file database has the same budget.
        let dir = NSTemporaryDirectory() + "chartview-limits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.sqlite(dir + "/big.sqlite", Self.script)
        let file = try SQLiteDatabase(path: dir + "/big.sqlite", memoryBudget: 1 << 20)
        #expect(throws: DataError.resultTooLarge(path: dir + "/big.sqlite", budget: 1 << 20)) { try file.table("SELECT k FROM t") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["big.sqlite"])
    }

    /// Makes the database at `path` with the `sqlite3` command line tool, which waits up to 10 s
    /// for a reader's lock (a followed table's reader holds one while it polls), as a real
    /// writer does.
    static func sqlite(_ path: String, _ sql: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["sqlite3", "-batch", "-cmd", ".timeout 10000", path, sql]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    /// Calls `interrupt()` every 10 ms until `done` (it only stops an operation under way).
    static func interrupting(_ db: SQLiteDatabase, until done: SharedFlag) {
        let box = UnsafeSendable(db)
        Thread {
            while !done.value {
                box.value.interrupt()
                usleep(10_000)
            }
        }.start()
    }

    @Test("interrupt() stops a query that never ends")
    func interruptEndlessQuery() throws {
        let db = try SQLiteDatabase(memoryNamed: "t.sql", script: Self.script, timeLimit: 600)
        let done = SharedFlag()
        Self.interrupting(db, until: done)
        defer { done.value = true }
        #expect(throws: DataError.cancelled(path: "t.sql")) {
            try db.rows("WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c) SELECT count(*) FROM c")
        }
    }

    @Test("interrupt() stops the wait for another process's lock")
    func interruptBusyWait() throws {
        let dir = NSTemporaryDirectory() + "chartview-limits-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/locked.sqlite"
        try Self.sqlite(path, "CREATE TABLE t (k TEXT, v REAL); INSERT INTO t VALUES ('a', 1);")
        let db = try SQLiteDatabase(path: path, timeLimit: 600)
        // Another process holds the file's exclusive lock until its standard input closes.
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments = [
            "python3", "-c",
            """
            import sqlite3, sys
            c = sqlite3.connect(sys.argv[1], isolation_level=None); c.execute("BEGIN EXCLUSIVE")
            print("held", flush=True); sys.stdin.read(); c.execute("ROLLBACK")
            """, path
        ]
        let input = Pipe(), output = Pipe()
        holder.standardInput = input
        holder.standardOutput = output
        try holder.run()
        defer {
            try? input.fileHandleForWriting.close()
            holder.waitUntilExit()
        }
        #expect(String(decoding: try output.fileHandleForReading.read(upToCount: 5) ?? Data(), as: UTF8.self) == "held\n")
        let done = SharedFlag()
        Self.interrupting(db, until: done)
        defer { done.value = true }
        #expect(throws: DataError.cancelled(path: path)) { try db.table("SELECT k, v FROM t") }
    }
}

/// A flag shared with a thread.
final class SharedFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var flag = false
    var value: Bool {
        get { lock.withLock { flag } }
        set { lock.withLock { flag = newValue } }
    }
}

/// A value handed to another thread whose use there is safe by construction
/// (`SQLiteDatabase.interrupt()` may be called from any thread).
struct UnsafeSendable<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}
