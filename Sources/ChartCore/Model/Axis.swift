/// One axis of a plot area, Core Plot's `CPTXYAxis`: a line along an edge, ticks, labels, a
/// title and grid lines across the plot area.
///
/// Lengths are device pixels at scale 1; locations are data units.
public struct Axis: Hashable, Sendable {
    /// Which coordinate the axis measures.
    public enum Coordinate: String, Hashable, Sendable { case x, y }

    /// Which edge of the plot area the axis runs along.
    public enum Edge: String, Hashable, Sendable { case bottom, top, left, right }

    /// Unique within a graph: "x", "y", or "y2" for a second y axis.
    public var identifier: String
    public var coordinate: Coordinate
    public var edge: Edge
    /// The plot space whose range the axis shows, by identifier ("default" for the graph's).
    public var plotSpaceIdentifier: String
    public var isHidden = false

    public var labelingPolicy: AxisLabelingPolicy = .automatic
    /// The labels shown with `.none`.
    public var customLabels: [AxisLabel] = []
    /// Label rotation in degrees, counter-clockwise; nil to choose: level, or 45° when level
    /// labels would overlap. Rotated labels end at their tick.
    public var labelRotation: Double?
    public var labelFormat: NumberFormat = .automatic
    /// On a date scale, the shortest tick step: the data's own resolution (daily data gets no
    /// "12:00" ticks between its days); nil for any.
    public var finestDateUnit: DateTickGenerator.Unit?
    /// Text style of the labels; nil for the theme's.
    public var labelTextStyle: TextStyle?
    /// Gap between the tick's end and its label.
    public var labelOffset: Double = 4

    public var title: String?
    /// Text style of the title; nil for the theme's.
    public var titleTextStyle: TextStyle?
    /// Gap between the labels and the title.
    public var titleOffset: Double = 6

    public var majorTickLength: Double = 5
    public var minorTickLength: Double = 3
    /// Minor ticks between two majors; nil to choose (4 or 3), 0 for none.
    public var minorTicksPerInterval: Int? = 0
    public var showsMajorGridLines: Bool
    public var showsMinorGridLines = false
    /// The axis line's style; nil for the theme's.
    public var lineStyle: LineStyle?

    public init(identifier: String, coordinate: Coordinate, edge: Edge? = nil,
                plotSpaceIdentifier: String = "default", showsMajorGridLines: Bool? = nil) {
        self.identifier = identifier
        self.coordinate = coordinate
        self.edge = edge ?? (coordinate == .x ? .bottom : .left)
        self.plotSpaceIdentifier = plotSpaceIdentifier
        // Grid lines across the values (horizontal lines for y) by default; none along x.
        self.showsMajorGridLines = showsMajorGridLines ?? (coordinate == .y)
        precondition((coordinate == .x) == (self.edge == .bottom || self.edge == .top),
                     "An \(coordinate) axis runs along a \(coordinate == .x ? "horizontal" : "vertical") edge, not \(self.edge).")
    }

    /// The graph's default horizontal axis.
    public static func defaultX() -> Axis { Axis(identifier: "x", coordinate: .x) }
    /// The graph's default vertical axis.
    public static func defaultY() -> Axis { Axis(identifier: "y", coordinate: .y) }
}
