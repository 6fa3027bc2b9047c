import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads a file descriptor (standard input, a pipe, a FIFO) on a thread of its own, handing
/// whole lines to a `LineQueue` as they come (a partial last line waits for its line feed, and
/// is taken at the end of the input), then the end, or the failure, of the input.
///
/// The thread does nothing but `read(2)` and split, so no row waits on parsing or painting;
/// it blocks in `read` between writes. Latency: a line is queued as soon as `read` returns it.
public final class DescriptorLineReader: Sendable {
    /// What the input is called in messages ("standard input").
    public let name: String
    /// Where the lines go.
    public let queue: LineQueue
    private let fd: Int32

    /// The size of one `read(2)`, in bytes.
    static let readSize = 1 << 16

    /// A reader of `fd` (not closed by it: standard input stays the process's), called `name`
    /// in messages, feeding `queue`.
    public init(fd: Int32, name: String, queue: LineQueue = LineQueue(), lineLimit: Int = LineSplitter.defaultLineLimit) {
        self.fd = fd
        self.name = name
        self.queue = queue
        self.lineLimit = lineLimit
    }

    /// The longest line kept (`LineSplitter`).
    private let lineLimit: Int

    /// Starts the reading thread. Call once.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "chartview input"
        thread.start()
    }

    /// Reads until the end of the input (or an error), on the calling thread.
    public func run() {
        var splitter = LineSplitter(lineLimit: lineLimit)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.readSize)
        defer { buffer.deallocate() }
        while true {
            let got = read(fd, buffer, Self.readSize)
            if got < 0 {
                if errno == EINTR { continue }
                let reason = String(cString: strerror(errno))
                if let rest = splitter.finish() { queue.push(rest) }
                queue.finish(.cannotOpen(path: name, reason: reason))
                return
            }
            if got == 0 { break }
            if let lines = splitter.take(buffer, count: got) { queue.push(lines) }
            if splitter.isEndless {
                queue.finish(.unusable(path: name, message: LineSplitter.endlessMessage(splitter.endlessLimit)))
                return
            }
        }
        if let rest = splitter.finish() { queue.push(rest) }
        queue.finish(nil)
    }
}
