import Foundation
import Synchronization

/// A file being written under a temporary name beside its destination,
/// `.NAME.PID.partial`, and renamed into place when complete: a reader never sees half a
/// file, and a failed write never replaces a good one.
///
/// Every partial file of the process is recorded in a registry until it is renamed or removed,
/// so that a signal handler can remove them all before the process exits
/// (`removeAllAndExit(status:)`). Only SIGKILL (or a power cut) can leave one behind: its name
/// carries the PID, and the next write to the same destination removes partial files of that
/// destination whose process is gone.
public final class PartialFile {
    /// The file to be replaced when the write completes.
    public let destination: String
    /// The temporary name being written.
    public let temporary: String
    private var done = false

    /// The paths of partial files that exist (or are about to), for `removeAllAndExit(status:)`.
    private static let registry = Mutex<Set<String>>([])

    /// Registers a temporary name beside `destination` (nothing is created yet) and removes
    /// stale partial files of the same destination left by processes that no longer exist.
    public init(destination: String) {
        self.destination = destination
        let directory = (destination as NSString).deletingLastPathComponent
        let name = (destination as NSString).lastPathComponent
        temporary = (directory.isEmpty ? "" : directory + "/") + ".\(name).\(getpid()).partial"
        // Recorded before anything creates the file, so a signal never misses it.
        _ = Self.registry.withLock { $0.insert(temporary) }
        Self.removeStale(in: directory.isEmpty ? "." : directory, name: name)
    }

    deinit {
        if !done { discard() }
    }

    /// Renames the temporary file onto the destination. On failure the temporary file is removed.
    public func commit() throws(CairoError) {
        guard rename(temporary, destination) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw CairoError.cannotWrite(path: destination, reason: reason)
        }
        done = true
        _ = Self.registry.withLock { $0.remove(temporary) }
    }

    /// Removes the temporary file, if it was created, and forgets it.
    public func discard() {
        unlink(temporary)
        done = true
        _ = Self.registry.withLock { $0.remove(temporary) }
    }

    /// Removes every partial file of the process and ends it with `_exit(status)`, for a thread
    /// that handles signals. Exits holding the registry's lock, so no partial file is registered
    /// in between. Uses only `unlink` on paths already built (not for an asynchronous signal
    /// handler, which must not take locks).
    public static func removeAllAndExit(status: Int32) -> Never {
        registry.withLock { paths in
            for path in paths { unlink(path) }
            _exit(status)
        }
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
