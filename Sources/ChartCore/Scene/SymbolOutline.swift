import Foundation

/// A marker's outline around its center, in device pixels (y downwards): what a painter traces
/// at each point a marker is drawn, moved there. Worked out once per symbol, never per marker,
/// so a million markers of one symbol share one outline.
public struct SymbolOutline: Hashable, Sendable {
    /// One step of the outline, relative to the marker's center.
    public enum Element: Hashable, Sendable {
        /// Start a new subpath at the offset.
        case move(Point)
        /// A straight line to the offset.
        case line(Point)
        /// Close the subpath with a line to its start.
        case close
        /// A whole circle of `radius` around the center, a subpath of its own (starting at
        /// angle 0, +x, turning towards +y).
        case circle(radius: Double)
        /// An axis-aligned rectangle, a closed subpath of its own from its top-left corner,
        /// clockwise on screen.
        case rectangle(Rect)
    }

    /// The outline's steps, in order.
    public var elements: [Element]

    /// An outline of `elements`.
    public init(elements: [Element]) {
        self.elements = elements
    }

    /// The rectangle when the outline is one axis-aligned rectangle and nothing else (a square
    /// marker, or a disc small enough to be drawn as its square); nil otherwise.
    public var soleRectangle: Rect? {
        guard elements.count == 1, case .rectangle(let rect) = elements[0] else { return nil }
        return rect
    }

    /// The radius when the outline is one circle and nothing else (a disc); nil otherwise.
    public var soleCircleRadius: Double? {
        guard elements.count == 1, case .circle(let radius) = elements[0] else { return nil }
        return radius
    }
}

extension PlotSymbol {
    /// The symbol's outline around its center, `size` device pixels across: a disc of 2.5 pixels
    /// or less is its square (which is how it rasterizes); a star has five points, its inner
    /// vertices at 45% of the radius, the first point up; a triangle points up; a cross and a
    /// plus are two strokes (`isStrokedOnly`). O(1).
    public var outline: SymbolOutline {
        let h = size / 2
        let square = Rect(x: -h, y: -h, width: 2 * h, height: 2 * h)
        func polygon(_ points: [(Double, Double)]) -> [SymbolOutline.Element] {
            points.enumerated().map { i, p in i == 0 ? .move(Point(x: p.0, y: p.1)) : .line(Point(x: p.0, y: p.1)) } + [.close]
        }
        switch shape {
        case .ellipse where size <= 2.5:
            return SymbolOutline(elements: [.rectangle(square)])
        case .ellipse:
            return SymbolOutline(elements: [.circle(radius: h)])
        case .rectangle:
            return SymbolOutline(elements: [.rectangle(square)])
        case .diamond:
            return SymbolOutline(elements: polygon([(0, -h), (h, 0), (0, h), (-h, 0)]))
        case .triangle:
            return SymbolOutline(elements: polygon([(0, -h), (h, h), (-h, h)]))
        case .star:
            let points = (0..<10).map { k -> (Double, Double) in
                let radius = k % 2 == 0 ? h : h * 0.45
                let angle = -Double.pi / 2 + Double(k) * .pi / 5
                return (cos(angle) * radius, sin(angle) * radius)
            }
            return SymbolOutline(elements: polygon(points))
        case .cross:
            return SymbolOutline(elements: [
                .move(Point(x: -h, y: -h)), .line(Point(x: h, y: h)), .move(Point(x: h, y: -h)), .line(Point(x: -h, y: h))
            ])
        case .plus:
            return SymbolOutline(elements: [.move(Point(x: -h, y: 0)), .line(Point(x: h, y: 0)), .move(Point(x: 0, y: -h)), .line(Point(x: 0, y: h))])
        }
    }

    /// What fills the marker centered on `center` (device pixels): its fill across the marker's
    /// square (`Fill.paint(over:)`); nil when it has no fill or no inside (`isStrokedOnly`).
    public func paint(at center: Point) -> ScenePaint? {
        guard let fill, !isStrokedOnly else { return nil }
        let h = size / 2
        return fill.paint(over: Rect(x: center.x - h, y: center.y - h, width: 2 * h, height: 2 * h))
    }
}
