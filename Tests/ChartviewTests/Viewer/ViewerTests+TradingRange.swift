import Foundation
import Testing

/// Candlesticks: a click on a wick pops up the day's four prices, the arrow keys step to the
/// next candle, and a ticker's legend entry hides and shows its candles.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func clickingACandlesWickSaysTheDateAndTheFourPrices() throws {
        let csv = try RealData.path("vega/ohlc.csv")
        let result = try ChartviewProcess.run([csv, "--size", "900x600", "--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let plot = try #require(layout.plots.first)
        #expect(plot.kind == "candlestick", "chosen with no flags for columns open, high, low, close")
        // The wick of a candle in the middle, halfway along its longer half.
        let wicks = plot.items.filter { ($0.segments?.first).map { hypot($0[2] - $0[0], $0[3] - $0[1]) >= 6 } ?? false }
        let item = try #require(wicks.dropFirst(wicks.count / 2).first)
        let s = try #require(item.segments?.max { abs($0[3] - $0[1]) < abs($1[3] - $1[1]) })
        let session = try WindowlessViewer([csv, "--size", "900x600"])
        try session.click(s[0].rounded(.down), ((s[1] + s[3]) / 2).rounded(.down))
        let select = try session.next("select")
        #expect(select["record"] as? Int == item.record)
        let text = try #require(select["text"] as? String)
        #expect(text == item.text, "the popup says what --dump-layout says")
        #expect(
            text.range(of: #"^2009-0\d-\d\d · O \d+\.\d\d H \d+\.\d\d L \d+\.\d\d C \d+\.\d\d$"#, options: .regularExpression) != nil,
            "popup: \(text)")
        try session.key("Right")
        let next = try session.next("select")
        #expect(next["record"] as? Int == item.record + 1, "one step per candle: \(next)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aTickersLegendEntryHidesAndShowsItsCandles() throws {
        let db = try RealData.path("stocks.sqlite")
        let result = try ChartviewProcess.run([db, "--table", "ohlc", "--size", "900x600", "--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        #expect(layout.legend.entries.count == layout.plots.count && layout.plots.count > 1)
        let entry = try #require(layout.legend.entries.first)
        let session = try WindowlessViewer([db, "--table", "ohlc", "--size", "900x600"])
        let (x, y) = center(entry.rect)
        try session.click(x, y)
        let hidden = try session.next("toggle")
        #expect(hidden["plot"] as? String == entry.plot && hidden["visible"] as? Bool == false, "\(hidden)")
        try session.click(x, y)
        #expect(try session.next("toggle")["visible"] as? Bool == true)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
