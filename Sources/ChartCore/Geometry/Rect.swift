/// An axis-aligned rectangle: origin and size. In the scene, device pixels with the origin at the
/// top-left corner of the surface and y growing downwards.
///
/// A rectangle with a negative width or height is never produced by layout; `standardized`
/// turns one into its positive form.
public struct Rect: Hashable, Sendable, CustomStringConvertible {
    /// The top left corner (the smallest x and y).
    public var origin: Point
    /// The width and height, never negative for a laid-out rectangle.
    public var size: Size

    /// The rectangle whose top left corner is `origin`, of `size`.
    public init(origin: Point, size: Size) {
        self.origin = origin
        self.size = size
    }

    /// The rectangle whose top left corner is (`x`, `y`), `width` wide and `height` high.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.init(origin: Point(x: x, y: y), size: Size(width: width, height: height))
    }

    /// The empty rectangle at the origin.
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    /// The smallest rectangle holding every point of `points`; `.zero` for none. O(n).
    public init(enclosing points: [Point]) {
        guard let first = points.first else {
            self = .zero
            return
        }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for p in points.dropFirst() {
            minX = Swift.min(minX, p.x)
            maxX = Swift.max(maxX, p.x)
            minY = Swift.min(minY, p.y)
            maxY = Swift.max(maxY, p.y)
        }
        self.init(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// The left edge's x.
    public var minX: Double { origin.x }
    /// The top edge's y (y grows downwards).
    public var minY: Double { origin.y }
    /// The right edge's x.
    public var maxX: Double { origin.x + size.width }
    /// The bottom edge's y (y grows downwards).
    public var maxY: Double { origin.y + size.height }
    /// The x halfway between the left and right edges.
    public var midX: Double { origin.x + size.width / 2 }
    /// The y halfway between the top and bottom edges.
    public var midY: Double { origin.y + size.height / 2 }
    /// The width, `size.width`.
    public var width: Double { size.width }
    /// The height, `size.height`.
    public var height: Double { size.height }
    /// The point in the middle of the rectangle.
    public var center: Point { Point(x: midX, y: midY) }

    /// The part of this rectangle inside `other`; an empty rectangle (width or height 0) at
    /// the nearer corner when they do not meet.
    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(minX, other.minX), y0 = max(minY, other.minY)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        return Rect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// The same rectangle with a non-negative width and height.
    public var standardized: Rect {
        Rect(x: min(minX, maxX), y: min(minY, maxY), width: abs(width), height: abs(height))
    }

    /// Whether the rectangle has no area.
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    /// Whether `point` lies inside, edges included on the top and left, excluded on the bottom
    /// and right, so that two rectangles sharing an edge never both contain a point.
    public func contains(_ point: Point) -> Bool {
        point.x >= minX && point.x < maxX && point.y >= minY && point.y < maxY
    }

    /// Whether `other` lies wholly inside, edges included.
    public func contains(_ other: Rect) -> Bool {
        other.minX >= minX && other.maxX <= maxX && other.minY >= minY && other.maxY <= maxY
    }

    /// Whether the two rectangles share interior area (touching edges do not count; a
    /// rectangle with no area shares none).
    public func intersects(_ other: Rect) -> Bool {
        !isEmpty && !other.isEmpty && minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
    }

    /// The rectangle moved inwards by `insets`; the result never has a negative size.
    public func inset(by insets: EdgeInsets) -> Rect {
        Rect(
            x: minX + insets.left, y: minY + insets.top,
            width: max(0, width - insets.left - insets.right),
            height: max(0, height - insets.top - insets.bottom))
    }

    /// The rectangle shrunk by `dx` on the left and right and `dy` on the top and bottom (grown
    /// for negative values), never below zero size, as `CGRect.insetBy` does.
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: max(0, width - 2 * dx), height: max(0, height - 2 * dy))
    }

    /// The smallest rectangle containing both.
    public func union(_ other: Rect) -> Rect {
        let x0 = min(minX, other.minX), y0 = min(minY, other.minY)
        return Rect(x: x0, y: y0, width: max(maxX, other.maxX) - x0, height: max(maxY, other.maxY) - y0)
    }

    /// The rectangle moved by (dx, dy).
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: minX + dx, y: minY + dy, width: width, height: height)
    }

    /// `[x, y, width, height]`, the form `--dump-layout` writes.
    public var array: [Double] { [minX, minY, width, height] }

    public var description: String { "[\(minX), \(minY), \(width), \(height)]" }
}
