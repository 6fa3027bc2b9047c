import Foundation
import Testing

/// A heatmap's popups: a click on a cell says its column, its row and its value
/// ("2012-03 · Seattle · temp_max 15.2"); a blank cell selects nothing.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingAHeatmapCellSaysItsColumnRowAndValue() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/heat.csv"
        try Self.heatmapCSV.write(toFile: csv, atomically: true, encoding: .utf8)
        let arguments = [csv, "--kind", "heatmap", "--size", "900x600"]
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "heatmap" && plot.items.count == 17)
        let march = try #require(plot.items.first { $0.text?.hasPrefix("2012-03 · Seattle") == true })
        #expect(march.text == "2012-03 · Seattle · temp_max 11.3")
        let session = try WindowlessViewer(arguments)
        // Off the cell's value text, still inside the cell.
        try session.click(center(march.rect).0.rounded(), (march.rect[1] + 3).rounded())
        let select = try session.next("select")
        #expect(select["plot"] as? String == plot.id && select["record"] as? Int == march.record, "\(select)")
        #expect(select["text"] as? String == march.text)
        // The arrows step to the next record.
        try session.key("Right")
        let next = try session.next("select")
        #expect(next["record"] as? Int == march.record + 1, "\(next)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
