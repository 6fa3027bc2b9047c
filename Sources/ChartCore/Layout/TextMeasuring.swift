/// Measures text for layout without layout knowing how text is drawn. `ChartCairo` implements
/// it with Pango, so the sizes layout plans with are the sizes the painter draws.
public protocol TextMeasuring {
    /// The logical size of `text` (all its lines; "\n" breaks lines) set in `style`, in device
    /// pixels. `style.fontSize` is already in device pixels.
    func size(of text: String, style: TextStyle) -> Size
}

/// Fixed metrics for tests and for layouts that must not depend on installed fonts: every
/// character is `0.6 em` wide and a line is `1.25 em` tall.
public struct FixedTextMeasurer: TextMeasuring, Sendable {
    /// A character's width, as a fraction of the font size.
    public var characterWidth: Double
    /// A line's height, as a fraction of the font size.
    public var lineHeight: Double

    /// A measurer giving every character `characterWidth` and every line `lineHeight` times the font size.
    public init(characterWidth: Double = 0.6, lineHeight: Double = 1.25) {
        self.characterWidth = characterWidth
        self.lineHeight = lineHeight
    }

    public func size(of text: String, style: TextStyle) -> Size {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let longest = lines.map(\.count).max() ?? 0
        return Size(
            width: Double(longest) * characterWidth * style.fontSize,
            height: Double(max(1, lines.count)) * lineHeight * style.fontSize)
    }
}
