/// A path in device pixels: a plot's line or the area under it. Curves are already cubic
/// Bézier segments, so painting needs no knowledge of interpolation.
public struct ScenePath: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public var elements: [Element]
    public var stroke: LineStyle?
    public var fill: Fill?

    public init(elements: [Element], stroke: LineStyle? = nil, fill: Fill? = nil) {
        self.elements = elements
        self.stroke = stroke
        self.fill = fill
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
