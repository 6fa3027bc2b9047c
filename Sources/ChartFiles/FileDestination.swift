import Foundation

/// What writing a file to a path replaces, decided by what is there now, the one policy of
/// every writer of a file (`--output`, `--dump-layout`, the window's save), as `cp` and
/// ImageMagick follow it:
/// - no file: one is created (mode 0644 less the umask).
/// - a regular file: replaced, keeping its mode, and its owner and group where permitted
///   (`PartialFile`); one without write permission is refused ("is read-only"), as is one on a
///   read-only file system ("is on a read-only file system").
/// - a symbolic link: its final target is written the same way (created when the link
///   dangles), and the link is kept.
/// - a character device or FIFO (`/dev/null`, a named pipe): a stream, written in place by
///   whoever can (the command line), never replaced.
/// - a directory, a block device, a socket, a loop of links: refused.
public struct FileDestination: Equatable, Sendable {
    /// How the destination is written.
    public enum Kind: Equatable, Sendable {
        /// A regular file to replace, or to create when `existing` is nil.
        case file
        /// A character device or FIFO, to be written in place.
        case stream
    }

    /// The mode, owner and group of the file being replaced, which its replacement keeps.
    public struct Existing: Equatable, Sendable {
        /// The permission bits, with the set-ID and sticky bits (`st_mode & 0o7777`).
        public var mode: mode_t
        /// The owning user.
        public var owner: uid_t
        /// The owning group.
        public var group: gid_t
    }

    /// The path written: the name given, or a symbolic link's final target.
    public let path: String
    /// A file to replace, or a stream to write in place.
    public let kind: Kind
    /// The regular file there now; nil when there is none yet (or for a stream).
    public let existing: Existing?

    /// What `name` names now, following symbolic links (up to 40). Throws `.refused` under
    /// `name` for a directory, a read-only file, a block device or socket, or a loop of links.
    public init(_ name: String) throws(FileError) {
        var current = name
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0 else {
                // Missing (or unreachable): the writer creates it or says why not.
                (path, kind, existing) = (current, .file, nil)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else {
                    (path, kind, existing) = (current, .file, nil)
                    return
                }
                current =
                    target.hasPrefix("/")
                    ? target
                    : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
            case S_IFDIR:
                throw .refused(path: name, reason: "is a directory; name a file to write")
            case S_IFCHR, S_IFIFO:
                (path, kind, existing) = (current, .stream, nil)
                return
            case S_IFREG:
                // On a read-only file system no mode makes it writable: that is what to say.
                var volume = statvfs()
                if statvfs(current, &volume) == 0 && volume.f_flag & UInt(ST_RDONLY) != 0 {
                    throw .refused(path: name, reason: "is on a read-only file system; choose another output")
                }
                // No write bit at all is read-only even for root, which access() lets through.
                if info.st_mode & 0o222 == 0 || access(current, W_OK) != 0 && (errno == EACCES || errno == EROFS) {
                    throw .refused(path: name, reason: "is read-only; choose another output or make it writable")
                }
                (path, kind) = (current, .file)
                existing = Existing(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
                return
            default:
                throw .refused(path: name, reason: "is not a regular file, device or FIFO; choose another output")
            }
        }
        throw .refused(path: name, reason: "too many levels of symbolic links")
    }
}
