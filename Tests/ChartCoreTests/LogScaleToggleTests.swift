import Testing
@testable import ChartCore

// `L` and `K` through `ChartInteraction`: a log scale on and off, the other axis's view kept,
// and a refusal, with nothing changed, where the data cannot be shown on one.

private let sizes = [Size(width: 1200, height: 600), Size(width: 500, height: 900), Size(width: 320, height: 240)]

private func growth(_ ys: [Double?] = (1...50).map { Double($0 * $0) }) -> Graph {
    let graph = Graph(title: "Growth")
    graph.add(ScatterPlot(identifier: "g", title: "growth", x: ys.indices.map { Double($0 + 1) }, y: ys))
    return graph
}

@Suite struct LogScaleToggleTests {
    @Test("L turns y's log scale on and off, fitting y again; the events say so", arguments: sizes)
    func togglesY(size: Size) throws {
        let chart = ChartInteraction(graph: growth(), size: size, measurer: testMeasurer)
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        let space = try #require(chart.scene.plotSpaces.first)
        #expect(space.transform.yScale == .logarithmic && space.transform.xScale == .linear)
        #expect(space.transform.yRange.lower > 0 && space.transform.yRange.lower <= 1)
        let events = chart.takeEvents()
        #expect(events.contains(.scale(coordinate: .y, scale: .logarithmic)))
        #expect(events.contains { if case .view(.scale, _) = $0 { true } else { false } })
        // Axis labels of a log scale: whole decades fit between 1 and 2500.
        #expect(chart.scene.axes.contains { $0.axisID == "y" })
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        #expect(chart.scene.plotSpaces.first?.transform.yScale == .linear)
        #expect(chart.takeEvents().contains(.scale(coordinate: .y, scale: .linear)))
    }

    @Test("K keeps a zoomed y, and y's toggle keeps a zoomed x")
    func keepsTheOtherAxis() throws {
        let chart = ChartInteraction(graph: growth(), size: Size(width: 800, height: 500), measurer: testMeasurer)
        chart.zoom(by: 2, about: chart.scene.plotArea.center)
        chart.layoutIfNeeded()
        let zoomedX = try #require(chart.scene.plotSpaces.first).transform.xRange
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        let space = try #require(chart.scene.plotSpaces.first)
        #expect(abs(space.transform.xRange.lower - zoomedX.lower) < 1e-9 && abs(space.transform.xRange.upper - zoomedX.upper) < 1e-9)
        #expect(space.transform.yScale == .logarithmic)
        chart.perform(.toggleLogScale(.x))
        chart.layoutIfNeeded()
        #expect(chart.scene.plotSpaces.first?.transform.xScale == .logarithmic)
        // Back through the history and to the fitted view: the scales stay as toggled.
        chart.resetView()
        chart.layoutIfNeeded()
        #expect(chart.scene.plotSpaces.first?.transform.xScale == .logarithmic)
    }

    @Test("Values at or below 0, categories and a set range reaching 0 are refused, nothing changed")
    func refusals() throws {
        for (graph, coordinate, reason) in [
            (growth([3, 0, 5]), Axis.Coordinate.y, "growth reaches 0;"),
            (growth([3, -2, 5]), .y, "reaches -2;")
        ] {
            let chart = ChartInteraction(graph: graph, size: Size(width: 600, height: 400), measurer: testMeasurer)
            _ = chart.takeEvents()
            chart.perform(.toggleLogScale(coordinate))
            #expect(chart.needsLayout && !chart.needsChartLayout, "a refusal lays out no chart")
            chart.layoutIfNeeded()
            let events = chart.takeEvents()
            #expect(events.count == 1, "\(events)")
            guard case .refused(let text)? = events.first else { Issue.record("no refusal: \(events)"); continue }
            #expect(text.contains(reason), "\(text)")
            #expect(chart.scene.plotSpaces.first?.transform.yScale == .linear)
        }
        let bars = Graph(title: "Bars")
        bars.add(BarPlot(identifier: "b", title: "b", values: [3, 5, 2], categories: ["a", "b", "c"]))
        // The category scale inferred from the bars' names, not set.
        let chart = ChartInteraction(graph: bars, size: Size(width: 600, height: 400), measurer: testMeasurer)
        chart.perform(.toggleLogScale(.x))
        chart.layoutIfNeeded()
        #expect(chart.takeEvents() == [.refused(reason: "No log x: x shows categories")])
        // Bars of positive values grow from 0, their base, which is no value of theirs: on a
        // log axis they grow from its low end, each top at its value.
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        #expect(!chart.takeEvents().contains { if case .refused = $0 { true } else { false } })
        let space = try #require(chart.scene.plotSpaces.first)
        #expect(space.transform.yScale == .logarithmic)
        let items = try #require(chart.scene.plot("b")).items
        #expect(items.count == 3)
        for (item, value) in zip(items, [3.0, 5, 2]) {
            #expect(abs(item.bounds.maxY - chart.scene.plotArea.maxY) <= 1, "bar \(value) from the axis's low end: \(item.bounds)")
            let top = try #require(space.transform.deviceY(value))
            #expect(abs(item.bounds.minY - top) <= 1, "bar \(value)'s top at \(top): \(item.bounds)")
        }
        // Negative bars have no place on it.
        let negative = Graph(title: "Bars")
        negative.add(BarPlot(identifier: "n", title: "n", values: [3, -5, 2], categories: ["a", "b", "c"]))
        let refusing = ChartInteraction(graph: negative, size: Size(width: 600, height: 400), measurer: testMeasurer)
        refusing.perform(.toggleLogScale(.y))
        refusing.layoutIfNeeded()
        #expect(refusing.takeEvents() == [.refused(reason: "No log y: n reaches -5; a log scale needs values above 0")])
        let set = growth()
        set.defaultPlotSpace.yRange = PlotRange(-10, 3000)
        let fixed = ChartInteraction(graph: set, size: Size(width: 600, height: 400), measurer: testMeasurer)
        fixed.perform(.toggleLogScale(.y))
        fixed.layoutIfNeeded()
        guard case .refused(let text)? = fixed.takeEvents().first else { Issue.record("no refusal"); return }
        #expect(text.contains("sets y from -10"))
    }

