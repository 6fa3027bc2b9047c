import Testing
import Foundation
import ChartCore

@Suite("Bar layout")
struct BarLayoutTests {
    /// The transform the graph's default plot space uses for `scene`'s plot area.
    static func transform(_ graph: Graph, _ scene: Scene) -> CoordinateTransform {
        scene.transform(ofSpace: "default")!
    }

    @Test("One item per finite value; missing values give none")
    func oneItemPerFiniteValue() throws {
        let graph = Graph()
        graph.add(BarPlot(identifier: "p", values: [3, nil, 5, -2, nil, 0, .nan, 7, .infinity]))
        let scene = layout(graph, 640, 480)
        let plot = try #require(scene.plot("p"))
        #expect(plot.items.map(\.record) == [0, 2, 3, 5, 7])
        #expect(plot.items.map(\.value) == [3, 5, -2, 0, 7])
        #expect(plot.isVisible)
        #expect(plot.kind == .bar)
        #expect(plot.clip == scene.plotArea)
    }

    @Test("Bar rectangles lie on whole pixels and inside the plot area", arguments: SampleGraph.allCases, reasonableSizes)
    func wholePixels(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        for plot in scene.plots {
            for item in plot.items {
                #expect(item.bounds.isPixelAligned, "\(plot.plotID)[\(item.record)] \(item.bounds)")
                #expect(item.bounds.width >= 1)
                #expect(scene.plotArea.contains(item.bounds), "\(plot.plotID)[\(item.record)] \(item.bounds) outside \(scene.plotArea)")
            }
        }
    }

