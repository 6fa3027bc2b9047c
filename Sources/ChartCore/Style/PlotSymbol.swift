/// A marker drawn at each point of a scatter or line plot, Core Plot's `CPTPlotSymbol`.
/// `size` is the marker's width and height in device pixels at scale 1.
public struct PlotSymbol: Hashable, Sendable {
    /// The marker's outline shape.
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        /// A marker's shape: an ellipse, a rectangle, a diamond, a triangle, an × cross, a + plus or a star.
        case ellipse, rectangle, diamond, triangle, cross, plus, star
    }

    /// The marker's shape.
    public var shape: Shape
    /// The marker's width and height, pixels at scale 1.
    public var size: Double
    /// Inside the marker; nil for the plot's line color (cross and plus have no inside).
    public var fill: Fill?
    /// The marker's outline; nil for none (cross and plus use the plot's line color when nil).
    public var lineStyle: LineStyle?

    /// A `shape` marker `size` pixels wide, filled with `fill` and outlined with `lineStyle` (nil for the series color).
    public init(_ shape: Shape, size: Double = 8, fill: Fill? = nil, lineStyle: LineStyle? = nil) {
        precondition(size > 0 && size.isFinite, "A plot symbol needs a positive size (got \(size)).")
        self.shape = shape
        self.size = size
        self.fill = fill
        self.lineStyle = lineStyle
    }

    /// Whether the shape is drawn by stroking lines only (cross, plus).
    public var isStrokedOnly: Bool { shape == .cross || shape == .plus }
}
