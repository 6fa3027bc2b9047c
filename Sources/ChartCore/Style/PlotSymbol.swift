/// A marker drawn at each point of a scatter or line plot, Core Plot's `CPTPlotSymbol`.
/// `size` is the marker's width and height in device pixels at scale 1.
public struct PlotSymbol: Hashable, Sendable {
    public enum Shape: String, Hashable, Sendable, CaseIterable {
        case ellipse, rectangle, diamond, triangle, cross, plus, star
    }

    public var shape: Shape
    public var size: Double
    /// Inside the marker; nil for the plot's line color (cross and plus have no inside).
    public var fill: Fill?
    /// The marker's outline; nil for none (cross and plus use the plot's line color when nil).
    public var lineStyle: LineStyle?

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
