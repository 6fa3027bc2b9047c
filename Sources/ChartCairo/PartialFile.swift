import Foundation
import Synchronization

/// A file being written under a temporary name beside its destination,
/// `.NAME.PID.partial`, and renamed into place when complete: a reader never sees half a
/// file, and a failed write never replaces a good one. Owns the descriptor it is written
/// through (`fd`); nothing else opens the temporary name.
///
/// Every partial file of the process is recorded in a registry until it is renamed or removed,
/// so that a thread handling a signal can remove them all before the process exits
/// (`removeAllAndExit(status:)`). The file is created while the registry is locked, and that
/// thread exits holding the lock, so no partial file can appear after it looked. Only SIGKILL
/// (or a power cut) can leave one behind: its name carries the PID, and the next write to the
/// same destination removes partial files of that destination whose process is gone.
public final class PartialFile {
    /// The file to be replaced when the write completes.
    public let destination: String
    /// The temporary name being written.
    public let temporary: String
    /// The descriptor open for writing on `temporary`; -1 once committed or discarded.
    public private(set) var fd: Int32
    private var done = false

    /// The paths of partial files that exist, for `removeAllAndExit(status:)`.
    private static let registry = Mutex<Set<String>>([])

    /// Creates the temporary file beside `destination` (mode 0644 less the umask) and removes
    /// stale partial files of the same destination left by processes that no longer exist.
    /// Throws `.cannotWrite` with the file system's reason.
    public init(destination: String) throws(CairoError) {
        self.destination = destination
        let directory = (destination as NSString).deletingLastPathComponent
        let name = Self.shortened((destination as NSString).lastPathComponent)
        let temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).partial"
        self.temporary = temporary
        Self.removeStale(in: directory.isEmpty ? "." : directory, name: name)
        let (fd, failure) = Self.registry.withLock { paths -> (Int32, Int32) in
            var fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if fd < 0 && errno == EEXIST {
                // Left by an earlier process with this PID (killed outright): it is ours now.
                unlink(temporary)
                fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            }
            guard fd >= 0 else { return (-1, errno) }
            paths.insert(temporary)
            return (fd, 0)
        }
        guard fd >= 0 else {
            done = true
            self.fd = -1
            throw CairoError.cannotWrite(path: destination, reason: String(cString: strerror(failure)))
        }
        self.fd = fd
    }

    deinit {
        if !done { discard() }
    }

    /// Closes the file and renames it onto the destination. On failure the temporary file is
    /// removed and the destination kept.
    public func commit() throws(CairoError) {
        let closed = close(fd)
        let closeFailure = errno
        fd = -1
        guard closed == 0 else {
            discard()
            throw CairoError.cannotWrite(path: destination, reason: String(cString: strerror(closeFailure)))
        }
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw CairoError.cannotWrite(path: destination, reason: reason)
        }
        done = true
        _ = Self.registry.withLock { $0.remove(temporary) }
    }

    /// Closes and removes the temporary file, and forgets it.
    public func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        done = true
        Self.registry.withLock { paths in
            unlink(temporary)
            paths.remove(temporary)
        }
    }

    /// Removes every partial file of the process and ends it with `_exit(status)`, for a thread
    /// that handles signals. Exits holding the registry's lock, so no partial file is created
    /// in between. Uses only `unlink` on paths already built (not for an asynchronous signal
    /// handler, which must not take locks).
    public static func removeAllAndExit(status: Int32) -> Never {
        registry.withLock { paths in
            for path in paths { unlink(path) }
            _exit(status)
        }
    }

    /// `name` cut (at a character boundary) so that `.NAME.PID.partial` fits in a file name of
    /// 255 bytes, the limit of Linux file systems, whatever the PID: an output named with 240
    /// bytes is written, not refused as "File name too long".
    static func shortened(_ name: String) -> String {
        let room = 255 - ".".utf8.count - ".4294967295.partial".utf8.count
        guard name.utf8.count > room else { return name }
        var cut = Substring(name)
        while cut.utf8.count > room { cut = cut.dropLast() }
        return String(cut)
    }

    /// Removes `.NAME.PID.partial` files in `directory` whose process is gone (SIGKILL, a crash
    /// or a power cut). A PID taken again by a live process keeps its file.
    private static func removeStale(in directory: String, name: String) {
        let prefix = ".\(name).", suffix = ".partial"
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(suffix) && entry.count > prefix.count + suffix.count {
            let pidText = entry.dropFirst(prefix.count).dropLast(suffix.count)
            guard let pid = Int32(pidText), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlink((directory as NSString).appendingPathComponent(entry))
            }
        }
    }
}
