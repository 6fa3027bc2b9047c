import CSQLite
import Foundation
#if canImport(Glibc)
    import Glibc
#endif

/// The databases `.sql` scripts made, kept in the user's cache folder
/// (`$XDG_CACHE_HOME/chartview`, else `~/.cache/chartview`) so that a script runs once, not on
/// every start: the demo gallery's `demo.sql` took about 5 ms of the 40 a small chart's process
/// takes, reading its 100 KB image back takes a tenth of a millisecond.
///
/// An image is found by the script's text, the SQLite library (its version and source id) and
/// the time zone (`TZ`, and `/etc/localtime` when it is unset: `'localtime'` and `'utc'` depend
/// on it), FNV-1a, 64 bits, over all: another script, library or zone never reads it. It is
/// written to a temporary file (mode 0600) and renamed into place, and checked when read (this
/// user's, not writable by group or others, `PRAGMA quick_check`); anything wrong with it
/// (missing, unreadable, another user's or writable by others, damaged, no cache folder, a folder
/// that cannot be written or that others may write to or own) only means the script runs as
/// before. A script whose run could differ the next time is not kept: `SQLScriptWatch` decides
/// from what the run did (random numbers, the clock, temporary tables, settings of the
/// connection). Images over `largestImage` bytes are not kept, nor more than `mostImages` of them.
enum SQLScriptCache {
    /// The largest image kept, in bytes: scripts that make big databases are rare, and their
    /// images would fill the cache folder.
    static let largestImage = 64 << 20
    /// The most images kept: storing one more removes the least recently written.
    static let mostImages = 32

    /// The cache folder, nil when neither `XDG_CACHE_HOME` nor `HOME` names one.
    static var folder: String? {
        let environment = ProcessInfo.processInfo.environment
        if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") { return cache + "/chartview" }
        if let home = environment["HOME"], home.hasPrefix("/") { return home + "/.cache/chartview" }
        return nil
    }

    /// What else than the script an image depends on: the SQLite library (its version number
    /// and source id) and the time zone (`TZ`, or `/etc/localtime`'s bytes when it is unset).
    static let environment: [UInt8] = {
        var bytes = Array("\(sqlite3_libversion_number()) \(String(cString: sqlite3_sourceid()))\0".utf8)
        if let zone = ProcessInfo.processInfo.environment["TZ"] {
            bytes += Array(("TZ=" + zone).utf8)
        } else {
            bytes += read("/etc/localtime", anyOwner: true) ?? []
        }
        return bytes
    }()

    /// Where the image of `script` lives (whether or not it exists yet).
    static func path(for script: String) -> String? {
        guard let folder else { return nil }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in script.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        // A byte no script text holds (UTF-8 never has 0xFF) between the two.
        for byte in [0xFF] + environment {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        return folder + "/script-" + String(repeating: "0", count: 16 - hex.count) + hex + ".sqlite"
    }

    /// Loads the kept image of `script` into `db` (a fresh, empty in-memory database): true when
    /// it did and the image checks out; false otherwise, when `db` may hold part of a damaged
    /// image (close it and run the script on a new one). O(image).
    static func load(_ script: String, into db: OpaquePointer) -> Bool {
        guard let folder, isPrivate(folder), let path = path(for: script), let image = read(path),
            image.count >= 512, image.starts(with: Array("SQLite format 3\0".utf8))
        else { return false }
        guard let buffer = sqlite3_malloc64(UInt64(image.count)) else { return false }
        image.withUnsafeBytes { buffer.copyMemory(from: $0.baseAddress!, byteCount: $0.count) }
        // SQLite owns the buffer from here, and frees it even when this fails.
        let flags = UInt32(SQLITE_DESERIALIZE_FREEONCLOSE | SQLITE_DESERIALIZE_RESIZEABLE)
        guard sqlite3_deserialize(db, "main", buffer.assumingMemoryBound(to: UInt8.self), Int64(image.count), Int64(image.count), flags) == SQLITE_OK
        else { return false }
        return isIntact(db)
    }

    /// Keeps the image of `db`, which `script` filled (and `SQLScriptWatch` found repeatable).
    /// Quietly does nothing when it cannot.
    static func store(_ db: OpaquePointer, for script: String) {
        guard let path = path(for: script), let folder else { return }
        var size: Int64 = 0
        guard let image = sqlite3_serialize(db, "main", &size, 0) else { return }
        defer { sqlite3_free(image) }
        guard size > 0, size <= largestImage else { return }
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            return  // no cache folder to write: the script runs next time too
        }
        guard isPrivate(folder), write(UnsafeRawBufferPointer(start: image, count: Int(size)), to: path, in: folder) else { return }
        removeOldest(in: folder)
    }

    /// Writes `bytes` to a new file in `folder`, mode 0600, and renames it to `path`: a reader
    /// sees the old image or the new one, whole. False (and no file left) when it cannot.
    private static func write(_ bytes: UnsafeRawBufferPointer, to path: String, in folder: String) -> Bool {
        let temporary = folder + "/.script-" + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return false }
        var written = fchmod(fd, 0o600) == 0
        var total = 0
        while written && total < bytes.count {
            let count = Glibc.write(fd, bytes.baseAddress! + total, bytes.count - total)
            if count < 0 && errno == EINTR { continue }
            written = count > 0
            total += max(count, 0)
        }
        written = close(fd) == 0 && written
        guard written, rename(temporary, path) == 0 else {
            unlink(temporary)
            return false
        }
        return true
    }

    /// Removes the least recently written images beyond `mostImages`. O(images log images).
    private static func removeOldest(in folder: String) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return }
        let images = names.filter { $0.hasPrefix("script-") && $0.hasSuffix(".sqlite") }.map { folder + "/" + $0 }
        guard images.count > mostImages else { return }
        let written = images.map { ($0, (try? manager.attributesOfItem(atPath: $0)[.modificationDate] as? Date) ?? .distantPast) }
        for (path, _) in written.sorted(by: { $0.1 < $1.1 }).prefix(images.count - mostImages) { try? manager.removeItem(atPath: path) }
    }

    /// Whether `folder` is this user's own and no one else may write to it: an image planted
    /// there by someone else would be charted as the script's data.
    private static func isPrivate(_ folder: String) -> Bool {
        var info = stat()
        return lstat(folder, &info) == 0 && info.st_mode & S_IFMT == S_IFDIR && info.st_uid == getuid() && info.st_mode & 0o022 == 0
    }

    /// The bytes of the regular file at `path`, at most `largestImage` of them, when it is this
    /// user's and no one else may write to it (as its folder: an image someone else could write
    /// would be charted as the script's data), or with `anyOwner` whoever's it is, a link
    /// followed; nil for anything else (no file, a link, a FIFO or device, a larger file, a
    /// read error).
    private static func read(_ path: String, anyOwner: Bool = false) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | (anyOwner ? 0 : O_NOFOLLOW))
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_size > 0, info.st_size <= largestImage,
            anyOwner || (info.st_uid == getuid() && info.st_mode & 0o022 == 0)
        else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(info.st_size))
        var total = 0
        while total < bytes.count {
            let got = bytes.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + total, $0.count - total) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            total += got
        }
        return bytes
    }

    /// Whether `PRAGMA quick_check` finds nothing wrong. O(image).
    private static func isIntact(_ db: OpaquePointer) -> Bool {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(db, "PRAGMA quick_check", -1, &statement, nil) == SQLITE_OK, let statement else { return false }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return false }
        return String(cString: text) == "ok" && sqlite3_step(statement) == SQLITE_DONE
    }
}
