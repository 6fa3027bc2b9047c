import CX11
import Foundation

/// An Xvfb server of a test's own, for what would disturb the shared one: changing its
/// resources, or killing it. Xvfb reports its display number once it accepts connections.
final class PrivateXServer {
    let process = Process()
    let display: String

    /// A server whose screen has `depth` bits per pixel (24, or 16 for an unusual visual) and
    /// `screen` pixels ("1280x1024").
    init(depth: Int = 24, screen: String = "1280x1024") throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["Xvfb", "-displayfd", "1", "-screen", "0", "\(screen)x\(depth)", "-nolisten", "tcp", "-noreset"]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        var number = Data()
        while true {
            let byte = out.fileHandleForReading.readData(ofLength: 1)
            if byte.isEmpty || byte == Data([0x0A]) { break }
            number.append(byte)
        }
        display = ":" + String(decoding: number, as: UTF8.self)
        guard display.count > 1 else { throw TraceError.tool("Xvfb", "did not report a display") }
    }

    deinit { stop() }

    /// Kills the server outright, as a crash would. (SIGTERM may never arrive: a child started
    /// from a test thread inherits that thread's blocked signals.)
    func stop() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sets the root window's resource string (what `xrdb` would), such as "Xft.dpi:\t192\n".
    func setResources(_ resources: String) throws {
        guard let connection = XOpenDisplay(display) else { throw TraceError.tool("XOpenDisplay", display) }
        defer { XCloseDisplay(connection) }
        let root = XDefaultRootWindow(connection)
        let bytes = Array(resources.utf8)
        XChangeProperty(
            connection, root, XInternAtom(connection, "RESOURCE_MANAGER", 0), XInternAtom(connection, "STRING", 0),
            8, PropModeReplace, bytes, Int32(bytes.count))
        XSync(connection, 0)
    }

    /// Destroys `window` from another client, as a crashing desktop or a rude tool would.
    func destroy(window: UInt) throws {
        guard let connection = XOpenDisplay(display) else { throw TraceError.tool("XOpenDisplay", display) }
        defer { XCloseDisplay(connection) }
        XDestroyWindow(connection, Window(window))
        XSync(connection, 0)
    }

    /// Starts a program on this server (a window manager), stopped with the server's tests.
    func start(_ tool: String, _ arguments: [String] = []) throws -> Process {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        child.arguments = [tool] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        child.environment = environment
        child.standardOutput = FileHandle.nullDevice
        child.standardError = FileHandle.nullDevice
        try child.run()
        return child
    }

    /// Runs a tool against this server to completion: its status and what it printed.
    func output(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        let result = try ChildProcess.run("/usr/bin/env", [tool] + arguments, environment: environment, deadline: 60)
        return (result.status, String(decoding: result.stdout, as: UTF8.self))
    }

    /// Runs a tool against this server to completion.
    func run(_ tool: String, _ arguments: [String]) throws -> Int32 {
        let child = try start(tool, arguments)
        try child.waitForExit()
        return child.terminationStatus
    }

    /// Asks `window` to close as a window manager does: a WM_DELETE_WINDOW client message.
    func requestClose(window: UInt) throws {
        guard let connection = XOpenDisplay(display) else { throw TraceError.tool("XOpenDisplay", display) }
        defer { XCloseDisplay(connection) }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = Window(window)
        event.xclient.message_type = XInternAtom(connection, "WM_PROTOCOLS", 0)
        event.xclient.format = 32
        event.xclient.data.l.0 = Int(XInternAtom(connection, "WM_DELETE_WINDOW", 0))
        event.xclient.data.l.1 = Int(CurrentTime)
        XSendEvent(connection, Window(window), 0, NoEventMask, &event)
        XSync(connection, 0)
    }
}
