import Foundation
import Testing

/// A chart's name is one line: `--list` prints a name a line, and completion offers each line
/// as a name. A spec's name with a line break or other control character (a tab is fine, and
/// completion offers it), or a line or paragraph separator, is refused
/// (status 2, its key path); a name taken from a file's name writes them as `\n` or `\u{…}`,
/// and `--chart` takes it as `--list` printed it.
@Suite struct ChartNameTests {
    @Test(
        "A spec's chart name with a line break, a separator or a control character but a tab is refused with its key path",
        arguments: ["a\nb", "a\rb", "a\u{1B}[31mb", "a\u{7F}b", "a\u{85}b", "a\u{2028}b"])
    func specNameRefused(name: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n2,3\n".write(toFile: dir + "/v.csv", atomically: true, encoding: .utf8)
        let json: [String: Any] = ["charts": [["name": "fine", "data": ["csv": "v.csv"]], ["name": name, "data": ["csv": "v.csv"]]]]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: dir + "/s.json"))
        let result = try ChartviewProcess.run(["s.json", "--list"], in: dir)
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.hasPrefix("chartview: s.json: charts[1].name: must be one line of text"), "\(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("A CSV file named with a line break lists one name, escaped, which --chart selects")
    func fileNameEscaped() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n2,3\n".write(toFile: dir + "/a\nb.csv", atomically: true, encoding: .utf8)
        let list = try ChartviewProcess.run(["a\nb.csv", "--list"], in: dir)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "a\\nb\n")
        let chart = try ChartviewProcess.run(["a\nb.csv", "--chart", "a\\nb", "--output", "o.png"], in: dir)
        #expect(chart.status == 0, "\(chart.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/o.png"))
    }
}
