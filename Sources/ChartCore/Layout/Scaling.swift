extension LineStyle {
    /// Width and dashes multiplied by `factor` (device scale).
    func scaled(by factor: Double) -> LineStyle {
        LineStyle(color: color, width: width * factor, dashPattern: dashPattern.map { $0 * factor })
    }
}

extension TextStyle {
    /// The font size multiplied by `factor` (device scale).
    func scaled(by factor: Double) -> TextStyle { withSize(fontSize * factor) }
}
