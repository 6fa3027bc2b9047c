import ChartCairo
import Foundation
import Testing

/// Zoom, pan, the box zoom, the view history, the readout and the clipboard in the real window,
/// with real input (xdotool), on real data (sea surface temperatures, half-hourly dates). Each
/// view is read from its `view` trace event, and checked against `--dump-layout` of the same
/// view. Part of `WindowTests`, so serialized with them.
extension WindowTests {
    /// One plot space's mapping as a `view` event gives it: ranges in data units, plot area in pixels.
    struct Mapping {
        var x: [Double], y: [Double], area: [Double]

        init(_ event: [String: Any], space: String = "default") throws {
            let spaces = try #require(event["spaces"] as? [String: Any])
            let mapping = try #require(spaces[space] as? [String: Any])
            x = try #require(mapping["x"] as? [Double])
            y = try #require(mapping["y"] as? [Double])
            area = try #require(mapping["plotArea"] as? [Double])
        }

        init(_ dump: LayoutDumpReader) throws {
            let space = try #require(dump.spaces?.first)
            x = space.x; y = space.y; area = dump.plotArea
        }

        /// Device pixels of data (linear and date axes).
        func device(_ data: (Double, Double)) -> (Double, Double) {
            (area[0] + (data.0 - x[0]) / (x[1] - x[0]) * area[2], area[1] + area[3] - (data.1 - y[0]) / (y[1] - y[0]) * area[3])
        }

        func data(_ device: (Double, Double)) -> (Double, Double) {
            (x[0] + (device.0 - area[0]) / area[2] * (x[1] - x[0]), y[0] + (area[1] + area[3] - device.1) / area[3] * (y[1] - y[0]))
        }
    }

    static let temperatures = "bokeh/sea_surface_temperature.csv"

    func fittedMapping(_ file: String, size: String) throws -> Mapping {
        let result = try ChartviewProcess.run([file, "--size", size, "--dump-layout", "-"])
        return try Mapping(try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8)))
    }

    /// The window's view as `--x-range`/`--y-range` render it headless at the same size.
    func headless(_ file: String, size: String, _ view: Mapping, extra: [String] = []) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run(
            [
                file, "--size", size, "--x-range", "\(view.x[0]):\(view.x[1])",
                "--y-range", "\(view.y[0]):\(view.y[1])", "--dump-layout", "-"
            ] + extra)
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    @Test func aWheelNotchKeepsTheDataUnderThePointerAndADragPansByTheDraggedDistance() throws {
        let file = try RealData.path(Self.temperatures)
        for size in ["1200x600", "600x900", "420x320"] {
            var mapping = try fittedMapping(file, size: size)
            let session = try TraceSession([file, "--size", size])
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
        let session = try TraceSession([file, "--size", size])
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

    @Test func theReadoutSaysTheDateAndCtrlCCopiesThePopupForXclip() throws {
        let file = try RealData.path(Self.temperatures)
        let fitted = try fittedMapping(file, size: "900x600")
        let session = try TraceSession([file, "--size", "900x600"])
        let at = (fitted.area[0] + fitted.area[2] / 2, fitted.area[1] + fitted.area[3] / 2)
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(at.0))", "\(Int(at.1))"])
        let readout = try #require(try session.next("readout")["text"] as? String)
        #expect(readout.range(of: #"^x=2016-\d\d-\d\d( \d\d:\d\d)?  y=\d+\.\d\d$"#, options: .regularExpression) != nil, "\(readout)")
        // Select a drawn point, copy its popup, read it back with xclip.
        let dump = try JSONDecoder().decode(
            LayoutDumpReader.self, from: Data(try ChartviewProcess.run([file, "--size", "900x600", "--dump-layout", "-"]).stdout.utf8))
        let item = dump.plots[0].items[dump.plots[0].items.count / 3]
        let point = try #require(item.point)
        try session.click(point[0].rounded(.down), point[1].rounded(.down))
        let select = try session.next("select")
        try session.xdotool(["key", "--window", session.window, "ctrl+c"])
        try session.next("copied")
        let pasted = try TraceSession.run("xclip", ["-o", "-selection", "clipboard"])
        #expect(pasted.status == 0 && pasted.output == select["text"] as? String, "xclip read '\(pasted.output)'")
        // Ctrl+Shift+C: the data in view as CSV (a zoom of 1.5 keeps about two thirds of 19,226 rows).
        try session.key("plus")
        try session.next("view")
        try session.xdotool(["key", "--window", session.window, "ctrl+shift+c"])
        try session.next("copied")
        let csv = try TraceSession.run("xclip", ["-o", "-selection", "clipboard"])
        let lines = csv.output.split(separator: "\n")
        #expect(lines.first == "series,x,y" && lines.count > 5_000 && lines.count < 19_226, "\(lines.prefix(3))")
        #expect(lines.dropFirst().first?.range(of: #",2016-\d\d-\d\d \d\d:\d\d,\d"#, options: .regularExpression) != nil, "\(lines.prefix(3))")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
