/// Distances inwards from the four edges of a rectangle, in device pixels at scale 1.
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in pixels.
    public var top: Double
    /// The inset from the left edge, in pixels.
    public var left: Double
    /// The inset from the bottom edge, in pixels.
    public var bottom: Double
    /// The inset from the right edge, in pixels.
    public var right: Double

    /// Insets from each edge, in pixels; 0 for an edge not given.
    public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
        self.top = top
        self.left = left
        self.bottom = bottom
        self.right = right
    }

    /// The same inset on all four edges.
    public init(all inset: Double) {
        self.init(top: inset, left: inset, bottom: inset, right: inset)
    }

    /// No inset on any edge.
    public static let zero = EdgeInsets()

    /// Every inset multiplied by `factor` (for device scale).
    public func scaled(by factor: Double) -> EdgeInsets {
        EdgeInsets(top: top * factor, left: left * factor, bottom: bottom * factor, right: right * factor)
    }
}
