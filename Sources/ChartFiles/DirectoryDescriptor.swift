import Foundation

/// A folder held open (`O_PATH | O_DIRECTORY`), so that what is looked at in it and what is then
/// written in it are in the same folder, whatever happens to its path meanwhile (`openat`,
/// `fstatat`, `readlinkat`, `renameat` on `fd`). Owns the descriptor and closes it when freed.
public final class DirectoryDescriptor: Sendable {
    /// The open folder; valid for the life of this object.
    public let fd: Int32
    /// The folder's path as it was opened ("." for the working folder), for messages.
    public let path: String

    /// Opens `path` (links along it followed by the kernel, under its `protected_symlinks`
    /// rule); nil when it is missing, not a folder or not reachable.
    public init?(_ path: String) {
        let folder = path.isEmpty ? "." : path
        let fd = open(folder, Self.pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        self.fd = fd
        self.path = folder
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
    public func linkText(_ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlinkat(fd, name, &buffer, buffer.count - 1)
        guard count >= 0 else { return nil }
        // Not UTF-8: no String names it (a replacement character would name another file).
        return String(validating: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
