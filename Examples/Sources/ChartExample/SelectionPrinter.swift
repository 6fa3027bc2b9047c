import ChartCore
import Foundation

/// The example's delegate: prints the record a click or the keyboard selects, from the
/// window's thread, as "Oct: 102 mm (normal 85 mm)".
final class SelectionPrinter: PlotDelegate {
    let data: Rainfall

    init(data: Rainfall) {
        self.data = data
    }

    /// The bars and the line tell it alike.
    func plot(_ plot: any Plot, wasSelectedAtRecord record: Int) {
        say(line(for: record, from: plot.title))
    }

    /// Writes `text` and a newline to standard output at once (unbuffered, so a pipe or a
    /// file sees each selection as it happens).
    func say(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    /// What the selection prints for `record`.
    func line(for record: Int, from title: String) -> String {
        let total = data.totals[record].map { "\(Int($0)) mm" } ?? "no reading"
        return "selected \(title) · \(data.months[record]): \(total) (normal \(Int(data.normals[record])) mm)"
    }
}
