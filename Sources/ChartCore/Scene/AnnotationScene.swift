/// An annotation as laid out: its text and, for a popup, its box, in device pixels.
public struct AnnotationScene: Hashable, Sendable {
    /// The annotation's identifier, if it has one.
    public var identifier: String?
    /// The text, placed.
    public var text: SceneText
    /// The filled, bordered box behind the text; nil for bare text.
    public var box: Rect?
    /// The box's fill (clear without a box).
    public var fill: Fill
    /// The box's border, stroked just inside the box; nil for none.
    public var border: LineStyle?
}
