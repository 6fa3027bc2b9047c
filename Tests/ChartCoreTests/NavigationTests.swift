import Testing
import Foundation
@testable import ChartCore

// Zoom, pan, box zoom, the view history and y autoscale through `ChartInteraction`, without a
// window: the data under the pointer stays under it to the pixel, a drag moves the data by the
// dragged distance, a box shows exactly the box, and a second y axis moves in x with the first.

private let navigationSizes = [Size(width: 1200, height: 600), Size(width: 500, height: 900), Size(width: 320, height: 240)]

/// A seeded random walk of `count` points at x = 0, 1, 2…
private func walk(_ count: Int, seed: UInt64 = 3, start: Double = 0) -> [Double?] {
    var state = seed, y = start
    return (0..<count).map { _ in
        state = state &* 6364136223846793005 &+ 1442695040888963407
        y += Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
        return y
    }
}

private func lineGraph(_ count: Int = 5_000, yScale: Scale = .linear, xScale: Scale = .linear, xStart: Double = 0, xStep: Double = 1) -> Graph {
    let graph = Graph(title: "Walk")
    let ys = walk(count, start: yScale == .logarithmic ? 0 : 0).map { yScale == .logarithmic ? $0.map { exp($0 / 10) } : $0 }
    graph.add(ScatterPlot(identifier: "walk", x: (0..<count).map { xStart + Double($0) * xStep }, y: ys))
    graph.defaultPlotSpace.yScale = yScale
    graph.defaultPlotSpace.xScale = xScale
    return graph
}

private func interaction(_ graph: Graph, _ size: Size) -> ChartInteraction {
    ChartInteraction(graph: graph, size: size, measurer: testMeasurer)
}

