/// A note on a chart: text at a data point (x and y in data units of the graph's default plot
/// space: seconds since 1970 on a date axis), drawn in a box whose bottom left corner is at the
/// point, so it moves with the data through zooms and pans and is hidden while the point is out
/// of view. `n` adds one at the pointer in the window, `Delete` removes the one under it; a
/// chart's notes are kept beside its data in a sidecar spec (`FILE.chartview.json`) and drawn in
/// every export (`Graph.notes`).
public struct ChartNote: Hashable, Sendable, Codable {
    /// What the note says; a line break starts a new line.
    public var text: String
    /// Where along x, data units.
    public var x: Double
    /// Where along y, data units.
    public var y: Double
    /// In a split (one chart per series, `GraphGrid.stacking(_:)`), the identifier of the plot
    /// whose chart the note is on (y is in its units); nil for a graph's notes, which a split
    /// puts on its first chart.
    public var series: String?

    /// A note saying `text` at data point (`x`, `y`), on the chart of `series` in a split.
    public init(text: String, x: Double, y: Double, series: String? = nil) {
        self.text = text
        self.x = x
        self.y = y
        self.series = series
    }

    /// The prefix of a note's annotation identifier ("note-0" for the first of `Graph.notes`).
    public static let identifierPrefix = "note-"

    /// The annotation that draws the note at index `index` of `Graph.notes`.
    func annotation(index: Int) -> Annotation {
        Annotation(
            identifier: Self.identifierPrefix + String(index), text: text, anchor: .dataPoint(x: x, y: y, plotSpace: "default"),
            displacement: Point(x: 0, y: 0), hasBox: true, contentAnchor: .bottomLeft, staysInside: true, clipsToPlotArea: true)
    }
}
