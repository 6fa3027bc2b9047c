import Foundation
import Testing

/// Histogram and box plot popups: a click on a bin's bar and on a box (and on a whisker and an
/// outlier of the same record) selects it with the popup the dump says; the arrow keys step
/// from bin to bin and box to box; a legend click hides a series.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingAHistogramBinShowsItsEdgesCountAndShare() throws {
        let layout = try dump("histogram", size: "900x600")
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "histogram")
        // The tallest bin of the first series: clear of the others stacked on it.
        let bin = try #require(plot.items.max { $0.rect[3] < $1.rect[3] })
        let session = try WindowlessViewer(["--chart", "histogram", "--size", "900x600"])
        let (x, y) = center(bin.rect)
        try session.click(x, y)
        let select = try session.next("select")
        expectSelect(select, plot: plot.id, record: bin.record, value: bin.value, "the tallest bin")
        let text = try #require(select["text"] as? String)
        #expect(text == bin.text, "the popup says what --dump-layout says")
        #expect(text.range(of: #"^\d+–\d+ · \w+ \d+ \(\d+\.\d%\)$"#, options: .regularExpression) != nil, "popup: \(text)")
        // The right arrow steps to the next bin drawn.
        try session.key("Right")
        let next = try session.next("select")
        let following = try #require(plot.items.first { $0.record > bin.record })
        #expect(next["record"] as? Int == following.record, "\(next)")
        // A legend click hides the series: its bars leave the scene.
        let entry = try #require(layout.legend.entries.first { $0.plot == plot.id })
        let (lx, ly) = center(entry.rect)
        try session.click(lx, ly)
        let toggle = try session.next("toggle")
        #expect(toggle["plot"] as? String == plot.id && toggle["visible"] as? Bool == false, "\(toggle)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func clickingABoxAWhiskerAndAnOutlierShowsTheFiveNumbers() throws {
        let layout = try dump("boxes", size: "900x600")
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "box")
        let box = try #require(plot.items.first { $0.record == 1 })
        let outlier = try #require(plot.items.first { $0.record == 1 && $0.point != nil })
        let session = try WindowlessViewer(["--chart", "boxes", "--size", "900x600"])
        let (x, y) = center(box.rect)
        try session.click(x, y)
        let select = try session.next("select")
        expectSelect(select, plot: plot.id, record: 1, value: box.value, "the bus box")
        let text = try #require(select["text"] as? String)
        #expect(text == box.text)
        #expect(
            text.range(
                of: #"^bus · minutes median [\d.]+ \(Q1 [\d.]+, Q3 [\d.]+; whiskers [\d.]+–[\d.]+; n 522, \d+ outliers\)$"#,
                options: .regularExpression) != nil, "popup: \(text)")
        // Deselect, then the whisker a few pixels above the box, then an outlier: the same record.
        try session.click(x, y)
        try session.next("deselect")
        try session.click(x + 1, box.rect[1] - 6)
        expectSelect(try session.next("select"), plot: plot.id, record: 1, value: box.value, "the bus box's upper whisker")
        // A second click on the record (its whisker) deselects it; then the outlier selects it.
        try session.click(x + 1, box.rect[1] - 6)
        try session.next("deselect")
        let p = try #require(outlier.point)
        try session.click(p[0].rounded(.down), p[1].rounded(.down))
        let last = try session.next("select")
        expectSelect(last, plot: plot.id, record: 1, value: box.value, "a bus outlier")
        // The arrows step box to box.
        try session.key("Right")
        #expect(try session.next("select")["record"] as? Int == 2)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
