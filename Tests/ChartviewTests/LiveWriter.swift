import Foundation

/// A logger writing numbered rows to a CSV file at a steady rate on a thread of its own, as a
/// real one does: each batch appended with one write(2), and optionally rotated once (renamed to
/// FILE.1 and a new FILE begun with the header). Or, made with `init(database:...)`, another
/// process (python3's sqlite3) inserting each batch into a SQLite table in one transaction, its
/// connection open throughout. It notes when each row was written (committed), in milliseconds
/// on the test's clock (`TraceLines.milliseconds`), to time what chartview shows.
final class LiveWriter: @unchecked Sendable {
    /// The file written (it holds the header already; a rotation makes it anew).
    let path: String
    /// The header line a new file starts with (a rotation), with its newline.
    let header: String
    /// Rows written in all, numbered 1...rows.
    let rows: Int
    /// Rows per second.
    let rate: Double
    /// After this many rows the file is rotated; nil for none.
    let rotatesAfter: Int?
    /// The line of row k (from 1), with its newline.
    let line: @Sendable (Int) -> String
    /// The process inserting rows into a database, with its journal mode; nil for a CSV file.
    private let database: (process: Process, input: Pipe, output: Pipe)?

    private let condition = NSCondition()
    /// After each write: the rows written in all, and when (test milliseconds). In order.
    private var writes: [(rows: Int, at: Double)] = []
    private var finished = false
    private var failure: String?

    init(path: String, header: String, rows: Int, rate: Double, rotatesAfter: Int? = nil, line: @escaping @Sendable (Int) -> String) {
        self.path = path
        self.header = header
        self.rows = rows
        self.rate = rate
        self.rotatesAfter = rotatesAfter
        self.line = line
        database = nil
    }

    /// A writer of `rows` rows "k,v" into table `m(t INTEGER, v REAL)` of the SQLite database
    /// at `path` (made, in `journalMode`), `rate` rows a second, by another process that keeps
    /// its connection open; `line` gives row k's "t,v" with its newline.
    init(database path: String, journalMode: String, rows: Int, rate: Double, line: @escaping @Sendable (Int) -> String) throws {
        self.path = path
        header = ""
        self.rows = rows
        self.rate = rate
        rotatesAfter = nil
        self.line = line
        // Each batch: its lines, then an empty line; answered "ok" once committed.
        let script = """
            import sqlite3, sys
            db = sqlite3.connect(sys.argv[1], isolation_level=None)
            db.execute("PRAGMA journal_mode=" + sys.argv[2])
            db.execute("CREATE TABLE m(t INTEGER, v REAL)")
            print("ok", flush=True)
            batch = []
            for line in sys.stdin:
                line = line.strip()
                if line:
                    batch.append(tuple(line.split(",")))
                    continue
                db.execute("BEGIN")
                db.executemany("INSERT INTO m VALUES (?, ?)", [(int(t), float(v)) for t, v in batch])
                db.execute("COMMIT")
                batch = []
                print("ok", flush=True)
            """
        let process = Process(), input = Pipe(), output = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, path, journalMode]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
        database = (process, input, output)
        // The table exists before chartview opens the file.
        guard Self.readLine(output.fileHandleForReading) == "ok" else { throw TraceError.tool("sqlite writer", "could not make \(path)") }
    }

    deinit {
        if let database, database.process.isRunning { kill(database.process.processIdentifier, SIGKILL) }
    }

    /// One line from `handle` (without its newline); nil at its end.
    private static func readLine(_ handle: FileHandle) -> String? {
        var bytes: [UInt8] = []
        while true {
            guard let byte = try? handle.read(upToCount: 1), let first = byte.first else { return nil }
            if first == UInt8(ascii: "\n") { return String(decoding: bytes, as: UTF8.self) }
            bytes.append(first)
        }
    }

    /// Starts writing on a thread of its own.
    func start() {
        let thread = Thread { [self] in run() }
        thread.name = "test logger"
        thread.start()
    }

    /// Rows written so far.
    var rowsWritten: Int {
        condition.lock()
        defer { condition.unlock() }
        return writes.last?.rows ?? 0
    }

    /// When row `k` (from 1) was written: test milliseconds just after the write that held it.
    func writtenAt(row k: Int) -> Double {
        condition.lock()
        defer { condition.unlock() }
        var (low, high) = (0, writes.count - 1)
        precondition(high >= 0 && writes[high].rows >= k, "row \(k) was not written")
        while low < high {
            let middle = (low + high) / 2
            if writes[middle].rows >= k { high = middle } else { low = middle + 1 }
        }
        return writes[low].at
    }

    /// Waits until every row is written; throws when writing failed or took over `timeout` seconds.
    func waitUntilFinished(timeout: Double = 120) throws {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while !finished {
            if !condition.wait(until: deadline) { throw TraceError.timeout(waitingFor: "the logger's last row") }
        }
        if let failure { throw TraceError.tool("logger", failure) }
    }

    private func run() {
        var fd = database.map { $0.input.fileHandleForWriting.fileDescriptor } ?? open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
        let start = ContinuousClock.now
        var written = 0
        var failure: String? = fd < 0 ? "cannot open \(path)" : nil
        while failure == nil && written < rows {
            let elapsed = start.duration(to: .now)
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            var due = min(rows, Int(seconds * rate) + 1)
            if let rotation = rotatesAfter, written < rotation { due = min(due, rotation) }
            guard due > written else {
                usleep(500)
                continue
            }
            var text = ""
            for k in (written + 1)...due { text += line(k) }
            if database != nil { text += "\n" }
            guard Self.write(text, to: fd) else {
                failure = "cannot write \(path): \(String(cString: strerror(errno)))"
                break
            }
            if let database, Self.readLine(database.output.fileHandleForReading) != "ok" {
                failure = "the sqlite writer could not insert rows into \(path)"
                break
            }
            written = due
            condition.lock()
            writes.append((written, TraceLines.milliseconds(.now)))
            condition.unlock()
            if written == rotatesAfter {
                // As a logger rotates: the file renamed, a new one begun under the old name.
                close(fd)
                fd = -1
                guard rename(path, path + ".1") == 0 else {
                    failure = "cannot rename \(path)"
                    break
                }
                fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
                if fd < 0 || !Self.write(header, to: fd) { failure = "cannot make \(path) anew" }
            }
        }
        if let database {
            try? database.input.fileHandleForWriting.close()
            database.process.waitUntilExit()
        } else if fd >= 0 {
            close(fd)
        }
        condition.lock()
        self.failure = failure
        finished = true
        condition.broadcast()
        condition.unlock()
    }

    /// Writes all of `text` to `fd`; false on an error.
    private static func write(_ text: String, to fd: Int32) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let count = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            bytes = bytes.dropFirst(count)
        }
        return true
    }
}
