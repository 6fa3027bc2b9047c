import ChartCore
import ChartFiles
import CX11
import Foundation
import Synchronization

/// Owns one connection to an X server and closes it. Installs chartview's error handlers: an X
/// protocol error is reported on stderr and the program goes on; a lost connection is handed to
/// the program's `connectionLost` (Xlib cannot continue after one).
public final class DisplayConnection {
    /// The Xlib `Display` pointer, valid for the life of this object.
    public let display: OpaquePointer
    /// The default screen's number.
    public let screen: Int32

    /// What a lost connection calls: the last connection's handler (Xlib has one per process).
    private static let connectionLost = Mutex<(@Sendable (WindowError) -> Void)?>(nil)

    /// Connects to `name` (nil for `$DISPLAY`). `connectionLost` is called with
    /// `WindowError.connectionLost`, on the thread of the Xlib call that found the connection
    /// broken, when the server goes away: Xlib cannot go on after that, and ends the process
    /// with status 1 once the handler returns, so a program ends itself there as it sees fit
    /// (saying why, cleaning up).
    public init(name: String? = nil, connectionLost: @escaping @Sendable (WindowError) -> Void = { _ in }) throws(WindowError) {
        let target = name ?? ProcessInfo.processInfo.environment["DISPLAY"]
        guard let target, !target.isEmpty else { throw WindowError.noDisplay(name: nil) }
        guard let display = XOpenDisplay(target) else { throw WindowError.noDisplay(name: target) }
        self.display = display
        screen = XDefaultScreen(display)
        XSetErrorHandler { display, error in
            guard let display, let error else { return 0 }
            var buffer = [CChar](repeating: 0, count: 256)
            XGetErrorText(display, Int32(error.pointee.error_code), &buffer, Int32(buffer.count))
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // write(2), not FileHandle (which traps when standard error cannot be written).
            let line = "chartview: X error: \(text) (request \(error.pointee.request_code))\n"
            DescriptorSink(fd: STDERR_FILENO, name: "standard error").write(Data(line.utf8))
            return 0
        }
        Self.connectionLost.withLock { $0 = connectionLost }
        XSetIOErrorHandler { _ in
            DisplayConnection.connectionLost.withLock { $0 }?(.connectionLost)
            return 0
        }
    }

    deinit { XCloseDisplay(display) }

    /// The file descriptor of the connection, to wait on.
    public var fileDescriptor: Int32 { XConnectionNumber(display) }

    /// The default screen's size in device pixels.
    public var screenSize: Size {
        Size(width: Double(XDisplayWidth(display, screen)), height: Double(XDisplayHeight(display, screen)))
    }

    /// The atom named `name`, created if needed.
    public func atom(_ name: String) -> Atom { XInternAtom(display, name, 0) }

    /// Device pixels per layout pixel from the `Xft.dpi` resource (96 dpi is 1); 1 when unset.
    public var resourceScale: Double {
        guard let resources = XResourceManagerString(display) else { return 1 }
        let text = String(cString: resources)
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "Xft.dpi",
                let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi >= 48, dpi <= 960
            else { continue }
            return dpi / 96
        }
        return 1
    }
}
