/// One cell of a grid's scene (`Scene.cells`): a graph's own scene, laid out at the cell's size
/// in its own device pixels (origin at the cell's top-left), and where the cell sits on the
/// grid's surface. A painter translates to `frame`'s origin and clips to it; a point on the
/// surface is in the cell's scene at `point - frame.origin` (`localPoint(_:)`).
public struct SceneCell: Hashable, Sendable {
    /// The cell on the grid's surface, device pixels (origin top-left).
    public var frame: Rect
    /// The cell's graph laid out at `frame.size`, in the cell's own device pixels.
    public var scene: Scene

    /// A cell showing `scene` at `frame`.
    public init(frame: Rect, scene: Scene) {
        self.frame = frame
        self.scene = scene
    }

    /// `point` on the grid's surface, in the cell's own device pixels.
    public func localPoint(_ point: Point) -> Point {
        Point(x: point.x - frame.minX, y: point.y - frame.minY)
    }
}
