/// A straight line in device pixels, with its stroke already scaled.
public struct SceneLine: Hashable, Sendable {
    public var from: Point
    public var to: Point
    public var style: LineStyle

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
