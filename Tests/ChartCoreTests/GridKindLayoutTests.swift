import Testing
import Foundation
import ChartCore

/// The layouts of bubbles, radar charts and heatmaps: geometry worked out from the data and
/// the scene's own transform, hit testing by what is drawn, and the color maps. Pure ChartCore
/// with fixed text metrics.
@Suite("Bubble, radar and heatmap layout")
struct GridKindLayoutTests {
    // MARK: Bubbles

    func bubbleGraph() -> (Graph, BubblePlot) {
        let graph = Graph(title: "Bubbles")
        let source = ArrayDataSource(
            numbers: [10, 20, 15, 30, .nan], locations: [1, 2, 3, 4, 5],
            categories: ["a", "b", "c", "d", "e"], fields: [.size: [100, 25, 0, 400, 9]])
        let plot = BubblePlot(identifier: "b", title: "Bubbles", dataSource: source)
        plot.valueTitle = "score"
        plot.sizeTitle = "pop"
        graph.add(plot)
        return (graph, plot)
    }

    @Test("Bubbles sit at (x, y), their areas proportional to size, largest first", arguments: [Size(width: 800, height: 600), Size(width: 320, height: 240)])
    func bubbleGeometry(size: Size) throws {
        let (graph, plot) = bubbleGraph()
        let scene = layout(graph, size.width, size.height)
        let t = try #require(scene.transform())
        let items = try #require(scene.plot("b")).items
        // Record 4 has no y: no bubble.
        #expect(items.map(\.record) == [3, 0, 1, 2])
        let largest = plot.diameterOfLargest(in: scene.plotArea, scale: 1)
        #expect(largest == min(max(min(scene.plotArea.width, scene.plotArea.height) / 7, 12), 90))
        let sizes: [Int: Double] = [0: 100, 1: 25, 2: 0, 3: 400]
        let xs = [1.0, 2, 3, 4], ys = [10.0, 20, 15, 30]
        for item in items {
            guard case .point(let p, let symbol?) = item.shape else { Issue.record("not a point: \(item.shape)"); continue }
            #expect(abs(p.x - t.deviceX(xs[item.record])!) < 1e-9 && abs(p.y - t.deviceY(ys[item.record])!) < 1e-9)
            let expected = max(2, largest * (sizes[item.record]! / 400).squareRoot())
            #expect(abs(symbol.size - expected) < 1e-9, "record \(item.record): \(symbol.size) vs \(expected)")
            // Translucent with an outline.
            #expect(item.fill.representativeColor.alpha < 1 && item.stroke != nil)
        }
        // Area ratio: 100 against 400 is a quarter of the area, half the diameter.
        let d = Dictionary(uniqueKeysWithValues: items.map { ($0.record, $0.bounds.width) })
        #expect(abs(d[0]! / d[3]! - 0.5) < 1e-9)
    }

    @Test("A small bubble over a large one is hit, the large one around it; the popup names the size")
    func bubbleHitsAndPopup() throws {
        let graph = Graph(title: "Overlap")
        let source = ArrayDataSource(numbers: [5, 5.1], locations: [5, 5.1], fields: [.size: [1000, 1]])
        let plot = BubblePlot(identifier: "o", title: "GDP", dataSource: source)
        plot.sizeTitle = "pop"
        plot.valueTitle = "life"
        graph.add(plot)
        let scene = layout(graph, 800, 600)
        let items = try #require(scene.plot("o")).items
        #expect(items.map(\.record) == [0, 1])
        let tester = HitTester(scene: scene)
        guard case .point(let small, _) = items[1].shape, case .point(let big, let symbol?) = items[0].shape else { return }
        #expect(tester.hit(at: small) == .record(plotID: "o", record: 1))
        #expect(tester.hit(at: Point(x: big.x - symbol.size / 2 + 3, y: big.y)) == .record(plotID: "o", record: 0))
        graph.xAxis.title = "gdp"
        let text = plot.describe(record: 0, in: RecordContext(locationTitle: "gdp"))?.text
        #expect(text == "gdp 5 · life 5.00 · pop 1000")
        #expect(BubblePlot.compact(12_345_678) == "12.35M")
    }

