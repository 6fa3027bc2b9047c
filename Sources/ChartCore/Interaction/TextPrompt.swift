/// A one-line question over the chart's bottom edge ("Save as: chart-2026-12-01.png"), with an
/// editable answer: what `ChartInteraction.prompt` lays out as the overlay "prompt", its
/// caret as the overlay "prompt-caret" (a bar 1 pixel wide at scale 1, in device pixels).
/// The window's own state (its save prompt), so `package`: the package's modules and tests
/// see it, a user of the library does not.
package struct TextPrompt: Hashable, Sendable {
    /// What is asked, shown before the answer ("Save as:").
    package var label: String
    /// The answer being edited.
    package var line: LineEditor
    /// The keys that finish it, shown after the answer ("Enter saves · Esc cancels").
    package var hint: String

    /// A prompt asking `label`, with `line` as the answer so far and `hint` after it.
    package init(label: String, line: LineEditor, hint: String) {
        self.label = label
        self.line = line
        self.hint = hint
    }
}
