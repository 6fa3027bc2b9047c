import ChartFiles
import Foundation

/// chartview's messages on standard error, written through a `DescriptorSink` (write(2)) and
/// never a reason to stop: Foundation's `FileHandle.write` traps when the write fails, and a
/// full disk (`2>/dev/full`), a reader that left, or `ulimit -f 0` turned a one-line message
/// into death by SIGILL. A message that cannot be written is lost; the exit status still says
/// what happened.
enum StandardError {
    /// Writes `line` and a line break to descriptor 2. O(length).
    static func write(line: String) {
        DescriptorSink(fd: STDERR_FILENO, name: "standard error").write(Data((line + "\n").utf8))
    }
}
