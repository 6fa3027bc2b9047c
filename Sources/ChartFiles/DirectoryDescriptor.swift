import Foundation

/// A folder held open (`O_PATH | O_DIRECTORY`), so that what is looked at in it and what is then
/// written in it are in the same folder, whatever happens to its path meanwhile (`openat`,
/// `fstatat`, `readlinkat`, `renameat` on `fd`). Owns the descriptor and closes it when freed.
public final class DirectoryDescriptor: Sendable {
    /// The open folder; valid for the life of this object.
    public let fd: Int32
    /// The folder's path as it was opened ("." for the working folder), for messages.
    public let path: String

    /// What opening a folder found (`open(_:)`).
    public enum Opening {
        /// The folder, held open.
        case opened(DirectoryDescriptor)
        /// A component is missing, no folder, or not reachable (or links loop).
        case missing
        /// A symbolic link along the path may not be followed (the reason, in words).
        case unsafeLink(String)
    }

    private init(fd: Int32, path: String) {
        self.fd = fd
        self.path = path
    }

    /// Opens folder `path` one component at a time (`openat` with `O_NOFOLLOW`), following each
    /// symbolic link along it only where the kernel's `protected_symlinks` rule would: not a
    /// link in a sticky, world-writable folder owned by neither the user nor the folder's owner
    /// (`FileDestination.unsafeLink`). The kernel applies that rule only where it is switched
    /// on, and a link at a folder of the path (`/tmp/shared/link/out.png`) is as much a planted
    /// link as one at the file. Written by hand: `openat2`'s `RESOLVE_NO_SYMLINKS` refuses every
    /// link, the user's own too. O(components + links), at most 40 links.
    public static func open(_ path: String) -> Opening {
        let absolute = path.hasPrefix("/")
        var current = Glibc.open(absolute ? "/" : ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard current >= 0 else { return .missing }
        var components = path.split(separator: "/").map(String.init)
        var index = 0, links = 0
        while index < components.count {
            let name = components[index]
            index += 1
            if name == "." { continue }
            var info = stat()
            guard fstatat(current, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else {
                close(current)
                return .missing
            }
            if info.st_mode & S_IFMT == S_IFLNK {
                links += 1
                var folder = stat()
                guard links <= 40, fstat(current, &folder) == 0 else {
                    close(current)
                    return .missing
                }
                if let reason = FileDestination.unsafeLink(owner: info.st_uid, folderMode: folder.st_mode, folderOwner: folder.st_uid) {
                    close(current)
                    return .unsafeLink("its folder '\(name)' is a symbolic link " + reason)
                }
                guard let target = linkText(name, in: current) else {
                    close(current)
                    return .missing
                }
                if target.hasPrefix("/") {
                    close(current)
                    current = Glibc.open("/", pathOnly | O_DIRECTORY | O_CLOEXEC)
                    guard current >= 0 else { return .missing }
                }
                components = target.split(separator: "/").map(String.init) + components[index...]
                index = 0
                continue
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                close(current)
                return .missing
            }
            let next = openat(current, name, pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            close(current)
            guard next >= 0 else { return .missing }
            current = next
        }
        return .opened(DirectoryDescriptor(fd: current, path: path.isEmpty ? "." : path))
    }

    deinit { close(fd) }

    /// Linux's `O_PATH` (the same on x86-64 and arm64), which Glibc's module does not export
    /// without `_GNU_SOURCE`: a descriptor for `*at` calls that needs no read permission.
    static let pathOnly: Int32 = 0o10000000

    /// The folder's own status (its owner and mode), nil when it cannot be read.
    public func status() -> stat? {
        var info = stat()
        return fstat(fd, &info) == 0 ? info : nil
    }

    /// The status of `name` in the folder, not following it when it is a link; nil when there
    /// is no such entry (or it cannot be reached).
    public func entryStatus(_ name: String) -> stat? {
        var info = stat()
        return fstatat(fd, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info : nil
    }

    /// The text of the link `name` in the folder (`readlinkat`); nil when it is no link, or its
    /// text is not UTF-8.
    /// O(length of the link's text), at most `PATH_MAX` bytes.
    public func linkText(_ name: String) -> String? { Self.linkText(name, in: fd) }

    /// The text of the link `name` in folder descriptor `folder`; nil when it is none or not UTF-8.
    private static func linkText(_ name: String, in folder: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(folder, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        // Not UTF-8: no String names it (a replacement character would name another file).
        return String(validating: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
