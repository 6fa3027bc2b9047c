/// Which corners of a rectangle are rounded, and by how much: a bar rounds the corners of its
/// tip, away from its base. Layout chooses the corners and clamps the radius (device pixels) to
/// half the rectangle's shorter side, so a painter traces the outline as given.
public struct CornerRounding: Hashable, Sendable {
    /// A set of a rectangle's corners, named as seen on screen (y downwards).
    public struct Corners: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        /// A set of corners from its raw bits.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The corner at the smallest x and y.
        public static let topLeft = Corners(rawValue: 1)
        /// The corner at the largest x and smallest y.
        public static let topRight = Corners(rawValue: 2)
        /// The corner at the largest x and y.
        public static let bottomRight = Corners(rawValue: 4)
        /// The corner at the smallest x and largest y.
        public static let bottomLeft = Corners(rawValue: 8)
        /// All four corners.
        public static let all: Corners = [.topLeft, .topRight, .bottomRight, .bottomLeft]
    }

    /// The radius of each rounded corner, device pixels.
    public var radius: Double
    /// The corners rounded; the others are square.
    public var corners: Corners

    /// Square corners.
    public static let none = CornerRounding(radius: 0, corners: [])

    /// `corners` rounded by `radius` device pixels.
    public init(radius: Double, corners: Corners) {
        self.radius = radius
        self.corners = corners
    }

    /// The corners of `rect`'s tip, away from its base (`base` nil for a vertical bar), rounded
    /// by `radius` device pixels clamped to half of `rect`'s shorter side: the top corners of a
    /// bar pointing up, the bottom ones of a bar pointing down (`pointsDown`), the right ones of
    /// a horizontal bar pointing right, the left ones pointing left. Square when the clamped
    /// radius is not positive.
    public init(tipOf rect: Rect, radius: Double, base: PlotItem.Base?, pointsDown: Bool) {
        let horizontal = base?.isHorizontal ?? false
        let tip: Corners =
            horizontal
            ? (pointsDown ? [.topLeft, .bottomLeft] : [.topRight, .bottomRight])
            : (pointsDown ? [.bottomLeft, .bottomRight] : [.topLeft, .topRight])
        self.init(radius: radius, corners: tip)
        self = clamped(to: rect)
    }

    /// Whether no corner is rounded.
    public var isSquare: Bool { !(radius > 0) || corners.isEmpty }

    /// The radius of `corner` (one corner): `radius` when it is rounded, else 0.
    public func radius(of corner: Corners) -> Double {
        corners.contains(corner) && !isSquare ? radius : 0
    }

    /// The same corners with the radius clamped to half of `rect`'s shorter side (a bar grown
    /// part of the way, in the show animation); square when that is not positive.
    public func clamped(to rect: Rect) -> CornerRounding {
        let r = min(radius, rect.width / 2, rect.height / 2)
        return r > 0 && !corners.isEmpty ? CornerRounding(radius: r, corners: corners) : .none
    }
}
