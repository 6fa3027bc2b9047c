import Foundation

/// Standard input, output and error as chartview found them. One of descriptors 0, 1 and 2
/// that was closed is opened onto /dev/null first thing in `main`, before anything opens a
/// file: otherwise the next descriptor opened (the data file, libpq's socket, an epoll
/// descriptor) takes its number, and a message or `--output -` written "to standard output"
/// lands in it. Writing to standard output that was closed is refused (`OutputTarget`).
enum StandardDescriptors {
    /// Which of 0, 1 and 2 were closed when the process started (each is now /dev/null).
    static let closed: Set<Int32> = reopenClosed()

    /// Opens the closed ones onto /dev/null, once. Call first in `main`.
    static func settle() { _ = closed }

    /// Whether standard output was closed at start.
    static var outputWasClosed: Bool { closed.contains(STDOUT_FILENO) }

    /// Opens every closed descriptor among 0, 1 and 2 onto /dev/null (read-only for 0,
    /// write-only for 1 and 2), lowest first, so each open takes the number just freed; if
    /// /dev/null cannot be opened (a bare chroot), onto "/" read-only, where writes fail.
    private static func reopenClosed() -> Set<Int32> {
        var closed: Set<Int32> = []
        for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
            closed.insert(fd)
            var opened = open("/dev/null", (fd == STDIN_FILENO ? O_RDONLY : O_WRONLY) | O_NOCTTY)
            if opened < 0 { opened = open("/", O_RDONLY | O_DIRECTORY) }
            if opened >= 0 && opened != fd {
                dup2(opened, fd)
                close(opened)
            }
        }
        return closed
    }
}
