import ChartCore

/// Notes (`ChartNote`): `n` opens the prompt for a note's text at the pointer; Enter adds it there
/// (`ChartInteraction.addNote(_:at:)`), Escape cancels. Every change of a chart's notes is kept
/// by its provider (`ChartProvider.keepNotes(_:changedIn:)`: chartview's writes a sidecar spec beside the
/// data), and the status line says where, or why not.
extension ChartSession {
    /// The label of the note prompt.
    static let notePromptLabel = "Note:"

    /// Opens the note prompt for the point under the pointer, or says why not.
    func openNotePrompt() {
        guard showsLoadedChart, let point = pointer, interaction.readout(at: point) != nil else {
            showStatus("Point at the chart where the note goes, then press n")
            return
        }
        notePoint = point
        let line = LineEditor("", cursor: 0)
        interaction.prompt = TextPrompt(label: Self.notePromptLabel, line: line, hint: "Enter adds the note · Esc cancels")
        emit(.prompt(text: line.text, cursor: line.cursor))
    }

    /// A key of the note prompt: edits, Escape (no note), Enter (the note, at `point`).
    func answerNotePrompt(_ key: PromptKey, prompt: inout TextPrompt, at point: Point) {
        switch key {
        case .ignore: return
        case .edit(let edit):
            prompt.line.apply(edit)
            guard prompt != interaction.prompt else { return }
            interaction.prompt = prompt
            emit(.prompt(text: prompt.line.text, cursor: prompt.line.cursor))
        case .cancel:
            closeNotePrompt()
            showStatus("Note cancelled")
        case .submit:
            closeNotePrompt()
            interaction.addNote(prompt.line.text, at: point)
        }
    }

    private func closeNotePrompt() {
        notePoint = nil
        interaction.prompt = nil
        emit(.prompt(text: nil, cursor: 0))
    }

    /// The notes of the graph in `cell` (0 for a graph alone) changed: the provider keeps the
    /// notes of every graph on screen (a split's are one chart's).
    func keepNotes(changedIn cell: Int) {
        do throws(ChartFailure) {
            let notes = shownFigure.graphs.map(\.notes)
            if let place = try charts[chartIndex].keepNotes(notes, changedIn: cell) { showStatus("Notes kept in \(place)") }
        } catch {
            showStatus("Could not keep the notes: \(error.message)")
        }
    }
}
