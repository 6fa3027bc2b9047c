/// A path in device pixels: a plot's line or the area under it. Curves are already cubic
/// Bézier segments, so painting needs no knowledge of interpolation.
public struct ScenePath: Hashable, Sendable {
    /// One step of a path.
    public enum Element: Hashable, Sendable {
        /// Start a new subpath at the point.
        case move(Point)
        /// A straight line to the point.
        case line(Point)
        /// A cubic Bézier curve with two control points, to the third point.
        case curve(Point, Point, Point)
        /// Close the subpath with a line to its start.
        case close
    }

    /// The path's elements, in device pixels.
    public var elements: [Element]
    /// The outline; nil for none.
    public var stroke: LineStyle?
    /// The fill; nil for none.
    public var fill: Fill?
    /// Whether the path is a line through the plot's records (a line plot's): a click near its
    /// stroke, between records, selects the record nearest in x. Decorations (a radar's web, a
    /// band's edges, a key) are not, and are hit nowhere.
    public var joinsRecords: Bool

    /// A path of `elements`, stroked and filled as given; `joinsRecords` for a line through records.
    public init(elements: [Element], stroke: LineStyle? = nil, fill: Fill? = nil, joinsRecords: Bool = false) {
        self.elements = elements
        self.stroke = stroke
        self.fill = fill
        self.joinsRecords = joinsRecords
    }

    /// Filled discs of `radius` device pixels around `centers`, one closed subpath each (four
    /// cubic arcs apiece, within 0.03% of a circle): the dots a line draws where a point has no
    /// neighbour to join.
    public static func discs(at centers: [Point], radius: Double, fill: Fill) -> ScenePath {
        let k = 0.5522847498 * radius  // the control distance of a quarter circle
        var elements: [Element] = []
        elements.reserveCapacity(centers.count * 6)
        for c in centers {
            elements.append(.move(Point(x: c.x + radius, y: c.y)))
            elements.append(.curve(Point(x: c.x + radius, y: c.y + k), Point(x: c.x + k, y: c.y + radius), Point(x: c.x, y: c.y + radius)))
            elements.append(.curve(Point(x: c.x - k, y: c.y + radius), Point(x: c.x - radius, y: c.y + k), Point(x: c.x - radius, y: c.y)))
            elements.append(.curve(Point(x: c.x - radius, y: c.y - k), Point(x: c.x - k, y: c.y - radius), Point(x: c.x, y: c.y - radius)))
            elements.append(.curve(Point(x: c.x + k, y: c.y - radius), Point(x: c.x + radius, y: c.y - k), Point(x: c.x + radius, y: c.y)))
            elements.append(.close)
        }
        return ScenePath(elements: elements, fill: fill)
    }

    /// The points the path passes through, control points left out.
    public var vertices: [Point] {
        elements.compactMap {
            switch $0 {
            case .move(let p), .line(let p): p
            case .curve(_, _, let p): p
            case .close: nil
            }
        }
    }
}
