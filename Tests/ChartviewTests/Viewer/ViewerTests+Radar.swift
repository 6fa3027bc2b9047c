import Foundation
import Testing

/// A radar chart's popups: a click on a vertex selects that series' record ("Speed · Alice
/// 7.2"), a click inside a polygon the nearest vertex, and a legend entry hides its series.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingARadarVertexSaysItsCategoryAndSeries() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/radar.csv"
        try Self.radarCSV.write(toFile: csv, atomically: true, encoding: .utf8)
        let arguments = [csv, "--kind", "radar", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        #expect(layout.plots.map(\.kind) == ["radar", "radar"])
        #expect(layout.axes.isEmpty)
        let alice = try #require(layout.plots.first), bob = try #require(layout.plots.last)
        let power = try #require(alice.items.first { $0.point != nil && $0.record == 1 })
        #expect(power.text == "Power · Alice 6.0")
        let session = try WindowlessViewer(arguments)
        // Alice's Power vertex lies under Bob's polygon: the vertex wins.
        let p = try #require(power.point)
        try session.click(p[0].rounded(.down), p[1].rounded(.down))
        var select = try session.next("select")
        #expect(select["plot"] as? String == "alice" && select["record"] as? Int == 1 && select["text"] as? String == "Power · Alice 6.0", "\(select)")
        // Inside Bob's polygon, nearer his Power vertex than any other.
        let bobPower = try #require(bob.items.first { $0.point != nil && $0.record == 1 }?.point)
        let middle = [layout.plotArea[0] + layout.plotArea[2] / 2, layout.plotArea[1] + layout.plotArea[3] / 2]
        try session.click((middle[0] + (bobPower[0] - middle[0]) * 0.9).rounded(), (middle[1] + (bobPower[1] - middle[1]) * 0.9 + 12).rounded())
        select = try session.next("select")
        #expect(select["plot"] as? String == "bob" && select["record"] as? Int == 1, "\(select)")
        #expect(select["text"] as? String == "Power · Bob 8.3")
        // The legend hides Bob.
        let entry = try #require(layout.legend.entries.first { $0.plot == "bob" })
        let (x, y) = center(entry.rect)
        try session.click(x, y)
        let toggle = try session.next("toggle")
        #expect(toggle["plot"] as? String == "bob" && toggle["visible"] as? Bool == false, "\(toggle)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
