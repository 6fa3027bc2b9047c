import ChartCairo
import ChartCore
import Foundation
import Testing

/// A chart that takes long to draw never blocks the window: frames are built on a thread of
/// their own, `q` quits at once, the help shows over the last picture, and a resize abandons the
/// frame in flight for one at the latest size. Part of `WindowTests`, so serialized with them.
extension WindowTests {
    @Test func qQuitsAtOnceWhileAMillionPointLineIsDrawn() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = try scribbleCSV(rows: 1_000_000, in: dir)
        let session = try TraceSession([csv, "--kind", "line", "--size", "900x600"], until: "building")
        let start = ContinuousClock.now
        try session.key("q")
        let pressed = ContinuousClock.now
        // No bound on the time (a loaded machine, ThreadSanitizer): what shows it quit at once
        // is that the frame, a minute and more of work, never reached the screen (below).
        #expect(try session.waitForExit(timeout: 60) == 0)
        let exited = ContinuousClock.now
        print(
            "q during a million-point frame: exited \(exited - start) after xdotool started (xdotool alone takes 15-30 ms), \(exited - pressed) after it returned"
        )
        // It quit with the frame still being built: the chart never reached the screen.
        let events = try eventsUntil(session, "quit").compactMap { $0["event"] as? String }
        #expect(!events.contains("ready"), "events: \(events)")
    }

    @Test func theHelpShowsOverTheLastPictureWhileAMillionPointLineIsDrawn() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = try scribbleCSV(rows: 1_000_000, in: dir)
        let session = try TraceSession([csv, "--kind", "line", "--size", "900x600"], until: "building")
        try session.key("h")
        // Frames of what lies over the chart say they came while the chart was being built.
        let fill = Theme.plainWhite.annotationFill.representativeColor
        let expected = PixelColor(red: Int(fill.red * 255), green: Int(fill.green * 255), blue: Int(fill.blue * 255))
        var helpShown = false
        for attempt in 0..<3 where !helpShown {
            let events = try eventsUntil(session, "frame")
            try #require(events.last?["building"] as? Bool == true, "a frame of the chart came first: \(events)")
            #expect(!events.contains { $0["event"] as? String == "ready" })
            // The help box, centered: most of its middle is its fill (the rest is its text).
            let image = try screenshot(session, dir + "/help-\(attempt).png")
            var filled = 0, samples = 0
            for y in stride(from: 220, to: 380, by: 8) {
                for x in stride(from: 300, to: 600, by: 8) {
                    samples += 1
                    if image.pixel(x: x, y: y).distance(to: expected) <= 2 { filled += 1 }
                }
            }
            // (Another frame may be the status line's "Drawing… 1 s": then the next one.)
            helpShown = filled * 2 >= samples
        }
        #expect(helpShown, "no help box on screen")
        try session.key("q")
        #expect(try session.waitForExit(timeout: 30) == 0)
    }

    @Test func aResizeDuringALongFrameEndsWithALayoutAtTheLatestSize() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Fifty thousand random segments: a few seconds of Cairo's time per frame.
        let csv = try scribbleCSV(rows: 50_000, in: dir)
        let session = try TraceSession([csv, "--kind", "line", "--size", "900x600"], until: "building")
        try session.xdotool(["windowsize", session.window, "700", "500", "windowsize", session.window, "640", "480"])
        var events: [[String: Any]] = []
        var layout = try session.lines.next("layout", timeout: 120, skipped: &events)
        while layout["size"] as? [Double] != [640, 480] {
            events.append(layout)
            layout = try session.lines.next("layout", timeout: 120, skipped: &events)
        }
        let names = events.compactMap { $0["event"] as? String }
        #expect(names.contains("cancelled"), "the frame at 900x600 was not abandoned: \(names)")
        #expect(!events.contains { $0["event"] as? String == "layout" }, "a layout at an older size: \(events)")
        try session.next("frame", timeout: 120)
        // The window shows what --output draws at that size.
        let window = try screenshot(session, dir + "/window.png")
        let expected = try output([csv, "--kind", "line"], size: "640x480", in: dir)
        let share = difference(window, expected, tolerance: 2)
        #expect(share < 0.001, "\(share * 100)% of the pixels differ from --output")
        try session.key("q")
        #expect(try session.waitForExit(timeout: 30) == 0)
    }
}
