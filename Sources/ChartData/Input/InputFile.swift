import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Owns a descriptor open for reading on an input file (a CSV file, a spec, a SQL script) and
/// reads it within `InputLimits`, and closes it.
///
/// Regular files are refused when larger than the memory budget, before anything is read.
/// FIFOs and character devices are honoured: opened without waiting for a writer, then read
/// until their end, while the bytes stay within the budget and the time within the stream
/// timeout (a FIFO without a writer waits for one that long; `/dev/zero` ends at the budget,
/// or at its first block when the caller requires text). Directories are refused.
final class InputFile {
    let path: String
    let fd: Int32
    /// Whether the file is a regular file (with a size and random access).
    let isRegular: Bool
    /// A regular file's size in bytes when opened (0 for streams).
    let size: Int
    let limits: InputLimits

    /// Opens `path`. Throws `.cannotOpen` ("no such file", "permission denied", "is a
    /// directory"…) and `.tooLarge` for a regular file over the budget.
    init(path: String, limits: InputLimits) throws(DataError) {
        self.path = path
        self.limits = limits
        // O_NONBLOCK: opening a FIFO does not wait for a writer; it is cleared for regular files.
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: Self.reason(errno: errno)) }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let failure = errno
            close(fd)
            throw .cannotOpen(path: path, reason: Self.reason(errno: failure))
        }
        let type = info.st_mode & S_IFMT
        guard type != S_IFDIR else {
            close(fd)
            throw .cannotOpen(path: path, reason: "is a directory")
        }
        isRegular = type == S_IFREG
        size = isRegular ? max(0, Int(info.st_size)) : 0
        self.fd = fd
        if isRegular {
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
            // deinit closes fd when init throws from here on.
            guard size <= limits.memoryBudget else { throw .tooLarge(path: path, budget: limits.memoryBudget) }
        }
    }

    deinit { close(fd) }

    /// Every byte of the file. `requireText`: a block with a NUL byte ends the read with "not
    /// a text file" (unless the file starts with a UTF-16 byte order mark) (a device of zeros or random bytes fails at once, not at the budget).
    /// Throws `.tooLarge` past the budget, `.cannotOpen` for a read error or a stream that does
    /// not end in time.
    func readAll(requireText: Bool = false) throws(DataError) -> [UInt8] {
        let budget = limits.memoryBudget
        var bytes: [UInt8] = []
        var failure: DataError?
        if isRegular {
            // Its size and one byte more, straight into the array, to see the end (or that it grew).
            let expected = size + 1
            bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
                initialized = 0
                while initialized < expected {
                    let got = read(fd, buffer.baseAddress! + initialized, expected - initialized)
                    if got < 0 {
                        if errno == EINTR { continue }
                        failure = .cannotOpen(path: path, reason: Self.reason(errno: errno))
                        return
                    }
                    if got == 0 { break }
                    initialized += got
                }
            }
            if let failure { throw failure }
            guard bytes.count <= budget else { throw .tooLarge(path: path, budget: budget) }
            if requireText && !TextEncoding.startsUTF16(bytes) && bytes.contains(0) { throw .cannotOpen(path: path, reason: "not a text file") }
            if bytes.count < expected { return bytes }
        }
        // A stream (or a regular file that grew): in blocks, until its end.
        let deadline = isRegular ? nil : Date().addingTimeInterval(limits.streamTimeout)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let got = try readSome(into: &chunk, deadline: deadline)
            if got == 0 { break }
            guard bytes.count + got <= budget else { throw .tooLarge(path: path, budget: budget) }
            let utf16 = TextEncoding.startsUTF16(bytes.isEmpty ? chunk[0..<got] : bytes[...])
            if requireText && !utf16 && chunk[0..<got].contains(0) { throw .cannotOpen(path: path, reason: "not a text file") }
            bytes.append(contentsOf: chunk[0..<got])
        }
        return bytes
    }

    /// Reads up to `buffer.count` bytes: the count, 0 at the end. Streams wait (poll) for data
    /// until `deadline`.
    private func readSome(into buffer: inout [UInt8], deadline: Date?) throws(DataError) -> Int {
        while true {
            if let deadline {
                let remaining = deadline.timeIntervalSinceNow
                guard remaining > 0 else {
                    throw .cannotOpen(path: path, reason: "did not reach its end within \(Self.seconds(limits.streamTimeout)) s and was stopped")
                }
                var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                let ready = poll(&poller, 1, Int32(min(remaining * 1000 + 1, 1_000)))
                if ready < 0 && errno != EINTR { throw .cannotOpen(path: path, reason: Self.reason(errno: errno)) }
                if ready <= 0 { continue }
            }
            let got = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if got >= 0 { return got }
            let failure = errno
            if failure == EINTR || failure == EAGAIN || failure == EWOULDBLOCK { continue }
            throw .cannotOpen(path: path, reason: Self.reason(errno: failure))
        }
    }

    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// The reason printed for a failed `open` or `read`.
    static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a directory"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}
