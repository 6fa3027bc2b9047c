import Foundation
import Testing

/// Error bars in the real window: a click on a bar pops up the value and its range, and the
/// arrow keys step to the next record. Part of `WindowTests`.
extension WindowTests {
    @Test func clickingAnErrorBarSaysTheValueAndItsRange() throws {
        let db = try RealData.path("penguins.sqlite")
        let query = "SELECT species, avg(body_mass_g) AS mean_mass, sqrt(avg(body_mass_g * body_mass_g) - avg(body_mass_g) * avg(body_mass_g)) AS sd "
            + "FROM penguins WHERE body_mass_g IS NOT NULL GROUP BY species ORDER BY species"
        let arguments = [db, "--query", query, "--kind", "errorbar", "--error", "sd", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "errorbar")
        // Chinstrap's error bar, near its upper cap (clear of the bar's body below the value).
        let item = try #require(plot.items.first { $0.record == 1 && $0.segments != nil })
        let bar = try #require(item.segments?.first)
        let session = try TraceSession(arguments)
        try session.click(bar[0].rounded(.down), (bar[1] + 4).rounded(.down))
        let select = try session.next("select")
        #expect(select["record"] as? Int == 1)
        let text = try #require(select["text"] as? String)
        #expect(text == item.text)
        #expect(text.range(of: #"^Chinstrap · mean_mass 3,?733\.\d\d \(3,?3\d\d\.\d\d–4,?1\d\d\.\d\d\)$"#, options: .regularExpression) != nil,
                "popup: \(text)")
        try session.key("Right")
        #expect(try session.next("select")["record"] as? Int == 2)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
