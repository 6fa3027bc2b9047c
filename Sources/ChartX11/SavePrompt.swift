import ChartCairo
import ChartCore
import ChartFiles
import CX11
import Foundation

/// The `s` prompt's keys and names: what a key does while the prompt is open, the name it
/// suggests, and where an answer saves. The prompt itself is `ChartInteraction.prompt` (laid out
/// with the overlays); the window owns the state, this type owns the rules. Needs no X server.
enum SavePrompt {
    static let label = "Save as:"
    static let hint = "Enter saves · Esc cancels"

    /// What a key does while the prompt is open.
    enum Key: Equatable {
        case edit(LineEditor.Edit)
        case submit, cancel
        /// A key the prompt has no use for (Tab, F keys, Ctrl with other letters).
        case ignore
    }

    /// The prompt's reading of `keysym` with modifier `state` (an X key event's state bits):
    /// readline's keys, and any other key that stands for a character typed as it.
    static func key(_ keysym: KeySym, state: UInt32) -> Key {
        let control = state & UInt32(ControlMask) != 0
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Return, XK_KP_Enter: return .submit
        case XK_Escape: return .cancel
        case XK_BackSpace: return .edit(control ? .deleteWordBackward : .deleteBackward)
        case XK_Delete, XK_KP_Delete: return .edit(.deleteForward)
        case XK_Left, XK_KP_Left: return .edit(control ? .moveWordLeft : .moveLeft)
        case XK_Right, XK_KP_Right: return .edit(control ? .moveWordRight : .moveRight)
        case XK_Home, XK_KP_Home: return .edit(.moveToStart)
        case XK_End, XK_KP_End: return .edit(.moveToEnd)
        default: break
        }
        if control {
            switch Int32(truncatingIfNeeded: keysym) {
            case XK_a, XK_A: return .edit(.moveToStart)
            case XK_e, XK_E: return .edit(.moveToEnd)
            case XK_b, XK_B: return .edit(.moveLeft)
            case XK_f, XK_F: return .edit(.moveRight)
            case XK_h, XK_H: return .edit(.deleteBackward)
            case XK_d, XK_D: return .edit(.deleteForward)
            case XK_u, XK_U: return .edit(.deleteToStart)
            case XK_k, XK_K: return .edit(.deleteToEnd)
            case XK_w, XK_W: return .edit(.deleteWordBackward)
            case XK_g, XK_G, XK_c, XK_C: return .cancel
            default: return .ignore
            }
        }
        return character(for: keysym).map { .edit(.insert(String($0))) } ?? .ignore
    }

    /// The character a keysym types: Latin-1's keysyms are their code points, and a keysym
    /// 0x01000000 + U is Unicode's U (how xdotool and input methods send other characters).
    /// Nil for function keys, modifiers and control characters.
    static func character(for keysym: KeySym) -> Character? {
        let value = UInt32(truncatingIfNeeded: keysym)
        let code: UInt32
        switch Int32(truncatingIfNeeded: keysym) {
        // The keypad's digits and signs type as the main keys do.
        case XK_KP_0...XK_KP_9: return Character(Unicode.Scalar(UInt8(0x30 + Int(keysym) - Int(XK_KP_0))))
        case XK_KP_Decimal: return "."
        case XK_KP_Subtract: return "-"
        case XK_KP_Add: return "+"
        case XK_KP_Divide: return "/"
        case XK_KP_Multiply: return "*"
        default: break
        }
        switch value {
        case 0x20...0x7e, 0xa0...0xff: code = value
        case 0x0100_0000...0x0110_FFFF: code = value - 0x0100_0000
        default: return nil
        }
        guard code >= 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }

    /// The suggested file name: the chart's title (else its name) as lowercase words joined by
    /// dashes, at most 60 characters, then today's date, `.png` ("exchange-rates-2026-12-01.png"),
    /// with `-2`, `-3`… when taken in `directory`.
    static func suggestedName(
        title: String?, chart: String, date: Date = Date(), directory: String,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
    ) -> String {
        var words = slug(title ?? "")
        if words.isEmpty { words = slug(chart) }
        if words.isEmpty { words = "chart" }
        let day = Calendar.current.dateComponents([.year, .month, .day], from: date)
        let stamp = String(format: "%04d-%02d-%02d", day.year ?? 1970, day.month ?? 1, day.day ?? 1)
        let base = words + "-" + stamp
        var name = base + ".png", counter = 2
        while exists((directory as NSString).appendingPathComponent(name)) {
            name = "\(base)-\(counter).png"
            counter += 1
        }
        return name
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
    /// no extension means `.png`. Throws a message for the status line when the answer is empty,
    /// names a folder, or has an extension other than .png, .svg or .pdf.
    static func destination(for answer: String, directory: String) throws(SavePromptError) -> (path: String, format: ChartRenderer.Format) {
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
        if ext.isEmpty || ext.allSatisfy(\.isNumber) {
            path += ".png"
            return (path, .png)
        }
        guard let format = ChartRenderer.Format(path: path) else { throw .unknownExtension(ext) }
        return (path, format)
    }

    /// Whether saving to `path` (resolved from `answer`) replaces a file, a symbolic link's
    /// target, as the command line's `--output` decides (`FileDestination`): the window asks
    /// twice before it does. Throws when the file may not be replaced (read-only, a device or
    /// FIFO), before anything is written.
    static func replaces(_ path: String, answer: String) throws(SavePromptError) -> Bool {
        let target: FileDestination
        do throws(FileError) {
            target = try FileDestination(path)
        } catch {
            guard case .refused(_, let reason) = error else { throw .cannotReplace(answer, reason: error.description) }
            throw .cannotReplace(answer, reason: reason)
        }
        guard target.kind == .file else { throw .cannotReplace(answer, reason: "is a device or FIFO; save to a file") }
        return target.existing != nil
    }
}

/// Why an answer to the save prompt cannot be saved to; the prompt stays open.
enum SavePromptError: Error, Equatable, CustomStringConvertible {
    case empty
    case folder(String)
    case unknownExtension(String)
    /// The answer names a file that may not be replaced, and why (`FileDestination`).
    case cannotReplace(String, reason: String)

    var description: String {
        switch self {
        case .empty: "Type a file name, or Esc to cancel"
        case .folder(let answer): "'\(answer)' is a folder: add a file name"
        case .unknownExtension(let ext): "Cannot save as .\(ext): end the name with .png, .svg or .pdf"
        case .cannotReplace(let answer, let reason): "'\(answer)' \(reason)"
        }
    }
}
