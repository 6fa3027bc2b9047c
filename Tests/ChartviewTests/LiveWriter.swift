import Foundation

/// A logger writing numbered rows to a CSV file at a steady rate on a thread of its own, as a
/// real one does: each batch appended with one write(2), and optionally rotated once (renamed to
/// FILE.1 and a new FILE begun with the header). It notes when each row was written, in
/// milliseconds on the test's clock (`TraceLines.milliseconds`), to time what chartview shows.
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
        var fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
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
            guard Self.write(text, to: fd) else {
                failure = "cannot write \(path): \(String(cString: strerror(errno)))"
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
        if fd >= 0 { close(fd) }
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
