import Foundation

/// The `s` prompt's rules: what it asks, the name it suggests, and where an answer saves. The
/// prompt itself is `ChartInteraction.prompt` (laid out with the overlays); the session owns
/// its state (`ChartSession.answerPrompt(_:)`), this type the rules, and the host reads the keys
/// (`PromptKey`) and writes the file.
enum SavePrompt {
    static let label = "Save as:"
    static let hint = "Enter saves · Esc cancels"

    /// The suggested file name: the chart's title (else its name) as lowercase words joined by
    /// dashes, at most 60 characters, then today's date, `.` and `fileExtension`
    /// ("exchange-rates-2026-12-01.png"), with `-2`, `-3`… when taken in `directory`. Taken
    /// means any entry, a dangling symbolic link too: a name someone linked elsewhere in
    /// advance is never suggested, so Ctrl+S cannot create the link's target.
    static func suggestedName(
        title: String?, chart: String, date: Date = Date(), directory: String, fileExtension: String = "png",
        exists: (String) -> Bool = SavePrompt.entryExists
    ) -> String {
        var words = slug(title ?? "")
        if words.isEmpty { words = slug(chart) }
        if words.isEmpty { words = "chart" }
        let day = Calendar.current.dateComponents([.year, .month, .day], from: date)
        let stamp = String(format: "%04d-%02d-%02d", day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        let base = words + "-" + stamp
        var name = base + "." + fileExtension, counter = 2
        while exists((directory as NSString).appendingPathComponent(name)) {
            name = "\(base)-\(counter).\(fileExtension)"
            counter += 1
        }
        return name
    }

    /// Whether anything has the name `path`: a file, a folder, or a link, dangling or not.
    static func entryExists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    /// `text`'s letters and digits (of any script) lowercased, every other run as one dash,
    /// cut to 60 characters at a dash where there is one.
    static func slug(_ text: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if character.isLetter || character.isNumber {
                out.append(character)
            } else if !out.isEmpty, out.last != "-" {
                out.append("-")
            }
        }
        while out.last == "-" { out.removeLast() }
        guard out.count > 60 else { return out }
        let cut = String(out.prefix(60))
        if let dash = cut.lastIndex(of: "-"), cut.distance(from: cut.startIndex, to: dash) >= 20 { return String(cut[..<dash]) }
        return cut
    }

    /// Where an answer saves: `~` is the home folder, a relative path is under `directory`, and
    /// no extension means the first of `extensions` (the host's formats, lowercase). Throws a
    /// message for the status line when the answer is empty, names a folder, or ends in an
    /// extension not among `extensions` (compared without case).
    static func destination(for answer: String, directory: String, extensions: [String]) throws(SavePromptError) -> String {
        precondition(!extensions.isEmpty, "A host saves in at least one format.")
        var path = answer.trimmingCharacters(in: .whitespaces)
        guard !path.isEmpty else { throw .empty }
        if path == "~" || path.hasPrefix("~/") {
            path = NSHomeDirectory() + path.dropFirst()
        } else if !path.hasPrefix("/") {
            path = (directory as NSString).appendingPathComponent(path)
        }
        guard !path.hasSuffix("/") else { throw .folder(answer) }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue { throw .folder(answer) }
        let ext = (path as NSString).pathExtension
        // "sales.2026" has no extension: a number after the last dot is part of the name.
        if ext.isEmpty || ext.allSatisfy(\.isNumber) { return path + "." + extensions[0] }
        guard extensions.contains(ext.lowercased()) else { throw .unknownExtension(ext, known: extensions) }
        return path
    }

    /// Whether saving to `path` (resolved from `answer`) replaces a file, as the host's writer
    /// says (`replacement`): the prompt asks twice before it does. Throws when the file may not
    /// be replaced (read-only, a device or FIFO), before anything is written.
    static func replaces(_ replacement: SaveReplacement, answer: String) throws(SavePromptError) -> Bool {
        switch replacement {
        case .createsFile: false
        case .replacesFile: true
        case .refused(let reason): throw .cannotReplace(answer, reason: reason)
        }
    }
}

/// Why an answer to the save prompt cannot be saved to; the prompt stays open.
enum SavePromptError: Error, Equatable, CustomStringConvertible {
    case empty
    case folder(String)
    /// The answer's extension, and the host's (`ChartSession.Options.saveExtensions`).
    case unknownExtension(String, known: [String])
    /// The answer names a file that may not be replaced, and why (`SaveReplacement.refused`).
    case cannotReplace(String, reason: String)

    var description: String {
        switch self {
        case .empty: "Type a file name, or Esc to cancel"
        case .folder(let answer): "'\(answer)' is a folder: add a file name"
        case .unknownExtension(let ext, let known): "Cannot save as .\(ext): end the name with \(Self.list(known))"
        case .cannotReplace(let answer, let reason): "'\(answer)' \(reason)"
        }
    }

    /// ".png, .svg or .pdf".
    private static func list(_ extensions: [String]) -> String {
        let dotted = extensions.map { "." + $0 }
        guard let last = dotted.last, dotted.count > 1 else { return dotted.first ?? "" }
        return dotted.dropLast().joined(separator: ", ") + " or " + last
    }
}
