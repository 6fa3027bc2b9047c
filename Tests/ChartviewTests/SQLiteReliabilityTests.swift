import Foundation
import Testing

/// SQLite files as other programs leave them, through the real binary: a script or query that
/// never ends stops at `--timeout`; a file another process has locked is busy (status 1, one
/// line), never "not a SQLite database"; a damaged file says what SQLite found; and reading a
/// WAL database, even while another process writes it, leaves no `-wal`, `-shm` or `-journal`
/// file behind once every process has exited.
@Suite(.serialized) struct SQLiteReliabilityTests {
    /// A python3 process running `code` (which gets the arguments in `sys.argv`), that prints
    /// one line once it is ready and stops when the file `stop` appears in its directory.
    final class Helper {
        let process = Process()
        private let output = Pipe()
        let stopFile: String

        init(_ code: String, _ arguments: [String], directory: String) throws {
            stopFile = directory + "/stop-\(UUID().uuidString)"
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", code, stopFile] + arguments
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
        }

        /// Waits for the ready line (empty if the helper failed first).
        func ready() -> String {
            var line = Data()
            while let byte = try? output.fileHandleForReading.read(upToCount: 1), let first = byte.first, first != 0x0A {
                line.append(first)
            }
            return String(decoding: line, as: UTF8.self)
        }

        /// Asks it to stop and waits until it has exited.
        func stop() {
            guard process.isRunning else { return }
            _ = FileManager.default.createFile(atPath: stopFile, contents: Data())
            try? process.waitForExit()
            try? FileManager.default.removeItem(atPath: stopFile)
        }

        /// A test that threw before `stop()` still ends its helper: killed, not left writing.
        deinit {
            if process.isRunning {
                process.terminate()
                try? process.waitForExit()
            }
        }
    }

    /// Holds an exclusive lock on a rollback-journal database (argv[2]) until stopped.
    static let holder = """
        import os, sqlite3, sys, time
        c = sqlite3.connect(sys.argv[2], isolation_level=None)
        c.execute("BEGIN EXCLUSIVE"); c.execute("INSERT INTO t VALUES ('c', 3)")
        print("held", flush=True)
        while not os.path.exists(sys.argv[1]): time.sleep(0.01)
        c.execute("COMMIT"); c.close()
        """

    /// Commits rows to a WAL database (argv[2]) in transactions of 2,000 until stopped, then
    /// closes it as a program exiting does.
    static let writer = """
        import os, sqlite3, sys, time
        c = sqlite3.connect(sys.argv[2], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL")
        i = 0
        while True:
            c.execute("BEGIN")
            c.executemany("INSERT INTO t VALUES (?, ?)", [("k%d" % (j % 7), j) for j in range(i, i + 2000)])
            c.execute("COMMIT")
            if i == 0: print("writing", flush=True)
            i += 2000
            if os.path.exists(sys.argv[1]): break
        c.close()
        """

