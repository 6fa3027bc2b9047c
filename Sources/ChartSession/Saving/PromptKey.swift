import ChartCore

/// What a key does while the save prompt is open, as the host reads its keys (a window, its
/// X key events): `ChartSession.answerPrompt(_:)` does it.
public enum PromptKey: Hashable, Sendable {
    /// Edit the answer (type, delete, move the cursor).
    case edit(LineEditor.Edit)
    /// Save to the answer (Enter).
    case submit
    /// Close the prompt without saving (Escape).
    case cancel
    /// A key the prompt has no use for (Tab, F keys, Ctrl with other letters).
    case ignore
}
