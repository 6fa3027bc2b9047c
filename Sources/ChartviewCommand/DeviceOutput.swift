import ChartFiles
import Foundation

/// Owns a descriptor open for writing on a character device or FIFO that chartview writes in
/// place (`/dev/null`, a named pipe), and closes it.
///
/// Opening a FIFO for writing waits for a reader; here the wait is bounded: the open is
/// retried without blocking until a reader comes or `timeout` seconds pass.
final class DeviceOutput {
    let fd: Int32

    /// Opens `leaf` in `folder` (which `name` names in messages), as the device or FIFO it was
    /// when checked: never through a symbolic link (`O_NOFOLLOW`), and refused when what is
    /// there now is anything else (another user may swap a FIFO in a shared folder while
    /// chartview waits for its reader). Throws a run-time error (status 1) when it cannot be
    /// opened, or no reader opens the FIFO in time.
    init(folder: DirectoryDescriptor, leaf: String, name: String, timeout: Double) throws(CommandError) {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let fd = openat(folder.fd, leaf, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC | O_NOFOLLOW)
            if fd >= 0 {
                var info = stat()
                let type = fstat(fd, &info) == 0 ? info.st_mode & S_IFMT : 0
                guard type == S_IFIFO || type == S_IFCHR else {
                    close(fd)
                    throw CommandError(message: "\(name): is no longer a device or FIFO; nothing written", status: 1)
                }
                // Blocking writes from here on: the reader sets the pace.
                _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
                self.fd = fd
                return
            }
            let failure = errno
            if failure == EINTR { continue }
            if failure == ELOOP {
                throw CommandError(message: "\(name): became a symbolic link; nothing written through it", status: 1)
            }
            guard failure == ENXIO else {
                throw CommandError(message: "\(name): cannot write: \(String(cString: strerror(failure)))", status: 1)
            }
            // A FIFO with no reader yet.
            guard Date() < deadline else {
                let seconds = Int(timeout.rounded(.up))
                throw CommandError(message: "\(name): no reader opened the FIFO within \(seconds) s (\(CommandOption.timeout.name))", status: 1)
            }
            usleep(10_000)
        }
    }

    deinit { close(fd) }
}
