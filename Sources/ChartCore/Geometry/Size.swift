/// A width and a height, in device pixels unless the API says otherwise.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    /// The width, in pixels.
    public var width: Double
    /// The height, in pixels.
    public var height: Double

    /// A size `width` wide and `height` high.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// Zero width and zero height.
    public static let zero = Size(width: 0, height: 0)

    /// Whether the size is wider than it is tall (a square is not).
    public var isLandscape: Bool { width > height }

    public var description: String { "\(width)x\(height)" }
}
