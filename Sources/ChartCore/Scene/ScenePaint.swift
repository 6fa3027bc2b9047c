import Foundation

/// A fill as a painter applies it: one color, or a linear gradient whose ends are points in
/// device pixels. A `Fill` (a gradient by angle across whatever it fills) becomes one over the
/// bounds it fills (`Fill.paint(over:)`): the scene says where each gradient runs, and a
/// painter only sets it.
public enum ScenePaint: Hashable, Sendable {
    /// One color.
    case solid(Color)
    /// Colors changing along the line from `start` to `end` (device pixels) and constant across
    /// it, through `stops` (offset 0 at `start`, 1 at `end`, in ascending order); beyond the
    /// ends, the end colors.
    case linearGradient(start: Point, end: Point, stops: [GradientStop])

    /// A color at a place along a gradient.
    public struct GradientStop: Hashable, Sendable {
        /// Where along the gradient, from 0 at its start to 1 at its end.
        public var offset: Double
        /// The color there.
        public var color: Color

        /// `color` at `offset` (0…1) along a gradient.
        public init(offset: Double, color: Color) {
            self.offset = offset
            self.color = color
        }
    }
}

extension Fill {
    /// This fill over `bounds` (device pixels): a gradient runs through the middle of the
    /// bounds along its angle (0 left to right, 90 bottom to top), from one edge to the
    /// opposite one (its ends `cos(angle) · width / 2` and `sin(angle) · height / 2` from the
    /// middle), its start color at its start. O(1).
    public func paint(over bounds: Rect) -> ScenePaint {
        switch self {
        case .solid(let color):
            return .solid(color)
        case .linearGradient(let start, let end, let angle):
            let radians = angle * .pi / 180
            let dx = cos(radians) * bounds.width / 2, dy = -sin(radians) * bounds.height / 2
            return .linearGradient(
                start: Point(x: bounds.midX - dx, y: bounds.midY - dy), end: Point(x: bounds.midX + dx, y: bounds.midY + dy),
                stops: [ScenePaint.GradientStop(offset: 0, color: start), ScenePaint.GradientStop(offset: 1, color: end)])
        }
    }
}

extension Scene {
    /// The background's paint, over the whole surface.
    public var backgroundPaint: ScenePaint { background.paint(over: Rect(origin: .zero, size: size)) }
    /// The plot area's paint, over the plot area.
    public var plotAreaPaint: ScenePaint { plotAreaFill.paint(over: plotArea) }
}

extension LegendScene {
    /// The legend box's paint, over its rect.
    public var paint: ScenePaint { fill.paint(over: rect) }
}

extension LegendScene.Entry {
    /// The swatch's paint, over the swatch's square; nil for none.
    public var swatchPaint: ScenePaint? { swatchFill?.paint(over: swatch) }
}

extension AnnotationScene {
    /// The box's paint, over the box; nil without a box.
    public var paint: ScenePaint? { box.map { fill.paint(over: $0) } }
}

extension OverlayScene {
    /// The box's paint, over the box.
    public var paint: ScenePaint { fill.paint(over: box) }
}

extension PlotItem {
    /// The item's paint, over its bounds (`bounds`: a bar's rect, a slice's whole disc, a
    /// polygon's vertices).
    public var paint: ScenePaint { fill.paint(over: bounds) }
}

extension ScenePath {
    /// The path's fill as painted, over the path's bounds (`bounds`); nil for none. O(1) for a
    /// solid fill, O(elements) for a gradient.
    public var paint: ScenePaint? {
        switch fill {
        case nil: nil
        case .solid(let color)?: .solid(color)
        case let gradient?: gradient.paint(over: bounds)
        }
    }

    /// Every point the path reaches, in device pixels: its lines' ends and its curves, each
    /// curve's farthest points included (not its control points); a move followed by nothing
    /// drawn adds nothing (a move then a close adds its point). `.zero` for a path that draws nothing.
    /// O(elements).
    public var bounds: Rect {
        var box: (minX: Double, minY: Double, maxX: Double, maxY: Double)?
        func add(_ p: Point) {
            guard let b = box else {
                box = (p.x, p.y, p.x, p.y)
                return
            }
            box = (min(b.minX, p.x), min(b.minY, p.y), max(b.maxX, p.x), max(b.maxY, p.y))
        }
        var pen: Point?, start: Point?, pendingMove = false
        for element in elements {
            switch element {
            case .move(let p):
                pen = p
                start = p
                pendingMove = true
            case .line(let p), .curve(_, _, let p):
                if pendingMove, let from = pen { add(from) }
                pendingMove = false
                if case .curve(let a, let b, _) = element, let from = pen {
                    for t in Self.extremes(from, a, b, p) { add(Self.point(at: t, from, a, b, p)) }
                }
                add(p)
                pen = p
            case .close:
                // Closing a lone move draws its point.
                if pendingMove, let from = pen { add(from) }
                pendingMove = false
                if let start { pen = start }
            }
        }
        guard let b = box else { return .zero }
        return Rect(x: b.minX, y: b.minY, width: b.maxX - b.minX, height: b.maxY - b.minY)
    }

    /// The parameters strictly between 0 and 1 where the cubic Bézier curve p0…p3 turns in x
    /// or in y: the roots of its derivative along each axis.
    private static func extremes(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> [Double] {
        var found: [Double] = []
        for (a0, a1, a2, a3) in [(p0.x, p1.x, p2.x, p3.x), (p0.y, p1.y, p2.y, p3.y)] {
            // The derivative over 3: a t² + 2 b t + c.
            let a = -a0 + 3 * a1 - 3 * a2 + a3, b = a0 - 2 * a1 + a2, c = a1 - a0
            var roots: [Double] = []
            if a == 0 {
                if b != 0 { roots.append(-c / (2 * b)) }
            } else {
                let discriminant = b * b - a * c
                if discriminant >= 0 {
                    let root = discriminant.squareRoot()
                    roots += [(-b - root) / a, (-b + root) / a]
                }
            }
            found += roots.filter { $0 > 0 && $0 < 1 }
        }
        return found
    }

    /// The point at parameter `t` of the cubic Bézier curve p0…p3.
    private static func point(at t: Double, _ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point) -> Point {
        let s = 1 - t
        let w0 = s * s * s, w1 = 3 * s * s * t, w2 = 3 * s * t * t, w3 = t * t * t
        return Point(x: w0 * p0.x + w1 * p1.x + w2 * p2.x + w3 * p3.x, y: w0 * p0.y + w1 * p1.y + w2 * p2.y + w3 * p3.y)
    }
}
