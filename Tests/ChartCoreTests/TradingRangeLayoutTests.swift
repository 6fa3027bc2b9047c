import Foundation
import Testing
import ChartCore

/// Candlesticks and OHLC bars laid out from their data: the body from open to close, the wick
/// from low to high, the ticks, the colors; more candles than pixel columns merged per column
/// into the column's own OHLC, exactly, and fast.
@Suite struct TradingRangeLayoutTests {
    static let opens: [Double] = [10, 12, 11, 9]
    static let highs: [Double] = [13, 12.5, 11.5, 12]
    static let lows: [Double] = [9, 10, 8, 8.5]
    static let closes: [Double] = [12, 11, 9, 11.5]

    func graph(_ style: TradingRangePlot.Style, hollow: Bool = false) -> (Graph, TradingRangePlot) {
        let graph = Graph(title: "Prices")
        let plot = TradingRangePlot(
            identifier: "p", style: style, locations: [1, 2, 3, 4],
            open: Self.opens, high: Self.highs, low: Self.lows, close: Self.closes)
        plot.barWidth = 0.5
        plot.hollowRising = hollow
        graph.add(plot)
        graph.defaultPlotSpace.xRange = PlotRange(0, 5)
        graph.defaultPlotSpace.yRange = PlotRange(6, 14)
        return (graph, plot)
    }

