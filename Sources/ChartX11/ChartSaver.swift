import CX11
import ChartCairo
import ChartCore
import Foundation

/// Writes the chart as shown to a new PNG file in a directory: the chart picture the frame
/// thread painted, with the scene's popups painted over it (not its overlays: the help, the
/// status line): the same pixels as a headless render of the scene. No layout and no chart
/// paint: only the popups are painted, so saving a heavy chart takes no longer than its file.
///
/// Used on the window's thread, with its text engine. Needs no X server.
struct ChartSaver {
    /// Where files are written.
    var directory: String
    /// The window thread's text engine, for the popups.
    let text: PangoText

    /// Writes `picture` (the chart's layers, at `scene`'s size in device pixels) with `scene`'s
    /// popups over it to a new file named after `chart` (`path(for:exists:)`), and returns its
    /// path.
    func save(_ picture: CairoSurface, popupsOf scene: Scene, chart: String) throws(CairoError) -> String {
        let path = path(for: chart)
        let image = try CairoSurface.image(width: picture.width, height: picture.height)
        let context = try CairoContext(surface: image)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_surface(context.pointer, picture.pointer, 0, 0)
        cairo_paint(context.pointer)
        cairo_set_operator(context.pointer, CAIRO_OPERATOR_OVER)
        var scene = scene
        scene.overlays = []
        ScenePainter(text: text).paint(scene, layers: .overlays, into: context)
        try context.checkPainting()
        try ChartRenderer(text: text).write(image: image, to: path)
        return path
    }

    /// The first free name for `chart` in the directory: `chartview-NAME.png`, else
    /// `chartview-NAME-2.png`, `-3`…, where `exists` says which are taken. O(files taken).
    func path(for chart: String, exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }) -> String {
        let base = (directory as NSString).appendingPathComponent("chartview-\(chart)")
        var path = base + ".png"
        var counter = 2
        while exists(path) {
            path = "\(base)-\(counter).png"
            counter += 1
        }
        return path
    }
}
