/// How a line is stroked. Widths and dash lengths are in device pixels at scale 1.
public struct LineStyle: Hashable, Sendable {
    /// The line's color.
    public var color: Color
    /// The line's width in pixels at scale 1.
    public var width: Double
    /// Alternating on and off lengths; empty for a solid line.
    public var dashPattern: [Double]

    /// A line of `color`, `width` pixels wide, dashed by `dashPattern` (pixels on, off, …; empty for solid).
    public init(color: Color, width: Double = 1, dashPattern: [Double] = []) {
        precondition(width >= 0, "A line width cannot be negative (got \(width)).")
        self.color = color
        self.width = width
        self.dashPattern = dashPattern
    }

    /// The same style with another color.
    public func withColor(_ color: Color) -> LineStyle {
        LineStyle(color: color, width: width, dashPattern: dashPattern)
    }
}
