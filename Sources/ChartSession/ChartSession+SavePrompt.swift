import ChartCore
import Foundation

/// Saving: the `s` prompt's state and its answer's rules (`SavePrompt`), and when a save
/// happens. The host reads the prompt's keys (`PromptKey`) and writes the file
/// (`ChartSessionHost.session(_:save:)`).
extension ChartSession {
    /// Whether the save prompt is open: the host's keys go to `answerPrompt(_:)`.
    public var isPrompting: Bool { interaction.prompt != nil }

    /// Whether a save was asked for (the prompt answered, `SessionCommand.save`): the host calls
    /// `save()` once its picture shows the current state, complete.
    public var wantsSave: Bool { pendingSave != nil }

    /// Saves as asked, through the host, and says where, or why not (then the prompt opens
    /// again with the answer, to be mended: another folder, a shorter name). Call once the
    /// host's picture shows the current state; nothing when no save was asked for.
    public func save() {
        guard let request = pendingSave else { return }
        pendingSave = nil
        let path: String
        switch request {
        case .file(let file, _):
            path = file
        case .suggested:
            let directory = options.saveDirectory
            let name = SavePrompt.suggestedName(
                title: interaction.graph.title, chart: charts[chartIndex].name, directory: directory,
                fileExtension: options.saveExtensions[0])
            path = (directory as NSString).appendingPathComponent(name)
        }
        do throws(SaveFailure) {
            guard let host else { throw SaveFailure(message: "\(path): nothing hosts the chart to save") }
            try host.session(self, save: path)
            emit(.saved(path: path))
            showStatus("Saved \(path)")
        } catch {
            emit(.saveFailed(message: error.message))
            showStatus("Could not save: \(error.message)")
            if case .file(_, let answer) = request { openPrompt(answer) }
        }
    }

    /// Opens the save prompt with the suggested name (`SavePrompt`), in place of any other.
    func openSavePrompt() {
        notePoint = nil
        let fileExtension = options.saveExtensions[0]
        let name = SavePrompt.suggestedName(
            title: interaction.graph.title, chart: charts[chartIndex].name, directory: options.saveDirectory,
            fileExtension: fileExtension)
        // The cursor before the extension, where a new name is typed.
        openPrompt(name, cursor: name.count - fileExtension.count - 1)
    }

    /// Opens the save prompt with `answer`, the cursor after `cursor` characters (the end when nil).
    private func openPrompt(_ answer: String, cursor: Int? = nil) {
        let line = LineEditor(answer, cursor: cursor)
        replaceWarned = nil
        interaction.prompt = TextPrompt(label: SavePrompt.label, line: line, hint: SavePrompt.hint)
        emit(.prompt(text: line.text, cursor: line.cursor))
    }

    /// Does what a key asks of the open prompt: edits its answer, saves to it (the prompt
    /// stays open, saying why, when the answer cannot be saved to; an existing file is replaced
    /// only when the same answer is submitted twice), or cancels. Nothing when it is closed.
    public func answerPrompt(_ key: PromptKey) {
        guard var prompt = interaction.prompt else { return }
        if let point = notePoint {
            answerNotePrompt(key, prompt: &prompt, at: point)
            return
        }
        switch key {
        case .ignore: return
        case .edit(let edit):
            prompt.line.apply(edit)
            guard prompt != interaction.prompt else { return }
            replaceWarned = nil
            interaction.prompt = prompt
            emit(.prompt(text: prompt.line.text, cursor: prompt.line.cursor))
        case .cancel:
            interaction.prompt = nil
            emit(.prompt(text: nil, cursor: 0))
            showStatus("Save cancelled")
        case .submit:
            let answer = prompt.line.text
            do throws(SavePromptError) {
                let path = try SavePrompt.destination(for: answer, directory: options.saveDirectory, extensions: options.saveExtensions)
                // An existing file (a link's target) is replaced only when asked twice; one that
                // may not be replaced (read-only, a device) is refused at once, the prompt open.
                let replacement = host?.session(self, replacementAt: path) ?? .createsFile
                if try SavePrompt.replaces(replacement, answer: answer) && replaceWarned != path {
                    replaceWarned = path
                    showStatus("\((path as NSString).lastPathComponent) exists: Enter again replaces it")
                    return
                }
                interaction.prompt = nil
                emit(.prompt(text: nil, cursor: 0))
                pendingSave = .file(path: path, answer: answer)
            } catch {
                showStatus(error.description)
            }
        }
    }
}
