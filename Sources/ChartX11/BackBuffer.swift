import CX11
import ChartCairo

/// The off-screen pixmap a frame is painted into before it is copied to the window in one
/// step, so a resize never shows a half-drawn frame. Owns the pixmap and its Cairo surface.
final class BackBuffer {
    let connection: DisplayConnection
    let pixmap: Pixmap
    let surface: CairoSurface
    let width: Int
    let height: Int

    init(connection: DisplayConnection, window: Window, width: Int, height: Int) throws {
        self.connection = connection
        self.width = width
        self.height = height
        let display = connection.display
        let depth = UInt32(XDefaultDepth(display, connection.screen))
        pixmap = XCreatePixmap(display, window, UInt32(width), UInt32(height), depth)
        guard let raw = cairo_xlib_surface_create(display, pixmap, XDefaultVisual(display, connection.screen), Int32(width), Int32(height)) else {
            XFreePixmap(display, pixmap)
            throw WindowError.cannotCreate(what: "a \(width)x\(height) drawing surface")
        }
        do {
            surface = try CairoSurface.adopting(raw, width: width, height: height)
        } catch {
            XFreePixmap(display, pixmap)
            throw WindowError.cannotCreate(what: "a \(width)x\(height) drawing surface")
        }
    }

    deinit {
        // The surface is finished before the pixmap under it goes away.
        try? surface.finish()
        XFreePixmap(connection.display, pixmap)
    }
}
