import ChartCairo
import ChartData
import ChartX11

/// A failure the user can act on: printed as one line `chartview: <message>` on stderr,
/// exiting with `status` (2 for bad usage or bad input, 1 for a failure at run time).
struct CommandError: Error, CustomStringConvertible {
    var message: String
    var status: Int32

    static func usage(_ message: String) -> CommandError {
        CommandError(message: message + " (see 'chartview \(CommandOption.help.name)')", status: 2)
    }

    static func input(_ message: String) -> CommandError {
        CommandError(message: message, status: 2)
    }

    var description: String { message }

    /// `text` on one line: line breaks and other control characters (from a file's name, a
    /// query, SQLite's words) written as escapes (`\n`, `\u{1B}`), so that an error is always
    /// one line. O(n).
    static func oneLine(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension CommandError {
    /// A data error as the command reports it: bad input (status 2), except failures at run
    /// time (status 1: a database busy for all of `--timeout`, memory running out); an input
    /// over the memory budget says which flag raises it.
    init(_ error: DataError) {
        switch error {
        case .tooLarge: self.init(message: error.description + "; raise \(CommandOption.maxMemory.name)", status: 2)
        default: self.init(message: error.description, status: error.isRunTimeFailure ? 1 : 2)
        }
    }
}

extension CommandError {
    /// A window error as the command reports it (status 1): with no display to open, how to
    /// render without one.
    init(_ error: WindowError) {
        switch error {
        case .noDisplay(nil): self.init(message: error.description + "; use \(CommandOption.output.synopsis) to render without a display", status: 1)
        case .noDisplay: self.init(message: error.description + " Use \(CommandOption.output.synopsis) to render without a display", status: 1)
        case .cannotCreate, .connectionLost: self.init(message: error.description, status: 1)
        }
    }
}

extension CommandError {
    /// A failure to paint or write the chart to `name` (status 1, a failure at run time): the
    /// written path (`written`, a link's target) shown as the name given. An image too large
    /// for the memory there is says what `--size` asked for and what it needs.
    init(_ error: RenderError, writing name: String, replacing written: String? = nil) {
        switch error {
        case .cairo(.noImageMemory(let width, let height, let bytes)):
            let size = CommandOption.size.name
            self.init(
                message: "\(name): \(size) \(width)x\(height) needs \(CairoError.megabytes(bytes)) MB of image memory, which could not be had; "
                    + "choose a smaller \(size), or write SVG or PDF",
                status: 1)
        default:
            self.init(message: written.map { error.description.replacingOccurrences(of: $0, with: name) } ?? error.description, status: 1)
        }
    }
}
