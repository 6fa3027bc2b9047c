import CCairo
import Foundation

/// Where Cairo's stream writers put bytes: an open file descriptor (standard output, a device,
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

    /// A `cairo_write_func_t` writing to the sink passed (unretained) as its closure.
    static let cairoWrite: cairo_write_func_t = { closure, data, length in
        guard let closure, let data else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<DescriptorSink>.fromOpaque(closure).takeUnretainedValue()
        return sink.write(data, count: Int(length)) ? CAIRO_STATUS_SUCCESS : CAIRO_STATUS_WRITE_ERROR
    }

    /// The pointer Cairo hands back to `cairoWrite`; valid while the sink lives.
    var closure: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }
}