    @Test("The history restarts at a toggle, and a hidden plot reaching 0 refuses it too")
    func historyAndHiddenPlots() throws {
        let chart = ChartInteraction(graph: growth(), size: Size(width: 600, height: 400), measurer: testMeasurer)
        chart.zoom(by: 2, about: chart.scene.plotArea.center)
        chart.layoutIfNeeded()
        #expect(chart.history.canGoBack)
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        // Back reaches the fitted view only, not views whose ranges were of the linear scale.
        #expect(chart.history.views == [.fitted, chart.view])
        let graph = growth()
        let zero = ScatterPlot(identifier: "z", title: "zero", x: [1, 2], y: [0, 3])
        zero.isHidden = true
        graph.add(zero)
        let hidden = ChartInteraction(graph: graph, size: Size(width: 600, height: 400), measurer: testMeasurer)
        hidden.perform(.toggleLogScale(.y))
        hidden.layoutIfNeeded()
        #expect(hidden.takeEvents().contains(.refused(reason: "No log y: zero reaches 0; a log scale needs values above 0")))
    }

    @Test("A log scale carries over a reload of the chart, and is refused there when the new data reaches 0")
    func carriesOverAReload() throws {
        let chart = ChartInteraction(graph: growth(), size: Size(width: 600, height: 400), measurer: testMeasurer)
        chart.perform(.toggleLogScale(.y))
        chart.layoutIfNeeded()
        let state = chart.viewState()
        #expect(state.togglesLogScale == [.y])
        let reloaded = ChartInteraction(graph: growth(), size: Size(width: 600, height: 400), measurer: testMeasurer)
        reloaded.restore(state)
        reloaded.layoutIfNeeded()
        #expect(reloaded.scene.plotSpaces.first?.transform.yScale == .logarithmic)
        let zero = ChartInteraction(graph: growth([4, 0, 2]), size: Size(width: 600, height: 400), measurer: testMeasurer)
        zero.restore(state)
        zero.layoutIfNeeded()
        #expect(zero.scene.plotSpaces.first?.transform.yScale == .linear)
        #expect(zero.takeEvents().contains { if case .refused = $0 { true } else { false } })
    }

    @Test("The prompt lies along the bottom edge, its caret inside, the status line above it", arguments: sizes)
    func promptOverlay(size: Size) throws {
        let chart = ChartInteraction(graph: growth(), size: size, measurer: testMeasurer)
        let long = String(repeating: "quarterly-", count: 30) + "report.png"
        for line in [LineEditor("growth-2026-12-01.png", cursor: 17), LineEditor(long), LineEditor(long, cursor: 3)] {
            chart.prompt = TextPrompt(label: "Save as:", line: line, hint: "Enter saves · Esc cancels")
            chart.statusMessage = "Cannot save as .jpg"
            chart.layoutIfNeeded()
            let box = try #require(chart.scene.overlays.first { $0.identifier == "prompt" })
            let caret = try #require(chart.scene.overlays.first { $0.identifier == "prompt-caret" })
            let status = try #require(chart.scene.overlays.first { $0.identifier == "status" })
            #expect(box.box.minX >= 0 && box.box.maxX <= size.width && box.box.maxY <= size.height)
            #expect(box.box.maxY > size.height - 40)
            #expect(caret.box.minX >= box.box.minX && caret.box.maxX <= box.box.maxX, "caret \(caret.box) in \(box.box)")
            #expect(status.box.maxY <= box.box.minY)
            // What the answer shows fits the box, with the label.
            let shown = box.texts.map { $0.position.x - $0.anchor.x + $0.size.width }.max() ?? 0
            #expect(shown <= box.box.maxX + 0.5, "\(shown) past \(box.box.maxX)")
        }
        chart.prompt = nil
        chart.layoutIfNeeded()
        #expect(!chart.scene.overlays.contains { $0.identifier.hasPrefix("prompt") })
    }
}
