/// A box of text drawn over the chart (the help overlay, a status message), in device pixels.
public struct OverlayScene: Hashable, Sendable {
    public var identifier: String
    public var box: Rect
    public var fill: Fill
    public var border: LineStyle?
    public var texts: [SceneText]

    public init(identifier: String, box: Rect, fill: Fill, border: LineStyle?, texts: [SceneText]) {
        self.identifier = identifier
        self.box = box
        self.fill = fill
        self.border = border
        self.texts = texts
    }
}
