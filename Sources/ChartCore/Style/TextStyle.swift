/// How text is set. `fontSize` is in device pixels at scale 1 (an em), not points.
public struct TextStyle: Hashable, Sendable {
    /// A font family list as fontconfig reads it ("Sans", "DejaVu Sans, WenQuanYi Micro Hei");
    /// fontconfig falls back per character for scripts the first family lacks.
    public var fontFamily: String
    /// The font size, pixels at scale 1.
    public var fontSize: Double
    /// Whether the font is bold.
    public var isBold: Bool
    /// The text color.
    public var color: Color
    /// How the lines of multi-line text align with each other.
    public var alignment: TextAlignment

    /// A text style; the font size is pixels at scale 1.
    public init(
        fontFamily: String = "Sans", fontSize: Double = 12, isBold: Bool = false,
        color: Color = .black, alignment: TextAlignment = .center
    ) {
        precondition(fontSize > 0, "A font size must be positive (got \(fontSize)).")
        self.fontFamily = fontFamily
        self.fontSize = fontSize
        self.isBold = isBold
        self.color = color
        self.alignment = alignment
    }

    /// The same style with another color.
    public func withColor(_ color: Color) -> TextStyle {
        var copy = self
        copy.color = color
        return copy
    }

    /// The same style at another size.
    public func withSize(_ size: Double) -> TextStyle {
        var copy = self
        copy.fontSize = size
        return copy
    }
}

/// Horizontal alignment of the lines within a block of text.
public enum TextAlignment: String, Hashable, Sendable {
    /// Lines aligned to the left, the center or the right of the text's box.
    case left, center, right
}
