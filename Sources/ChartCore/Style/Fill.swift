/// How an area is filled: one color, or a linear gradient between two colors.
public enum Fill: Hashable, Sendable {
    /// One color.
    case solid(Color)
    /// A gradient from `start` to `end` along `angle` degrees (0 = left to right,
    /// 90 = bottom to top), across the filled shape's bounds.
    case linearGradient(start: Color, end: Color, angle: Double)

    /// The color a swatch or a hit-test report uses for this fill: the solid color, or the
    /// gradient's middle.
    public var representativeColor: Color {
        switch self {
        case .solid(let color): color
        case .linearGradient(let start, let end, _): start.blended(with: end, fraction: 0.5)
        }
    }
}
