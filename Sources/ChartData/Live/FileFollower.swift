import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Follows a growing file as `tail -F` does, on a thread of its own, handing whole lines to a
/// `LineQueue`: the file is read once from its start, then only what is appended (never again
/// the whole of it). It is polled by `stat(2)` every `interval` seconds (Foundation has no
/// inotify; a line therefore reaches the queue at most `interval` after it is written, 50 ms by
/// default):
/// - truncated (its size fell below what was read): read again from its start;
/// - rotated (the path names another file, as a logger's rename and recreate leave it): the
///   old file's remaining bytes are read to its end (a partial last line taken), then the new
///   one from its start;
/// - not there (yet, or removed for a while): waited for, the old file kept until another appears.
///
/// A truncation followed by more bytes than were read, within one poll, goes unnoticed (as in
/// `tail -F`).
public final class FileFollower: Sendable {
    /// The followed path, as messages name it.
    public let path: String
    /// Where the lines go.
    public let queue: LineQueue
    /// Seconds between two looks at the file.
    public let interval: Double
    /// Whether to stop at the end of what the file holds now (rendering to a file) rather than follow it.
    public let stopsAtEnd: Bool
    private let stopped = Mutex(false)
    /// The longest line kept (`LineSplitter`).
    private let lineLimit: Int

    /// A follower of `path` feeding `queue`; `stopsAtEnd` to read only what is there now (a file
    /// that is not there is then an error).
    /// Lines longer than `lineLimit` bytes are set aside (`LineSplitter`).
    public init(
        path: String, queue: LineQueue = LineQueue(), interval: Double = 0.05, stopsAtEnd: Bool = false,
        lineLimit: Int = LineSplitter.defaultLineLimit
    ) {
        self.path = path
        self.lineLimit = lineLimit
        self.queue = queue
        self.interval = interval
        self.stopsAtEnd = stopsAtEnd
    }

    /// Starts the following thread. Call once.
    public func start() {
        let thread = Thread { [self] in run() }
        thread.name = "chartview follow"
        thread.start()
    }

    /// Stops following within one interval (the queue then ends).
    public func stop() { stopped.withLock { $0 = true } }

    private var isStopped: Bool { stopped.withLock { $0 } }

    /// Follows the file on the calling thread until `stop()` (or its end with `stopsAtEnd`).
    public func run() {
        var file = OpenFile(fd: -1, device: 0, inode: 0, offset: 0)
        var splitter = LineSplitter(lineLimit: lineLimit)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: DescriptorLineReader.readSize)
        defer {
            buffer.deallocate()
            if file.fd >= 0 { close(file.fd) }
        }
        /// Reads the open file to its end; false (and the queue failed) on an error.
        func drain() -> Bool {
            while true {
                let got = read(file.fd, buffer, DescriptorLineReader.readSize)
                if got < 0 {
                    if errno == EINTR { continue }
                    queue.finish(.cannotOpen(path: path, reason: String(cString: strerror(errno))))
                    return false
                }
                if got == 0 { return true }
                file.offset += off_t(got)
                if let lines = splitter.take(buffer, count: got) { queue.push(lines) }
                if splitter.isEndless {
                    queue.finish(.unusable(path: path, message: LineSplitter.endlessMessage(splitter.endlessLimit)))
                    return false
                }
            }
        }
        while !isStopped {
            if file.fd < 0 {
                // Without blocking: a FIFO without a writer would hold the open forever.
                let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
                if fd < 0 {
                    let code = errno
                    if code != ENOENT || stopsAtEnd {
                        queue.finish(.cannotOpen(path: path, reason: code == ENOENT ? "no such file" : String(cString: strerror(code))))
                        return
                    }
                    pause()
                    continue
                }
                var status = stat()
                fstat(fd, &status)
                if (status.st_mode & S_IFMT) == S_IFDIR {
                    close(fd)
                    queue.finish(.cannotOpen(path: path, reason: "is a directory"))
                    return
                }
                // A FIFO (`--follow <(tail -f log)`) is a stream: read to its end, as standard
                // input is (with no writer, that end is at once: never a hang in open).
                if (status.st_mode & S_IFMT) == S_IFIFO {
                    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                    file = OpenFile(fd: fd, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), offset: 0)
                    guard drain() else { return }
                    break
                }
                // Only a regular file grows and is rotated: a device (a link swapped for
                // /dev/zero) is no file to follow.
                if (status.st_mode & S_IFMT) != S_IFREG {
                    close(fd)
                    queue.finish(.cannotOpen(path: path, reason: "is not a regular file or FIFO; only those are followed"))
                    return
                }
                file = OpenFile(fd: fd, device: UInt64(status.st_dev), inode: UInt64(status.st_ino), offset: 0)
            }
            guard drain() else { return }
            if stopsAtEnd { break }
            pause()
            var now = stat()
            guard stat(path, &now) == 0 else { continue }  // Removed for a while: the old file is kept.
            if UInt64(now.st_dev) != file.device || UInt64(now.st_ino) != file.inode {
                // Rotated: the old file's last bytes, then the new file from its start.
                guard drain() else { return }
                if let rest = splitter.finish() { queue.push(rest) }
                close(file.fd)
                file.fd = -1
                continue
            }
            var status = stat()
            if fstat(file.fd, &status) == 0 && off_t(status.st_size) < file.offset {
                // Truncated: what it holds now, from its start.
                lseek(file.fd, 0, SEEK_SET)
                file.offset = 0
                splitter.reset()
            }
        }
        if let rest = splitter.finish() { queue.push(rest) }
        queue.finish(nil)
    }

    private func pause() { usleep(useconds_t(interval * 1e6)) }

    /// The file being read: its descriptor, identity and how far it was read (bytes).
    private struct OpenFile {
        var fd: Int32
        var device: UInt64
        var inode: UInt64
        var offset: off_t
    }
}
