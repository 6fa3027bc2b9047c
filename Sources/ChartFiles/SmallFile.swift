import Foundation

/// A small file read whole with a bound (a notes sidecar, a client's config file): never a
/// device, a FIFO or a file larger than the caller's limit, and a symbolic link only where the
/// caller allows it. A file nobody checked could be a link to `/dev/zero`, a 6 GB sparse file, or
/// a link someone else planted to a file of the user's.
public enum SmallFile {
    /// Which symbolic links at the path are followed.
    public enum Links: Sendable {
        /// None: the file is chartview's own name beside another (a sidecar).
        case refused
        /// Those the user (the effective user) owns: a config file the user linked from
        /// elsewhere.
        case ownedByUser
    }

    /// The bytes of the regular file at `path`, nil when there is none. Throws `.cannotRead`
    /// naming `path` for a link not allowed by `links`, anything but a regular file, a file
    /// over `limit` bytes, or a failed read. O(size) time, at most `limit` bytes held.
    public static func contents(of path: String, limit: Int, links: Links) throws(FileError) -> Data? {
        var fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
        if fd < 0 && errno == ELOOP {
            var link = stat()
            guard links == .ownedByUser, lstat(path, &link) == 0, link.st_uid == geteuid() else {
                throw .cannotRead(path: path, reason: "is a symbolic link, which chartview does not follow here; remove it or put the file itself there")
            }
            fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        }
        guard fd >= 0 else {
            if errno == ENOENT || errno == ENOTDIR { return nil }
            throw .cannotRead(path: path, reason: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .cannotRead(path: path, reason: "is not a regular file")
        }
        guard info.st_size <= limit else {
            throw .cannotRead(path: path, reason: "is \(info.st_size) bytes, more than the \(limit) such a file may have")
        }
        var data = Data(count: Int(info.st_size))
        var filled = 0
        while true {
            if filled == data.count {
                // It grew since fstat: read on, up to the limit.
                guard data.count < limit + 1 else { break }
                data.count = min(limit + 1, max(4096, data.count * 2))
            }
            let count = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, $0.count - filled) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { throw .cannotRead(path: path, reason: String(cString: strerror(errno))) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else {
            throw .cannotRead(path: path, reason: "grew past the \(limit) bytes such a file may have")
        }
        data.count = filled
        return data
    }
}
