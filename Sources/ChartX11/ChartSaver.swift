import CX11
import ChartCairo
import ChartCore
import ChartFiles
import ChartSession
import Foundation

/// Writes the chart as shown to a file: as PNG, the chart picture the frame thread painted,
/// with the scene's popups painted over it (not its overlays: the help, the status line, the
/// prompt), the same pixels as a headless render of the scene; as SVG or PDF, the scene painted
/// again as vectors. A PNG needs no layout and no chart paint, so saving a heavy chart takes no
/// longer than its file. Every file is written under a temporary name beside its destination
/// and renamed into place (`ChartRenderer`), so a failed save (a full disk) leaves no file,
/// by the command line's `--output` policy (`FileDestination`): a symbolic link's target is
/// written, a replaced file keeps its mode (and owner and group where permitted), a read-only
/// file, a directory or a device is refused.
///
/// Where and when to save is the session's (`ChartSession.save()`); this writes.
///
/// Used on the window's thread, with its text engine. Needs no X server.
struct ChartSaver {
    /// The window thread's text engine, for the popups.
    let text: PangoText

    /// Writes `picture` (the chart's layers, at `scene`'s size in device pixels) with `scene`'s
    /// popups over it to `path` in `format` (PNG from the picture; SVG and PDF from `scene`).
    func save(_ picture: CairoSurface, popupsOf scene: Scene, to path: String, format: ChartRenderer.Format) throws(RenderError) {
        var scene = scene
        scene.overlays = []
        guard format == .png else {
            try ChartRenderer(text: text).write(scene, format: format, replacing: path)
            return
        }
        let image: CairoSurface
        do throws(CairoError) {
            image = try CairoSurface.image(width: picture.width, height: picture.height)
            let context = try CairoContext(surface: image)
            cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
            cairo_set_source_surface(context.pointer, picture.pointer, 0, 0)
            cairo_paint(context.pointer)
            cairo_set_operator(context.pointer, CAIRO_OPERATOR_OVER)
            ScenePainter(text: text).paint(scene, layers: .overlays, into: context)
            try context.checkPainting()
        } catch {
            throw .cairo(error)
        }
        try ChartRenderer(text: text).write(image: image, to: path)
    }

    /// What saving to `path` would do to what is there, by the command line's `--output`
    /// policy (`FileDestination`): a file (a symbolic link's target) is replaced, a missing one
    /// created; a read-only file, a directory, a device or a FIFO is refused, with the reason.
    static func replacement(at path: String) -> SaveReplacement {
        let target: FileDestination
        do throws(FileError) {
            target = try FileDestination(path)
        } catch {
            guard case .refused(_, let reason) = error else { return .refused(reason: error.description) }
            return .refused(reason: reason)
        }
        guard target.kind == .file else { return .refused(reason: "is a device or FIFO; save to a file") }
        return target.existing == nil ? .createsFile : .replacesFile
    }
}
