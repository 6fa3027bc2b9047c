import Foundation
import Testing

/// A table too large to load: its first frame stands in (the preview of the pass over its rows,
/// the status line saying "refining…"), the exact view follows by itself (the fetch's thread
/// wakes the session), and a zoom refines the same way; a table dropped under the view says so once.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func aBigTableShowsAPreviewThenItsExactViewAndRefinesAZoom() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try BigTablePixelTests.sharedDatabase(in: directory)
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x500"])
        let (fitted, refinedFirst) = try exactLayout(session)
        #expect(refinedFirst, "the first frames stand in while the pass reads the rows")
        try session.screenshot(directory + "/fitted.png")
        // Over the x axis the wheel zooms x: the zoomed view stands in, then refines.
        let area = try #require(fitted["plotArea"] as? [Double])
        try session.xdotool([
            "mousemove", "--window", session.window, String(Int(area[0] + area[2] / 2)), String(Int(area[1] + area[3] + 12)),
            "click", "--repeat", "20", "--delay", "20", "4"
        ])
        let view = try session.next("view")
        let x = try #require((view["spaces"] as? [String: Any])?["default"] as? [String: Any])["x"] as? [Double]
        #expect((x?[1] ?? 0) - (x?[0] ?? 0) < 700_000 / 5, "\(x ?? [])")
        _ = try exactLayout(session)
        try session.screenshot(directory + "/zoomed.png")
        // Escape and q still work.
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aBigTableDroppedUnderItsViewSaysSoOnceAndStopsRefining() throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let db = try BigTableThresholdPixelTests.database(rows: 120_000, in: directory)
        // Without the watch, only the view's own read finds the table gone.
        let session = try WindowlessViewer([db, "--table", "t", "--out-of-core", "1000", "--no-watch", "--size", "800x500"])
        let (fitted, _) = try exactLayout(session)
        let drop = Process()
        drop.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        drop.arguments = [db, "DROP TABLE t"]
        try drop.run()
        try drop.waitForExit()
        try #require(drop.terminationStatus == 0)
        let area = try #require(fitted["plotArea"] as? [Double])
        // One notch: one new view, whose read finds the table gone. (Several notches gave
        // several views, each trying again after the first said why: the layout after `g`
        // below could belong to a later one still reading.)
        try session.xdotool([
            "mousemove", "--window", session.window, String(Int(area[0] + area[2] / 2)), String(Int(area[1] + area[3] + 12)),
            "click", "4"
        ])
        try session.next("view")
        // One line says what happened, then the view stops refining and keeps its picture.
        let status = try session.next("status", timeout: 120)
        let text = status["text"] as? String ?? ""
        #expect(text.contains("no such table") && !text.contains("\n"), "\(text)")
        let (settled, _) = try exactLayout(session)
        #expect(settled["message"] == nil, "the chart's place keeps the picture, not a message")
        try session.screenshot(directory + "/dropped.png")
        // Another layout (the grid toggled) neither refines nor says it again.
        try session.key("g")
        var between: [[String: Any]] = []
        let again = try session.next("layout", timeout: 30, skipped: &between)
        #expect(!between.contains { $0["event"] as? String == "status" }, "\(between)")
        #expect(again["refining"] == nil)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
