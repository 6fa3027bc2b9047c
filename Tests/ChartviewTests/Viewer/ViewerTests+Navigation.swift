import ChartCairo
import Foundation
import Testing

/// Zoom, pan, the box zoom and the view history, with the input xdotool would give, on real data
/// (sea surface temperatures, half-hourly dates). Each view is read from its `view` trace
/// event, and checked against `--dump-layout` and `--output` of the same view.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func aWheelNotchKeepsTheDataUnderThePointerAndADragPansByTheDraggedDistance() throws {
        let file = try RealData.path(Self.temperatures)
        for size in ["1200x600", "600x900", "420x320"] {
            var mapping = try fittedMapping(file, size: size)
            let session = try WindowlessViewer([file, "--size", size])
            let pointer = (mapping.area[0] + mapping.area[2] * 0.3 + 0.5, mapping.area[1] + mapping.area[3] * 0.6 + 0.5)
            try session.xdotool(["mousemove", "--window", session.window, "\(Int(pointer.0))", "\(Int(pointer.1))"])
            for button in ["4", "4", "4", "5"] {
                let data = mapping.data(pointer)
                try session.xdotool(["click", "--window", session.window, button])
                let view = try session.next("view")
                #expect(view["cause"] as? String == "wheel")
                mapping = try Mapping(view)
                let now = mapping.device(data)
                #expect(abs(now.0 - pointer.0) <= 1 && abs(now.1 - pointer.1) <= 1, "\(size): \(data) moved from \(pointer) to \(now)")
            }
            // `--dump-layout` of the same view maps alike, to the pixel.
            let dump = try headless(file, size: size, mapping)
            let same = try Mapping(dump)
            #expect(same.area == mapping.area, "\(size): plot area \(same.area) headless, \(mapping.area) in the window")
            let data = mapping.data(pointer), again = same.device(data)
            #expect(abs(again.0 - pointer.0) <= 1 && abs(again.1 - pointer.1) <= 1)
            // A drag of (60, 30) pixels moves the data under the pointer by as much.
            let grabbed = mapping.data(pointer)
            try session.xdotool(["mousedown", "--window", session.window, "1"])
            for step in 1...6 {
                try session.xdotool(["mousemove", "--window", session.window, "\(Int(pointer.0) + step * 10)", "\(Int(pointer.1) + step * 5)"])
            }
            try session.xdotool(["mouseup", "--window", session.window, "1"])
            var moved = try Mapping(session.next("view"))
            // Motion events may be laid out together: the last view is the pointer's last place.
            while true {
                let at = moved.device(grabbed)
                if abs(at.0 - (pointer.0 + 60)) <= 1 && abs(at.1 - (pointer.1 + 30)) <= 1 { break }
                moved = try Mapping(session.next("view", timeout: 5))
            }
            try session.key("q")
            #expect(try session.waitForExit() == 0)
        }
    }

    @Test func aBoxZoomShowsTheBoxAndDoubleClickHomeBackAndForwardWalkTheViews() throws {
        let file = try RealData.path(Self.temperatures)
        let size = "1000x700"
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fitted = try fittedMapping(file, size: size)
        let session = try WindowlessViewer([file, "--size", size])
        let a = (fitted.area[0] + 200.5, fitted.area[1] + 100.5), b = (fitted.area[0] + 420.5, fitted.area[1] + 380.5)
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(a.0))", "\(Int(a.1))", "mousedown", "3"])
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(b.0))", "\(Int(b.1))"])
        try session.xdotool(["mouseup", "--window", session.window, "3"])
        let view = try session.next("view")
        #expect(view["cause"] as? String == "box")
        let boxed = try Mapping(view)
        let corner = fitted.data((a.0, b.1)), opposite = fitted.data((b.0, a.1))
        let pixelX = (fitted.x[1] - fitted.x[0]) / fitted.area[2], pixelY = (fitted.y[1] - fitted.y[0]) / fitted.area[3]
        #expect(abs(boxed.x[0] - corner.0) <= pixelX && abs(boxed.x[1] - opposite.0) <= pixelX, "\(boxed.x) vs \(corner.0)…\(opposite.0)")
        #expect(abs(boxed.y[0] - corner.1) <= pixelY && abs(boxed.y[1] - opposite.1) <= pixelY, "\(boxed.y) vs \(corner.1)…\(opposite.1)")
        // `--x-range` renders what the window shows at the same size (the pointer out of the
        // window, so no readout over it).
        try session.next("frame")
        try session.xdotool(["mousemove", "1910", "1070"])
        _ = try? session.next("readout", timeout: 2)
        try session.next("frame", timeout: 2)
        try session.screenshot(dir + "/window.png")
        let result = try ChartviewProcess.run([
            file, "--size", size, "--x-range", "\(boxed.x[0]):\(boxed.x[1])",
            "--y-range", "\(boxed.y[0]):\(boxed.y[1])", "--output", dir + "/headless.png"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let window = try CairoSurface.png(path: dir + "/window.png"), headless = try CairoSurface.png(path: dir + "/headless.png")
        var differing = 0
        for y in stride(from: 0, to: 700, by: 2) {
            for x in stride(from: 0, to: 1000, by: 2) where window.pixel(x: x, y: y).distance(to: headless.pixel(x: x, y: y)) > 64 { differing += 1 }
        }
        #expect(differing < 50, "\(differing) of 175,000 sampled pixels differ between the window and --x-range")
        // Back, forward, Home; a double click on the plot area.
        try session.key("BackSpace")
        #expect(try Mapping(session.next("view")).x == fitted.x)
        try session.key("shift+BackSpace")
        #expect(try Mapping(session.next("view")).x == boxed.x)
        try session.key("Home")
        #expect(try session.next("view")["cause"] as? String == "reset")
        try session.key("plus")
        #expect(try session.next("view")["cause"] as? String == "keys")
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(a.0))", "\(Int(a.1))", "click", "--repeat", "2", "--delay", "80", "1"])
        let reset = try session.next("view")
        let resetMapping = try Mapping(reset)
        #expect(reset["cause"] as? String == "reset" && resetMapping.x == fitted.x)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
