import Foundation
import Testing

/// A spec's `"scale": "date"` on x (numbers as seconds since 1970, and text dates) and on y, as
/// `--dump-layout` shows it; and a spec's unknown name or key refused in one line, status 2.
@Suite("Spec date scales and strict specs from the command line")
struct SpecDateScaleTests {
    /// Every value of `key` anywhere in the dump.
    static func values(of key: String, in json: Any) -> [Any] {
        if let object = json as? [String: Any] {
            return (object[key].map { [$0] } ?? []) + object.values.flatMap { values(of: key, in: $0) }
        }
        if let list = json as? [Any] { return list.flatMap { values(of: key, in: $0) } }
        return []
    }

    /// The label texts of the axis `id`.
    static func labels(ofAxis id: String, in json: Any) -> [String] {
        let axes = (json as? [String: Any])?["axes"] as? [[String: Any]] ?? []
        let axis = axes.first { $0["id"] as? String == id }
        return (axis?["labels"] as? [[String: Any]] ?? []).compactMap { $0["text"] as? String }
    }

    @Test func aDateScaleOnXAndOnYTicksOnTheCalendar() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 2023-11-14 … 2024-01-11 as seconds since 1970, and text dates.
        try "t,v\n1700000000,1\n1702000000,3\n1705000000,2\n".write(toFile: dir + "/n.csv", atomically: true, encoding: .utf8)
        try "d,v\n2024-01-01,1\n2024-03-01,3\n2024-06-01,2\n".write(toFile: dir + "/t.csv", atomically: true, encoding: .utf8)
        try #"""
        {"charts": [{"name": "seconds", "data": {"csv": "n.csv"}, "kind": "line", "xAxis": {"scale": "date"}},
                    {"name": "text", "data": {"csv": "t.csv"}, "kind": "line", "xAxis": {"scale": "date"}},
                    {"name": "ydates", "data": {"csv": "n.csv"}, "x": "v", "y": ["t"], "kind": "line", "yAxis": {"scale": "date"}}]}
        """#.write(toFile: dir + "/d.json", atomically: true, encoding: .utf8)
        for (chart, dateAxis, scaleKey) in [("seconds", "x", "xScale"), ("text", "x", "xScale"), ("ydates", "y", "yScale")] {
            let result = try ChartviewProcess.run([
                dir + "/d.json", "--chart", chart, "--output", dir + "/\(chart).png",
                "--dump-layout", dir + "/\(chart).json"
            ])
            #expect(result.status == 0, "\(chart): \(result.stderr)")
            let dump = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: dir + "/\(chart).json")))
            #expect(Self.values(of: scaleKey, in: dump).contains { $0 as? String == "date" }, "\(chart)")
            let labels = Self.labels(ofAxis: dateAxis, in: dump)
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            #expect(!labels.isEmpty && labels.allSatisfy { label in months.contains { label.hasPrefix($0) } }, "\(chart): \(labels)")
        }
    }

    @Test func anUnknownNameOrKeyIsOneLineWithStatus2() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n2,3\n".write(toFile: dir + "/d.csv", atomically: true, encoding: .utf8)
        let cases = [
            (
                #"{"charts": [{"name": "a", "data": {"csv": "d.csv"}, "series": [{"column": "y", "symbol": "star2"}]}]}"#,
                #"charts[0].series[0].symbol: "star2" is not one of ellipse, rectangle, diamond, triangle, cross, plus, star"#
            ),
            (#"{"charts": [{"name": "a", "tittle": "A", "data": {"csv": "d.csv"}}]}"#, #"charts[0].tittle: unknown key; did you mean "title"?"#),
            (
                #"{"charts": [{"name": "a", "data": {"csv": "d.csv"}, "xAxis": {"scale": "time"}}]}"#,
                #"charts[0].xAxis.scale: "time" is not one of linear, log, date"#
            )
        ]
        for (spec, message) in cases {
            try spec.write(toFile: dir + "/s.json", atomically: true, encoding: .utf8)
            let result = try ChartviewProcess.run([dir + "/s.json", "--output", dir + "/o.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/s.json: \(message)\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/o.png"))
        }
    }
}
