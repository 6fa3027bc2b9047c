/// One axis of a plot area, Core Plot's `CPTXYAxis`: a line along an edge, ticks, labels, a
/// title and grid lines across the plot area.
///
/// Lengths are device pixels at scale 1; locations are data units.
public struct Axis: Hashable, Sendable {
    /// Which coordinate the axis measures.
    public enum Coordinate: String, Hashable, Sendable {
        /// Horizontal: data x, increasing to the right.
        case x
        /// Vertical: data y, increasing upwards.
        case y
    }

    /// Which edge of the plot area the axis runs along.
    public enum Edge: String, Hashable, Sendable {
        /// Below the plot area (the default for x).
        case bottom
        /// Above the plot area.
        case top
        /// Left of the plot area (the default for y).
        case left
        /// Right of the plot area (a second y axis).
        case right
    }

    /// Unique within a graph: "x", "y", or "y2" for a second y axis.
    public var identifier: String
    /// The coordinate the axis measures.
    public var coordinate: Coordinate
    /// The edge of the plot area the axis runs along.
    public var edge: Edge
    /// The plot space whose range the axis shows, by identifier ("default" for the graph's).
    public var plotSpaceIdentifier: String
    /// Whether the axis (line, ticks, labels, title) is left out; its grid lines go too.
    public var isHidden = false

    /// How tick locations are chosen.
    public var labelingPolicy: AxisLabelingPolicy = .automatic
    /// The labels shown with `.none`.
    public var customLabels: [AxisLabel] = []
    /// Label rotation in degrees, counter-clockwise; nil to choose: level, or 45° when level
    /// labels would overlap. Rotated labels end at their tick.
    public var labelRotation: Double?
    /// How numeric labels are written.
    public var labelFormat: NumberFormat = .automatic
    /// On a date scale, the shortest tick step: the data's own resolution (daily data gets no
    /// "12:00" ticks between its days); nil for any.
    public var finestDateUnit: DateTickGenerator.Unit?
    /// Text style of the labels; nil for the theme's.
    public var labelTextStyle: TextStyle?
    /// Gap between the tick's end and its label.
    public var labelOffset: Double = 4

    /// The axis title, outside the labels; nil for none.
    public var title: String?
    /// Text style of the title; nil for the theme's.
    public var titleTextStyle: TextStyle?
    /// Gap between the labels and the title.
    public var titleOffset: Double = 6

    /// Major tick length in pixels.
    public var majorTickLength: Double = 5
    /// Minor tick length in pixels.
    public var minorTickLength: Double = 3
    /// Minor ticks between two majors; nil to choose (4 or 3), 0 for none.
    public var minorTicksPerInterval: Int? = 0
    /// Whether lines cross the plot area at the major ticks.
    public var showsMajorGridLines: Bool
    /// Whether lines cross the plot area at the minor ticks.
    public var showsMinorGridLines = false
    /// The axis line's style; nil for the theme's.
    public var lineStyle: LineStyle?

    /// An axis named `identifier` measuring `coordinate`, along `edge` (bottom for x, left for y when nil), in the plot space `plotSpaceIdentifier`.
    public init(
        identifier: String, coordinate: Coordinate, edge: Edge? = nil,
        plotSpaceIdentifier: String = "default", showsMajorGridLines: Bool? = nil
    ) {
        self.identifier = identifier
        self.coordinate = coordinate
        self.edge = edge ?? (coordinate == .x ? .bottom : .left)
        self.plotSpaceIdentifier = plotSpaceIdentifier
        // Grid lines across the values (horizontal lines for y) by default; none along x.
        self.showsMajorGridLines = showsMajorGridLines ?? (coordinate == .y)
        precondition(
            (coordinate == .x) == (self.edge == .bottom || self.edge == .top),
            "An \(coordinate) axis runs along a \(coordinate == .x ? "horizontal" : "vertical") edge, not \(self.edge).")
    }

    /// The graph's default horizontal axis.
    public static func defaultX() -> Axis { Axis(identifier: "x", coordinate: .x) }
    /// The graph's default vertical axis.
    public static func defaultY() -> Axis { Axis(identifier: "y", coordinate: .y) }
}
