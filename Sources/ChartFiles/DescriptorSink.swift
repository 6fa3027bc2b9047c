import Foundation

/// Where a writer's bytes go (Cairo's stream writers, a layout dump): an open file descriptor (standard output, a device,
/// a FIFO) that the caller owns. Remembers the first write error (`errno`); writes nothing after it.
public final class DescriptorSink {
    /// The file descriptor written to; the caller owns it and closes it.
    public let fd: Int32
    /// What errors call the output.
    public let name: String
    /// The first write's `errno` that failed, if any.
    public private(set) var failure: Int32?

    /// A sink writing to `fd`, which stays open and the caller's; `name` names it in errors ("standard output").
    public init(fd: Int32, name: String) {
        self.fd = fd
        self.name = name
    }

    /// Writes all `count` bytes at `bytes`, retrying short writes and EINTR; false after an error.
    @discardableResult
    public func write(_ bytes: UnsafeRawPointer, count: Int) -> Bool {
        guard failure == nil else { return false }
        var done = 0
        while done < count {
            let wrote = Foundation.write(fd, bytes + done, count - done)
            if wrote < 0 {
                if errno == EINTR { continue }
                failure = errno
                return false
            }
            done += wrote
        }
        return true
    }

    /// Writes all of `data`, as `write(_:count:)`; false after an error.
    @discardableResult
    public func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { $0.isEmpty || write($0.baseAddress!, count: $0.count) }
    }

    /// `.cannotWrite` under `name` for the first write that failed; nil when none did.
    public var error: FileError? { failure.map { FileError.cannotWrite(path: name, errno: $0) } }
}
