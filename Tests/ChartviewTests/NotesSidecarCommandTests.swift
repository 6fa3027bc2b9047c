import Foundation
import Testing

/// A file's notes beside it (`FILE.chartview.json`), through the real binary: drawn by every
/// export of the chart they belong to (and not by another chart's), and a sidecar that is not a
/// notes file stops the run in one line naming it, exit status 2, before anything is written.
@Suite struct NotesSidecarCommandTests {
    @Test func theNotesBesideAFileAreDrawnAndABadSidecarIsOneLine() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/walk.csv"
        try ("x,y\n" + (0..<200).map { "\($0),\(($0 * 37) % 101)" }.joined(separator: "\n") + "\n").write(toFile: csv, atomically: true, encoding: .utf8)
        let notes = """
            {"charts": [{"name": "walk", "notes": [{"text": "here", "x": 50, "y": 40}]},
                        {"name": "other", "notes": [{"text": "not this one", "x": 10, "y": 10}]}]}
            """
        try notes.write(toFile: csv + ".chartview.json", atomically: true, encoding: .utf8)
        let result = try ChartviewProcess.run([csv, "--size", "800x500", "--dump-layout", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let texts = (dump.annotations ?? []).map(\.text)
        #expect(texts.contains("here") && !texts.contains("not this one"), "\(texts)")
        for format in ["svg", "pdf", "png"] {
            let written = try ChartviewProcess.run([csv, "--output", dir + "/w." + format])
            #expect(written.status == 0, "\(written.stderr)")
        }
        // Not a notes file: one line naming it, nothing written.
        try "{\"charts\": [{\"name\": \"walk\", \"notes\": [{\"text\": 3}]}]}".write(toFile: csv + ".chartview.json", atomically: true, encoding: .utf8)
        let bad = try ChartviewProcess.run([csv, "--output", dir + "/bad.png"])
        #expect(bad.status == 2)
        #expect(bad.stderr.hasPrefix("chartview: \(csv).chartview.json: not a notes file"), "\(bad.stderr)")
        #expect(bad.stderr.filter { $0 == "\n" }.count == 1)
        #expect(!FileManager.default.fileExists(atPath: dir + "/bad.png"))
    }

    /// A split draws each note on the chart of its series, and one of no series on the first.
    @Test func aSplitDrawsEachNoteOnItsSeriesChart() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/two.csv"
        try ("t,up,down\n" + (0..<100).map { "\($0),\($0 * 2 + 5),\(1000 - $0 * 3)" }.joined(separator: "\n") + "\n").write(
            toFile: csv, atomically: true, encoding: .utf8)
        let notes = """
            {"charts": [{"name": "two", "notes": [{"text": "on down", "x": 50, "y": 850, "series": "down"},
                                                  {"text": "on none", "x": 20, "y": 45}]}]}
            """
        try notes.write(toFile: csv + ".chartview.json", atomically: true, encoding: .utf8)
        let result = try ChartviewProcess.run([csv, "--x", "t", "--y", "up,down", "--split", "--size", "800x600", "--dump-layout", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        let cells = try #require(try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8)).cells)
        #expect(cells.map { ($0.layout.annotations ?? []).map(\.text) } == [["on none"], ["on down"]])
    }
}