    @Test("The size key shows nice sizes as nested circles inside the plot area, in the corner with fewest bubbles")
    func bubbleSizeKey() throws {
        #expect(BubblePlot.keyValues(400) == [200, 100, 20])
        #expect(BubblePlot.keyValues(1_318_683_096) == [1e9, 2e8, 5e7])
        let (graph, _) = bubbleGraph()
        let scene = layout(graph, 800, 600)
        let plot = try #require(scene.plot("b"))
        #expect(plot.labels.map(\.text) == ["200", "100", "20"])
        for label in plot.labels { #expect(scene.plotArea.contains(label.rect), "\(label.text) at \(label.rect)") }
        // The data rise to the top right: the key goes bottom right (no bubble there).
        let key = Rect(enclosing: plot.leaders.flatMap { [$0.from, $0.to] })
        #expect(key.midX > scene.plotArea.midX && key.midY > scene.plotArea.midY)
        for item in plot.items { #expect(!item.bounds.intersects(key), "bubble \(item.record) under the key") }
    }

    // MARK: Radar

    static func isPoint(_ item: PlotItem) -> Bool {
        if case .point = item.shape { return true }
        return false
    }

    func radarGraph() -> (Graph, RadarPlot, RadarPlot) {
        let graph = Graph(title: "Radar")
        let web = RadarWeb(categories: ["Speed", "Power", "Agility", "Stamina"])
        let a = RadarPlot(identifier: "a", title: "Series A", dataSource: ArrayDataSource(numbers: [7.2, 4, 8, 2]), web: web)
        let b = RadarPlot(identifier: "b", title: "Series B", dataSource: ArrayDataSource(numbers: [3, 9, .nan, 6]), web: web)
        graph.add(a)
        graph.add(b)
        graph.legend.isHidden = false
        return (graph, a, b)
    }

    @Test("Vertices lie on their spokes at value / ring maximum of the radius; the first at 12 o'clock, clockwise")
    func radarGeometry() throws {
        let (graph, _, _) = radarGraph()
        let scene = layout(graph, 800, 600)
        #expect(scene.axes.isEmpty)
        let a = try #require(scene.plot("a")), b = try #require(scene.plot("b"))
        // The web (values up to 9: rings at 5 and 10, 4 spokes) and its labels belong to the
        // first plot only.
        #expect(a.paths.count == 2 + 1 && b.paths.isEmpty && b.labels.isEmpty)
        #expect(a.labels.map(\.text) == ["5", "10", "Speed", "Power", "Agility", "Stamina"])
        let center = Point(x: scene.plotArea.midX.rounded(), y: scene.plotArea.midY.rounded())
        // The first spoke's band runs from the center straight up to the rim.
        let spoke = a.paths[2].vertices
        let rim = Point(x: (spoke[1].x + spoke[2].x) / 2, y: (spoke[1].y + spoke[2].y) / 2)
        let radius = rim.distance(to: center)
        #expect(abs(rim.x - center.x) < 1e-9 && rim.y < center.y)
        let points = a.items.compactMap { item -> (Int, Point)? in
            if case .point(let p, _) = item.shape { return (item.record, p) } else { return nil }
        }
        #expect(points.map(\.0) == [0, 1, 2, 3])
        let values = [7.2, 4, 8, 2]
        for (record, p) in points {
            let angle = -Double.pi / 2 + Double(record) * Double.pi / 2
            let expected = Point(x: center.x + cos(angle) * radius * values[record] / 10, y: center.y + sin(angle) * radius * values[record] / 10)
            #expect(p.distance(to: expected) < 1e-9, "vertex \(record): \(p) vs \(expected)")
        }
        // The polygon first, then per record its vertex and its region; B skips its missing vertex.
        guard case .polygon(let polygon, _) = a.items[0].shape else { Issue.record("no polygon first"); return }
        #expect(polygon == points.map(\.1))
        #expect(b.items.filter(Self.isPoint).map(\.record) == [0, 1, 3])
        // Names sit outside the web, inside the graph.
        for label in a.labels.suffix(4) {
            #expect(label.rect.center.distance(to: center) > radius)
            #expect(Rect(origin: .zero, size: scene.size).contains(label.rect))
        }
    }

    @Test("A click on a vertex, or inside a polygon, selects the nearest vertex's record; the legend hides a series")
    func radarHits() throws {
        let (graph, a, _) = radarGraph()
        let scene = layout(graph, 800, 600)
        let tester = HitTester(scene: scene)
        let pa = try #require(scene.plot("a")), pb = try #require(scene.plot("b"))
        for item in pa.items where Self.isPoint(item) {
            #expect(tester.hit(at: item.anchor) == .record(plotID: "a", record: item.record), "A's vertex \(item.record)")
        }
        // Inside B's polygon (Speed, Power, Stamina: above the line from Power to Stamina),
        // close to its Power vertex (to the right), but off the marker.
        let power = try #require(pb.items.first { $0.record == 1 && Self.isPoint($0) }).anchor
        let center = Point(x: scene.plotArea.midX.rounded(), y: scene.plotArea.midY.rounded())
        let inside = Point(x: center.x + (power.x - center.x) * 0.7, y: power.y - 4)
        #expect(tester.hit(at: inside) == .record(plotID: "b", record: 1))
        #expect(a.describe(record: 0, in: RecordContext())?.text == "Speed · Series A 7.2")
        // Hidden: B alone draws, and now the web too; the range stays (from all series).
        a.isHidden = true
        let hidden = layout(graph, 800, 600)
        #expect(hidden.plot("b")?.paths.count == 3)
        #expect(hidden.legend?.entries.map(\.title) == ["Series A", "Series B"])
    }

    // MARK: Heatmap

    func heatmapGraph(values: [Double]) -> (Graph, HeatmapPlot) {
        // 3 columns × 2 rows, x at 0, 1, 2 and rows at 0, 1; one cell missing.
        let graph = Graph(title: "Heat")
        let source = ArrayDataSource(numbers: values, locations: [0, 1, 2, 0, 1, 2], fields: [.row: [0, 0, 0, 1, 1, 1]])
        let plot = HeatmapPlot(identifier: "h", title: "temp", dataSource: source)
        plot.rowNames = [0: "Seattle", 1: "Paris"]
        graph.add(plot)
        graph.plotAreaPadding.right = HeatmapPlot.colorBarRoom(labels: 4)
        return (graph, plot)
    }

    @Test("Cells tile the plot area between neighbours' midpoints, colored by the map; a missing cell is blank")
    func heatmapCells() throws {
        let (graph, plot) = heatmapGraph(values: [1, 2, 3, 4, .nan, 6])
        let scene = layout(graph, 800, 600)
        let t = try #require(scene.transform())
        let items = try #require(scene.plot("h")).items
        #expect(items.map(\.record) == [0, 1, 2, 3, 5])
        #expect(plot.resolvedColorMap.name == "viridis")
        for item in items {
            let x = [0.0, 1, 2][item.record % 3], y = [0.0, 1][item.record / 3]
            let expected = Rect(
                x: t.deviceX(x - 0.5)!.rounded(), y: t.deviceY(y + 0.5)!.rounded(),
                width: t.deviceX(x + 0.5)!.rounded() - t.deviceX(x - 0.5)!.rounded(),
                height: t.deviceY(y - 0.5)!.rounded() - t.deviceY(y + 0.5)!.rounded())
            #expect(item.bounds == expected, "cell \(item.record)")
            #expect(item.fill.representativeColor == ColorMap.viridis.color(at: (item.value - 1) / 5))
        }
        // The grid fills the plot area exactly (no margins past the outer cells).
        #expect(Rect(enclosing: items.flatMap { [$0.bounds.origin, Point(x: $0.bounds.maxX, y: $0.bounds.maxY)] }) == scene.plotArea)
        #expect(plot.describe(record: 5, in: RecordContext())?.text == "2 · Paris · temp 6")
        // Values written in cells, in a color that contrasts.
        let labels = try #require(scene.plot("h")).labels
        let one = try #require(labels.first { $0.text == "1" })
        #expect(one.style.color.luminance > 0.5)  // on viridis' dark end
        let six = try #require(labels.first { $0.text == "6" })
        #expect(six.style.color.luminance < 0.5)  // on its yellow end
    }

    @Test("Values on both sides of 0 take coolwarm, centred: 0 is its neutral middle; the color bar lies right of the plot area")
    func heatmapDivergingAndColorBar() throws {
        let (graph, plot) = heatmapGraph(values: [-2, 0, 1, 2, -1, 0.5])
        let scene = layout(graph, 800, 600)
        #expect(plot.resolvedColorMap.name == "coolwarm" && plot.resolvedValueRange == PlotRange(-2, 2))
        let zero = try #require(scene.plot("h")?.items.first { $0.record == 1 })
        #expect(zero.fill.representativeColor == ColorMap.coolwarm.color(at: 0.5))
        let heat = try #require(scene.plot("h"))
        let bar = Rect(enclosing: heat.paths.flatMap(\.vertices))
        #expect(bar.minX > scene.plotArea.maxX && bar.maxX < scene.size.width)
        #expect(heat.clip.maxX <= scene.size.width && heat.clip.contains(bar))
        let ticks = heat.labels.filter { $0.rect.minX > scene.plotArea.maxX }.compactMap { Double($0.text) }
        #expect(ticks.contains(0) && ticks.contains(-2) && ticks.contains(2), "\(ticks)")
        let tester = HitTester(scene: scene)
        #expect(tester.hit(at: zero.bounds.center) == .record(plotID: "h", record: 1))
    }

    @Test("Many more cells than pixels merge per pixel into the exact mean of their cells, fast")
    func heatmapMergesPerPixel() throws {
        let n = 2000
        var values: [Double] = [], xs: [Double] = [], ys: [Double] = []
        values.reserveCapacity(n * n)
        for i in 0..<n {
            for j in 0..<n {
                xs.append(Double(i))
                ys.append(Double(j))
                values.append(Double((i * 7 + j * 13) % 101))
            }
        }
        let graph = Graph(title: nil)
        let plot = HeatmapPlot(identifier: "big", dataSource: ArrayDataSource(numbers: values, locations: xs, fields: [.row: ys]))
        graph.add(plot)
        graph.plotAreaPadding.right = HeatmapPlot.colorBarRoom(labels: 4)
        _ = layout(graph, 400, 300)  // the first layout pulls the data and finds the grid
        // Its time is make bench's to measure; here, that the items stay within a pixel each.
        let scene = layout(graph, 400, 300)
        let items = try #require(scene.plot("big")).items
        let area = scene.plotArea
        #expect(items.count <= Int(area.width + 1) * Int(area.height + 1))
        // Check a few merged cells against the mean of the cells whose centers fall in them.
        let t = try #require(scene.transform())
        for item in [items[0], items[items.count / 3], items[items.count - 1]] {
            let r = item.bounds
            var sum = 0.0, count = 0
            let column = (0..<n).filter { i in
                ((t.deviceX(Double(i) - 0.5)! + t.deviceX(Double(i) + 0.5)!) / 2).rounded(.down) == r.minX.rounded(.down)
            }
            let row = (0..<n).filter { j in
                ((t.deviceY(Double(j) - 0.5)! + t.deviceY(Double(j) + 0.5)!) / 2).rounded(.down) == r.minY.rounded(.down)
            }
            for i in column {
                for j in row {
                    sum += values[i * n + j]
                    count += 1
                }
            }
            #expect(count > 1)
            #expect(abs(item.value - sum / Double(count)) < 1e-9, "merged cell at \(r): \(item.value) vs \(sum / Double(count)) of \(count)")
        }
    }

    // MARK: Limits

    @Test("Values near Double's limit lay out finite: bubbles, radar rings and heatmap means and color bar")
    func extremeValues() throws {
        let big = 1e308
        let graph = Graph(title: "Limits")
        graph.add(BubblePlot(identifier: "b", dataSource: ArrayDataSource(numbers: [big, -big], locations: [-big, big], fields: [.size: [big, 1]])))
        let radar = Graph(title: "Radar")
        radar.add(RadarPlot(identifier: "r", dataSource: ArrayDataSource(numbers: [big, -big, 5], categories: ["p", "q", "r"])))
        let heat = Graph(title: "Heat")
        heat.add(HeatmapPlot(identifier: "h", dataSource: ArrayDataSource(numbers: [big, big, -big], locations: [1, 1, 2], fields: [.row: [1, 1, 1]])))
        for g in [graph, radar, heat] {
            let scene = layout(g, 640, 480)
            for plot in scene.plots {
                #expect(!plot.items.isEmpty, "\(plot.plotID) lays out nothing")
                for item in plot.items {
                    #expect(
                        item.value.isFinite && item.anchor.x.isFinite && item.anchor.y.isFinite && item.bounds.width.isFinite,
                        "\(plot.plotID)[\(item.record)]: \(item)")
                }
                for label in plot.labels { #expect(label.position.x.isFinite && label.position.y.isFinite, "\(plot.plotID) label \(label.text)") }
            }
        }
        let cells = try #require(layout(heat, 640, 480).plot("h")).items
        #expect(cells.first?.value == big)  // the mean of 1e308 and 1e308, not infinity
    }

    // MARK: Color maps

    @Test("The built-in maps: their published ends, at least 9 stops, viridis rising in lightness, coolwarm grey at 0.5")
    func colorMaps() {
        #expect(ColorMap.names == ["viridis", "magma", "cividis", "coolwarm"])
        for map in ColorMap.builtIn { #expect(map.stops.count >= 9) }
        #expect(ColorMap.viridis.color(at: 0).hexString.lowercased().hasPrefix("#440154"))
        #expect(ColorMap.viridis.color(at: 1).hexString.lowercased().hasPrefix("#fde725"))
        #expect(ColorMap.magma.color(at: 1).hexString.lowercased().hasPrefix("#fcfdbf"))
        #expect(ColorMap.cividis.color(at: 0).hexString.lowercased().hasPrefix("#00224e"))
        #expect(ColorMap.coolwarm.isDiverging && ColorMap.coolwarm.color(at: 0.5).hexString.lowercased().hasPrefix("#dddddd"))
        for map in [ColorMap.viridis, .magma, .cividis] {
            let lightness = (0...20).map { map.color(at: Double($0) / 20).luminance }
            #expect(zip(lightness, lightness.dropFirst()).allSatisfy { $0 < $1 }, "\(map.name) is not monotonic in lightness")
        }
    }
}
