import Foundation
import Testing

/// A bubble chart's popups: a click on a small bubble lying over a large one selects the small
/// one and its popup names x, y and the size; the arrow keys step on.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingABubbleOverALargerOneSaysItsSize() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/bubbles.csv"
        try Self.bubbleCSV.write(toFile: csv, atomically: true, encoding: .utf8)
        let arguments = [csv, "--kind", "bubble", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "bubble")
        // Largest first: Gamma, Delta, Alpha, Beta (whose center lies inside Alpha's bubble).
        #expect(plot.items.map(\.record) == [2, 3, 0, 1])
        let beta = try #require(plot.items.last), point = try #require(beta.point)
        #expect(beta.text == "Beta · gdp 1300 · life 62.00 · pop 150k")
        let session = try WindowlessViewer(arguments)
        try session.click(point[0].rounded(.down), point[1].rounded(.down))
        let select = try session.next("select")
        #expect(select["plot"] as? String == plot.id && select["record"] as? Int == 1, "\(select)")
        #expect(select["text"] as? String == beta.text)
        // The arrows step in drawing order: Beta is drawn last, Alpha before it.
        try session.key("Left")
        let next = try session.next("select")
        #expect(next["record"] as? Int == 0, "\(next)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
