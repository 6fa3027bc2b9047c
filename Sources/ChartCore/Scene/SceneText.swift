/// A piece of text placed in device pixels: what to write, how, and exactly where.
///
/// The text block (all its lines) has size `size` before rotation. Its local point `anchor`
/// (from the block's top-left) sits at `position`, and the block is turned by `angle` radians
/// counter-clockwise about that point. `frame` is the rotated block's exact outline and
/// `rect` its axis-aligned bounds.
public struct SceneText: Hashable, Sendable {
    /// The text; a line break starts a new line.
    public var text: String
    /// Already scaled to device pixels.
    public var style: TextStyle
    /// The text's width and height, device pixels, before rotation.
    public var size: Size
    /// The point the text is placed at, device pixels.
    public var anchor: Point
    /// The text's top left corner before rotation about `anchor`, device pixels.
    public var position: Point
    /// Radians, counter-clockwise on screen.
    public var angle: Double

    /// A text placed at `position`, turned `angle` degrees counter-clockwise about `anchor`.
    public init(text: String, style: TextStyle, size: Size, anchor: Point, position: Point, angle: Double = 0) {
        self.text = text
        self.style = style
        self.size = size
        self.anchor = anchor
        self.position = position
        self.angle = angle
    }

    /// Level text whose box has `anchor` (a named point of the box) at `position`.
    public init(text: String, style: TextStyle, size: Size, at position: Point, anchoredBy anchor: RectAnchor) {
        self.init(
            text: text, style: style, size: size,
            anchor: Point(x: size.width * anchor.fraction.x, y: size.height * anchor.fraction.y),
            position: position)
    }

    /// The text's rotated rectangle.
    public var frame: OrientedRect {
        OrientedRect(size: size, anchor: anchor, position: position, angle: angle)
    }

    /// The axis-aligned bounds of what is drawn, in device pixels.
    public var rect: Rect {
        angle == 0
            ? Rect(x: position.x - anchor.x, y: position.y - anchor.y, width: size.width, height: size.height)
            : frame.boundingBox
    }
}
