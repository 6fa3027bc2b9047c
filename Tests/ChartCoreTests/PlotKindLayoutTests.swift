import Testing
import Foundation
import ChartCore

/// The layouts of the plot kinds beyond plain bars: stacked and horizontal bars with value
/// labels, line and scatter plots (gaps, curves, steps, areas, symbols), pies and donuts, and a
/// second y axis. Pure ChartCore with fixed text metrics.
@Suite("Plot kind layout")
struct PlotKindLayoutTests {
    static func transform(_ graph: Graph, _ scene: Scene) -> CoordinateTransform {
        scene.transform(ofSpace: "default")!
    }

    /// The bar rects of `plotID` by record.
    static func bars(_ scene: Scene, _ plotID: String) throws -> [Int: Rect] {
        let plot = try #require(scene.plot(plotID))
        return Dictionary(uniqueKeysWithValues: plot.items.map { ($0.record, $0.bounds) })
    }

    /// The wedges of `plotID` in item order.
    static func wedges(_ scene: Scene, _ plotID: String) throws
        -> [(record: Int, center: Point, radius: Double, inner: Double, start: Double, end: Double)]
    {
        try #require(scene.plot(plotID)).items.map { item in
            guard case .wedge(let c, let r, let inner, let start, let end) = item.shape else {
                Issue.record("\(plotID)[\(item.record)] is not a wedge: \(item.shape)")
                return (item.record, .zero, 0, 0, 0, 0)
            }
            return (item.record, c, r, inner, start, end)
        }
    }

    /// Every pair of rects in `rects` that share interior area.
    static func overlapping(_ rects: [(String, Rect)]) -> [String] {
        var pairs: [String] = []
        for i in rects.indices {
            for j in rects.indices where j > i && rects[i].1.intersects(rects[j].1) {
                pairs.append("\(rects[i].0) \(rects[i].1) / \(rects[j].0) \(rects[j].1)")
            }
        }
        return pairs
    }

    /// Whether `inner` lies inside `outer`, allowing for floating-point error.
    static func inside(_ inner: Rect, _ outer: Rect) -> Bool {
        outer.insetBy(dx: -1e-6, dy: -1e-6).contains(inner)
    }

    // MARK: Stacked bars

    @Test(
        "A stacked plot's bars start where the ones below end, negatives downwards; y fits the totals",
        arguments: [Size(width: 640, height: 480), Size(width: 400, height: 300), Size(width: 1200, height: 600)])
    func stackedBars(size: Size) throws {
        let graph = Graph(title: "Stacked")
        let a = BarPlot(identifier: "a", values: [3, -2, 5, 1, -1])
        let b = BarPlot(identifier: "b", values: [2, -1, -3, 4, 2])
        let c = BarPlot(identifier: "c", values: [1, -2, 2, nil, -1])
        b.stackedOn = a
        c.stackedOn = b
        graph.add(a)
        graph.add(b)
        graph.add(c)
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let t = Self.transform(graph, scene)
        let (ra, rb, rc) = (try Self.bars(scene, "a"), try Self.bars(scene, "b"), try Self.bars(scene, "c"))
        let base = try #require(t.deviceY(0)).rounded()

        // Record 0: all positive, each on top of the one below.
        #expect(ra[0]?.maxY == base)
        #expect(rb[0]?.maxY == ra[0]?.minY)
        #expect(rc[0]?.maxY == rb[0]?.minY)
        #expect(rc[0]?.minY == t.deviceY(6)?.rounded())
        // Record 1: all negative, each below the one above.
        #expect(ra[1]?.minY == base)
        #expect(rb[1]?.minY == ra[1]?.maxY)
        #expect(rc[1]?.minY == rb[1]?.maxY)
        #expect(rc[1]?.maxY == t.deviceY(-5)?.rounded())
        // Record 2: A up, B down from the base (not from A's top), C up on A.
        #expect(rb[2]?.minY == base)
        #expect(rb[2]?.maxY == t.deviceY(-3)?.rounded())
        #expect(rc[2]?.maxY == ra[2]?.minY)
        #expect(rc[2]?.minY == t.deviceY(7)?.rounded())
        // Record 3: C has no value, so no bar; B still on A.
        #expect(rc[3] == nil)
        #expect(rb[3]?.maxY == ra[3]?.minY)
        // Record 4: A down, B up from the base, C down below A.
        #expect(rb[4]?.maxY == base)
        #expect(rc[4]?.minY == ra[4]?.maxY)
        // Stacked bars share their slot: same x and width.
        for record in 0..<5 {
            for rect in [rb[record], rc[record]].compactMap({ $0 }) {
                #expect(rect.minX == ra[record]?.minX && rect.width == ra[record]?.width, "record \(record): \(rect)")
            }
        }
        // The y range holds the stacked totals (7 up, -5 down), and every bar is inside the plot area.
        let range = graph.defaultPlotSpace.effectiveRanges(for: graph.plots).y
        #expect(range.lower <= -5 && range.upper >= 7, "y range \(range)")
        for rect in [ra, rb, rc].flatMap(\.values) {
            #expect(scene.plotArea.contains(rect), "\(rect) outside \(scene.plotArea)")
        }
    }

    @Test("Hiding the plot below drops a stacked plot's bars onto the base")
    func stackedOnAHiddenPlot() throws {
        let graph = Graph()
        let a = BarPlot(identifier: "a", values: [3, 2])
        let b = BarPlot(identifier: "b", values: [2, 1])
        b.stackedOn = a
        graph.add(a)
        graph.add(b)
        a.isHidden = true
        let scene = layout(graph, 640, 480)
        let t = Self.transform(graph, scene)
        // B's bars float where A's ended, over nothing, on a y range that leaves out 0.
        #expect(t.yRange.contains(0), "y range \(t.yRange)")
        let base = try #require(t.deviceY(0)).rounded()
        for bar in try #require(scene.plot("b")).items {
            #expect(bar.bounds.maxY == base, "record \(bar.record): \(bar.bounds) does not stand on the base \(base)")
        }
    }

    // MARK: Horizontal bars

    @Test("Horizontal bars grow along x from the base, categories on the y axis")
    func horizontalBars() throws {
        let graph = Graph(title: "Fruit")
        let names = ["Apples", "Pears", "Plums", "Cherries"]
        let plot = BarPlot(identifier: "fruit", values: [3, 5, -2, 4], categories: names)
        plot.barsAreHorizontal = true
        plot.barWidth = 0.5
        plot.showsValueLabels = true
        graph.add(plot)
        graph.defaultPlotSpace.yScale = .category
        let scene = layout(graph, 640, 480)
        let t = Self.transform(graph, scene)
        let items = try #require(scene.plot("fruit")).items
        #expect(items.count == 4)
        let base = try #require(t.deviceX(0)).rounded()
        for item in items {
            let rect = item.bounds
            let tip = try #require(t.deviceX(item.value)).rounded()
            if item.value >= 0 {
                #expect(rect.minX == base && rect.maxX == tip, "record \(item.record): \(rect)")
            } else {
                #expect(rect.maxX == base && rect.minX == tip, "record \(item.record): \(rect)")
            }
            // Across: centered on the record's location along y, half a unit tall.
            let center = try #require(t.deviceY(Double(item.record)))
            #expect(isClose(rect.midY, center, tolerance: 1), "record \(item.record): \(rect) vs y \(center)")
            let height = abs(try #require(t.deviceY(0.25)) - (try #require(t.deviceY(-0.25))))
            #expect(isClose(rect.height, height, tolerance: 1))
            #expect(item.base?.isHorizontal == true)
        }
        // Value labels beyond each tip: right of a positive bar, left of a negative one.
        let labels = try #require(scene.plot("fruit")).labels
        #expect(labels.map(\.text) == ["3", "5", "-2", "4"])
        for (item, label) in zip(items, labels) {
            let (bar, r) = (item.bounds, label.rect)
            #expect(item.value >= 0 ? r.minX >= bar.maxX : r.maxX <= bar.minX, "label \(label.text) \(r), bar \(bar)")
            #expect(isClose(r.midY, bar.midY, tolerance: 0.5))
            #expect(Self.inside(r, scene.plotArea))
        }
        // Longer values, wider bars; the first record lowest (y grows upwards).
        let widths = items.map(\.bounds.width)
        #expect(widths[1] > widths[3] && widths[3] > widths[0])
        #expect(items[0].bounds.minY > items[1].bounds.minY)
        // The y axis names the categories; the x axis numbers the values.
        let yLabels = try #require(scene.axes.first { $0.axisID == "y" }).labels.map(\.text)
        #expect(Set(yLabels) == Set(names) && yLabels.count == names.count, "y labels \(yLabels)")
        let xLabels = try #require(scene.axes.first { $0.axisID == "x" }).labels.map(\.text)
        #expect(xLabels.allSatisfy { Double($0.replacingOccurrences(of: "−", with: "-")) != nil }, "x labels \(xLabels)")
    }

    // MARK: Value labels

    @Test(
        "Value labels: one per bar, above it (below a negative one), apart, inside the plot area",
        arguments: [Size(width: 640, height: 480), Size(width: 400, height: 300), Size(width: 1024, height: 768)])
    func valueLabels(size: Size) throws {
        let graph = Graph(title: "Balance")
        let values: [Double] = [3, -2, 5, 4, -1, 2]
        let plot = BarPlot(identifier: "p", values: values.map(Optional.some))
        plot.showsValueLabels = true
        graph.add(plot)
        graph.defaultPlotSpace.yRange = PlotRange(-4, 8)
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let plotScene = try #require(scene.plot("p"))
        #expect(plotScene.labels.count == plotScene.items.count)
        #expect(plotScene.labels.map(\.text) == ["3", "-2", "5", "4", "-1", "2"])
        for (item, label) in zip(plotScene.items, plotScene.labels) {
            let bar = item.bounds, r = label.rect
            if item.value >= 0 {
                #expect(r.maxY <= bar.minY, "label \(label.text) \(r) is not above its bar \(bar)")
            } else {
                #expect(r.minY >= bar.maxY, "label \(label.text) \(r) is not below its bar \(bar)")
            }
            #expect(isClose(r.midX, bar.midX, tolerance: 0.5), "label \(label.text) \(r) is off its bar \(bar)")
            #expect(Self.inside(r, scene.plotArea), "label \(label.text) \(r) outside \(scene.plotArea)")
        }
        #expect(Self.overlapping(plotScene.labels.map { ($0.text, $0.rect) }).isEmpty)
    }

    @Test("Crowded value labels never overlap and stay inside the plot area", arguments: sampleSizes)
    func crowdedValueLabels(size: Size) throws {
        let graph = Graph()
        let values: [Double] = (0..<60).map { (i: Int) -> Double in Double((i * 37) % 23) * 100 - 500 }
        let plot = BarPlot(identifier: "p", values: values)
        plot.showsValueLabels = true
        graph.add(plot)
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let plotScene = try #require(scene.plot("p"))
        #expect(!plotScene.labels.isEmpty)
        #expect(Self.overlapping(plotScene.labels.map { ($0.text, $0.rect) }).isEmpty, "at \(size)")
        for label in plotScene.labels {
            #expect(Self.inside(label.rect, scene.plotArea), "label \(label.text) \(label.rect) outside \(scene.plotArea) at \(size)")
        }
    }

    @Test("Rounded corners leave the bar rectangles as they are")
    func cornerRadius() throws {
        func bars(radius: Double) throws -> [PlotItem] {
            let graph = SampleGraph.balance.make()
            let plot = try #require(graph.plot(identifier: "balance") as? BarPlot)
            plot.barCornerRadius = radius
            return Array(try #require(layout(graph, 800, 600).plot("balance")).items)
        }
        let square = try bars(radius: 0), round = try bars(radius: 6)
        #expect(square.map(\.bounds) == round.map(\.bounds))
        // Layout chose the corners: those of each bar's tip, the radius clamped to the bar.
        for item in round {
            guard case .rect(let rect, let corners) = item.shape else { Issue.record("not a rect"); continue }
            #expect(corners.radius == min(6, rect.width / 2, rect.height / 2))
            #expect(corners.corners == (item.pointsDown ? [.bottomLeft, .bottomRight] : [.topLeft, .topRight]))
        }
        for item in square {
            guard case .rect(_, let corners) = item.shape else { Issue.record("not a rect"); continue }
            #expect(corners.isSquare)
        }
    }

    // MARK: Line and scatter plots

    @Test("A missing value breaks the line into two paths")
    func gapBreaksTheLine() throws {
        let graph = Graph()
        graph.add(ScatterPlot(identifier: "s", y: [1, 2, nil, 4, 5, 3]))
        let scene = layout(graph, 640, 480)
        let plot = try #require(scene.plot("s"))
        #expect(plot.kind == .line)
        #expect(plot.items.map(\.record) == [0, 1, 3, 4, 5])
        let lines = plot.paths.filter { $0.stroke != nil }
        #expect(lines.count == 2)
        #expect(lines.first?.vertices == plot.items.prefix(2).map(\.anchor))
        #expect(lines.last?.vertices == plot.items.suffix(3).map(\.anchor))
        #expect(plot.paths.allSatisfy { $0.fill == nil })
    }

    /// The point at `t` of the cubic Bézier p0, c1, c2, p3.
    static func bezier(_ p0: Point, _ c1: Point, _ c2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
        return Point(x: a * p0.x + b * c1.x + c * c2.x + d * p3.x, y: a * p0.y + b * c1.y + c * c2.y + d * p3.y)
    }

    @Test(
        "A curved line passes through every point and never overshoots between two of them",
        arguments: [[0, 10, 10, 0, 5, 5, 20], [1, 3, 2, 8, 7.5, 7.6, 0, 0, 9], [5, 4, 3, 2, 1, 30, 31]] as [[Double]])
    func curvedDoesNotOvershoot(values: [Double]) throws {
        let graph = Graph()
        let plot = ScatterPlot(identifier: "s", y: values.map(Optional.some))
        plot.interpolation = .curved
        graph.add(plot)
        let scene = layout(graph, 800, 600)
        let plotScene = try #require(scene.plot("s"))
        let path = try #require(plotScene.paths.first { $0.stroke != nil })
        #expect(path.vertices == plotScene.items.map(\.anchor))
        var current: Point?
        var curves = 0
        for element in path.elements {
            switch element {
            case .move(let p), .line(let p):
                current = p
            case .curve(let c1, let c2, let end):
                let start = try #require(current)
                let (low, high) = (min(start.y, end.y), max(start.y, end.y))
                var previousX = start.x
                for step in 0...100 {
                    let p = Self.bezier(start, c1, c2, end, Double(step) / 100)
                    #expect(
                        p.y >= low - 1e-6 && p.y <= high + 1e-6,
                        "the curve from \(start) to \(end) reaches y \(p.y) at t \(Double(step) / 100)")
                    #expect(p.x >= previousX - 1e-6, "the curve from \(start) to \(end) turns back in x")
                    previousX = p.x
                }
                current = end
                curves += 1
            case .close:
                Issue.record("a line path is closed")
            }
        }
        #expect(curves == values.count - 1)
    }

    @Test("A stepped line has only level and upright segments")
    func stepped() throws {
        let graph = Graph()
        let plot = ScatterPlot(identifier: "s", x: [0, 1, 2.5, 3, 4, 6, 7], y: [2, 5, 3, nil, 4, 1, 6])
        plot.interpolation = .stepped
        graph.add(plot)
        let scene = layout(graph, 640, 480)
        let plotScene = try #require(scene.plot("s"))
        let lines = plotScene.paths.filter { $0.stroke != nil }
        #expect(lines.count == 2)
        for path in lines {
            #expect(path.elements.allSatisfy { if case .curve = $0 { false } else { true } })
            let vertices = path.vertices
            for (a, b) in zip(vertices, vertices.dropFirst()) {
                #expect(a.x == b.x || a.y == b.y, "segment \(a) → \(b) is slanted")
            }
        }
        // Every point is on the line.
        let onLine = Set(lines.flatMap(\.vertices))
        #expect(plotScene.items.allSatisfy { onLine.contains($0.anchor) })
    }

    @Test("An area fill adds a closed fill path down to the base, under the line")
    func areaFill() throws {
        let graph = Graph()
        let plot = ScatterPlot(identifier: "s", y: [2, 5, 3, 4])
        plot.areaFill = .solid(Color(rgb: 0x4E79A7, alpha: 0.3))
        plot.areaBaseValue = 1
        graph.add(plot)
        let scene = layout(graph, 640, 480)
        let t = Self.transform(graph, scene)
        let plotScene = try #require(scene.plot("s"))
        #expect(plotScene.paths.count == 2)
        let fill = try #require(plotScene.paths.first)
        #expect(fill.fill == plot.areaFill && fill.stroke == nil)
        #expect(fill.elements.last == .close)
        let base = try #require(t.deviceY(1))
        let anchors = plotScene.items.map(\.anchor)
        #expect(Array(fill.vertices.prefix(anchors.count)) == anchors)
        #expect(fill.vertices.suffix(2).map(\.y).allSatisfy { isClose($0, base, tolerance: 1e-9) })
        #expect(fill.vertices.suffix(2).map(\.x) == [anchors.last!.x, anchors.first!.x])
        #expect(plotScene.paths.last?.stroke != nil, "the line is drawn over the area")
        // The range reaches down to the base.
        #expect(graph.defaultPlotSpace.effectiveRanges(for: graph.plots).y.lower <= 1)
    }

    @Test("Symbols sit on the items, sized with the scale, in the line's color unless set", arguments: [1.0, 2.0])
    func symbols(scale: Double) throws {
        let graph = Graph()
        let plot = ScatterPlot(identifier: "s", y: [2, 5, 3])
        plot.lineStyle = LineStyle(color: Color(rgb: 0x8B5A2B), width: 2)
        plot.symbol = PlotSymbol(.diamond, size: 9)
        let dots = ScatterPlot(identifier: "dots", y: [1, 4, 2])
        dots.showsLine = false
        dots.symbol = PlotSymbol(.cross, size: 10, lineStyle: LineStyle(color: .white, width: 2))
        graph.add(plot)
        graph.add(dots)
        let scene = layout(graph, 640, 480, scale: scale)
        let line = try #require(scene.plot("s"))
        #expect(line.items.count == 3)
        for item in line.items {
            guard case .point(let p, let symbol?) = item.shape else { Issue.record("no symbol on \(item)"); continue }
            #expect(p == item.anchor)
            #expect(symbol.shape == .diamond && symbol.size == 9 * scale)
            #expect(symbol.fill == .solid(Color(rgb: 0x8B5A2B)))
            #expect(item.bounds.width == 9 * scale && item.bounds.center == p)
        }
        let scatter = try #require(scene.plot("dots"))
        #expect(scatter.kind == .scatter)
        #expect(scatter.paths.isEmpty)
        for item in scatter.items {
            guard case .point(_, let symbol?) = item.shape else { Issue.record("no symbol on \(item)"); continue }
            #expect(symbol.shape == .cross && symbol.size == 10 * scale)
            #expect(symbol.lineStyle?.width == 2 * scale)
            // The item's fill is the color the dump reports for checking pixels: a cross is
            // drawn in its own line color, white here, not the series color.
            #expect(item.fill.representativeColor == .white)
        }
    }

    @Test("A scatter record's popup reads \"x-title X · Series Y\", dates at their resolution")
    func scatterPopup() throws {
        let plot = ScatterPlot(identifier: "t", title: "Temperature", x: [1, 2.5, 4], y: [10, 12.25, nil])
        let titled = RecordContext(locationScale: .linear, locationTitle: "hour", valueFormat: .fixed(decimals: 2))
        #expect(plot.describe(record: 1, in: titled)?.text == "hour 2.5 · Temperature 12.25")
        #expect(plot.describe(record: 0, in: RecordContext(valueFormat: .fixed(decimals: 0)))?.text == "1 · Temperature 10")
        #expect(plot.describe(record: 2, in: titled) == nil)
        // With category names, x is the name; the window's popup shows the same text.
        let named = ScatterPlot(identifier: "n", title: "Mood", y: [3, 4], categories: ["Mon", "Tue"])
        #expect(named.describe(record: 1, in: RecordContext(locationScale: .category, locationTitle: "day"))?.text == "Tue · Mood 4")
        // On a date axis, the date at the data's resolution, never seconds since 1970.
        let days = [DateResolution.startOfYear(2008) + 60 * 86_400, DateResolution.startOfYear(2008) + 61 * 86_400]
        let daily = ScatterPlot(identifier: "d", title: "AAPL", x: days, y: [143.5, 150])
        #expect(daily.describe(record: 0, in: RecordContext(locationScale: .date))?.text == "2008-03-01 · AAPL 143.50")
        let yearly = ScatterPlot(identifier: "y", title: "GDP", x: [DateResolution.startOfYear(2013), DateResolution.startOfYear(2014)], y: [5000, 12000])
        #expect(yearly.describe(record: 0, in: RecordContext(locationScale: .date))?.text == "2013 · GDP 5,000")
        let graph = Graph()
        graph.add(plot)
        let interaction = ChartInteraction(graph: graph, size: Size(width: 640, height: 480), measurer: testMeasurer)
        let point = try #require(interaction.scene.plot("t")?.items.first { $0.record == 1 })
        interaction.click(at: point.anchor)
        interaction.layoutIfNeeded()
        let popup = try #require(interaction.scene.annotations.first { $0.identifier == ChartInteraction.popupIdentifier })
        #expect(popup.text.text == "2.5 · Temperature 12.25")
    }

    // MARK: Pie charts

    func pieGraph(_ values: [Double?], names: [String]? = nil, configure: (PieChart) -> Void = { _ in }) -> Graph {
        let graph = Graph(title: "Pie")
        let pie = PieChart(identifier: "pie", values: values, names: names)
        configure(pie)
        graph.add(pie)
        return graph
    }

    @Test("Wedges sweep in proportion, in record order, and close the circle", arguments: [PieChart.Direction.clockwise, .counterClockwise])
    func wedgeAngles(direction: PieChart.Direction) throws {
        let values: [Double] = [3, 1, 2, 4]
        let graph = pieGraph(values.map(Optional.some)) { $0.sliceDirection = direction }
        let wedges = try Self.wedges(layout(graph, 640, 480), "pie")
        #expect(wedges.map(\.record) == [0, 1, 2, 3])
        let total = wedges.reduce(0) { $0 + ($1.end - $1.start) }
        #expect(isClose(total, 2 * .pi, tolerance: 1e-9))
        for (wedge, value) in zip(wedges, values) {
            #expect(wedge.start < wedge.end)
            #expect(isClose(wedge.end - wedge.start, 2 * .pi * value / 10, tolerance: 1e-9))
        }
        // Start angle 90 (Core Plot's degrees, counter-clockwise) is 12 o'clock: -π/2 in Cairo's radians.
        for (a, b) in zip(wedges, wedges.dropFirst()) {
            if direction == .clockwise {
                #expect(isClose(b.start, a.end, tolerance: 1e-9), "clockwise: each slice starts where the last ended")
            } else {
                #expect(isClose(b.end, a.start, tolerance: 1e-9), "counter-clockwise: each slice ends where the last started")
            }
        }
        if direction == .clockwise {
            #expect(isClose(wedges[0].start, -.pi / 2, tolerance: 1e-9))
        } else {
            #expect(isClose(wedges[0].end, -.pi / 2, tolerance: 1e-9))
        }
    }

    @Test("Start angle 45 clockwise puts the first slice's start at -π/4; counter-clockwise, its end")
    func startAngle() throws {
        for direction in [PieChart.Direction.clockwise, .counterClockwise] {
            let graph = pieGraph([1, 2, 3]) {
                $0.startAngle = 45
                $0.sliceDirection = direction
            }
            let first = try #require(try Self.wedges(layout(graph, 640, 480), "pie").first)
            let edge = direction == .clockwise ? first.start : first.end
            #expect(isClose(edge, -.pi / 4, tolerance: 1e-9), "\(direction): \(first)")
            // Clockwise on screen: the first slice (a sixth) lies right of 12 o'clock, below 45°.
            let mid = (first.start + first.end) / 2
            #expect(direction == .clockwise ? cos(mid) > 0 && mid > -.pi / 4 : mid < -.pi / 4)
        }
    }

    @Test("Zero, negative and missing values get no slice and no legend entry")
    func nonPositiveValues() throws {
        let graph = pieGraph([2, 0, -1, nil, 3, .nan], names: ["a", "b", "c", "d", "e", "f"])
        let scene = layout(graph, 640, 480)
        let wedges = try Self.wedges(scene, "pie")
        #expect(wedges.map(\.record) == [0, 4])
        #expect(isClose(wedges[0].end - wedges[0].start, 2 * .pi * 2 / 5, tolerance: 1e-9))
        let legend = try #require(scene.legend)
        #expect(legend.entries.map(\.record) == [0, 4])
        #expect(legend.entries.map(\.title) == ["a", "e"])
    }

    @Test("A donut's hole is the set share of the radius", arguments: [0.5, 0.25, 0.0])
    func donut(fraction: Double) throws {
        let graph = pieGraph([1, 2, 3]) { $0.innerRadiusFraction = fraction }
        for wedge in try Self.wedges(layout(graph, 640, 480), "pie") {
            #expect(isClose(wedge.inner, wedge.radius * fraction, tolerance: 1e-9))
            #expect(wedge.radius > 0)
        }
    }

    @Test("Slice labels never overlap each other", arguments: reasonableSizes)
    func sliceLabelsApart(size: Size) throws {
        let values: [Double?] = [30, 1, 1, 1, 2, 1, 25, 1, 1, 1, 20, 1, 0.5, 0.5]
        let names = values.indices.map { "Slice \($0)" }
        let outside = pieGraph(values, names: names)
        let inside = pieGraph(values, names: names) {
            $0.innerRadiusFraction = 0.45
            $0.labelOffset = -6
            $0.labelTextStyle = TextStyle(fontSize: 13, isBold: true, color: .white)
        }
        let rates = pieGraph([1.094, 1.272, 1.156, 0.661, 0.716], names: ["EUR", "GBP", "CHF", "JPY", "CAD"]) {
            $0.startAngle = 45
        }
        for (name, graph) in [("outside", outside), ("inside", inside), ("rates", rates)] {
            let scene = graph.layout(size: size, measurer: testMeasurer)
            let labels = try #require(scene.plot("pie")).labels
            // A label per slice, or none at all where they would leave the pie less than half
            // the room (a small window): the legend and the popups still say it.
            let slices = scene.plot("pie")?.items.count ?? -1
            #expect(
                labels.count == slices || (labels.isEmpty && name == "outside" && size.width * size.height <= 400 * 300),
                "\(name) at \(size): a label per slice")
            let pairs = Self.overlapping(labels.map { ($0.text, $0.rect) })
            #expect(pairs.isEmpty, "\(name) at \(size): \(pairs.prefix(4))")
        }
    }

    @Test("Outside slice labels stay off the pie, even where many small slices crowd one side")
    func outsideLabelsStayOffThePie() throws {
        let values: [Double?] = [30, 1, 1, 1, 2, 1, 25, 1, 1, 1, 20, 1, 0.5, 0.5]
        // The labels spread down their column from the top keep their x near the pie's
        // middle, so the lower ones land on the slices.
        for size in reasonableSizes {
            let scene = pieGraph(values, names: values.indices.map { "Slice \($0)" }).layout(size: size, measurer: testMeasurer)
            let wedges = try Self.wedges(scene, "pie")
            let (c, r) = (wedges[0].center, wedges[0].radius)
            for label in try #require(scene.plot("pie")).labels {
                let rect = label.rect
                let nearest = Point(x: min(max(c.x, rect.minX), rect.maxX), y: min(max(c.y, rect.minY), rect.maxY))
                #expect(nearest.distance(to: c) >= r - 0.5, "at \(size): label \(label.text) \(rect) lies on the pie (center \(c), radius \(r))")
            }
        }
    }

    @Test("A pie's legend has an entry per slice, naming its record; a graph of pies has no axes")
    func pieLegendAndNoAxes() throws {
        let graph = pieGraph([5, 3, 2, 1], names: ["North", "South", "East", "West"])
        let scene = layout(graph, 800, 600)
        let legend = try #require(scene.legend)
        #expect(legend.entries.count == 4)
        #expect(legend.entries.map(\.record) == [0, 1, 2, 3])
        #expect(legend.entries.map(\.title) == ["North", "South", "East", "West"])
        #expect(legend.entries.allSatisfy { $0.plotID == "pie" })
        // Each entry's swatch has its slice's color.
        let items = try #require(scene.plot("pie")).items
        #expect(legend.entries.map { $0.swatchFill?.representativeColor } == items.map { $0.fill.representativeColor })
        #expect(scene.axes.isEmpty)
        #expect(scene.gridLines.isEmpty)
    }

    // MARK: A second y axis

    @Test(
        "A line on a second y axis lines up with the bars at the same locations",
        arguments: [Size(width: 900, height: 600), Size(width: 400, height: 300), Size(width: 1400, height: 600)])
    func secondYAxis(size: Size) throws {
        let graph = Graph(title: "Two axes")
        graph.add(BarPlot(identifier: "bars", values: [5, 8, nil, 3, 6, 7]))
        let space = XYPlotSpace(identifier: "right")
        graph.add(space)
        let line = ScatterPlot(identifier: "line", x: [0, 1, 2, 3, 4, 5], y: [100, 250, 180, 300, nil, 120])
        line.plotSpace = space
        graph.add(line)
        graph.axes.append(Axis(identifier: "y2", coordinate: .y, edge: .right, plotSpaceIdentifier: "right", showsMajorGridLines: false))
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let bars = try Self.bars(scene, "bars")
        let points = try #require(scene.plot("line")).items
        var compared = 0
        for point in points {
            guard let bar = bars[point.record] else { continue }
            #expect(isClose(point.anchor.x, bar.midX, tolerance: 1), "record \(point.record): point x \(point.anchor.x), bar \(bar)")
            compared += 1
        }
        #expect(compared == 4)
        // Each uses its own y range: the line's 100…300 spans the plot area as the bars' 0…8 do.
        for point in points {
            #expect(scene.plotArea.contains(point.anchor), "point \(point.record) \(point.anchor) outside \(scene.plotArea)")
        }
        let highest = try #require(points.min { $0.anchor.y < $1.anchor.y })
        #expect(highest.record == 3)
        let y2 = try #require(scene.axes.first { $0.axisID == "y2" })
        #expect(!y2.labels.isEmpty)
        #expect(y2.labels.allSatisfy { $0.rect.minX >= scene.plotArea.maxX }, "y2 labels: \(y2.labels.map(\.rect))")
    }
}
