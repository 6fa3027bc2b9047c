import ChartCore
import CX11
import Foundation

/// Owns one connection to an X server and closes it. Installs chartview's error handlers: an X
/// protocol error is reported on stderr and the program goes on; a lost connection ends the
/// program with a message and status 1 (Xlib cannot continue after one).
public final class DisplayConnection {
    public let display: OpaquePointer
    public let screen: Int32

    /// Connects to `name` (nil for `$DISPLAY`).
    public init(name: String? = nil) throws(WindowError) {
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
            FileHandle.standardError.write(Data("chartview: X error: \(text) (request \(error.pointee.request_code))\n".utf8))
            return 0
        }
        XSetIOErrorHandler { _ in
            FileHandle.standardError.write(Data("chartview: lost the connection to the X server\n".utf8))
            exit(1)
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
                  let dpi = Double(parts[1].trimmingCharacters(in: .whitespaces)), dpi >= 48, dpi <= 960 else { continue }
            return dpi / 96
        }
        return 1
    }
}