    /// The names in `directory`, sorted.
    static func files(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    /// Waits until `process` has a file open whose path contains `name` (its database, or
    /// a private copy of it), at most 10 s, or until it exits.
    static func waitUntil(_ process: Process, opens name: String) {
        let fds = "/proc/\(process.processIdentifier)/fd"
        for _ in 0..<1000 where process.isRunning {
            let links = (try? FileManager.default.contentsOfDirectory(atPath: fds)) ?? []
            if links.contains(where: { (try? FileManager.default.destinationOfSymbolicLink(atPath: fds + "/" + $0))?.contains(name) == true }) { return }
            usleep(10_000)
        }
    }

    /// Runs python3 `code` to completion with `arguments`.
    static func python(_ code: String, _ arguments: [String]) throws {
        let result = try TraceSession.run("python3", ["-c", code] + arguments)
        guard result.status == 0 else { throw TraceError.tool("python3", result.output) }
    }

    @Test func aScriptThatNeverEndsStopsAtTheTimeout() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let script = dir + "/forever.sql"
        try Data(
            """
            CREATE TABLE t (k TEXT, v REAL);
            INSERT INTO t VALUES ('a', 1);
            CREATE TABLE n AS WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT count(*) FROM c;

            """.utf8
        ).write(to: URL(fileURLWithPath: script))
        let result = try ChartviewProcess.run([script, "--table", "t", "--timeout", "1", "--output", dir + "/x.png"])
        #expect(result.status == 2)
        #expect(result.stderr == "chartview: \(script):3: query failed: the script ran longer than 1 s and was stopped\n")

        // A spec's query, and its period query, over a script that ends.
        let data = dir + "/data.sql"
        try Data("CREATE TABLE t (k TEXT, v REAL);\nINSERT INTO t VALUES ('a', 1);\n".utf8).write(to: URL(fileURLWithPath: data))
        let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT 'a' AS k, count(*) AS v FROM c"
        let specs: [(String, String)] = [
            (#"{"database": "data.sql", "charts": [{"name": "q", "data": {"query": "\#(endless)"}}]}"#, data),
            (
                #"{"database": "data.sql", "charts": [{"name": "p", "data": {"query": "SELECT k, v FROM t WHERE k = :period"}, "period": {"query": "\#(endless)"}}]}"#,
                data
            )
        ]
        for (index, (text, name)) in specs.enumerated() {
            let spec = dir + "/spec\(index).json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: spec))
            let run = try ChartviewProcess.run([spec, "--timeout", "1", "--output", dir + "/x.png"])
            #expect(run.status == 2)
            #expect(run.stderr == "chartview: \(name): query failed: the query ran longer than 1 s and was stopped\n")
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func aLockedDatabaseIsBusyNotBad() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/locked.sqlite"
        try DataFixture.sqlite(db, "CREATE TABLE t (k TEXT, v REAL); INSERT INTO t VALUES ('a', 1), ('b', 2);")
        let holder = try Helper(Self.holder, [db], directory: dir)
        #expect(holder.ready() == "held")
        let busy = try ChartviewProcess.run([db, "--table", "t", "--timeout", "1", "--output", dir + "/x.png"])
        #expect(busy.status == 1)
        #expect(busy.stderr == "chartview: \(db): busy: database is locked by another process; gave up after 1 s (--timeout), try again later\n")
        // A reader started while the lock is held waits for it, and reads the committed rows.
        let waiting = Process()
        waiting.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
        waiting.arguments = [db, "--query", "SELECT k, v FROM t", "--timeout", "60", "--dump-layout", dir + "/layout.json"]
        waiting.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        try waiting.run()
        holder.stop()
        try waiting.waitForExit()
        #expect(waiting.terminationStatus == 0)
        let layout = try String(contentsOfFile: dir + "/layout.json", encoding: .utf8)
        #expect(layout.contains("\"text\" : \"c\""))
        #expect(try Self.files(dir) == ["layout.json", "locked.sqlite"])
    }

    @Test func damagedFilesSayWhatSQLiteFound() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.python(
            """
            import shutil, sqlite3, sys
            d = sys.argv[1]
            m = sqlite3.connect(d + "/schema.sqlite"); m.execute("CREATE TABLE t (x)"); m.commit()
            m.execute("PRAGMA writable_schema=ON"); m.execute("UPDATE sqlite_master SET sql = 'CREATE TABLE t (x' WHERE name = 't'"); m.commit(); m.close()
            c = sqlite3.connect(d + "/w.sqlite", isolation_level=None); c.execute("CREATE TABLE t (k TEXT, v REAL)"); c.execute("INSERT INTO t VALUES ('a', 1)")
            c.execute("BEGIN EXCLUSIVE")
            c.execute("INSERT INTO t SELECT 'b', randomblob(5000) FROM (WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 3000) SELECT i FROM n)")
            shutil.copy(d + "/w.sqlite", d + "/hot.sqlite"); shutil.copy(d + "/w.sqlite-journal", d + "/hot.sqlite-journal")
            c.execute("ROLLBACK"); c.close()
            """, [dir])
        try FileManager.default.removeItem(atPath: dir + "/w.sqlite")
        let cases: [(String, String)] = [
            ("schema.sqlite", "cannot open: malformed database schema (t) - incomplete input"),
            (
                "hot.sqlite",
                "cannot open: hot.sqlite-journal holds a write that did not finish (a hot journal); open the database once with sqlite3, which rolls it back, then try again"
            )
        ]
        let before = try Self.files(dir)
        for (file, message) in cases {
            let result = try ChartviewProcess.run([dir + "/" + file, "--output", dir + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/\(file): \(message)\n")
        }
        #expect(try Self.files(dir) == before)
    }

    @Test func readingAWALDatabaseAnotherProcessWritesLeavesNothingBehind() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/live.sqlite"
        try DataFixture.sqlite(db, "PRAGMA journal_mode=WAL; CREATE TABLE t (k TEXT, v REAL); INSERT INTO t VALUES ('a', 1);")
        #expect(try Self.files(dir) == ["live.sqlite"])
        let writer = try Helper(Self.writer, [db], directory: dir)
        #expect(writer.ready() == "writing")
        var outcomes: [String] = []
        for run in 0..<6 {
            let result = try ChartviewProcess.run([
                db, "--query", "SELECT k, count(*) FROM t GROUP BY k", "--timeout", "10",
                "--output", dir + "/x\(run).png"
            ])
            outcomes.append(result.status == 0 ? "ok" : result.stderr)
        }
        // Every read while the writer went on either worked or was busy, in one line.
        for outcome in outcomes {
            #expect(outcome == "ok" || (outcome.contains(": busy: ") && outcome.hasSuffix("try again later\n")), "\(outcome)")
        }
        #expect(writer.process.isRunning)
        // The writer exits while a read is under way (an endless query, stopped by --timeout):
        // a connection on the file would keep it from removing its -wal and -shm.
        let reading = Process()
        reading.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
        reading.arguments = [
            db, "--query", "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x+1 FROM c) SELECT 'a', count(*) FROM c",
            "--timeout", "3", "--output", dir + "/long.png"
        ]
        reading.environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
        let errors = Pipe()
        reading.standardError = errors
        try reading.run()
        Self.waitUntil(reading, opens: "live.sqlite")
        writer.stop()
        #expect(writer.process.terminationStatus == 0)
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try reading.waitForExit()
        #expect(reading.terminationStatus == 2)
        #expect(message == "chartview: \(db): query failed: the query ran longer than 3 s and was stopped\n")
        // The writer, the last to close, removed its -wal and -shm: chartview held nothing open.
        let left = try Self.files(dir).filter { !$0.hasSuffix(".png") }
        #expect(left == ["live.sqlite"])
        let copies = try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("chartview-sqlite-") }
        #expect(copies.isEmpty)
    }

    /// Keeps a WAL database (argv[2]) open with a large log that is never checkpointed.
    static let bigLog = """
        import os, sqlite3, sys, time
        c = sqlite3.connect(sys.argv[2], isolation_level=None)
        c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
        c.execute("BEGIN")
        c.executemany("INSERT INTO t VALUES (?, ?)", [("k" * 60 + str(j % 7), j) for j in range(1000000)])
        c.execute("COMMIT")
        print("held", flush=True)
        while not os.path.exists(sys.argv[1]): time.sleep(0.01)
        c.close()
        """

    /// SIGTERM while the private copy of a WAL database is being made removes the copy: the
    /// user's data is not left in the temporary directory (before, 12 to 88 MB copies stayed).
    @Test func aSignalDuringThePrivateCopyRemovesIt() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/big.sqlite", temporary = dir + "/tmp"
        try FileManager.default.createDirectory(atPath: temporary, withIntermediateDirectories: true)
        try DataFixture.sqlite(db, "PRAGMA journal_mode=WAL; CREATE TABLE t (k TEXT, v REAL);")
        let holder = try Helper(Self.bigLog, [db], directory: dir)
        defer { holder.stop() }
        #expect(holder.ready() == "held")
        var seen = false
        for _ in 0..<5 where !seen {
            let reading = Process()
            reading.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
            reading.arguments = [db, "--query", "SELECT k, count(*) FROM t GROUP BY k", "--output", dir + "/x.png"]
            var environment = ProcessInfo.processInfo.environment.filter { $0.key != "DISPLAY" }
            environment["TMPDIR"] = temporary
            reading.environment = environment
            reading.standardError = FileHandle.nullDevice
            try reading.run()
            // The copy's folder appears while the log is copied; SIGTERM then.
            while reading.isRunning && !seen {
                seen = ((try? Self.files(temporary)) ?? []).contains { $0.hasPrefix("chartview-sqlite-") }
                if !seen { usleep(500) }
            }
            if seen { kill(reading.processIdentifier, SIGTERM) }
            try reading.waitForExit()
            if seen { #expect(reading.terminationStatus == 143) }
        }
        #expect(seen, "the copy was never seen being made")
        #expect(try Self.files(temporary) == [])
        #expect(
            try Self.files(dir).filter { !$0.hasPrefix("stop-") && !$0.hasSuffix(".png") && $0 != "tmp" }.sorted()
                == ["big.sqlite", "big.sqlite-shm", "big.sqlite-wal"])
    }

