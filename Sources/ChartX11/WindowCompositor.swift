import CX11
import ChartCairo
import ChartCore

/// The window's pixels, put together on the window's thread: the chart picture the frame
/// thread painted, kept in a pixmap in the X server (the chart buffer), and a back buffer at
/// the window's size holding that picture and, painted here, what lies over it (popups,
/// markers, the help, the status line, the prompt). Presenting copies the back buffer to the
/// window in one step: all of it, only the part a moved popup changed, or the chart buffer
/// itself when nothing lies over a picture that fills the window. Owns both pixmaps.
///
/// Used on the window's thread only.
final class WindowCompositor {
    private let connection: DisplayConnection
    private let window: Window
    private let gc: GC
    /// The window thread's text engine, for what lies over the picture.
    private let text: PangoText
    /// The last picture uploaded, in the X server, so that composing copies it there.
    private var chartBuffer: BackBuffer?
    /// The window's next pixels at the window's size: the picture, what lies over it.
    private var backBuffer: BackBuffer?
    /// Whether the window shows the chart buffer as it is (nothing over the picture, which
    /// covers the window), so that composing a copy is skipped.
    private var presentsChartBuffer = false
    /// Counts the pictures uploaded into the chart buffer; the back buffer holds picture
    /// `backBufferPicture` under `backBufferOverlays` (device pixels; nil: nothing over it).
    private var pictureSerial = 0
    private var backBufferPicture: Int?
    private var backBufferOverlays: Rect?
    /// The part of the back buffer the next present copies, when only it changed (a popup
    /// moved); nil for all of it.
    private var presentRegion: Rect?

    /// A compositor for `window`, copying with `gc`, painting text with `text`.
    init(connection: DisplayConnection, window: Window, gc: GC, text: PangoText) {
        self.connection = connection
        self.window = window
        self.gc = gc
        self.text = text
    }

