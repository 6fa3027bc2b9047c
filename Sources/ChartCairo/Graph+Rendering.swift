import ChartCore

extension Graph {
    /// Lays the graph out at `size` (device pixels), `scale` (device pixels per layout pixel)
    /// and `view`, and writes it to `path` in the format its extension names (`.png`, `.svg`,
    /// `.pdf`, any case), atomically as `ChartRenderer.write(_:to:)` does: one call from a
    /// graph to a file.
    ///
    ///     try graph.render(to: "enrolment.png", size: Size(width: 800, height: 600))
    ///
    /// Throws `RenderError.unsupportedFormat` for another extension (before laying out), and
    /// the renderer's errors when the file cannot be written.
    public func render(
        to path: String, size: Size, scale: Double = 1, view: GraphView = .fitted,
        renderer: ChartRenderer = ChartRenderer()
    ) throws(RenderError) {
        guard ChartRenderer.Format(path: path) != nil else { throw RenderError.unsupportedFormat(path: path) }
        try renderer.write(renderer.layout(self, size: size, scale: scale, view: view), to: path)
    }
}