    @Test(arguments: [Size(width: 640, height: 480), Size(width: 320, height: 240), Size(width: 1024, height: 768)])
    func candlesSpanOpenToCloseAndLowToHigh(size: Size) throws {
        let (graph, plot) = graph(.candlestick)
        let scene = layout(graph, size.width, size.height)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("p")).items
        #expect(scene.plot("p")?.kind == .candlestick)
        for i in 0..<4 {
            let mine = items.filter { $0.record == i }
            #expect(mine.count == 2, "record \(i): a wick and a body")
            guard case .segments(let wick, _) = mine[0].shape, case .rect(let body, _) = mine[1].shape else {
                Issue.record("record \(i): \(mine.map(\.shape))"); continue
            }
            let yOpen = t.deviceY(Self.opens[i])!, yClose = t.deviceY(Self.closes[i])!
            #expect(body.minY == min(yOpen, yClose).rounded())
            #expect(body.maxY == max(yOpen, yClose).rounded())
            let x = t.deviceX(Double(i + 1))!
            #expect(abs(body.midX - x) <= 1, "body centred on the location")
            let half = (t.deviceX(1.25)! - t.deviceX(0.75)!) / 2
            #expect(abs(body.width - 2 * half) <= 2)
            #expect(Int(body.width) % 2 == 1, "odd widths: the wick on the middle pixel")
            #expect(wick.allSatisfy { $0.from.x == body.minX + (body.width - 1) / 2 + 0.5 })
            #expect(wick.map(\.from.y).min() == t.deviceY(Self.highs[i])!.rounded())
            #expect(wick.map(\.to.y).max() == t.deviceY(Self.lows[i])!.rounded())
            let rising = Self.closes[i] >= Self.opens[i]
            #expect(mine[1].fill == .solid(rising ? plot.risingColor : plot.fallingColor))
            #expect(mine[0].anchor == mine[1].anchor, "one popup place per record")
        }
    }

    @Test func hollowRisingBodiesAreOutlinedFallingFilled() throws {
        let (graph, plot) = graph(.candlestick, hollow: true)
        let items = try #require(layout(graph, 640, 480).plot("p")).items.filter { if case .rect = $0.shape { true } else { false } }
        #expect(items.count == 4)
        for item in items {
            let rising = Self.closes[item.record] >= Self.opens[item.record]
            #expect(item.fill == .solid(rising ? .clear : plot.fallingColor))
            #expect((item.stroke?.color) == (rising ? plot.risingColor : nil))
        }
    }

    @Test func ohlcBarsTickTheOpenLeftAndTheCloseRight() throws {
        let (graph, _) = graph(.ohlc)
        let scene = layout(graph, 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("p")).items
        #expect(items.count == 4)
        #expect(scene.plot("p")?.kind == .ohlc)
        for item in items {
            guard case .segments(let s, let hit) = item.shape else { Issue.record("\(item.shape)"); continue }
            let i = item.record
            #expect(s.count == 3)
            #expect(s[0].from.y == t.deviceY(Self.highs[i])!.rounded() && s[0].to.y == t.deviceY(Self.lows[i])!.rounded())
            #expect(s[1].from.x < s[1].to.x && s[1].to.x == s[0].from.x, "open tick on the left")
            #expect(abs(s[1].from.y - t.deviceY(Self.opens[i])!) <= 1)
            #expect(s[2].from.x == s[0].from.x && s[2].to.x > s[2].from.x, "close tick on the right")
            #expect(abs(s[2].from.y - t.deviceY(Self.closes[i])!) <= 1)
            #expect(hit >= 6)
        }
    }

    @Test func popupsSayTheDateAndTheFourPrices() throws {
        // Monthly dates: 2008-03-01 and on.
        let march = 1_204_329_600.0
        let plot = TradingRangePlot(
            identifier: "aapl", title: "AAPL", locations: [march, march + 31 * 86_400],
            open: [125.1, 143.5], high: [143.5, 150], low: [119.2, 140], close: [143.5, 141])
        plot.valueFormat = .fixed(decimals: 1)
        let context = RecordContext(locationScale: .date)
        #expect(plot.describe(record: 0, in: context)?.text == "2008-03 · O 125.1 H 143.5 L 119.2 C 143.5")
        plot.showsTitleInPopup = true
        #expect(plot.describe(record: 1, in: context)?.text == "2008-04 · AAPL O 143.5 H 150.0 L 140.0 C 141.0")
        #expect(plot.dataExtent()?.y == PlotRange(119.2, 150))
        // Whole closes but a fractional open: every price with 2 decimals.
        let whole = TradingRangePlot(identifier: "w", open: [10.5], high: [12], low: [9], close: [11])
        #expect(whole.describe(record: 0, in: RecordContext())?.text == "0 · O 10.50 H 12.00 L 9.00 C 11.00")
    }

    /// A million candles: each pixel column's item is that column's own OHLC, and the layout
    /// takes milliseconds.
    @Test func millionsOfCandlesMergePerPixelColumnExactly() throws {
        let n = 1_000_000
        var open = [Double](repeating: 0, count: n), high = open, low = open, close = open
        var price = 100.0, seed: UInt64 = 42
        for i in 0..<n {
            seed = seed &* 6364136223846793005 &+ 1442695040888963407
            let step = (Double(seed >> 11) / Double(1 << 53) - 0.5) * 0.4
            open[i] = price
            price += step
            close[i] = price
            high[i] = max(open[i], close[i]) + Double(seed & 0xff) / 1000
            low[i] = min(open[i], close[i]) - Double((seed >> 8) & 0xff) / 1000
        }
        let graph = Graph(title: "Minutes")
        let plot = TradingRangePlot(identifier: "m", locations: (0..<n).map(Double.init), open: open, high: high, low: low, close: close)
        graph.add(plot)
        _ = layout(graph, 1024, 768)  // the load and the summaries
        let scene = layout(graph, 1024, 768)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("m")).items
        let area = scene.plotArea
        #expect(items.count <= 2 * Int(area.width) + 4)
        // Brute force: every record's column, then each column's OHLC.
        var columns: [Int: (first: Int, last: Int, high: Double, low: Double)] = [:]
        for i in 0..<n {
            let c = Int(t.mappingX.device(Double(i)).rounded(.down))
            if var e = columns[c] {
                e.last = i; e.high = max(e.high, high[i]); e.low = min(e.low, low[i])
                columns[c] = e
            } else {
                columns[c] = (i, i, high[i], low[i])
            }
        }
        var checked = 0
        for item in items {
            guard case .rect(let body, _) = item.shape else { continue }
            let c = Int(body.minX)
            let e = try #require(columns[c], "column \(c)")
            #expect(item.record == e.first)
            #expect(body.width == 1)
            #expect(body.minY == min(t.deviceY(open[e.first])!, t.deviceY(close[e.last])!).rounded())
            #expect(body.maxY == max(max(t.deviceY(open[e.first])!, t.deviceY(close[e.last])!).rounded(), body.minY + 1))
            // The wick and body together reach from the high to the low (a wick's half is left
            // out where the body reaches as far).
            var ys = [body.minY, body.maxY]
            if case .segments(let s, _)? = items.first(where: { $0.record == item.record && $0 != item })?.shape {
                ys += s.flatMap { [$0.from.y, $0.to.y] }
            }
            #expect(ys.min() == min(t.deviceY(e.high)!.rounded(), body.minY))
            #expect(ys.max() == max(t.deviceY(e.low)!.rounded(), body.maxY))
            #expect(t.deviceY(e.high)!.rounded() <= body.minY && t.deviceY(e.low)!.rounded() >= body.maxY - 1)
            checked += 1
        }
        #expect(checked == columns.count, "one merged candle per column the records fall in")
        // The y range fits the lowest low and the highest high; a zoomed x fits the part in view.
        #expect(plot.dataExtent()?.y == PlotRange(low.min()!, high.max()!))
        let part = try #require(plot.dataExtent(inX: PlotRange(1000, 2000))?.y)
        #expect(part == PlotRange(low[1000...2000].min()!, high[1000...2000].max()!))
    }

    @Test func legendShowsOneEntryPerPlot() throws {
        let (graph, plot) = graph(.candlestick)
        graph.legend.isHidden = false
        let legend = try #require(layout(graph, 640, 480).legend)
        #expect(legend.entries.map(\.plotID) == ["p"])
        #expect(plot.legendEntries(seriesColor: .black, theme: .plainWhite).first?.fill == .solid(plot.risingColor))
    }

    @Test func theShowAnimationGrowsBodiesFromOpenToClose() throws {
        let (graph, _) = graph(.candlestick)
        let scene = layout(graph, 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        let half = try #require(scene.animated(progress: 0.5).plot("p"))
        for item in half.items {
            guard case .rect(let body, _) = item.shape else { continue }
            let open = t.deviceY(Self.opens[item.record])!.rounded(), close = t.deviceY(Self.closes[item.record])!.rounded()
            #expect(abs(body.height - abs(close - open) / 2) <= 0.5, "record \(item.record): \(body)")
            #expect(body.minY == min(open, (open + close) / 2) || body.maxY == max(open, (open + close) / 2))
        }
    }
}
