import CX11
import ChartCore
import Foundation

/// The X window a chart is shown in, and what the desktop knows of it: its class, process,
/// icon and minimum size, its title, the window manager's close button (`WM_DELETE_WINDOW`)
/// and fullscreen. Owns the window and its graphics context, and frees both.
///
/// Used on the window's thread only.
final class TopLevelWindow {
    /// The X window.
    let id: Window
    /// The graphics context the window's pixmaps are copied with.
    let gc: GC
    /// What the window manager sends when the user closes the window.
    let deleteAtom: Atom
    private let connection: DisplayConnection

    /// Creates an unmapped window of `size` device pixels on `connection`'s screen, listening
    /// for exposure, structure, pointer, leave and key events, named "chartview", showing
    /// `icon` (`_NET_WM_ICON` cardinals; empty for none) and no smaller than `minimumSize`
    /// device pixels.
    init(connection: DisplayConnection, size: Size, minimumSize: Size, icon: [UInt]) throws(WindowError) {
        self.connection = connection
        let display = connection.display
        let root = XRootWindow(display, connection.screen)
        var attributes = XSetWindowAttributes()
        attributes.background_pixmap = Pixmap(None)
        attributes.bit_gravity = NorthWestGravity
        attributes.event_mask = Int(
            ExposureMask | StructureNotifyMask | ButtonPressMask | ButtonReleaseMask | PointerMotionMask
                | LeaveWindowMask | KeyPressMask)
        let window = XCreateWindow(
            display, root, 0, 0, UInt32(size.width), UInt32(size.height), 0,
            XDefaultDepth(display, connection.screen), UInt32(InputOutput),
            XDefaultVisual(display, connection.screen),
            UInt(CWBackPixmap | CWBitGravity | CWEventMask), &attributes)
        guard window != 0 else { throw WindowError.cannotCreate(what: "a window") }
        id = window
        gc = XCreateGC(display, window, 0, nil)
        deleteAtom = connection.atom("WM_DELETE_WINDOW")
        var protocols = [deleteAtom]
        XSetWMProtocols(display, window, &protocols, 1)
        setClassAndSizeHints(minimumSize: minimumSize, icon: icon)
    }

    deinit {
        XFreeGC(connection.display, gc)
        XDestroyWindow(connection.display, id)
        XFlush(connection.display)
    }

    /// Shows the window.
    func map() {
        XMapWindow(connection.display, id)
        XFlush(connection.display)
    }

    private func setClassAndSizeHints(minimumSize: Size, icon: [UInt]) {
        let display = connection.display
        let name = strdup("chartview"), klass = strdup("chartview")
        defer { free(name); free(klass) }
        var classHint = XClassHint(res_name: name, res_class: klass)
        XSetClassHint(display, id, &classHint)
        // _NET_WM_PID: which process owns the window, for window managers and tools.
        var pid = UInt(getpid())
        _ = withUnsafeBytes(of: &pid) { bytes in
            XChangeProperty(
                display, id, connection.atom("_NET_WM_PID"), XA_CARDINAL, 32, PropModeReplace,
                bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), 1)
        }
        // _NET_WM_ICON: the application's icon, for task bars.
        if !icon.isEmpty {
            _ = icon.withUnsafeBytes { bytes in
                XChangeProperty(
                    display, id, connection.atom("_NET_WM_ICON"), XA_CARDINAL, 32, PropModeReplace,
                    bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(icon.count))
            }
        }
        if let hints = XAllocSizeHints() {
            hints.pointee.flags = Int(PMinSize)
            hints.pointee.min_width = Int32(minimumSize.width)
            hints.pointee.min_height = Int32(minimumSize.height)
            XSetWMNormalHints(display, id, hints)
            XFree(hints)
        }
    }

    /// Sets the UTF-8 title (`_NET_WM_NAME`) and a Latin-1-safe `WM_NAME` for older managers:
    /// what a title bar can show of it (a title of megabytes would not fit in one X request).
    func setTitle(_ title: String?) {
        let display = connection.display
        let visible = VisibleText.cut(title ?? "", charactersPerLine: 300, lines: 5)
        let oneLine = visible.split(separator: "\n").joined(separator: " — ")
        let text = oneLine.isEmpty ? "chartview" : oneLine + " — chartview"
        let bytes = Array(text.utf8)
        XChangeProperty(
            display, id, connection.atom("_NET_WM_NAME"), connection.atom("UTF8_STRING"), 8,
            PropModeReplace, bytes, Int32(bytes.count))
        let ascii = String(text.unicodeScalars.map { $0.isASCII ? Character($0) : "?" })
        XStoreName(display, id, ascii)
    }

    /// Asks the window manager to toggle the window's fullscreen state
    /// (`_NET_WM_STATE_FULLSCREEN`, as EWMH says: a client message to the root window); the
    /// manager resizes the window, which lays the chart out at the new size. False, asking
    /// nothing, without a manager that supports it.
    func toggleFullscreen() -> Bool {
        let display = connection.display
        let root = XDefaultRootWindow(display)
        let state = connection.atom("_NET_WM_STATE"), fullscreen = connection.atom("_NET_WM_STATE_FULLSCREEN")
        guard managerSupports(fullscreen, root: root) else { return false }
        var event = XEvent()
        event.xclient.type = ClientMessage
        event.xclient.window = id
        event.xclient.message_type = state
        event.xclient.format = 32
        event.xclient.data.l.0 = 2  // _NET_WM_STATE_TOGGLE
        event.xclient.data.l.1 = Int(fullscreen)
        event.xclient.data.l.2 = 0
        event.xclient.data.l.3 = 1  // from an application
        XSendEvent(display, root, 0, SubstructureRedirectMask | SubstructureNotifyMask, &event)
        XFlush(display)
        return true
    }

    /// Whether the root window's `_NET_SUPPORTED` lists `atom`: a running EWMH window manager
    /// that offers it.
    private func managerSupports(_ atom: Atom, root: Window) -> Bool {
        var type: Atom = 0, format: Int32 = 0, count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                connection.display, root, connection.atom("_NET_SUPPORTED"), 0, 4096, 0, XA_ATOM, &type, &format,
                &count, &after, &data) == Success, let data
        else { return false }
        defer { XFree(data) }
        guard format == 32 else { return false }
        return data.withMemoryRebound(to: UInt.self, capacity: Int(count)) { atoms in
            (0..<Int(count)).contains { atoms[$0] == atom }
        }
    }
}
