import ChartCairo
import Foundation
import Testing

/// Popups that say where a record is and which series it belongs to, a halo on a selected
/// point, a reload that keeps colors, and a pie's slices hidden and shown from the legend.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func aPopupOnADateAxisSaysTheDateAndTheSeriesAndThePointGetsAHalo() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/prices.csv"
        try Self.dailyPrices.write(toFile: csv, atomically: true, encoding: .utf8)
        let result = try ChartviewProcess.run([csv, "--size", "900x600", "--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        #expect(layout.plots.map(\.title) == ["AAPL", "MSFT"])
        #expect(layout.note == "x date · groups symbol (2) · y price · line (detected)")
        let session = try WindowlessViewer([csv, "--size", "900x600"])
        try session.screenshot(dir + "/before.png")
        let aapl = try #require(layout.plots.first)
        let item = aapl.items[aapl.items.count / 2]
        let point = try #require(item.point)
        try session.click(point[0].rounded(.down), point[1].rounded(.down))
        let select = try session.next("select")
        try session.next("frame")
        let text = try #require(select["text"] as? String)
        #expect(text == item.text, "the popup says what --dump-layout says")
        #expect(text.range(of: #"^2008-0[1-3]-\d\d · AAPL \d+\.\d\d$"#, options: .regularExpression) != nil, "popup: \(text)")
        try session.screenshot(dir + "/after.png")
        let before = try CairoSurface.png(path: dir + "/before.png"), after = try CairoSurface.png(path: dir + "/after.png")
        // The halo: pixels a few pixels off the point, clear of the popup, changed.
        let popup = try #require(select["popup"] as? [Double])
        let offsets: [(Int, Int)] = [(-7, 0), (7, 0), (0, -7), (0, 7), (-5, -5), (5, 5), (-5, 5), (5, -5)]
        var ring: [(Int, Int)] = []
        for (dx, dy) in offsets {
            let px = Int(point[0]) + dx, py = Int(point[1]) + dy
            let inPopup = intersects([Double(px), Double(py), 1, 1], popup)
            if !inPopup { ring.append((px, py)) }
        }
        let changed = ring.filter { before.pixel(x: $0.0, y: $0.1) != after.pixel(x: $0.0, y: $0.1) }
        #expect(changed.count * 2 >= ring.count, "no halo around the selected point: \(changed.count) of \(ring.count) pixels changed")
        // Another program adds a symbol: the reloaded chart says how it was chosen in the trace,
        // and the first two symbols keep their colors.
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: csv))
        handle.seekToEndOfFile()
        handle.write(Data("IBM,Jan 1 2008,100.5\nIBM,Jan 2 2008,101.25\n".utf8))
        try handle.close()
        let described = try session.next("described")
        #expect(described["note"] as? String == "x date · groups symbol (3) · y price · line (detected)")
        try session.next("frame")
        let reloaded = try JSONDecoder().decode(
            LayoutDumpReader.self, from: Data(try ChartviewProcess.run([csv, "--size", "900x600", "--dump-layout", "-"]).stdout.utf8))
        #expect(reloaded.plots.prefix(2).map { $0.items.first?.color } == layout.plots.map { $0.items.first?.color })
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aPiesSlicesHideAndShowFromTheLegendAndTheNumberKeys() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let layout = try dump("rates-pie", size: "900x600")
        let pie = try #require(layout.plots.first)
        let entries = layout.legend.entries
        #expect(entries.count == pie.items.count && entries.allSatisfy { $0.record != nil })
        let session = try WindowlessViewer(["--chart", "rates-pie", "--size", "900x600"])
        try session.screenshot(dir + "/all.png")
        // The second slice's entry hides the second slice: its middle shows no slice color.
        let slice = pie.items[1]
        let (x, y) = try #require(clickSpot(for: slice, of: pie, in: layout))
        try session.click(center(entries[1].rect).0, center(entries[1].rect).1)
        let hidden = try session.next("toggle")
        #expect(hidden["record"] as? Int == 1 && hidden["visible"] as? Bool == false)
        try session.next("frame")
        try session.screenshot(dir + "/hidden.png")
        let all = try CairoSurface.png(path: dir + "/all.png"), without = try CairoSurface.png(path: dir + "/hidden.png")
        #expect(all.pixel(x: Int(x), y: Int(y)).description == slice.color)
        #expect(without.pixel(x: Int(x), y: Int(y)).description != slice.color, "the hidden slice is still drawn")
        // Its legend entry is greyed, not gone.
        let swatch = entries[1].rect
        #expect(without.pixel(x: Int(swatch[0]) + 6, y: Int(swatch[1] + swatch[3] / 2)).description != slice.color)
        // Key 1 hides the first slice; 0 shows them all, as first drawn.
        try session.key("1")
        let first = try session.next("toggle")
        #expect(first["record"] as? Int == 0 && first["visible"] as? Bool == false)
        try session.key("0")
        var shown: Set<Int> = []
        for _ in 0..<2 {
            let toggle = try session.next("toggle")
            #expect(toggle["visible"] as? Bool == true)
            if let record = toggle["record"] as? Int { shown.insert(record) }
        }
        #expect(shown == [0, 1])
        try session.next("frame")
        try session.screenshot(dir + "/again.png")
        let again = try CairoSurface.png(path: dir + "/again.png")
        #expect(again.pixel(x: Int(x), y: Int(y)) == all.pixel(x: Int(x), y: Int(y)))
        // A slice's popup keeps clear of the slice's own label.
        try session.click(x, y)
        let select = try session.next("select")
        let popup = try #require(select["popup"] as? [Double])
        let text = try #require(select["text"] as? String)
        #expect(text.hasSuffix("%)"), "\(select)")
        let own = try #require(
            pie.labels?.first { text.hasPrefix($0.text.replacingOccurrences(of: "\n", with: " ") + " (") },
            "no label says what the popup '\(text)' says")
        #expect(!intersects(own.rect, popup), "the popup \(popup) covers its slice's label \(own.rect)")
        try session.next("frame")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
