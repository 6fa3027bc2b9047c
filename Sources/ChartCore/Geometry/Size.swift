/// A width and a height, in device pixels unless the API says otherwise.
public struct Size: Hashable, Sendable, CustomStringConvertible {
    public var width: Double
    public var height: Double

    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    public static let zero = Size(width: 0, height: 0)

    /// Whether the size is wider than it is tall (a square is not).
    public var isLandscape: Bool { width > height }

    public var description: String { "\(width)x\(height)" }
}
