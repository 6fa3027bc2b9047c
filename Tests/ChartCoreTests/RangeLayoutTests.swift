import Testing
import ChartCore

/// Error bars and bands laid out from their data: bars from low to high with caps, on points or
/// on bars, horizontal bars from left to right; a band's path between the lows and the highs.
@Suite struct RangeLayoutTests {
    func graph(_ plot: RangePlot) -> Graph {
        let graph = Graph(title: "Ranges")
        graph.add(plot)
        graph.defaultPlotSpace.xRange = PlotRange(0, 4)
        graph.defaultPlotSpace.yRange = PlotRange(0, 20)
        return graph
    }

    @Test(arguments: [Size(width: 640, height: 480), Size(width: 320, height: 240)])
    func errorBarsReachFromValueLessErrorToValuePlusErrorWithCaps(size: Size) throws {
        let source = ArrayDataSource(numbers: [10, 12, 8], locations: [1, 2, 3], fields: [.errorLow: [2, 1, 3], .errorHigh: [2, 1, 3]])
        let plot = RangePlot(identifier: "e", style: .errorBars, dataSource: source)
        let scene = layout(graph(plot), size.width, size.height)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("e")).items
        #expect(scene.plot("e")?.kind == .errorbar)
        #expect(items.count == 6, "segments then a marker per record")
        let values = [10.0, 12, 8], errors = [2.0, 1, 3]
        for i in 0..<3 {
            let mine = items.filter { $0.record == i }
            guard case .segments(let s, _) = mine[0].shape, case .point(let p, _) = mine[1].shape else {
                Issue.record("\(mine.map(\.shape))"); continue
            }
            let x = t.deviceX(Double(i + 1))!.rounded(.down) + 0.5
            #expect(s[0].from == Point(x: x, y: t.deviceY(values[i] + errors[i])!.rounded(.down) + 0.5))
            #expect(s[0].to == Point(x: x, y: t.deviceY(values[i] - errors[i])!.rounded(.down) + 0.5))
            // Caps: 10 pixels across each end.
            #expect(s.count == 3)
            #expect(s[1].to.x - s[1].from.x == 10 && s[1].from.y == s[0].from.y)
            #expect(s[2].to.x - s[2].from.x == 10 && s[2].from.y == s[0].to.y)
            #expect(p == Point(x: x, y: t.deviceY(values[i])!))
            #expect(mine[0].anchor == mine[1].anchor)
        }
        #expect(plot.dataExtent()?.y == PlotRange(5, 13))
        #expect(plot.describe(record: 0, in: RecordContext())?.text == "1 · e 10 (8–12)")
        // Selected through either item, the value's marker gets a halo.
        for item in items.filter({ $0.record == 1 }) {
            let halo = plot.highlight(of: item, scale: 1, theme: .plainWhite)
            #expect(halo.count == 2 && halo.allSatisfy { $0.center == item.anchor })
        }
    }

    @Test func errorBarsOnBarsAndSideways() throws {
        let source = ArrayDataSource(
            numbers: [10, 12], locations: [1, 2],
            fields: [.low: [9, 11], .high: [13, 12.5], .errorLeft: [0.25, 0.5], .errorRight: [0.25, 0.5]])
        let plot = RangePlot(identifier: "b", dataSource: source)
        plot.marker = .bar
        plot.barWidth = 0.5
        let scene = layout(graph(plot), 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("b")).items
        #expect(items.count == 4)
        guard case .rect(let bar, _) = items[0].shape, case .segments(let s, _) = items[1].shape else {
            Issue.record("\(items.map(\.shape))"); return
        }
        #expect(bar.minY == t.deviceY(10)!.rounded() && bar.maxY == t.deviceY(0)!.rounded())
        #expect(abs(bar.width - (t.deviceX(1.25)! - t.deviceX(0.75)!)) <= 1)
        // Vertical, two caps, horizontal, two caps.
        #expect(s.count == 6)
        #expect(abs(s[3].from.x - t.deviceX(0.75)!) < 1e-9 && abs(s[3].to.x - t.deviceX(1.25)!) < 1e-9)
        #expect(s[3].from.y == t.deviceY(10)!.rounded(.down) + 0.5)
        #expect(plot.describe(record: 1, in: RecordContext())?.text == "2 · b 12.00 (11.00–12.50)")
        #expect(plot.dataExtent()?.yAnchors == [0])
    }

    @Test func aBandRunsAlongTheHighsAndBackAlongTheLows() throws {
        let source = ArrayDataSource(
            numbers: [.nan, .nan, .nan, .nan], locations: [0.5, 1.5, 2.5, 3.5],
            fields: [.low: [2, 4, .nan, 5], .high: [8, 9, 10, 12]])
        let plot = RangePlot(identifier: "r", style: .band, dataSource: source)
        let scene = layout(graph(plot), 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        let laid = try #require(scene.plot("r"))
        #expect(laid.kind == .range)
        // Records 0 and 1 make one band (record 2 has no low, so it breaks it); record 3 another.
        let fills = laid.paths.filter { $0.fill != nil }
        #expect(fills.count == 2)
        let expected: [ScenePath.Element] = [
            .move(Point(x: t.deviceX(0.5)!, y: t.deviceY(8)!)), .line(Point(x: t.deviceX(1.5)!, y: t.deviceY(9)!)),
            .line(Point(x: t.deviceX(1.5)!, y: t.deviceY(4)!)), .line(Point(x: t.deviceX(0.5)!, y: t.deviceY(2)!)), .close
        ]
        #expect(fills[0].elements == expected)
        // A hit-able record per whole record, across the band.
        #expect(laid.items.map(\.record) == [0, 1, 3])
        let tester = HitTester(scene: scene)
        let middle = Point(x: t.deviceX(1.5)! + 3, y: t.deviceY(6)!)
        #expect(tester.hit(at: middle) == .record(plotID: "r", record: 1))
        #expect(plot.describe(record: 3, in: RecordContext())?.text == "3.5 · r 5–12")
        #expect(plot.dataExtent()?.y == PlotRange(2, 12))
    }

    @Test func anOffsetPutsGroupsSideBySide() throws {
        let source = ArrayDataSource(numbers: [10, 12], locations: [1, 2], fields: [.errorLow: [1, 1], .errorHigh: [1, 1]])
        let plot = RangePlot(identifier: "o", dataSource: source)
        plot.offset = 0.25
        let scene = layout(graph(plot), 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        for item in try #require(scene.plot("o")).items {
            #expect(item.anchor.x == t.deviceX(Double(item.record + 1) + 0.25)!.rounded(.down) + 0.5)
        }
        #expect(plot.dataExtent()?.x == PlotRange(1.25, 2.25))
        #expect(plot.describe(record: 0, in: RecordContext())?.text == "1 · o 10 (9–11)", "the popup names the record's own place")
    }
}