    /// Copies a picture from the frame thread into the chart pixmap: one request for shared
    /// memory, else the pixels through the socket.
    func upload(_ image: CairoSurface, shared: SharedImage?) {
        pictureSerial += 1
        if chartBuffer?.width != image.width || chartBuffer?.height != image.height {
            chartBuffer = nil
            chartBuffer = try? BackBuffer(connection: connection, window: window, width: image.width, height: image.height)
        }
        guard let chartBuffer else { return }
        if let shared {
            cairo_surface_flush(chartBuffer.surface.pointer)
            shared.put(into: chartBuffer.pixmap, gc: gc)
            cairo_surface_mark_dirty(chartBuffer.surface.pointer)
            return
        }
        guard let context = try? CairoContext(surface: chartBuffer.surface) else { return }
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.pointer, image.pointer, 0, 0)
        cairo_paint(context.pointer)
        cairo_surface_flush(chartBuffer.surface.pointer)
    }

    /// Composes the back buffer at `width` x `height` device pixels: the chart picture
    /// uploaded last (`picture`, its image; nil for none yet), `over`'s background where it does
    /// not reach (none yet, or one of an older size), and over it `over`'s popups, markers and
    /// overlays. Returns whether there is something new to present.
    func compose(_ over: Scene, width: Int, height: Int, picture: CairoSurface?) -> Bool {
        // Nothing over a picture that fills the window: the window shows the chart buffer itself.
        if Self.overlayBounds(over) == nil, chartBuffer != nil, picture?.width == width, picture?.height == height {
            presentsChartBuffer = true
            return true
        }
        presentsChartBuffer = false
        let pictureWidth = picture?.width ?? 0, pictureHeight = picture?.height ?? 0
        // Only the popups moved over the same picture: what they covered and cover now, alone.
        let overlays = Self.overlayBounds(over)
        if let backBuffer, backBuffer.width == width, backBuffer.height == height, pictureWidth == width, pictureHeight == height,
            picture != nil, backBufferPicture == pictureSerial, let chartBuffer,
            let changed = Self.union(overlays, backBufferOverlays)?.intersection(Rect(x: 0, y: 0, width: Double(width), height: Double(height))),
            changed.width >= 1, changed.height >= 1
        {
            composeRegion(changed, over: over, into: backBuffer, from: chartBuffer)
            backBufferOverlays = overlays
            presentRegion = changed
            return true
        }
        presentRegion = nil
        if backBuffer?.width != width || backBuffer?.height != height {
            backBuffer = nil
            backBuffer = try? BackBuffer(connection: connection, window: window, width: width, height: height)
        }
        guard let backBuffer else { return false }
        backBufferPicture = picture != nil && chartBuffer != nil ? pictureSerial : nil
        backBufferOverlays = overlays
        if pictureWidth < width || pictureHeight < height, let context = try? CairoContext(surface: backBuffer.surface) {
            let color = over.background.representativeColor
            cairo_set_source_rgb(context.pointer, color.red, color.green, color.blue)
            cairo_paint(context.pointer)
            cairo_surface_flush(backBuffer.surface.pointer)
        }
        if picture != nil, let chartBuffer {
            XCopyArea(
                connection.display, chartBuffer.pixmap, backBuffer.pixmap, gc, 0, 0,
                UInt32(min(width, pictureWidth)), UInt32(min(height, pictureHeight)), 0, 0)
            cairo_surface_mark_dirty(backBuffer.surface.pointer)
        }
        guard let context = try? CairoContext(surface: backBuffer.surface) else { return false }
        ScenePainter(text: text).paint(over, layers: .overlays, into: context)
        cairo_surface_flush(backBuffer.surface.pointer)
        return true
    }

    /// `region` of the back buffer (whole device pixels) composed again from the chart buffer
    /// and what lies over it there: the rest already holds the same picture and overlays.
    private func composeRegion(_ region: Rect, over: Scene, into backBuffer: BackBuffer, from chartBuffer: BackBuffer) {
        let x = Int32(region.minX), y = Int32(region.minY), w = UInt32(region.width), h = UInt32(region.height)
        guard w > 0, h > 0 else { return }
        cairo_surface_flush(backBuffer.surface.pointer)
        XCopyArea(connection.display, chartBuffer.pixmap, backBuffer.pixmap, gc, x, y, w, h, x, y)
        cairo_surface_mark_dirty(backBuffer.surface.pointer)
        guard let context = try? CairoContext(surface: backBuffer.surface) else { return }
        cairo_rectangle(context.pointer, region.minX, region.minY, region.width, region.height)
        cairo_clip(context.pointer)
        ScenePainter(text: text).paint(over, layers: .overlays, into: context)
        cairo_surface_flush(backBuffer.surface.pointer)
    }

    /// Where what lies over the chart paints (popups, markers, the help, the status line, the
    /// prompt), in whole device pixels with a margin for anti-aliased edges; nil for nothing.
    static func overlayBounds(_ scene: Scene) -> Rect? {
        var rects: [Rect] = []
        // A grid's cells' popups, markers and boxes, placed on the surface.
        func collect(_ scene: Scene, dx: Double, dy: Double) {
            func placed(_ r: Rect) -> Rect { Rect(x: r.minX + dx, y: r.minY + dy, width: r.width, height: r.height) }
            for marker in scene.markers {
                let reach = marker.symbol.size / 2 + (marker.symbol.lineStyle?.width ?? 0) + 1
                rects.append(placed(Rect(x: marker.center.x - reach, y: marker.center.y - reach, width: 2 * reach, height: 2 * reach)))
            }
            for annotation in scene.annotations {
                rects.append(placed(annotation.text.rect))
                if let box = annotation.box { rects.append(placed(box)) }
            }
            for overlay in scene.overlays { rects += ([overlay.box] + overlay.texts.map(\.rect)).map(placed) }
            for cell in scene.cells { collect(cell.scene, dx: dx + cell.frame.minX, dy: dy + cell.frame.minY) }
        }
        collect(scene, dx: 0, dy: 0)
        guard var bounds = rects.first else { return nil }
        for rect in rects.dropFirst() { bounds = bounds.union(rect) }
        let margin = 3.0
        let left = (bounds.minX - margin).rounded(.down), top = (bounds.minY - margin).rounded(.down)
        return Rect(x: left, y: top, width: (bounds.maxX + margin).rounded(.up) - left, height: (bounds.maxY + margin).rounded(.up) - top)
    }

    /// Both rectangles' bounds; either alone when the other is nil.
    private static func union(_ a: Rect?, _ b: Rect?) -> Rect? {
        guard let a else { return b }
        guard let b else { return a }
        return a.union(b)
    }

    /// The window was exposed: the next present copies all of the back buffer.
    func exposed() {
        presentRegion = nil
    }

    /// Copies the back buffer (or only the part composed last, or the chart buffer) to the
    /// window and waits until the server did. False, copying nothing, before anything was composed.
    func present() -> Bool {
        guard let source = presentsChartBuffer ? chartBuffer : backBuffer else { return false }
        if !presentsChartBuffer, let region = presentRegion {
            let x = Int32(region.minX), y = Int32(region.minY)
            XCopyArea(connection.display, source.pixmap, window, gc, x, y, UInt32(region.width), UInt32(region.height), x, y)
        } else {
            XCopyArea(connection.display, source.pixmap, window, gc, 0, 0, UInt32(source.width), UInt32(source.height), 0, 0)
        }
        presentRegion = nil
        XSync(connection.display, 0)
        return true
    }

    /// Frees both pixmaps (before the window and its GC go).
    func releaseBuffers() {
        backBuffer = nil
        chartBuffer = nil
    }
}
