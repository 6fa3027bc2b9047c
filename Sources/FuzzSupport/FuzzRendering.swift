import ChartCairo
import ChartCore
import Foundation

/// What the fuzz targets that reach layout do with each graph: lay it out with Pango's measures,
/// paint it into an image and encode its `--dump-layout` JSON. One renderer for the run (a Pango
/// context per input would spend the time in fontconfig).
public enum FuzzRendering {
    nonisolated(unsafe) static let renderer = ChartRenderer()

    /// Lays `graph` out at `size` (device pixels), paints it and encodes its dump; traps when the
    /// dump cannot be encoded, which means a number in the scene is not finite.
    public static func paintAndDump(_ graph: Graph, size: Size) {
        let scene = renderer.layout(graph, size: size)
        _ = try? renderer.image(of: scene)
        do {
            _ = try LayoutDump(scene).encoded()
        } catch {
            fatalError("The layout dump cannot be encoded: \(error)")
        }
    }
}
