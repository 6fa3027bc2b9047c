/// An annotation as laid out: its text and, for a popup, its box, in device pixels.
public struct AnnotationScene: Hashable, Sendable {
    /// The annotation's identifier, if it has one.
    public var identifier: String?
    public var text: SceneText
    /// The filled, bordered box behind the text; nil for bare text.
    public var box: Rect?
    public var fill: Fill
    public var border: LineStyle?
}
