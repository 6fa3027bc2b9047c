import Foundation

/// Text chartview prints on standard output (`--help`, `--version`, `--values`, `--list`,
/// `--describe`, `--profile`, `--trace`, the window's "Saved" line), written so that a failure
/// is reported rather than lost: standard output closed when chartview started (then
/// /dev/null, `StandardDescriptors`), a full disk (/dev/full), a reader that left. Each is one
/// line, "cannot write to standard output: REASON", status 1 (a failure at run time), as a
/// chart written with `--output -` reports one.
enum StandardOutput {
    /// Writes `text` to descriptor 1 whole, retrying short writes and EINTR. Throws
    /// `CommandError` (status 1) when standard output was closed at start or a write fails
    /// (ENOSPC, EPIPE: SIGPIPE is ignored). O(length).
    static func write(_ text: String) throws(CommandError) {
        if StandardDescriptors.outputWasClosed { throw failure("it was closed when chartview started") }
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { Foundation.write(STDOUT_FILENO, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw failure(String(cString: strerror(errno)))
            }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Writes `lines`, each followed by a line break, in one write where they fit.
    static func write(lines: [String]) throws(CommandError) {
        try write(lines.map { $0 + "\n" }.joined())
    }

    /// Writes `text` or, failing, prints the one line on standard error and ends the process
    /// with its status: for the window's lines (`--trace`, "Saved"), where no caller can stop.
    static func writeOrExit(_ text: String) {
        do {
            try write(text)
        } catch {
            TerminationSignals.waitIfTerminating()
            StandardError.write(line: "chartview: \(error.message)")
            exit(error.status)
        }
    }

    /// The error for a write that failed for `reason`.
    private static func failure(_ reason: String) -> CommandError {
        CommandError(message: "cannot write to standard output: \(reason)", status: 1)
    }
}
