import Foundation

/// chartview's messages on standard error, written with write(2) and never a reason to stop:
/// Foundation's `FileHandle.write` traps when the write fails, and a full disk
/// (`2>/dev/full`), a reader that left, or `ulimit -f 0` turned a one-line message into death
/// by SIGILL. A message that cannot be written is lost; the exit status still says what
/// happened.
enum StandardError {
    /// Writes `line` and a line break to descriptor 2, retrying short writes and EINTR, giving up
    /// at the first other failure. O(length).
    static func write(line: String) {
        var bytes = Array((line + "\n").utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if written < 0 && errno == EINTR { continue }
            if written <= 0 { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