    @Test func aWALCopiedWithoutItsShmIsReadAndGetsNone() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // A WAL database whose rows are still only in its -wal, copied without the -shm.
        try Self.python(
            """
            import shutil, sqlite3, sys
            d = sys.argv[1]
            c = sqlite3.connect(d + "/w.sqlite"); c.execute("PRAGMA journal_mode=WAL"); c.execute("PRAGMA wal_autocheckpoint=0")
            c.execute("CREATE TABLE t (k TEXT, v REAL)"); c.execute("INSERT INTO t VALUES ('only-in-wal', 1)"); c.commit()
            shutil.copy(d + "/w.sqlite", d + "/copy.sqlite"); shutil.copy(d + "/w.sqlite-wal", d + "/copy.sqlite-wal")
            c.close()
            """, [dir])
        try FileManager.default.removeItem(atPath: dir + "/w.sqlite")
        #expect(try Self.files(dir) == ["copy.sqlite", "copy.sqlite-wal"])
        let before = try [FileSnapshot(dir + "/copy.sqlite"), FileSnapshot(dir + "/copy.sqlite-wal")]
        let result = try ChartviewProcess.run([dir + "/copy.sqlite", "--dump-layout", "-"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("\"text\" : \"only-in-wal\""))
        #expect(try Self.files(dir) == ["copy.sqlite", "copy.sqlite-wal"])
        #expect(try [FileSnapshot(dir + "/copy.sqlite"), FileSnapshot(dir + "/copy.sqlite-wal")] == before)
    }
}
