/// A point in device pixels (origin top-left, y grows downwards) or in data units,
/// depending on where it is used; each API that takes one says which.
public struct Point: Hashable, Sendable, CustomStringConvertible {
    /// The horizontal coordinate: device pixels from the left edge (in a scene), growing to the right.
    public var x: Double
    /// The vertical coordinate: device pixels from the top edge (in a scene), growing downwards.
    public var y: Double

    /// The point at (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// The origin: (0, 0).
    public static let zero = Point(x: 0, y: 0)

    /// The Euclidean distance to `other`, in the points' own units.
    public func distance(to other: Point) -> Double {
        ((x - other.x) * (x - other.x) + (y - other.y) * (y - other.y)).squareRoot()
    }

    public var description: String { "(\(x), \(y))" }
}
