import ChartCairo
import Foundation
import Testing

/// Clicks, keys, the legend, resizing, saving, the help and the theme over the gallery's charts.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingEveryBarSelectsItWithItsValue() throws {
        let layout = try dump("rates", size: "900x600")
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        for plot in layout.plots {
            for bar in plot.items {
                let (x, y) = center(bar.rect)
                try session.click(x, y)
                let select = try session.next("select")
                #expect(select["plot"] as? String == plot.id)
                #expect(select["record"] as? Int == bar.record)
                #expect(select["value"] as? Double == bar.value)
                let popup = try #require(select["popup"] as? [Double])
                #expect(
                    popup[0] >= 0 && popup[1] >= 0 && popup[0] + popup[2] <= 900 && popup[1] + popup[3] <= 600,
                    "popup \(popup) leaves the window")
            }
        }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aClickAboveAShortBarSelectsNothing() throws {
        let layout = try dump("rates", size: "900x600")
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        let bar = try #require(layout.plots[1].items.first)
        try session.click(bar.rect[0] + bar.rect[2] / 2, bar.rect[1] - 15)
        // A key with a known answer marks the end of whatever the click caused.
        try session.key("l")
        let events = try session.events(until: "layout")
        #expect(!events.contains("select"), "events: \(events)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func keyTwoHidesTheSecondSeriesAndItsPopup() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try dump("rates", size: "900x600")
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        let gbp = layout.plots[1]
        let (x, y) = center(gbp.items[3].rect)
        try session.click(x, y)
        #expect(try session.next("select")["plot"] as? String == "gbp")
        try session.key("2")
        let toggle = try session.next("toggle")
        #expect(toggle["plot"] as? String == "gbp")
        #expect(toggle["visible"] as? Bool == false)
        try session.next("deselect")
        try session.next("frame")
        try session.screenshot(dir + "/hidden.png")
        let image = try CairoSurface.png(path: dir + "/hidden.png")
        for bar in gbp.items {
            let (bx, by) = center(bar.rect)
            #expect(image.pixel(x: Int(bx), y: Int(by)).description != bar.color, "a GBP bar is still drawn at \(bar.rect)")
        }
        try session.key("0")
        #expect(try session.next("toggle")["visible"] as? Bool == true)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func resizingTallMovesTheLegendBelowThePlotArea() throws {
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        try session.resize(500, 900)
        var layout = try session.next("layout")
        while layout["size"] as? [Double] != [500, 900] { layout = try session.next("layout") }
        #expect(layout["legend"] as? String == "bottom")
        // The window's scene is the one --dump-layout gives at that size.
        let expected = try dump("rates", size: "500x900")
        #expect(layout["plotArea"] as? [Double] == expected.plotArea)
        let legend = try #require(expected.legend.rect)
        #expect(!intersects(legend, expected.plotArea))
        try session.resize(1100, 500)
        layout = try session.next("layout")
        while layout["size"] as? [Double] != [1100, 500] { layout = try session.next("layout") }
        #expect(layout["legend"] as? String == "right")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func keysReachEveryValue() throws {
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        try session.key("Right")
        var select = try session.next("select")
        #expect(select["plot"] as? String == "eur" && select["record"] as? Int == 0)
        try session.key("Right")
        select = try session.next("select")
        #expect(select["plot"] as? String == "eur" && select["record"] as? Int == 1)
        try session.key("Down")
        select = try session.next("select")
        #expect(select["plot"] as? String == "gbp" && select["record"] as? Int == 1)
        try session.key("Left")
        select = try session.next("select")
        #expect(select["plot"] as? String == "gbp" && select["record"] as? Int == 0)
        try session.key("Escape")
        try session.next("deselect")
        try session.key("ctrl+w")
        try session.next("quit")
        #expect(try session.waitForExit() == 0)
    }

    @Test func clickingALegendEntryTogglesItsSeries() throws {
        let layout = try dump("rates", size: "900x600")
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        let entry = layout.legend.entries[2]
        let (x, y) = center(entry.rect)
        try session.click(x, y)
        let toggle = try session.next("toggle")
        #expect(toggle["plot"] as? String == entry.plot)
        #expect(toggle["visible"] as? Bool == false)
        try session.click(x, y)
        #expect(try session.next("toggle")["visible"] as? Bool == true)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func sKeySavesTheViewAsPNGInTheWorkingDirectory() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer(["--chart", "enrollment", "--size", "800x500"], directory: dir)
        try session.key("s")
        try session.next("prompt")
        try session.key("Return")
        let path = try #require(try session.next("saved")["path"] as? String)
        #expect(path.hasPrefix(dir) && path.hasSuffix(".png"))
        let image = try CairoSurface.png(path: path)
        #expect(image.width == 800 && image.height == 500)
        try session.key("ctrl+s")
        let second = try #require(try session.next("saved")["path"] as? String)
        #expect(second != path)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func helpThemeAndGridKeysRedraw() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer(["--chart", "rates", "--size", "900x600"])
        // The first frame's own layout and frame (said after `ready`), so that the ones below are the keys'.
        try session.next("frame")
        try session.key("d")
        try session.next("layout")
        try session.next("frame")
        try session.screenshot(dir + "/dark.png")
        let dark = try CairoSurface.png(path: dir + "/dark.png")
        #expect(dark.pixel(x: 2, y: 2).red < 60, "the dark theme's background")
        try session.key("h")
        try session.next("layout")
        try session.next("frame")
        try session.screenshot(dir + "/help.png")
        let help = try CairoSurface.png(path: dir + "/help.png")
        #expect(help.pixel(x: 450, y: 300) != dark.pixel(x: 450, y: 300) || help.pixel(x: 450, y: 280) != dark.pixel(x: 450, y: 280))
        try session.key("Escape")
        try session.next("layout")
        try session.key("g")
        try session.next("layout")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
