/// A box of text drawn over the chart (the help overlay, a status message), in device pixels.
public struct OverlayScene: Hashable, Sendable {
    /// Names the overlay ("help", a status message).
    public var identifier: String
    /// The box, in device pixels.
    public var box: Rect
    /// The box's fill.
    public var fill: Fill
    /// The box's border, stroked just inside the box; nil for none.
    public var border: LineStyle?
    /// The text lines, placed.
    public var texts: [SceneText]

    /// An overlay box with its texts, already placed.
    public init(identifier: String, box: Rect, fill: Fill, border: LineStyle?, texts: [SceneText]) {
        self.identifier = identifier
        self.box = box
        self.fill = fill
        self.border = border
        self.texts = texts
    }
}