@Suite struct NavigationTests {
    @Test("A wheel notch keeps the data under the pointer under it, to the pixel", arguments: navigationSizes)
    func wheelKeepsTheDataUnderThePointer(size: Size) throws {
        for (xScale, yScale, xStart, xStep) in [
            (Scale.linear, Scale.linear, 0.0, 1.0), (.linear, .logarithmic, 0, 1),
            (.date, .linear, 1_262_304_000, 60), (.logarithmic, .linear, 1, 1)
        ] {
            let chart = interaction(lineGraph(yScale: yScale, xScale: xScale, xStart: xStart, xStep: xStep), size)
            let area = chart.scene.plotArea
            // Notches in, then out, at points across the plot area.
            for (i, fraction) in [(0.2, 0.3), (0.5, 0.5), (0.9, 0.8), (0.05, 0.95)].enumerated() {
                let pointer = Point(x: area.minX + fraction.0 * area.width, y: area.minY + fraction.1 * area.height)
                let before = try #require(chart.scene.transform(ofSpace: "default"))
                let data = before.dataPoint(pointer)
                chart.zoom(by: i % 3 == 2 ? 1 / ChartInteraction.wheelZoomFactor : ChartInteraction.wheelZoomFactor, about: pointer)
                #expect(chart.layoutIfNeeded())
                let after = try #require(chart.scene.transform(ofSpace: "default"))
                let back = try #require(after.devicePoint(data))
                #expect(
                    abs(back.x - pointer.x) <= 1e-6 * max(1, abs(pointer.x)) && abs(back.y - pointer.y) <= 1e-6 * max(1, abs(pointer.y)),
                    "\(xScale)/\(yScale) at \(size): \(data) was at \(pointer), now at \(back)")
                #expect(after.xRange.length < before.xRange.length || i % 3 == 2)
                #expect(chart.takeEvents().contains { if case .view(.wheel, _) = $0 { true } else { false } })
            }
        }
    }

    @Test("Many notches before a frame compose exactly, and stop at the narrowest span a double shows")
    func notchesCompose() throws {
        let chart = interaction(lineGraph(xStart: 1_700_000_000), Size(width: 800, height: 600))
        let pointer = Point(x: chart.scene.plotArea.midX + 37, y: chart.scene.plotArea.midY)
        let data = try #require(chart.scene.transform(ofSpace: "default")).dataPoint(pointer)
        for _ in 0..<400 { chart.zoom(by: 1.15, about: pointer, axes: .x, continuing: true) }
        chart.layoutIfNeeded()
        let t = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(abs(try #require(t.deviceX(data.x)) - pointer.x) < 0.5)
        // 1e-12 of 1.7e9 is 1.7e-3: the zoom stopped there, the ranges still finite and ordered.
        #expect(t.xRange.length >= 1.7e9 * ViewNavigator.relativePrecision * 0.99)
        #expect(chart.history.views.count == 2, "a burst is one history entry: \(chart.history.views.count)")
    }

    @Test("A drag moves the data by the dragged distance", arguments: navigationSizes)
    func dragPans(size: Size) throws {
        let chart = interaction(lineGraph(), size)
        let area = chart.scene.plotArea
        let grab = Point(x: area.minX + area.width / 3, y: area.midY)
        let data = try #require(chart.scene.transform(ofSpace: "default")).dataPoint(grab)
        // A drag in three motions, one history entry.
        for (step, delta) in [Point(x: 10, y: 4), Point(x: 25, y: -9), Point(x: -5, y: 30)].enumerated() {
            chart.pan(by: delta, continuing: step > 0)
        }
        chart.layoutIfNeeded()
        let moved = try #require(chart.scene.transform(ofSpace: "default")?.devicePoint(data))
        #expect(abs(moved.x - (grab.x + 30)) < 1e-6 && abs(moved.y - (grab.y + 25)) < 1e-6, "\(moved)")
        #expect(chart.history.views.count == 2)
        #expect(!chart.view.autoscalesY, "a drag in y fixes y")
    }

    @Test("A box zoom shows exactly the box, and turns autoscale off", arguments: navigationSizes)
    func boxZoom(size: Size) throws {
        let chart = interaction(lineGraph(), size)
        let area = chart.scene.plotArea
        let box = Rect(x: area.minX + area.width * 0.25, y: area.minY + area.height * 0.4, width: area.width * 0.1, height: area.height * 0.2)
        let t = try #require(chart.scene.transform(ofSpace: "default"))
        let corner = t.dataPoint(Point(x: box.minX, y: box.maxY)), opposite = t.dataPoint(Point(x: box.maxX, y: box.minY))
        chart.zoom(to: box)
        chart.layoutIfNeeded()
        let after = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(after.xRange == PlotRange(corner.x, opposite.x) && after.yRange == PlotRange(corner.y, opposite.y))
        #expect(!chart.view.autoscalesY)
        // A box past the plot area is cut to it; an empty one does nothing.
        let views = chart.history.views.count
        chart.zoom(to: Rect(x: 0, y: 0, width: 0.5, height: 40))
        #expect(chart.history.views.count == views)
    }

    @Test("Back, forward and reset walk the history; a new view drops what was ahead")
    func history() throws {
        let chart = interaction(lineGraph(), Size(width: 800, height: 600))
        let fitted = try #require(chart.scene.transform(ofSpace: "default"))
        chart.perform(.zoomIn); chart.layoutIfNeeded()
        let zoomed = try #require(chart.scene.transform(ofSpace: "default"))
        chart.perform(.pan(dx: 1, dy: 0)); chart.layoutIfNeeded()
        let panned = try #require(chart.scene.transform(ofSpace: "default"))
        // Shift+Right shows a tenth further right.
        #expect(abs((panned.xRange.lower - zoomed.xRange.lower) - zoomed.xRange.length / 10) < 1e-9 * zoomed.xRange.length)
        chart.perform(.viewBack); chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == zoomed)
        chart.perform(.viewBack); chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == fitted)
        chart.perform(.viewBack)
        #expect(!chart.layoutIfNeeded(), "nothing before the fitted view")
        chart.perform(.viewForward); chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == zoomed)
        chart.perform(.zoomOut); chart.perform(.resetView); chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == fitted)
        #expect(!chart.history.canGoForward)
        let causes = chart.takeEvents().compactMap { event -> ViewChangeCause? in if case .view(let cause, _) = event { cause } else { nil } }
        #expect(causes == [.keys, .keys, .back, .back, .forward, .reset], "\(causes)")
    }

    @Test("While only x is zoomed, y fits the data in the x range; a y zoom fixes y until `a`")
    func autoscale() throws {
        // A ramp: what shows in any x range is known.
        let graph = Graph(title: "Ramp")
        graph.add(ScatterPlot(identifier: "ramp", x: (0..<100_000).map(Double.init), y: (0..<100_000).map { Double($0) }))
        let chart = interaction(graph, Size(width: 800, height: 600))
        let area = chart.scene.plotArea
        chart.zoom(by: 100, about: Point(x: area.midX, y: area.midY), axes: .x)
        chart.layoutIfNeeded()
        let t = try #require(chart.scene.transform(ofSpace: "default"))
        // y fits x's range with the fit margin (5% of the span each side).
        let span = t.xRange.upper.rounded(.down) - t.xRange.lower.rounded(.up)
        #expect(abs(t.yRange.lower - (t.xRange.lower.rounded(.up) - 0.05 * span)) < 1.5, "\(t.xRange) \(t.yRange)")
        #expect(abs(t.yRange.upper - (t.xRange.upper.rounded(.down) + 0.05 * span)) < 1.5, "\(t.xRange) \(t.yRange)")
        // Panning x refits y.
        chart.pan(by: Point(x: -200, y: 0), axes: .x)
        chart.layoutIfNeeded()
        let panned = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(panned.yRange.lower > t.yRange.lower)
        // A y zoom fixes y; `a` brings autoscale back.
        chart.zoom(by: 2, about: Point(x: area.midX, y: area.midY), axes: .y())
        chart.layoutIfNeeded()
        #expect(!chart.view.autoscalesY)
        let fixedY = try #require(chart.scene.transform(ofSpace: "default")).yRange
        chart.pan(by: Point(x: -100, y: 0), axes: .x)
        chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default")?.yRange == fixedY)
        chart.perform(.toggleAutoscale)
        chart.layoutIfNeeded()
        #expect(chart.view.autoscalesY && chart.scene.transform(ofSpace: "default")?.yRange != fixedY)
    }

    @Test("The range extremes index agrees with a scan over every run")
    func rangeExtremes() {
        var state: UInt64 = 11
        let values: [Double] = (0..<300_000).map { i in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return i % 977 == 0 ? .nan : Double(Int64(bitPattern: state >> 20) % 100_000)
        }
        let index = RangeExtremes(values)
        for _ in 0..<300 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let a = Int(state >> 40) % values.count
            state = state &* 6364136223846793005 &+ 1442695040888963407
            let b = a + Int(state >> 40) % (values.count - a + 1)
            #expect(index.range(of: a..<b, in: values) == PlotRange.enclosing(values[a..<b]), "\(a)..<\(b)")
        }
        #expect(index.range(of: 0..<values.count, in: values) == PlotRange.enclosing(values))
    }

    @Test("A second y axis zooms and pans in x with the first and autoscales its own y")
    func secondYAxis() throws {
        let graph = Graph(title: "Two axes")
        graph.add(BarPlot(identifier: "bars", values: (0..<200).map { Double($0 % 17) }))
        let space = XYPlotSpace(identifier: "right")
        graph.add(space)
        let line = ScatterPlot(identifier: "line", x: (0..<200).map(Double.init), y: (0..<200).map { 1000 + Double($0) * 10 })
        line.plotSpace = space
        graph.add(line)
        graph.axes.append(Axis(identifier: "y2", coordinate: .y, edge: .right, plotSpaceIdentifier: "right", showsMajorGridLines: false))
        let chart = interaction(graph, Size(width: 900, height: 600))
        // The scene's transform for the second space is the one its plot was laid out with
        // (the shared x range), which `XYPlotSpace.transform(in:plots:)` used to get wrong.
        for id in ["default", "right"] {
            let t = try #require(chart.scene.transform(ofSpace: id))
            #expect(t == graph.transform(ofSpace: id, in: chart.scene.plotArea))
        }
        let right = try #require(chart.scene.transform(ofSpace: "right"))
        for item in try #require(chart.scene.plot("line")).items {
            let p = try #require(right.devicePoint(Point(x: Double(item.record), y: 1000 + Double(item.record) * 10)))
            #expect(abs(p.x - item.anchor.x) < 1e-9 && abs(p.y - item.anchor.y) < 1e-9)
        }
        let area = chart.scene.plotArea
        chart.zoom(by: 4, about: Point(x: area.minX + area.width / 4, y: area.midY), axes: .x)
        chart.layoutIfNeeded()
        let left = try #require(chart.scene.transform(ofSpace: "default")), zoomedRight = try #require(chart.scene.transform(ofSpace: "right"))
        #expect(abs(left.xRange.lower - zoomedRight.xRange.lower) < 1e-9 && abs(left.xRange.upper - zoomedRight.xRange.upper) < 1e-9)
        // The line's y fits what shows: about a quarter of 1000…2990.
        #expect(zoomedRight.yRange.length < 0.4 * right.yRange.length, "\(zoomedRight.yRange) vs \(right.yRange)")
        // Over the right axis, the wheel zooms the second space's y alone.
        #expect(chart.navigationAxes(at: Point(x: area.maxX + 10, y: area.midY)) == .y(space: "right"))
        #expect(chart.navigationAxes(at: Point(x: area.minX - 10, y: area.midY)) == .y(space: "default"))
        #expect(chart.navigationAxes(at: Point(x: area.midX, y: area.maxY + 10)) == .x)
        let leftY = left.yRange
        chart.zoom(by: 2, about: Point(x: area.maxX + 10, y: area.midY), axes: .y(space: "right"))
        chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default")?.yRange == leftY)
        #expect(try #require(chart.scene.transform(ofSpace: "right")).yRange.length < zoomedRight.yRange.length * 0.6)
    }

    final class Limiter: PlotSpaceDelegate {
        var refusesZoom = false
        func plotSpace(_ space: XYPlotSpace, shouldScaleBy factor: Double, aboutPoint point: Point) -> Bool { !refusesZoom }
        func plotSpace(_ space: XYPlotSpace, willChangePlotRangeTo range: PlotRange, for coordinate: Axis.Coordinate) -> PlotRange? {
            coordinate == .y ? nil : range  // y never moves
        }
    }

    @Test("A plot space delegate can veto or clamp a change, and a global range bounds panning")
    func delegateAndGlobalRange() throws {
        let graph = lineGraph(1_000)
        let limiter = Limiter()
        graph.defaultPlotSpace.delegate = limiter
        graph.defaultPlotSpace.globalXRange = PlotRange(0, 999)
        let chart = interaction(graph, Size(width: 800, height: 600))
        let before = try #require(chart.scene.transform(ofSpace: "default"))
        chart.pan(by: Point(x: 100, y: 50))
        chart.layoutIfNeeded()
        let t = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(t.yRange == before.yRange, "the delegate refuses y changes")
        #expect(t.xRange.lower >= 0 && t.xRange.upper <= 999, "\(t.xRange)")
        limiter.refusesZoom = true
        chart.zoom(by: 2, about: t.plotArea.center)
        #expect(!chart.layoutIfNeeded())
        // Zooming out stops at the global range.
        limiter.refusesZoom = false
        for _ in 0..<20 { chart.zoom(by: 0.5, about: t.plotArea.center, axes: .x) }
        chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default")?.xRange == PlotRange(0, 999))
    }

    @Test("The readout writes the pointer's data as the axes write them")
    func readout() throws {
        let dates = lineGraph(2_000, xScale: .date, xStart: 1_465_560_000, xStep: 60)
        let chart = interaction(dates, Size(width: 1000, height: 600))
        let area = chart.scene.plotArea
        let text = try #require(chart.readout(at: Point(x: area.minX + 1, y: area.midY)))
        #expect(text.hasPrefix("x=2016-06-10 "), "\(text)")
        #expect(text.contains("  y="))
        #expect(chart.readout(at: Point(x: area.minX - 5, y: area.midY)) == nil)
        let graph = SampleGraph.fortyCategories.make()
        let bars = interaction(graph, Size(width: 1000, height: 600))
        let t = try #require(bars.scene.transform(ofSpace: "default"))
        let at = Point(x: try #require(t.deviceX(12.2)), y: bars.scene.plotArea.midY)
        #expect(bars.readout(at: at)?.hasPrefix("x=Cat 12  y=") == true, "\(bars.readout(at: at) ?? "nil")")
    }

    @Test("Copying the visible data gives the records in view as CSV")
    func visibleCSV() throws {
        let chart = interaction(lineGraph(1_000, xScale: .date, xStart: 1_465_560_000, xStep: 60), Size(width: 800, height: 600))
        chart.setView(GraphView(spaces: ["default": .init(x: .ends(PlotRange(1_465_560_000 + 60 * 10, 1_465_560_000 + 60 * 19)))]))
        chart.layoutIfNeeded()
        let csv = chart.visibleDataCSV()
        let lines = csv.text.split(separator: "\n")
        #expect(lines.first == "series,x,y")
        #expect(csv.rows == 10 && !csv.truncated, "\(csv.text)")
        #expect(lines[1].hasPrefix("Walk,2016-06-10 12:10,") || lines[1].hasPrefix("walk,2016-06-10 12:10,"), "\(lines[1])")
        #expect(Graph.csvField("a,\"b\"") == "\"a,\"\"b\"\"\"")
    }

    @Test("A view change while a layout job has the graph lets the job finish, and the next one shows the latest view")
    func navigationDuringAJob() throws {
        let graph = lineGraph()
        let chart = ChartInteraction(graph: graph, size: Size(width: 800, height: 600), measurer: testMeasurer, laysOutLater: true)
        let first = try #require(chart.makeLayoutJob())
        chart.finishLayout(first, scene: first.run(measurer: testMeasurer))
        chart.layoutIfNeeded()
        chart.perform(.zoomIn)
        let job = try #require(chart.makeLayoutJob())
        chart.perform(.zoomIn)
        #expect(!chart.layoutJobIsStale, "a drag shows frames as it goes")
        chart.resize(to: Size(width: 700, height: 600))
        #expect(chart.layoutJobIsStale, "a resize makes the job stale")
        chart.finishLayout(job, scene: job.run(measurer: testMeasurer))
        #expect(chart.needsChartLayout)
        let second = try #require(chart.makeLayoutJob())
        #expect(second.view == chart.view)
        chart.finishLayout(second, scene: second.run(measurer: testMeasurer))
        let events = chart.takeEvents().filter { if case .view = $0 { true } else { false } }
        #expect(events.count == 1, "one view event, for the view laid out: \(events)")
    }

    @Test("Mouse gestures: a small move stays a click, a drag pans, a right drag zooms to its box, Escape cancels it, a double click resets")
    func pointerGestures() throws {
        let graph = Graph(title: "Bars and a walk")
        graph.add(ScatterPlot(identifier: "walk", x: (0..<500).map(Double.init), y: walk(500)))
        let chart = interaction(graph, Size(width: 900, height: 600))
        let area = chart.scene.plotArea
        let fitted = try #require(chart.scene.transform(ofSpace: "default"))
        let p = Point(x: area.midX, y: area.midY)
        // A press that moves 2 pixels is a click: no view change.
        chart.pointerPressed(at: p, button: .primary, time: 1_000)
        chart.pointerMoved(to: Point(x: p.x + 2, y: p.y + 1), time: 1_010)
        chart.pointerReleased(at: Point(x: p.x + 2, y: p.y + 1), button: .primary, time: 1_020)
        #expect(chart.view == .fitted)
        // A drag of 60 pixels pans by 60.
        chart.pointerPressed(at: p, button: .primary, time: 2_000)
        for step in 1...6 { chart.pointerMoved(to: Point(x: p.x + Double(step) * 10, y: p.y), time: 2_000 + UInt64(step) * 16) }
        chart.pointerReleased(at: Point(x: p.x + 60, y: p.y), button: .primary, time: 2_200)
        chart.layoutIfNeeded()
        let panned = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(abs(try #require(panned.deviceX(fitted.dataPoint(p).x)) - (p.x + 60)) < 1e-6)
        #expect(chart.history.views.count == 2, "one drag, one history entry")
        // A right drag draws a box (an overlay) and zooms to it on release.
        chart.pointerPressed(at: Point(x: area.minX + 100, y: area.minY + 50), button: .secondary, time: 3_000)
        chart.pointerMoved(to: Point(x: area.minX + 300, y: area.minY + 250), time: 3_050)
        chart.layoutIfNeeded()
        #expect(chart.scene.overlays.contains { $0.identifier == "zoom-box" && $0.box == Rect(x: area.minX + 100, y: area.minY + 50, width: 200, height: 200) })
        let before = try #require(chart.scene.transform(ofSpace: "default"))
        chart.pointerReleased(at: Point(x: area.minX + 300, y: area.minY + 250), button: .secondary, time: 3_100)
        chart.layoutIfNeeded()
        let boxed = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(boxed.xRange == PlotRange(before.dataPoint(Point(x: area.minX + 100, y: 0)).x, before.dataPoint(Point(x: area.minX + 300, y: 0)).x))
        #expect(!chart.scene.overlays.contains { $0.identifier == "zoom-box" })
        // Shift with the left button draws a box too; Escape drops it.
        chart.pointerPressed(at: Point(x: area.minX + 10, y: area.minY + 10), button: .primary, shift: true, time: 4_000)
        chart.pointerMoved(to: Point(x: area.minX + 200, y: area.minY + 200), time: 4_050)
        chart.perform(.cancel)
        chart.pointerReleased(at: Point(x: area.minX + 200, y: area.minY + 200), button: .primary, time: 4_100)
        chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == boxed)
        // A double click on the plot area: the fitted view.
        for time: UInt64 in [5_000, 5_150] {
            chart.pointerPressed(at: p, button: .primary, time: time)
            chart.pointerReleased(at: p, button: .primary, time: time + 50)
        }
        chart.layoutIfNeeded()
        #expect(chart.view == .fitted && chart.scene.transform(ofSpace: "default") == fitted)
    }

    @Test("The wheel zooms about the pointer (one axis over an axis), Shift and the horizontal wheel pan x, a burst is one step back")
    func wheel() throws {
        let chart = interaction(lineGraph(2_000), Size(width: 900, height: 600))
        let area = chart.scene.plotArea
        let fitted = try #require(chart.scene.transform(ofSpace: "default"))
        // Over the x axis: x alone.
        chart.scrolled(at: Point(x: area.midX, y: area.maxY + 12), dy: 1, time: 100)
        chart.layoutIfNeeded()
        let xOnly = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(abs(xOnly.xRange.length * ChartInteraction.wheelZoomFactor - fitted.xRange.length) < 1e-6 * fitted.xRange.length)
        #expect(chart.view.autoscalesY, "an x zoom keeps autoscale")
        // Shift+wheel: a tenth of the view to the right per notch down.
        chart.scrolled(at: Point(x: area.midX, y: area.midY), dy: -1, shift: true, time: 200)
        chart.scrolled(at: Point(x: area.midX, y: area.midY), dx: 1, time: 250)
        chart.layoutIfNeeded()
        let shifted = try #require(chart.scene.transform(ofSpace: "default"))
        #expect(abs((shifted.xRange.lower - xOnly.xRange.lower) - xOnly.xRange.length / 5) < 1e-6 * xOnly.xRange.length)
        // Five notches in quick succession, then one step back undoes all of them.
        for i in 0..<5 { chart.scrolled(at: Point(x: area.midX, y: area.midY), dy: 1, time: 2_000 + UInt64(i) * 50) }
        chart.layoutIfNeeded()
        chart.back()
        chart.layoutIfNeeded()
        #expect(chart.scene.transform(ofSpace: "default") == shifted)
        // Outside the plot area and the axes (the title): nothing.
        let views = chart.history
        chart.scrolled(at: Point(x: area.midX, y: 2), dy: 1, time: 9_000)
        #expect(chart.history == views)
    }

    @Test("Zoomed far enough into a line, its records show as dots; the fitted line stays plain")
    func sparsePointsAreMarked() throws {
        let chart = interaction(lineGraph(5_000), Size(width: 800, height: 500))
        func symbols() throws -> [PlotSymbol?] {
            try #require(chart.scene.plot("walk")).items.map { item in
                if case .point(_, let symbol) = item.shape { symbol } else { nil }
            }
        }
        #expect(try symbols().allSatisfy { $0 == nil })
        chart.setView(GraphView(spaces: ["default": .init(x: .ends(PlotRange(1_000, 1_030)))]))
        chart.layoutIfNeeded()
        let marked = try symbols()
        #expect((31...33).contains(marked.count) && marked.allSatisfy { $0?.shape == .ellipse }, "\(marked.count)")
        // Not at 100 records in 800 pixels (8 apart).
        chart.setView(GraphView(spaces: ["default": .init(x: .ends(PlotRange(1_000, 1_099)))]))
        chart.layoutIfNeeded()
        #expect(try symbols().allSatisfy { $0 == nil })
    }
}
