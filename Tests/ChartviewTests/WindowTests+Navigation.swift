import ChartCairo
import Foundation
import Testing

/// Zoom, pan, the box zoom, the view history, the readout and the clipboard in the real window,
/// with real input (xdotool), on real data (sea surface temperatures, half-hourly dates). Each
/// view is read from its `view` trace event, and checked against `--dump-layout` of the same
/// view. Part of `WindowTests`, so serialized with them.
extension WindowTests {
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
