import Foundation
import Testing

/// Error bars and bands: a click pops up the value and its range, and the arrow keys step to
/// the next record.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingAnErrorBarSaysTheValueAndItsRange() throws {
        let db = try RealData.path("penguins.sqlite")
        let query =
            "SELECT species, avg(body_mass_g) AS mean_mass, sqrt(avg(body_mass_g * body_mass_g) - avg(body_mass_g) * avg(body_mass_g)) AS sd "
            + "FROM penguins WHERE body_mass_g IS NOT NULL GROUP BY species ORDER BY species"
        let arguments = [db, "--query", query, "--kind", "errorbar", "--error", "sd", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "errorbar")
        // Chinstrap's error bar, near its upper cap (clear of the bar's body below the value).
        let item = try #require(plot.items.first { $0.record == 1 && $0.segments != nil })
        let bar = try #require(item.segments?.first)
        let session = try WindowlessViewer(arguments)
        try session.click(bar[0].rounded(.down), (bar[1] + 4).rounded(.down))
        let select = try session.next("select")
        #expect(select["record"] as? Int == 1)
        let text = try #require(select["text"] as? String)
        #expect(text == item.text)
        #expect(
            text.range(of: #"^Chinstrap · mean_mass 3,?733\.\d\d \(3,?3\d\d\.\d\d–4,?1\d\d\.\d\d\)$"#, options: .regularExpression) != nil,
            "popup: \(text)")
        try session.key("Right")
        #expect(try session.next("select")["record"] as? Int == 2)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func clickingInsideABandSaysTheDayAndItsRange() throws {
        let csv = try RealData.path("vega/seattle-weather.csv")
        let arguments = [csv, "--kind", "range", "--low", "temp_min", "--high", "temp_max", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "range")
        // A day in the middle with a wide range, clicked inside the band halfway between its ends.
        let item = try #require(plot.items.dropFirst(plot.items.count / 2).first { ($0.segments?.first).map { $0[3] - $0[1] > 20 } ?? false })
        let s = try #require(item.segments?.first)
        let session = try WindowlessViewer(arguments)
        try session.click(s[0].rounded(), ((s[1] + s[3]) / 2).rounded())
        let select = try session.next("select")
        let text = try #require(select["text"] as? String)
        // A neighbouring day may be nearer the pointer at a pixel's distance: the popup says one of the days there.
        let near = plot.items.filter { abs(($0.segments?.first?[0] ?? -99) - s[0]) <= 2 }.compactMap(\.text)
        #expect(near.contains(text), "popup: \(text)")
        #expect(
            text.range(of: #"^20\d\d-\d\d-\d\d · temp_min–temp_max -?\d+\.\d\d–-?\d+\.\d\d$"#, options: .regularExpression) != nil,
            "popup: \(text)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
