import ChartCore
import ChartData
import Testing

// Trading ranges from tables: the columns each price comes from, and candlesticks chosen with no
// flags when the columns say open, high, low and close.
@Suite struct TradingRangeChartTests {
    func table(_ text: String) throws -> DataTable { try CSVReader.parse(Array(text.utf8), path: "t.csv").table }

    func graph(_ text: String, _ configure: (inout ChartSpec) -> Void = { _ in }) throws -> Graph {
        var spec = ChartSpec(name: "t", data: ChartSpec.DataSource(csv: "t.csv"))
        configure(&spec)
        return try ChartBuilder.graph(from: table(text), spec: spec, source: "t.csv")
    }

    let prices = "date,open,high,low,close,volume\n2024-01-02,10,12,9,11,100\n2024-01-03,11,11.5,8,9,200\n2024-01-04,9,10,8.5,9.5,150\n"

    @Test func candlesticksAreChosenForOpenHighLowCloseColumns() throws {
        let plan = try ChartPlan(table: table(prices), source: "t.csv")
        #expect(plan.kind == .candlestick)
        #expect(plan.kindIsDetected)
        #expect(plan.reasons.contains("candlestick: columns open, high, low and close"))
        // Without all four names, the usual choice.
        let lines = try ChartPlan(table: table("date,open,close\n2024-01-02,1,2\n2024-01-03,2,3\n"), source: "t.csv")
        #expect(lines.kind == .line)
        let upper = try ChartPlan(table: table("Date,Open,High,Low,Close\n2024-01-02,1,2,0.5,1.5\n2024-01-03,1.5,2,1,1.2\n"), source: "t.csv")
        #expect(upper.kind == .candlestick)
    }

    /// Group names that differ in case, or column titles that write the same identifier,
    /// get identifiers of their own in every kind (Graph.add refuses a second "aapl").
    @Test(arguments: [ChartKind.candlestick, .ohlc, .errorbar, .range, .box, .histogram, .bubble, .radar, .line, .bar])
    func groupsWhoseNamesDifferInCaseGetIdentifiersOfTheirOwn(kind: ChartKind) throws {
        let text =
            "day,ticker,open,high,low,close\n"
            + (1...6).map { d in
                ["AAPL", "aapl", ""].map { t in "2024-01-0\(d),\(t),\(d),\(d + 2),\(d - 1),\(d + 1)" }.joined(separator: "\n")
            }.joined(separator: "\n") + "\n"
        let graph = try graph(text) {
            $0.kind = kind; $0.group = "ticker"
        }
        let ids = graph.plots.map(\.identifier)
        #expect(Set(ids).count == ids.count, "\(kind): \(ids)")
    }

    @Test func columnsByNameIgnoringCaseThenByOrder() throws {
        let g = try graph(prices)
        let plot = try #require(g.plots.first as? TradingRangePlot)
        #expect(plot.kind == .candlestick)
        #expect(plot.recordCount == 3)
        #expect(plot.dataExtent()?.y == PlotRange(8, 12))
        // Other names: by order after x.
        let byOrder = try graph("t,a,b,c,d\n1,10,12,9,11\n2,11,11.5,8,9\n") { $0.kind = .ohlc }
        let ohlc = try #require(byOrder.plots.first as? TradingRangePlot)
        #expect(ohlc.kind == .ohlc)
        #expect(ohlc.dataExtent()?.y == PlotRange(8, 12))
        // Named by the spec.
        let named = try graph("t,h,l,o,c\n1,12,9,10,11\n") {
            $0.kind = .candlestick; $0.open = "o"; $0.high = "h"; $0.low = "l"; $0.close = "c"
        }
        let candle = try #require(named.plots.first as? TradingRangePlot)
        let text = candle.describe(record: 0, in: RecordContext())?.text
        #expect(text == "1 · O 10 H 12 L 9 C 11")
    }

    /// A low of three values is the kind's low, never the groups the rows split into (attack
    /// round 8: "no low column … the columns are: x, open, high, low, close").
    @Test(arguments: [ChartKind.ohlc, .candlestick])
    func aLowOfFewValuesIsNoGroups(kind: ChartKind) throws {
        let rows = (1...60).map { i in "\(Double(i) * 1.5),\(10 + i),\(12 + i),\([1, 1, 2, 3][i % 4]),\(10 + i)" }
        let g = try graph("x,open,high,low,close\n" + rows.joined(separator: "\n") + "\n") { $0.kind = kind }
        #expect(g.plots.count == 1)
        #expect((g.plots.first as? TradingRangePlot)?.recordCount == 60)
    }

    @Test func oneCandlestickPlotPerTickerAndClearErrors() throws {
        let g = try graph(
            "ticker,date,open,high,low,close\nA,2024-01-02,1,2,0.5,1.5\nB,2024-01-02,5,6,4,4.5\nA,2024-01-03,1.5,2,1,1.8\nB,2024-01-03,4.5,5,4,4.8\n")
        #expect(g.plots.map(\.title) == ["A", "B"])
        #expect(!g.legend.isHidden)
        #expect(throws: DataError.self) { try graph("t,a,b\n1,2,3\n") { $0.kind = .candlestick } }
    }
}
