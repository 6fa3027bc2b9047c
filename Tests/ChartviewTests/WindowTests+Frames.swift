import ChartCairo
import ChartCore
import Foundation
import Testing

/// A chart that takes long to draw never blocks the window: frames are built on a thread of
/// their own, `q` quits at once, the help shows over the last picture, and a resize abandons the
/// frame in flight for one at the latest size. Part of `WindowTests`, so serialized with them.
extension WindowTests {
    /// A CSV file of `rows` points with random x and random y ("x,y"), written as bytes. As a
    /// line (`--kind line`) it runs through the rows in order, which no thinning can reduce:
    /// Cairo takes over a minute to stroke a million of its long random segments.
    func scribbleCSV(rows: Int, in dir: String) throws -> String {
        var bytes = Array("x,y\n".utf8)
        bytes.reserveCapacity(rows * 18)
        var state: UInt64 = 2026
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 44)  // 0 ..< 2^20
        }
        for _ in 0..<rows {
            bytes += Array("\(next()),\(next())\n".utf8)
        }
        let path = dir + "/scribble.csv"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// The share of pixels of `a` and `b` (of one size) that differ by more than `tolerance` in
    /// a channel, over `rect` ([x, y, w, h]) or the whole image.
    func difference(_ a: CairoSurface, _ b: CairoSurface, in rect: [Int]? = nil, tolerance: Int = 0) -> Double {
        let r = rect ?? [0, 0, min(a.width, b.width), min(a.height, b.height)]
        var differing = 0
        for y in r[1]..<(r[1] + r[3]) {
            for x in r[0]..<(r[0] + r[2]) where a.pixel(x: x, y: y).distance(to: b.pixel(x: x, y: y)) > tolerance {
                differing += 1
            }
        }
        return Double(differing) / Double(max(1, r[2] * r[3]))
    }

    /// The window's pixels now, read back.
    func screenshot(_ session: TraceSession, _ path: String) throws -> CairoSurface {
        try session.screenshot(path)
        return try CairoSurface.png(path: path)
    }

    /// What `--output` renders for `arguments` at `size` ("800x600"), read back.
    func output(_ arguments: [String], size: String, in dir: String) throws -> CairoSurface {
        let path = dir + "/output-\(UUID().uuidString).png"
        let result = try ChartviewProcess.run(arguments + ["--size", size, "--output", path])
        try #require(result.status == 0, "\(result.stderr)")
        return try CairoSurface.png(path: path)
    }

    /// The trace events up to and including the next `name`.
    func eventsUntil(_ session: TraceSession, _ name: String, timeout: Double = 10) throws -> [[String: Any]] {
        var skipped: [[String: Any]] = []
        let last = try session.lines.next(name, timeout: timeout, skipped: &skipped)
        return skipped + [last]
    }

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
