import ChartCore
import ChartFiles
import Foundation
import Synchronization

/// The notes of the charts of one input file (`ChartNote`), kept beside it in a sidecar spec,
/// `FILE.chartview.json`: `{"charts": [{"name": "…", "notes": [{"text": "…", "x": 1.5, "y": 2}]}]}`
/// (x and y in data units; seconds since 1970 on a date axis). Read when the file is opened, so
/// the window and every export draw them; written whole through a partial file renamed into
/// place when the window adds or removes one. Only beside a regular file: standard input, a
/// server and the demo gallery have none. The data file itself is never touched.
///
/// The sidecar's name is one chartview made up, so a symbolic link there is neither read nor
/// written through (someone who ships a folder with `data.csv.chartview.json → ~/.bash_login`
/// chose where a note would be written), and it is read only up to `byteLimit`.
struct NotesSidecar: Sendable {
    /// The sidecar's path.
    let path: String
    /// The largest sidecar read (16 MiB: about 100,000 notes).
    static let byteLimit = 16 << 20

    private struct File: Codable {
        struct Chart: Codable {
            var name: String
            var notes: [ChartNote]
        }
        var charts: [Chart]
    }

    /// The sidecar of `input` (a path as given on the command line); nil when `input` is no
    /// regular file.
    init?(beside input: String) {
        var status = stat()
        guard stat(input, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        path = input + ".chartview.json"
    }

    /// The notes of chart `chart` (none without a sidecar). Throws, naming the sidecar, when it
    /// cannot be read or is not a notes file.
    func notes(for chart: String) throws(CommandError) -> [ChartNote] {
        try read()?.charts.first { $0.name == chart }?.notes ?? []
    }

    /// Replaces the notes of chart `chart` (the other charts' stay). Throws, naming the sidecar,
    /// when it cannot be written.
    func keep(_ notes: [ChartNote], for chart: String) throws(CommandError) {
        var file = try read() ?? File(charts: [])
        file.charts.removeAll { $0.name == chart }
        if !notes.isEmpty { file.charts.append(File.Chart(name: chart, notes: notes)) }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(file) else { throw CommandError(message: "\(path): the notes cannot be written as JSON", status: 1) }
        do throws(FileError) {
            let partial = try PartialFile(destination: path, naming: .derived)
            let sink = DescriptorSink(fd: partial.fd, name: path)
            sink.write(data + Data("\n".utf8))
            if let error = sink.error {
                partial.discard()
                throw error
            }
            try partial.commit()
        } catch {
            throw CommandError(message: error.description, status: 1)
        }
    }

    private func read() throws(CommandError) -> File? {
        let contents: Data?
        do throws(FileError) {
            contents = try SmallFile.contents(of: path, limit: Self.byteLimit, links: .refused)
        } catch {
            // A link, a device or a file too large where the notes would be: the chart is drawn
            // without them (and a note is not written there), said once on standard error.
            Self.warnOnce(CommandError.oneLine(error.description) + "; the chart is drawn without these notes")
            return nil
        }
        guard let data = contents else { return nil }
        do {
            return try JSONDecoder().decode(File.self, from: data)
        } catch {
            throw CommandError(message: "\(path): not a notes file (\(Self.reason(error))); move it away to start without notes", status: 2)
        }
    }

    /// The warnings said so far, each said once in a run.
    private static let said = Mutex<Set<String>>([])

    /// Writes `warning` on standard error as `chartview: …`, once per run.
    private static func warnOnce(_ warning: String) {
        guard said.withLock({ $0.insert(warning).inserted }) else { return }
        StandardError.write(line: "chartview: \(warning)")
    }

    /// A decoding error in a few words, with where.
    private static func reason(_ error: any Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let context):
            "no '\(key.stringValue)' at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            "wrong value at \(context.codingPath.map(\.stringValue).joined(separator: "."))"
        case DecodingError.dataCorrupted(let context):
            context.debugDescription
        default:
            "\(error)"
        }
    }
}
