/// A straight line in device pixels, with its stroke already scaled.
public struct SceneLine: Hashable, Sendable {
    /// Where the line starts, device pixels.
    public var from: Point
    /// Where the line ends, device pixels.
    public var to: Point
    /// Color, width (device pixels) and dashes.
    public var style: LineStyle

    /// A line from `from` to `to` in `style`.
    public init(from: Point, to: Point, style: LineStyle) {
        self.from = from
        self.to = to
        self.style = style
    }

    /// A line between two pixel positions along one axis, moved to pixel centers when its width
    /// is odd so that a 1-pixel line covers one column of pixels, not two half-lit ones.
    static func crisp(from: Point, to: Point, style: LineStyle) -> SceneLine {
        let odd = Int(style.width.rounded()) % 2 == 1
        func snap(_ v: Double) -> Double { odd ? v.rounded(.down) + 0.5 : v.rounded() }
        if from.x == to.x {
            let x = snap(from.x)
            return SceneLine(from: Point(x: x, y: from.y), to: Point(x: x, y: to.y), style: style)
        }
        if from.y == to.y {
            let y = snap(from.y)
            return SceneLine(from: Point(x: from.x, y: y), to: Point(x: to.x, y: y), style: style)
        }
        return SceneLine(from: from, to: to, style: style)
    }
}
