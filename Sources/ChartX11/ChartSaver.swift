import CX11
import ChartCairo
import ChartCore
import ChartFiles
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
/// Used on the window's thread, with its text engine. Needs no X server.
struct ChartSaver {
    /// Where names without a folder are written (the working directory).
    var directory: String
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

    /// Writes as `save(_:popupsOf:to:format:)` to a new PNG under the suggested name
    /// (`SavePrompt.suggestedName`) in the directory, and returns its path (Ctrl+S).
    func saveNow(_ picture: CairoSurface, popupsOf scene: Scene, title: String?, chart: String) throws(RenderError) -> String {
        let name = SavePrompt.suggestedName(title: title, chart: chart, directory: directory)
        let path = (directory as NSString).appendingPathComponent(name)
        try save(picture, popupsOf: scene, to: path, format: .png)
        return path
    }
}
