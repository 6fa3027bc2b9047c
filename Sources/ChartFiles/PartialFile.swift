import Foundation
import Synchronization

/// A file being written under a temporary name beside its destination,
/// `.NAME.PID.partial`, and renamed into place when complete: a reader never sees half a
/// file, and a failed write never replaces a good one. Owns the descriptor it is written
/// through (`fd`); nothing else opens the temporary name. The one writer of every file
/// chartview writes (`--output`, `--dump-layout`, the window's save), with one policy for what
/// is there (`FileDestination`): a symbolic link's target is written, a read-only file, a
/// directory or a device is refused, and a replaced file's mode is kept, with its owner and
/// group where permitted.
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
    /// The folder both names are in, held open since the destination was checked (or, when it
    /// was missing then, since the file was created): every name is made, replaced and removed
    /// in it, never through a path a link could redirect.
    private let folder: DirectoryDescriptor
    /// The last components of `temporary` and `destination`, in `folder`.
    private let temporaryLeaf: String, destinationLeaf: String

    /// A partial file that exists: its folder's descriptor (open while the file is) and name.
    private struct Entry: Hashable {
        var folder: Int32
        var leaf: String
    }
    /// The partial files that exist, for `removeAllAndExit(status:)`.
    private static let registry = Mutex<Set<Entry>>([])

    /// Resolves `destination` (`FileDestination`: a link's target, as `naming` allows; a
    /// read-only file, a directory, a device refused, under `destination`) and creates its
    /// temporary file.
    public convenience init(destination: String, naming: FileDestination.Naming = .given) throws(FileError) {
        try self.init(replacing: FileDestination(destination, naming: naming), name: destination)
    }

    /// Creates the temporary file beside `target.path` and removes stale partial files of the
    /// same destination left by processes that no longer exist. A new file is created with
    /// mode 0644 less the umask; one replacing a file is created 0600, then given the replaced
    /// file's owner and group where permitted and its mode (`keep(_:on:)`), before a byte is
    /// written. Throws `.refused` for a stream (`name` names it), `.cannotWrite` with the file
    /// system's reason.
    public init(replacing target: FileDestination, name: String? = nil) throws(FileError) {
        guard target.kind == .file else {
            throw FileError.refused(path: name ?? target.path, reason: "is a device or FIFO, not a file to replace; choose another output")
        }
        let destination = target.path
        self.destination = destination
        let directory = (destination as NSString).deletingLastPathComponent
        let short = Self.shortened((destination as NSString).lastPathComponent)
        let temporaryLeaf = ".\(short).\(getpid()).partial"
        let temporary = (directory.isEmpty ? "" : directory + "/") + temporaryLeaf
        self.temporary = temporary
        // A folder missing at the check is opened now, by the same walk (links refused as
        // there), never created or written by its path.
        let opened: DirectoryDescriptor
        if let folder = target.folder {
            opened = folder
        } else {
            switch DirectoryDescriptor.open(directory.isEmpty ? "." : directory) {
            case .opened(let folder): opened = folder
            case .missing:
                throw FileError.cannotWrite(path: destination, reason: Self.creationFailure(ENOENT, in: directory.isEmpty ? "." : directory))
            case .unsafeLink(let reason): throw FileError.refused(path: name ?? destination, reason: reason)
            }
        }
        let folder = opened
        self.folder = folder
        self.temporaryLeaf = temporaryLeaf
        self.destinationLeaf = (destination as NSString).lastPathComponent
        Self.removeStale(in: folder, name: short)
        // Never wider than the file it replaces, not even for a moment.
        let mode: mode_t = target.existing == nil ? 0o644 : 0o600
        let (fd, failure) = Self.registry.withLock { paths -> (Int32, Int32) in
            // O_EXCL: a link planted at the temporary name is never followed.
            let flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC
            var fd = openat(folder.fd, temporaryLeaf, flags, mode)
            if fd < 0 && errno == EEXIST {
                // Left by an earlier process with this PID (killed outright): it is ours now.
                unlinkat(folder.fd, temporaryLeaf, 0)
                fd = openat(folder.fd, temporaryLeaf, flags, mode)
            }
            guard fd >= 0 else { return (-1, errno) }
            paths.insert(Entry(folder: folder.fd, leaf: temporaryLeaf))
            return (fd, 0)
        }
        guard fd >= 0 else {
            done = true
            self.fd = -1
            throw FileError.cannotWrite(path: destination, reason: Self.creationFailure(failure, in: directory.isEmpty ? "." : directory))
        }
        self.fd = fd
        if let existing = target.existing { Self.keep(existing, on: fd) }
    }

    deinit {
        if !done { discard() }
    }

    /// Why a file could not be created in `directory`, from `open`'s `errno`: a read-only file
    /// system (EROFS) or a permission refused names the folder, as neither is the file's own
    /// doing; anything else is the system's words ("No space left on device").
    public static func creationFailure(_ code: Int32, in directory: String) -> String {
        switch code {
        case EROFS: "the file system of '\(directory)' is read-only"
        case EACCES, EPERM: "permission denied in '\(directory)'"
        default: String(cString: strerror(code))
        }
    }

    /// Closes the file and renames it onto the destination. On failure the temporary file is
    /// removed and the destination kept.
    public func commit() throws(FileError) {
        let closed = close(fd)
        let closeFailure = errno
        fd = -1
        guard closed == 0 else {
            discard()
            throw FileError.cannotWrite(path: destination, reason: String(cString: strerror(closeFailure)))
        }
        // In the folder that was checked: the name is replaced, never followed.
        let renamed = renameat(folder.fd, temporaryLeaf, folder.fd, destinationLeaf)
        guard renamed == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw FileError.cannotWrite(path: destination, reason: reason)
        }
        done = true
        _ = Self.registry.withLock { $0.remove(Entry(folder: folder.fd, leaf: temporaryLeaf)) }
    }

    /// Closes and removes the temporary file, and forgets it.
    public func discard() {
        if fd >= 0 { close(fd) }
        fd = -1
        done = true
        Self.registry.withLock { paths in
            unlinkat(folder.fd, temporaryLeaf, 0)
            paths.remove(Entry(folder: folder.fd, leaf: temporaryLeaf))
        }
    }

    /// Removes every partial file of the process and ends it with `_exit(status)`, for a thread
    /// that handles signals. Exits holding the registry's lock, so no partial file is created
    /// in between. Uses only `unlink` on paths already built (not for an asynchronous signal
    /// handler, which must not take locks).
    public static func removeAllAndExit(status: Int32) -> Never {
        registry.withLock { entries in
            for entry in entries { unlinkat(entry.folder, entry.leaf, 0) }
            _exit(status)
        }
    }

    /// Gives the file open on `fd` the owner and group of `existing` where permitted (both as
    /// root, the group alone when the writer belongs to it; best effort), then its mode. A
    /// group not kept takes the group's permission bits with it, so no group gains access the
    /// replaced file did not give it; an owner or group not kept takes its set-ID bit.
    static func keep(_ existing: FileDestination.Existing, on fd: Int32) {
        if fchown(fd, existing.owner, existing.group) != 0 {
            _ = fchown(fd, uid_t.max, existing.group)
        }
        var mode = existing.mode & 0o7777
        var now = stat()
        if fstat(fd, &now) == 0 {
            if now.st_uid != existing.owner { mode &= ~0o4000 }
            if now.st_gid != existing.group { mode &= ~0o2070 }
        }
        _ = fchmod(fd, mode)
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
    private static func removeStale(in folder: DirectoryDescriptor, name: String) {
        let prefix = ".\(name).", suffix = ".partial"
        // The folder held open, listed through its descriptor: no path a link could redirect.
        guard let entries = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd/\(folder.fd)") else { return }
        for entry in entries where entry.hasPrefix(prefix) && entry.hasSuffix(suffix) && entry.count > prefix.count + suffix.count {
            let pidText = entry.dropFirst(prefix.count).dropLast(suffix.count)
            guard let pid = Int32(pidText), pid > 0, pid != getpid() else { continue }
            if kill(pid, 0) != 0 && errno == ESRCH {
                unlinkat(folder.fd, entry, 0)
            }
        }
    }
}
