import ChartCairo
import Foundation
import Testing

/// The viewer window under a real X server with real input, for what only X can show: the
/// pixels on screen are the chart laid out (shared-memory pictures, popups composed over the
/// kept picture), resizes coalesce, the frame thread never holds the window (`q` and the help
/// during a long frame, a resize abandoning it), the clipboard, the window's properties for the
/// desktop, the show animation, a thread waiting on a lock, and live input at speed. What the
/// window's chart session shows (clicks, keys, loads, reloads, live rows, saves) is tested
/// without a window (`ViewerTests`). Serialized: the windows share one screen, and input goes to
/// the one under the pointer.
@Suite(.serialized, .enabled(if: TraceSession.hasDisplay, "needs an X server (make test starts Xvfb)"))
struct WindowTests {
    /// The window shows the chart it reports, pixel for pixel: every bar of the scene is on
    /// screen in its color once ready, and still after a popup is drawn over the kept chart.
    @Test(arguments: ["rates", "water-exercise"])
    func theWindowShowsTheChartItLaidOut(chart: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try dump(chart, size: "900x600")
        let session = try TraceSession(["--chart", chart, "--size", "900x600"])
        let bars = layout.plots.filter { $0.kind == "bar" }.flatMap(\.items).filter { $0.rect[2] >= 4 && $0.rect[3] >= 8 }
        #expect(!bars.isEmpty)
        for step in ["ready", "popup"] {
            if step == "popup" {
                let (x, y) = center(bars[0].rect)
                try session.click(x, y)
                try session.next("select")
                try session.next("frame")
            }
            try session.screenshot(dir + "/\(step).png")
            let image = try CairoSurface.png(path: dir + "/\(step).png")
            let painted = bars.filter { bar in
                let (x, y) = center(bar.rect)
                return image.pixel(x: Int(x), y: Int(y + bar.rect[3] / 4)).description == bar.color
            }
            // A line drawn over a bar may cover a sampled pixel; nearly all must show.
            #expect(painted.count * 10 >= bars.count * 9, "\(step): \(painted.count) of \(bars.count) bars on screen")
        }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func thePopupIsDrawnAndASecondClickRemovesIt() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try dump("rates", size: "900x600")
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"])
        try session.screenshot(dir + "/before.png")
        // The last bar: its popup sits near the right edge and must stay inside.
        let bar = try #require(layout.plots.last?.items.last)
        let (x, y) = center(bar.rect)
        try session.click(x, y)
        let popup = try #require(try session.next("select")["popup"] as? [Double])
        try session.next("frame")
        try session.screenshot(dir + "/after.png")
        let before = try CairoSurface.png(path: dir + "/before.png"), after = try CairoSurface.png(path: dir + "/after.png")
        var changed = 0
        for py in Int(popup[1])..<Int(popup[1] + popup[3]) {
            for px in Int(popup[0])..<Int(popup[0] + popup[2]) where before.pixel(x: px, y: py) != after.pixel(x: px, y: py) {
                changed += 1
            }
        }
        #expect(Double(changed) > popup[2] * popup[3] * 0.3, "the popup's pixels barely changed (\(changed))")
        #expect(popup[0] + popup[2] <= 900)

        try session.click(x, y)
        try session.next("deselect")
        try session.next("frame")
        try session.screenshot(dir + "/again.png")
        let again = try CairoSurface.png(path: dir + "/again.png")
        let (cx, cy) = (Int(popup[0] + popup[2] / 2), Int(popup[1] + popup[3] / 2))
        #expect(again.pixel(x: cx, y: cy) == before.pixel(x: cx, y: cy))
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aStormOfResizesGivesFarFewerFrames() throws {
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"])
        var arguments: [String] = []
        for i in 0..<200 { arguments += ["windowsize", session.window, String(600 + i), String(500 + i / 2)] }
        try session.xdotool(arguments)
        var layouts = 0
        while true {
            let layout = try session.next("layout")
            layouts += 1
            if layout["size"] as? [Double] == [799, 599] { break }
        }
        #expect(layouts < 100, "200 resizes gave \(layouts) layouts")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func noDisplayIsOneClearLineAndStatus1() throws {
        let result = try ChartviewProcess.run(["--chart", "rates"], display: "")
        #expect(result.status == 1)
        #expect(result.stderr == "chartview: cannot open a window: DISPLAY is not set; use --output FILE to render without a display\n")
        let bad = try ChartviewProcess.run(["--chart", "rates"], display: ":987")
        #expect(bad.status == 1)
        #expect(bad.stderr.hasPrefix("chartview: cannot open display ':987'"))
    }
}
