import Foundation

/// What writing a file to a path replaces, decided by what is there now, the one policy of
/// every writer of a file (`--output`, `--dump-layout`, the window's save, the notes sidecar), as
/// `cp` and ImageMagick follow it:
/// - no file: one is created (mode 0644 less the umask).
/// - a regular file: replaced, keeping its mode, and its owner and group where permitted
///   (`PartialFile`); one without write permission is refused ("is read-only"), as is one on a
///   read-only file system ("is on a read-only file system").
/// - a symbolic link at a name the user gave (`Naming.given`): its final target is written the
///   same way (created when the link dangles), and the link is kept; but a link in a shared
///   sticky folder (`/tmp`: sticky and world-writable) owned by neither the user nor the folder's
///   owner is refused, as the kernel's `fs.protected_symlinks` refuses to follow it, since
///   chartview resolves links itself and the kernel never sees them followed.
/// - a symbolic link at a name chartview made up (`Naming.derived`: the notes sidecar beside a
///   data file): refused. Whoever put it there chose where chartview would write.
/// - a character device or FIFO (`/dev/null`, a named pipe): a stream, written in place by
///   whoever can (the command line), never replaced.
/// - a directory, a block device, a socket, a loop of links: refused.
///
/// Each step looks through the folder's descriptor (`DirectoryDescriptor`), which the writer
/// (`PartialFile`) then creates and renames in: what was checked is where the file is written,
/// even when the folder's path changes meanwhile.
public struct FileDestination: Equatable, Sendable {
    /// How the destination is written.
    public enum Kind: Equatable, Sendable {
        /// A regular file to replace, or to create when `existing` is nil.
        case file
        /// A character device or FIFO, to be written in place.
        case stream
    }

    /// Who chose the name written to, which decides whether a symbolic link there is followed.
    public enum Naming: Equatable, Sendable {
        /// The user typed it (`--output`, the save prompt's answer): a link the user may follow
        /// is followed.
        case given
        /// chartview made it up from another name (`FILE.chartview.json`): a link there is
        /// refused.
        case derived
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
    /// The folder `path` is in, held open where the check looked; nil when it is missing (the
    /// writer then says why it cannot write there).
    public let folder: DirectoryDescriptor?

    /// What `name` names now, following symbolic links (up to 40) as `naming` allows. Throws
    /// `.refused` under `name` for a directory, a read-only file, a block device or socket, a
    /// loop of links, a link in a shared sticky folder owned by someone else, or any link at a
    /// derived name. O(links followed) system calls.
    public init(_ name: String, naming: Naming = .given) throws(FileError) {
        // "out.png/" names a folder: never the file "out.png" a path's reading would make of it.
        if name.hasSuffix("/") { throw .refused(path: name, reason: "ends in '/', which names a folder; name a file to write") }
        var current = name
        for _ in 0..<40 {
            let folderPath = (current as NSString).deletingLastPathComponent
            let leaf = (current as NSString).lastPathComponent
            let folder: DirectoryDescriptor?
            switch DirectoryDescriptor.open(folderPath) {
            case .opened(let opened): folder = opened
            case .missing: folder = nil
            case .unsafeLink(let reason): throw .refused(path: name, reason: reason)
            }
            guard let folder, let info = folder.entryStatus(leaf) else {
                // Missing (or unreachable): the writer creates it in the folder looked at, or
                // says why not.
                (path, kind, existing, self.folder) = (current, .file, nil, folder)
                return
            }
            switch info.st_mode & S_IFMT {
            case S_IFLNK:
                guard naming == .given else {
                    throw .refused(
                        path: name,
                        reason: "is a symbolic link, and chartview writes no file through a link at a name it made up; remove the link")
                }
                if let status = folder.status(), let reason = Self.unsafeLink(owner: info.st_uid, folderMode: status.st_mode, folderOwner: status.st_uid) {
                    throw .refused(path: name, reason: "is a symbolic link " + reason)
                }
                guard let target = folder.linkText(leaf) else {
                    throw .refused(path: name, reason: "is a symbolic link whose target cannot be read (or is not UTF-8 text)")
                }
                current = target.hasPrefix("/") ? target : (folderPath as NSString).appendingPathComponent(target)
            case S_IFDIR:
                throw .refused(path: name, reason: "is a directory; name a file to write")
            case S_IFCHR, S_IFIFO:
                (path, kind, existing, self.folder) = (current, .stream, nil, folder)
                return
            case S_IFREG:
                // On a read-only file system no mode makes it writable: that is what to say.
                var volume = statvfs()
                if fstatvfs(folder.fd, &volume) == 0 && volume.f_flag & UInt(ST_RDONLY) != 0 {
                    throw .refused(path: name, reason: "is on a read-only file system; choose another output")
                }
                // No write bit at all is read-only even for root, which access() lets through.
                if info.st_mode & 0o222 == 0 || faccessat(folder.fd, leaf, W_OK, 0) != 0 && (errno == EACCES || errno == EROFS) {
                    throw .refused(path: name, reason: "is read-only; choose another output or make it writable")
                }
                (path, kind, self.folder) = (current, .file, folder)
                existing = Existing(mode: info.st_mode & 0o7777, owner: info.st_uid, group: info.st_gid)
                return
            default:
                throw .refused(path: name, reason: "is not a regular file, device or FIFO; choose another output")
            }
        }
        throw .refused(path: name, reason: "too many levels of symbolic links")
    }

    /// Why a link owned by `owner` in a folder of mode `folderMode` owned by `folderOwner` is
    /// not followed, by the kernel's `protected_symlinks` rule: in a sticky, world-writable
    /// folder, only a link of the user (the effective user) or of the folder's owner is. Nil
    /// when it may be followed.
    static func unsafeLink(owner: uid_t, folderMode: mode_t, folderOwner: uid_t) -> String? {
        let shared = folderMode & S_ISVTX != 0 && folderMode & 0o002 != 0
        guard shared, owner != geteuid(), owner != folderOwner else { return nil }
        return "in a shared folder, owned by another user (uid \(owner)); "
            + "chartview does not follow it (as the kernel's protected_symlinks); write to another name"
    }

    /// Equal when they write the same path the same way (the folder's descriptor aside).
    public static func == (a: FileDestination, b: FileDestination) -> Bool {
        a.path == b.path && a.kind == b.kind && a.existing == b.existing
    }
}
