/// Everything one frame draws, in device pixels (origin top-left, y downwards), with each
/// plot item tagged by its plot and record. Made by one layout pass; the painter draws only
/// this, hit testing queries only this, and `--dump-layout` prints it.
///
/// Paint order: background, plot area fill, grid, plots, axes, title, legend, message, then
/// over the chart: markers, annotations, overlays.
public struct Scene: Hashable, Sendable {
    /// The whole surface's size, device pixels.
    public var size: Size
    /// Device pixels per layout unit (2 on a HiDPI screen).
    public var scale: Double
    /// Behind everything.
    public var background: Fill
    /// The plot area, device pixels.
    public var plotArea: Rect
    /// Behind the plots, inside the plot area.
    public var plotAreaFill: Fill
    /// Around the plot area, stroked just inside its edge; nil for none.
    public var plotAreaBorder: LineStyle?
    /// The graph's title; nil for none.
    public var title: SceneText?
    /// Grid lines, drawn under the plots, clipped to the plot area.
    public var gridLines: [SceneLine]
    /// The plots, in drawing order.
    public var plots: [PlotScene]
    /// The axes.
    public var axes: [AxisScene]
    /// The legend; nil when hidden or empty.
    public var legend: LegendScene?
    /// The annotations, over the plots.
    public var annotations: [AnnotationScene]
    /// Each plot space's data↔pixel mapping as this layout used it, the graph's default first;
    /// empty when nothing was laid out against axes' ranges (an empty placeholder scene).
    public var plotSpaces: [ScenePlotSpace] = []
    /// The view this scene was laid out at (`GraphView.fitted` unless zoomed or panned).
    public var view: GraphView = .fitted
    /// A centered message in place of the plots ("No data to display").
    public var message: SceneText?
    /// Marks over the chart, under the annotations: the selected point's halo. Not part of the
    /// chart: they change with the selection, as popups do.
    public var markers: [SceneMarker] = []
    /// Boxes drawn over everything: the help overlay, a status message. Not part of the chart.
    public var overlays: [OverlayScene] = []
    /// How the chart was chosen from its data, as the graph said it when laid out
    /// (`Graph.note`); nil when no one chose for the user.
    public var note: String?
    /// A grid's cells (`GraphGrid`), each a graph's scene placed on this surface; empty for one
    /// graph. A grid's own scene holds its background, its title and what lies over it
    /// (overlays); its plot area is empty and its plots are the cells'.
    public var cells: [SceneCell] = []

    /// Every label of every axis, the title, legend texts and annotation texts: all text drawn
    /// (a grid's cells' too, placed on this surface).
    public var allTexts: [SceneText] {
        var texts: [SceneText] = []
        if let title { texts.append(title) }
        for axis in axes {
            texts += axis.labels
            if let title = axis.title { texts.append(title) }
        }
        if let legend { texts += legend.entries.map(\.text) }
        texts += annotations.map(\.text)
        if let message { texts.append(message) }
        texts += overlays.flatMap(\.texts)
        for cell in cells {
            texts += cell.scene.allTexts.map { text in
                var placed = text
                placed.position = Point(x: text.position.x + cell.frame.minX, y: text.position.y + cell.frame.minY)
                return placed
            }
        }
        return texts
    }

    /// Whether this is a grid's scene (`cells` not empty).
    public var isGrid: Bool { !cells.isEmpty }

    /// The cell at `point` (device pixels on this surface) and its index; nil outside every
    /// cell, or for one graph's scene. O(cells).
    public func cell(at point: Point) -> (index: Int, cell: SceneCell)? {
        cells.firstIndex { $0.frame.contains(point) }.map { ($0, cells[$0]) }
    }

    /// The mapping of plot space `identifier` ("default" for the graph's own); nil when the
    /// scene has none.
    public func transform(ofSpace identifier: String = "default") -> CoordinateTransform? {
        plotSpaces.first { $0.identifier == identifier }?.transform
    }

    /// What the plots' data sources have yet to deliver for this view (`PlotScene.pendingData`).
    public var pendingData: [ViewDataRequest] { plots.flatMap(\.pendingData) + cells.flatMap(\.scene.pendingData) }

    /// Whether some plot was laid out from records that stand in for its view's: the window's
    /// status line says "refining…" until they arrive.
    public var isRefining: Bool { plots.contains { !$0.pendingData.isEmpty } || cells.contains { $0.scene.isRefining } }

    /// The plot scene for `plotID`.
    public func plot(_ plotID: String) -> PlotScene? {
        plots.first { $0.plotID == plotID }
    }
}
