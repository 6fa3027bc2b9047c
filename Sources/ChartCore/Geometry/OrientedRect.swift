import Foundation

/// A rectangle rotated about a point: the true outline of a rotated text label, used to decide
/// whether two labels overlap (their axis-aligned bounds may overlap when the text does not).
///
/// Coordinates are device pixels, origin top-left, y downwards; `angle` is in radians,
/// positive turning counter-clockwise on screen (as text rotated "up" at 45° reads).
public struct OrientedRect: Hashable, Sendable {
    /// The four corners in drawing order.
    public let corners: [Point]

    /// A `size` rectangle whose local origin (its top-left corner before rotation) is placed so
    /// that the local point `anchor` (relative to that corner) lands on `position`, then rotated
    /// by `angle` about `position`.
    public init(size: Size, anchor: Point, position: Point, angle: Double) {
        let cosA = cos(angle), sinA = sin(angle)
        let local = [
            Point(x: 0, y: 0), Point(x: size.width, y: 0),
            Point(x: size.width, y: size.height), Point(x: 0, y: size.height)
        ]
        corners = local.map { p in
            let dx = p.x - anchor.x, dy = p.y - anchor.y
            // Screen y is downwards, so a counter-clockwise turn on screen uses -angle.
            return Point(
                x: position.x + dx * cosA + dy * sinA,
                y: position.y - dx * sinA + dy * cosA)
        }
    }

    /// The axis-aligned bounds.
    public var boundingBox: Rect {
        let xs = corners.map(\.x), ys = corners.map(\.y)
        let x0 = xs.min()!, y0 = ys.min()!
        return Rect(x: x0, y: y0, width: xs.max()! - x0, height: ys.max()! - y0)
    }

    /// Whether the two outlines share interior area, by the separating axis theorem.
    /// A gap of at least `tolerance` pixels along some axis counts as separate. O(1).
    public func intersects(_ other: OrientedRect, tolerance: Double = 0) -> Bool {
        for shape in [self, other] {
            for i in 0..<4 {
                let a = shape.corners[i], b = shape.corners[(i + 1) % 4]
                let axis = Point(x: -(b.y - a.y), y: b.x - a.x)
                let length = (axis.x * axis.x + axis.y * axis.y).squareRoot()
                guard length > 0 else { continue }
                let (minA, maxA) = project(corners, on: axis, length: length)
                let (minB, maxB) = project(other.corners, on: axis, length: length)
                if maxA + tolerance <= minB || maxB + tolerance <= minA { return false }
            }
        }
        return true
    }

    private func project(_ points: [Point], on axis: Point, length: Double) -> (Double, Double) {
        var lo = Double.infinity, hi = -Double.infinity
        for p in points {
            let d = (p.x * axis.x + p.y * axis.y) / length
            lo = min(lo, d)
            hi = max(hi, d)
        }
        return (lo, hi)
    }
}
