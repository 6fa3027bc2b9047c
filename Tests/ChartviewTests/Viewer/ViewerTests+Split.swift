import Foundation
import Testing

/// `--split` (issue 30): NYSE's three series (ISLR: returns, volume, volatility by trading day)
/// stacked; a wheel notch over one cell moves all three x ranges identically (read from the
/// `view` trace events), keeping the date under the pointer under it; a drag in another cell
/// pans all three; Backspace returns all three; cursors, the crosshair, notes and layouts.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func aSplitsCellsZoomPanAndGoBackTogether() throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let session = try WindowlessViewer([nyse, "--y", "DJ_return,log_volume,log_volatility", "--split", "--size", "1200x800"])
        let cells = try firstCells(session)
        #expect(cells.count == 3)
        let areas = try cells.map { try #require($0["plotArea"]) }
        #expect(Set(areas.map { [$0[0], $0[2]] }).count == 1, "the cells' plot areas do not align: \(areas)")
        // A wheel notch over the middle cell, 30% across: the date there stays there in every cell.
        let area = areas[1]
        let pointer = (area[0] + area[2] * 0.3, area[1] + area[3] * 0.5)
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(pointer.0))", "\(Int(pointer.1))"])
        try session.xdotool(["click", "--window", session.window, "4"])
        let zoomed = try cellRanges(session.next("view"))
        #expect(Set(zoomed.map(\.x)).count == 1, "x ranges differ after a notch: \(zoomed.map(\.x))")
        let fittedSpan = try #require(try layoutSpan(nyse))
        #expect(zoomed[0].x[1] - zoomed[0].x[0] < fittedSpan)
        // A drag of 120 pixels to the left in the bottom cell: every cell's x moves by as much.
        let bottom = areas[2], start = (Int(bottom[0] + bottom[2] * 0.6), Int(bottom[1] + bottom[3] * 0.5))
        let perPixel = (zoomed[0].x[1] - zoomed[0].x[0]) / zoomed[0].area[2]
        // Pressed and released alike (both to the window): a press by XTest released by an event
        // sent to the window would leave button 1 down in the server for the next test.
        try session.xdotool(["mousemove", "--window", session.window, "\(start.0)", "\(start.1)"])
        try session.xdotool(["mousedown", "--window", session.window, "1"])
        for step in 1...6 { try session.xdotool(["mousemove", "--window", session.window, "\(start.0 - step * 20)", "\(start.1)"]) }
        try session.xdotool(["mouseup", "--window", session.window, "1"])
        var panned = try cellRanges(session.next("view"))
        while abs((panned[0].x[0] - zoomed[0].x[0]) - 120 * perPixel) > perPixel {
            panned = try cellRanges(session.next("view", timeout: 5))
        }
        #expect(Set(panned.map(\.x)).count == 1, "x ranges differ after a drag: \(panned.map(\.x))")
        // Backspace twice: the wheel's view, then the fitted one, in every cell.
        try session.key("BackSpace")
        try session.key("BackSpace")
        var back = try cellRanges(session.next("view"))
        if back[0].x[1] - back[0].x[0] < fittedSpan { back = try cellRanges(session.next("view")) }
        #expect(Set(back.map(\.x)).count == 1 && abs(back[0].x[1] - back[0].x[0] - fittedSpan) < 1, "\(back.map(\.x))")
        // Key 3 hides the third series: the bottom cell's.
        try session.key("3")
        let toggle = try session.next("toggle")
        #expect(toggle["plot"] as? String == "log_volatility" && toggle["visible"] as? Bool == false, "\(toggle)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    /// A/B cursors (m, then a middle click) and the crosshair (c) over a split: every cell's
    /// measurement is the rows' exactly (A and B on rows, Δx and Δy their differences, the count,
    /// mean, lowest and highest of the rows between), and the crosshair reads the row nearest.
    @Test func cursorsAndTheCrosshairOfASplitReadTheRows() throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let rows = try nyseRows(nyse)
        let session = try WindowlessViewer([nyse, "--y", "DJ_return,log_volume,log_volatility", "--split", "--size", "1200x800"])
        let cells = try firstCells(session)
        let top = try #require(cells[0]["plotArea"]), bottom = try #require(cells[2]["plotArea"])
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(top[0] + top[2] * 0.2))", "\(Int(top[1] + top[3] / 2))"])
        try session.xdotool(["key", "m"])
        _ = try session.next("measure")
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(bottom[0] + bottom[2] * 0.7))", "\(Int(bottom[1] + bottom[3] / 2))"])
        try session.xdotool(["click", "2"])
        var measure = try session.next("measure")
        while measure["b"] == nil { measure = try session.next("measure") }
        let a = try #require(measure["a"] as? Double), b = try #require(measure["b"] as? Double)
        let ia = try #require(rows.firstIndex { $0.t == a }, "A \(a) is no row's date")
        let ib = try #require(rows.firstIndex { $0.t == b }, "B \(b) is no row's date")
        #expect(measure["dx"] as? Double == b - a)
        let series = try #require(measure["series"] as? [[String: Any]])
        let between = rows[ia...ib]
        for s in series {
            let plot = try #require(s["plot"] as? String)
            let values = between.compactMap { $0.values[plot] }
            #expect(s["a"] as? Double == rows[ia].values[plot] && s["b"] as? Double == rows[ib].values[plot], "\(plot): \(s)")
            #expect(s["count"] as? Int == values.count && s["low"] as? Double == values.min() && s["high"] as? Double == values.max())
            let mean = values.reduce(0, +) / Double(values.count)
            #expect(abs((s["mean"] as? Double ?? .nan) - mean) < 1e-9 * max(1, abs(mean)), "\(plot) mean")
        }
        // The crosshair over the middle cell reads each series' row nearest the pointer's date.
        try session.xdotool(["key", "c"])
        let middle = try #require(cells[1]["plotArea"])
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(middle[0] + middle[2] * 0.45))", "\(Int(middle[1] + middle[3] / 2))"])
        var reading = try session.next("crosshair")
        while reading["a"] == nil { reading = try session.next("crosshair") }
        let x = try #require(reading["a"] as? Double)
        let nearest = try #require(rows.min { abs($0.t - x) < abs($1.t - x) })
        for s in try #require(reading["series"] as? [[String: Any]]) {
            let plot = try #require(s["plot"] as? String)
            #expect(s["a"] as? Double == nearest.values[plot], "\(plot) at \(x): \(s), the row says \(nearest.values[plot] ?? .nan)")
        }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
    /// A note typed in the window (n, text, Enter) on NYSE's returns: kept beside the file in
    /// NYSE.csv.chartview.json at the data point under the pointer, at that point again after a
    /// wheel zoom (the trace's view maps it), and drawn by `--output` and `--dump-layout` after.
    @Test func aNoteStaysAtItsDataAndIsInTheExport() throws {
        let (dir, csv) = try nyseCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let before = try Data(contentsOf: URL(fileURLWithPath: csv))
        let session = try WindowlessViewer([csv, "--y", "DJ_return", "--size", "900x600"])
        let area = try #require(try session.next("layout")["plotArea"] as? [Double])
        let point = (Int(area[0] + area[2] * 0.4), Int(area[1] + area[3] * 0.3))
        try session.xdotool(["mousemove", "--window", session.window, "\(point.0)", "\(point.1)"])
        let note = try typeNote("crash", in: session)
        #expect(note["text"] as? String == "crash" && note["added"] as? Bool == true)
        let x = try #require(note["x"] as? Double), y = try #require(note["y"] as? Double)
        // A wheel notch elsewhere: the note's data point maps to another pixel, its note with it.
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(area[0] + area[2] * 0.8))", "\(point.1)"])
        try session.xdotool(["click", "--window", session.window, "4"])
        let view = try Mapping(session.next("view"))
        let moved = view.device((x, y))
        #expect(abs(moved.0 - Double(point.0)) > 5, "the zoom moved the note's data")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        // Beside the file, the data untouched.
        let sidecar = try String(contentsOfFile: csv + ".chartview.json", encoding: .utf8)
        #expect(sidecar.contains("\"text\" : \"crash\""), "\(sidecar)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: csv)) == before)
        // The export draws it at its data point.
        let result = try ChartviewProcess.run([csv, "--y", "DJ_return", "--size", "900x600", "--dump-layout", "-", "--output", dir + "/n.png"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let label = try #require(dump.annotations?.first { $0.text == "crash" }, "no note in the export")
        let space = try #require(dump.spaces?.first)
        let at = (space.deviceX(x), space.deviceY(y))
        // The note's box (its text inset by the padding) starts at the point, above or below it.
        #expect(abs(label.rect[0] - 5 - at.0) <= 1.5, "note at \(label.rect), its data at \(at)")
    }
    /// A spec's layout in the window: the dashboard of `LayoutCommandTests` (NYSE's returns and
    /// volume over time, Bikeshare's riders by month). A wheel notch over the returns moves the
    /// volume's x with it and leaves the bars' months alone; a double click on the bars' title
    /// lets them fill the window, and another brings the three back.
    @Test func aLayoutsChartsOverTimeFollowEachOtherAndATitleMaximizes() throws {
        let spec = try LayoutCommandTests.dashboard()
        let session = try WindowlessViewer([spec, "--size", "1200x900"])
        let cells = try firstCells(session)
        try #require(cells.count == 3)
        let area = try #require(cells[0]["plotArea"])
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(area[0] + area[2] * 0.3))", "\(Int(area[1] + area[3] * 0.5))"])
        try session.xdotool(["click", "--window", session.window, "4"])
        let spaces = try #require(try session.next("view")["spaces"] as? [String: [String: Any]])
        let x = try (1...3).map { k in try #require(spaces["\(k):default"]?["x"] as? [Double], "no cell \(k) in \(spaces.keys)") }
        #expect(x[0] == x[1], "the volume did not follow the returns: \(x)")
        #expect(x[2][1] - x[2][0] > 10 && x[2][1] - x[2][0] < 14, "the months moved: \(x[2])")
        // A double click on the bars' title: they fill the window; again: all three.
        let title = try #require(cells[2]["title"], "the bars' cell has no title in \(cells[2])")
        let point = (Int(title[0] + title[2] / 2), Int(title[1] + title[3] / 2))
        try session.xdotool(["mousemove", "--window", session.window, "\(point.0)", "\(point.1)", "click", "--repeat", "2", "--delay", "80", "1"])
        var large = try #require(try session.next("layout")["cells"] as? [[String: [Double]]])
        while large[0]["frame"]?[2] != 0 { large = try #require(try session.next("layout")["cells"] as? [[String: [Double]]]) }
        let full = try #require(large[2]["frame"])
        #expect(full[2] > 1100 && full[3] > 800, "the bars do not fill the window: \(full)")
        let bigTitle = try #require(large[2]["title"])
        try session.xdotool(
            [
                "mousemove", "--window", session.window, "\(Int(bigTitle[0] + bigTitle[2] / 2))", "\(Int(bigTitle[1] + bigTitle[3] / 2))", "click", "--repeat",
                "2", "--delay", "80", "1"
            ])
        var back = try #require(try session.next("layout")["cells"] as? [[String: [Double]]])
        while back[0]["frame"]?[2] == 0 { back = try #require(try session.next("layout")["cells"] as? [[String: [Double]]]) }
        #expect(back.map { $0["frame"] ?? [] } == cells.map { $0["frame"] ?? [] })
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
    /// A note typed in a split's second chart is kept with its series beside the file, and a
    /// run after draws it on that chart again.
    @Test func aSplitsNoteIsKeptWithItsSeries() throws {
        let (dir, csv) = try nyseCopy()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let arguments = [csv, "--y", "DJ_return,log_volume", "--split", "--size", "900x700"]
        let session = try WindowlessViewer(arguments)
        let cells = try firstCells(session)
        let area = try #require(cells[1]["plotArea"])
        try session.xdotool(["mousemove", "--window", session.window, "\(Int(area[0] + area[2] * 0.5))", "\(Int(area[1] + area[3] * 0.4))"])
        let note = try typeNote("spike", in: session)
        #expect(note["text"] as? String == "spike" && note["cell"] as? Int == 2, "\(note)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        let sidecar = try String(contentsOfFile: csv + ".chartview.json", encoding: .utf8)
        #expect(sidecar.contains("\"series\" : \"log_volume\""), "\(sidecar)")
        let result = try ChartviewProcess.run(arguments + ["--dump-layout", "-"])
        let drawn = try #require(try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8)).cells)
        #expect(drawn.map { ($0.layout.annotations ?? []).map(\.text) } == [[], ["spike"]])
    }
}