    @Test(
        "Grouped bars (width 0.25, offsets -0.25/0/0.25) never overlap and keep their order",
        arguments: [
            Size(width: 400, height: 300), Size(width: 640, height: 480), Size(width: 777, height: 555),
            Size(width: 1024, height: 768), Size(width: 1999, height: 1001)
        ])
    func groupedBarsDoNotOverlap(size: Size) throws {
        let graph = SampleGraph.groupedBars.make()
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let t = Self.transform(graph, scene)
        let groups = try ["eur", "gbp", "chf"].map { try #require(scene.plot($0)).items.map(\.bounds) }
        #expect(groups.allSatisfy { $0.count == 7 })
        var previousRight = -Double.infinity
        for record in 0..<7 {
            let bars = groups.map { $0[record] }
            for bar in bars {
                #expect(bar.minX >= previousRight, "record \(record): \(bar) overlaps the bar to its left")
                #expect(bar.width > 0)
                previousRight = bar.maxX
            }
            // The group is centered on its category.
            let center = (bars[0].minX + bars[2].maxX) / 2
            #expect(isClose(center, try #require(t.deviceX(Double(record))), tolerance: 1.5))
            // Bars of one group are about equally wide (rounding moves an edge by at most a pixel).
            let widths = bars.map(\.width)
            #expect(widths.max()! - widths.min()! <= 1)
        }
    }

    @Test("A negative bar extends down from its base; a positive one up")
    func negativeBars() throws {
        let graph = SampleGraph.balance.make()
        let scene = layout(graph, 800, 600)
        let baseY = try #require(Self.transform(graph, scene).deviceY(0))
        let items = try #require(scene.plot("balance")).items
        #expect(items.count == 12)
        for item in items {
            let rect = item.bounds
            if item.value < 0 {
                #expect(isClose(rect.minY, baseY, tolerance: 0.5), "negative bar starts at the base")
                #expect(rect.maxY > baseY)
                #expect(item.pointsDown)
                #expect(item.anchor.y == rect.maxY)
            } else {
                #expect(isClose(rect.maxY, baseY, tolerance: 0.5), "positive bar ends at the base")
                #expect(rect.minY < baseY)
                #expect(!item.pointsDown)
                #expect(item.anchor.y == rect.minY)
            }
            #expect(item.anchor.x == rect.midX)
        }
    }

    @Test("Bar height is proportional to the value")
    func heightProportional() throws {
        let graph = Graph()
        let values: [Double] = [10, 20, 40, 80, 100, 55.5]
        graph.add(BarPlot(identifier: "p", values: values))
        graph.defaultPlotSpace.yRange = PlotRange(0, 100)
        let scene = layout(graph, 800, 600)
        let items = try #require(scene.plot("p")).items
        for item in items {
            let expected = item.value / 100 * scene.plotArea.height
            #expect(isClose(item.bounds.height, expected, tolerance: 1), "\(item.value): \(item.bounds.height) vs \(expected)")
            #expect(item.bounds.maxY == scene.plotArea.maxY)
        }
        #expect(items[4].bounds.minY == scene.plotArea.minY)
    }

    @Test("A bar past the y range is cut at the plot area's edge")
    func clampedBar() throws {
        let graph = Graph()
        graph.add(BarPlot(identifier: "p", values: [150, -50, 50]))
        graph.defaultPlotSpace.yRange = PlotRange(0, 100)
        let scene = layout(graph, 640, 480)
        let items = try #require(scene.plot("p")).items
        #expect(items[0].bounds.minY == scene.plotArea.minY)
        #expect(items[0].bounds.maxY == scene.plotArea.maxY)
        // Entirely below the range: clamped to zero height at the bottom.
        #expect(items[1].bounds.height == 0)
        #expect(items[1].bounds.minY == scene.plotArea.maxY)
    }

    @Test("Bars sit at their locations, with a width in data units")
    func locationsAndWidth() throws {
        let graph = Graph()
        let plot = BarPlot(identifier: "p", values: [1, 2, 3], locations: [0, 2.5, 10])
        plot.barWidth = 0.5
        graph.add(plot)
        let scene = layout(graph, 1000, 500)
        let t = Self.transform(graph, scene)
        for (item, location) in zip(try #require(scene.plot("p")).items, [0, 2.5, 10]) {
            #expect(isClose(item.bounds.midX, try #require(t.deviceX(location)), tolerance: 1))
            let width = try #require(t.deviceX(0.5)) - #require(t.deviceX(0))
            #expect(isClose(item.bounds.width, width, tolerance: 1))
        }
    }

    @Test("Per-record fills, the plot's fill, or the palette color by plot index")
    func fills() throws {
        let red = Fill.solid(Color(rgb: 0xFF0000)), blue = Fill.solid(Color(rgb: 0x0000FF))
        let graph = Graph()
        graph.add(BarPlot(identifier: "a", values: [1, 2, 3]))
        graph.add(BarPlot(identifier: "b", values: [1, 2, 3], fills: [red, blue]))
        let c = BarPlot(identifier: "c", values: [1, 2])
        c.fill = blue
        graph.add(c)
        let scene = layout(graph, 800, 600)
        #expect(try #require(scene.plot("a")).items.allSatisfy { $0.fill == .solid(graph.theme.seriesColor(0)) })
        #expect(try #require(scene.plot("b")).items.map(\.fill) == [red, blue, red])
        #expect(try #require(scene.plot("c")).items.allSatisfy { $0.fill == blue })
        let legend = try #require(scene.legend)
        #expect(legend.entries.map(\.swatchFill) == [.solid(graph.theme.seriesColor(0)), red, blue])
    }

    @Test("A hidden plot has no items but keeps its place")
    func hiddenPlot() throws {
        let graph = Graph()
        graph.add(BarPlot(identifier: "a", values: [1, 2, 3]))
        let hidden = BarPlot(identifier: "b", values: [4, 5, 6])
        hidden.isHidden = true
        graph.add(hidden)
        let scene = layout(graph, 800, 600)
        #expect(scene.plots.map(\.plotID) == ["a", "b"])
        let b = try #require(scene.plot("b"))
        #expect(!b.isVisible)
        #expect(b.items.isEmpty)
        // Hidden data does not stretch the y range.
        #expect(Self.transform(graph, scene).yRange.upper < 4)
    }

    @Test("scale 2 doubles fonts and lines, and geometry still fits")
    func scaleTwo() throws {
        let one = SampleGraph.groupedBars.make()
        let two = SampleGraph.groupedBars.make()
        let scene1 = layout(one, 640, 480)
        let scene2 = layout(two, 1280, 960, scale: 2)
        #expect(scene2.scale == 2)
        #expect(scene2.title?.style.fontSize == 2 * (scene1.title?.style.fontSize ?? 0))
        #expect(scene2.title?.style.fontSize == 34)
        for (a, b) in zip(scene1.axes, scene2.axes) {
            #expect(a.axisID == b.axisID)
            #expect(b.line?.style.width == 2 * (a.line?.style.width ?? 0))
            #expect(zip(a.labels, b.labels).allSatisfy { $1.style.fontSize == 2 * $0.style.fontSize })
            #expect(b.title?.style.fontSize == a.title.map { 2 * $0.style.fontSize })
        }
        let legend1 = try #require(scene1.legend), legend2 = try #require(scene2.legend)
        #expect(legend2.entries[0].text.style.fontSize == 2 * legend1.entries[0].text.style.fontSize)
        #expect(legend2.border?.width == 2 * (legend1.border?.width ?? 0))
        // At twice the size and twice the scale, the layout is the same picture, twice as big.
        #expect(isClose(scene2.plotArea.minX, 2 * scene1.plotArea.minX, tolerance: 2))
        #expect(isClose(scene2.plotArea.width, 2 * scene1.plotArea.width, tolerance: 4))
        #expect(isClose(scene2.plotArea.height, 2 * scene1.plotArea.height, tolerance: 4))
        // Scale 2 still fits at sizes that are reasonable in layout units (≥ 400×300 at scale 1).
        for size in reasonableSizes where size.width >= 800 && size.height >= 600 {
            let scene = SampleGraph.groupedBars.make().layout(size: size, scale: 2, measurer: testMeasurer)
            #expect(Rect(origin: .zero, size: size).contains(scene.plotArea))
            #expect(scene.plotArea.width > 0 && scene.plotArea.height > 0, "no room left at \(size) scale 2")
            for item in scene.plots.flatMap(\.items) {
                #expect(scene.plotArea.contains(item.bounds))
                #expect(item.bounds.isPixelAligned)
            }
        }
    }

    @Test("The plot area lies inside the graph", arguments: SampleGraph.allCases, sampleSizes)
    func plotAreaInside(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        #expect(scene.size == size)
        #expect(Rect(origin: .zero, size: size).contains(scene.plotArea), "\(scene.plotArea) outside \(size)")
        #expect(scene.plotArea.isPixelAligned)
        #expect(scene.plotArea.width >= 0 && scene.plotArea.height >= 0)
        if size.width >= 400 && size.height >= 300 {
            #expect(!scene.plotArea.isEmpty)
        }
    }

    @Test("Layout is deterministic: same inputs, equal scenes", arguments: SampleGraph.allCases)
    func deterministic(sample: SampleGraph) {
        let graph = sample.make()
        let first = layout(graph, 800, 600)
        let again = layout(graph, 800, 600)
        let fresh = layout(sample.make(), 800, 600)
        #expect(first == again)
        #expect(first == fresh)
        #expect(first.hashValue == fresh.hashValue)
        #expect(Set([first, again, fresh]).count == 1)
        #expect(first != layout(graph, 801, 600))
    }

    @Test("Layout does not change the graph")
    func layoutIsPure() {
        let graph = SampleGraph.balance.make()
        _ = layout(graph, 300, 200)
        _ = layout(graph, 2000, 1000, scale: 2)
        #expect(graph.defaultPlotSpace.xRange == nil && graph.defaultPlotSpace.yRange == nil)
        #expect(layout(graph, 800, 600) == layout(SampleGraph.balance.make(), 800, 600))
    }

    @Test("No data: a message in place of plots and axes", arguments: [0, 1, 2])
    func emptyData(variant: Int) throws {
        let graph = Graph(title: "Empty")
        if variant >= 1 { graph.add(BarPlot(identifier: "empty", values: [])) }
        if variant >= 2 { graph.add(BarPlot(identifier: "nosource")) }
        let scene = layout(graph, 640, 480)
        let message = try #require(scene.message)
        #expect(message.text == "No data to display")
        #expect(isClose(message.rect.midX, scene.plotArea.midX, tolerance: 1e-9))
        #expect(isClose(message.rect.midY, scene.plotArea.midY, tolerance: 1e-9))
        #expect(scene.axes.isEmpty)
        #expect(scene.gridLines.isEmpty)
        #expect(scene.plots.allSatisfy { $0.items.isEmpty })
        #expect(scene.allTexts.contains(message))
    }

    @Test("The no-data message can be changed, and is absent when there is data")
    func customNoDataText() {
        let graph = Graph()
        graph.noDataText = "Nothing yet"
        #expect(layout(graph, 400, 300).message?.text == "Nothing yet")
        graph.add(BarPlot(identifier: "p", values: [1]))
        #expect(layout(graph, 400, 300).message == nil)
    }

    @Test("When every plot is hidden, a message says so instead of empty axes")
    func allPlotsHidden() {
        let graph = Graph()
        let plot = BarPlot(identifier: "p", values: [1, 2, 3])
        plot.isHidden = true
        graph.add(plot)
        let scene = layout(graph, 640, 480)
        #expect(scene.plots.allSatisfy { $0.items.isEmpty })
        #expect(scene.message?.text == "All series are hidden")
        #expect(scene.axes.isEmpty)
    }
}
