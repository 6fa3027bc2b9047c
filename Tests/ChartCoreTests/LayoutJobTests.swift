import Foundation
import Testing
import ChartCore

// Laying the chart out on another thread (`ChartInteraction.makeLayoutJob()`): the job lays
// out what the interaction stood at, the graph is left alone while the job has it (commands
// that touch it wait and are replayed in order), the help and resizes act at once, and a
// reload carries the user's view to the new graph by record key.

/// A line through `count` points whose x values are not in order (it cannot be thinned).
private func unsortedLine(_ count: Int) -> ScatterPlot {
    var state: UInt64 = 99
    let xs = (0..<count).map { _ -> Double in
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Double(state >> 11) / Double(1 << 53)
    }
    return ScatterPlot(identifier: "scribble", dataSource: ArrayDataSource(numbers: xs.reversed(), locations: xs))
}

/// Three plots of grouped bars over named days.
private func bars(_ days: [String] = ["Mon", "Tue", "Wed", "Thu"]) -> Graph {
    let graph = Graph(title: "Week")
    for (index, id) in ["a", "b", "c"].enumerated() {
        let plot = BarPlot(identifier: id, values: days.indices.map { Double($0 + index + 1) }, categories: days)
        plot.barWidth = 0.25
        plot.barOffset = Double(index - 1) * 0.25
        graph.add(plot)
    }
    graph.defaultPlotSpace.xScale = .category
    return graph
}

/// The selection as (plot, record).
private func selected(_ interaction: ChartInteraction) -> [String: Int] {
    interaction.selection.map { [$0.plotID: $0.record] } ?? [:]
}

/// Runs `job` on a thread of its own, as a window's frame thread does, and waits for it.
private func runOnAnotherThread(_ job: ChartInteraction.LayoutJob) -> Scene {
    final class Box: @unchecked Sendable { var scene: Scene? }
    let box = Box(), done = DispatchSemaphore(value: 0)
    Thread {
        box.scene = job.run(measurer: FixedTextMeasurer())
        done.signal()
    }.start()
    done.wait()
    return box.scene!
}

/// Lays out through a job on another thread and hands the scene back, then the overlays.
private func settleThroughJob(_ interaction: ChartInteraction) throws -> [InteractionEvent] {
    let job = try #require(interaction.makeLayoutJob())
    interaction.finishLayout(job, scene: runOnAnotherThread(job))
    interaction.layoutIfNeeded()
    return interaction.takeEvents()
}

@Suite("Layout jobs")
struct LayoutJobTests {
    let size = Size(width: 800, height: 600)

    @Test("A cancelled layout stops at its first check: a million unsorted points lay out no item")
    func aCancelledLayoutStops() {
        let graph = Graph(title: "scribble")
        graph.add(unsortedLine(1_000_000))
        let flag = CancellationFlag()
        flag.cancel()
        let scene = graph.layout(size: size, measurer: FixedTextMeasurer(), cancellation: flag)
        #expect(scene.plots[0].items.count < CancellationFlag.recordsPerCheck)
        let whole = graph.layout(size: size, measurer: FixedTextMeasurer())
        #expect(whole.plots[0].items.count == 1_000_000)
    }

    @Test("A job lays out on another thread what the window would have laid out, once at a time")
    func aJobLaysOutTheSameScene() throws {
        let interaction = ChartInteraction(graph: bars(), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        #expect(interaction.needsChartLayout)
        let job = try #require(interaction.makeLayoutJob())
        #expect(interaction.makeLayoutJob() == nil, "one job at a time")
        #expect(job.size == size)
        let scene = runOnAnotherThread(job)
        interaction.finishLayout(job, scene: scene)
        #expect(interaction.layoutJob == nil && !interaction.needsChartLayout)
        #expect(interaction.chartGeneration == 1)
        interaction.layoutIfNeeded()
        #expect(interaction.scene == ChartInteraction(graph: bars(), size: size, measurer: FixedTextMeasurer()).scene)
    }

    @Test("While a job has the graph, toggles wait (and make the job stale) and are replayed in order after it")
    func togglesWaitForTheJob() throws {
        let graph = bars()
        let interaction = ChartInteraction(graph: graph, size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        _ = try settleThroughJob(interaction)
        interaction.resize(to: Size(width: 700, height: 500))
        let job = try #require(interaction.makeLayoutJob())
        #expect(!interaction.layoutJobIsStale)
        interaction.perform(.toggleSeries(1))
        interaction.perform(.toggleTheme)
        #expect(graph.plots[1].isHidden == false, "the graph is left alone while the job has it")
        #expect(interaction.layoutJobIsStale)
        interaction.finishLayout(job, scene: nil)  // cancelled
        #expect(graph.plots[1].isHidden)
        #expect(graph.theme.name != Theme.plainWhite.name)
        #expect(interaction.needsChartLayout)
        let events = try settleThroughJob(interaction)
        #expect(events == [.toggle(plotID: "b", visible: false)])
        #expect(interaction.scene.size == Size(width: 700, height: 500))
        #expect(interaction.scene.plot("b")?.isVisible == false)
    }

    @Test("While a job has the graph, the help opens and closes at once, over the scene on screen")
    func theHelpActsAtOnce() throws {
        let interaction = ChartInteraction(graph: bars(), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        _ = try settleThroughJob(interaction)
        let onScreen = interaction.scene
        interaction.perform(.toggleGrid)
        let job = try #require(interaction.makeLayoutJob())
        interaction.perform(.toggleHelp)
        #expect(interaction.isShowingHelp)
        #expect(interaction.layoutIfNeeded())
        #expect(interaction.scene.overlays.map(\.identifier) == ["help"])
        #expect(interaction.scene.gridLines == onScreen.gridLines, "the chart stays the one on screen")
        interaction.statusMessage = "Drawing…"
        interaction.layoutIfNeeded()
        #expect(interaction.scene.overlays.map(\.identifier) == ["help", "status"])
        interaction.perform(.cancel)
        #expect(!interaction.isShowingHelp, "Esc closes the help at once")
        interaction.finishLayout(job, scene: runOnAnotherThread(job))
        interaction.layoutIfNeeded()
        #expect(interaction.scene.gridLines.isEmpty)
    }

    @Test("A click while a job has the graph selects what was on screen, once the job is back")
    func aClickWaitsForTheJob() throws {
        let interaction = ChartInteraction(graph: bars(), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        _ = try settleThroughJob(interaction)
        let bar = try #require(interaction.scene.plot("c")?.items.first { $0.record == 2 })
        interaction.resize(to: Size(width: 640, height: 480))
        let job = try #require(interaction.makeLayoutJob())
        interaction.click(at: bar.bounds.center)
        #expect(interaction.selection == nil)
        #expect(!interaction.layoutJobIsStale, "a selection does not make the chart stale")
        interaction.finishLayout(job, scene: runOnAnotherThread(job))
        #expect(selected(interaction) == ["c": 2])
        interaction.layoutIfNeeded()
        let events = interaction.takeEvents()
        guard case .select(let plotID, let record, let value, let popup, _)? = events.first else {
            Issue.record("expected a select event, got \(events)")
            return
        }
        #expect(plotID == "c" && record == 2 && value == 5)
        // The popup sits over the bar as laid out at the new size.
        let moved = try #require(interaction.scene.plot("c")?.items.first { $0.record == 2 })
        #expect(popup.minX <= moved.anchor.x && moved.anchor.x <= popup.maxX)
    }

    @Test("A reload keeps hidden series, theme, grid, legend and the selection by record key, not index")
    func aReloadKeepsTheView() throws {
        let old = ChartInteraction(graph: bars(), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        _ = try settleThroughJob(old)
        for command: InteractionCommand in [.toggleSeries(0), .toggleTheme, .toggleGrid, .toggleLegend] { old.perform(command) }
        _ = try settleThroughJob(old)
        let tue = try #require(old.scene.plot("b")?.items.first { $0.record == 1 })
        old.click(at: tue.bounds.center)
        #expect(selected(old) == ["b": 1])

        // A row inserted before Tuesday: Tuesday is record 2 now.
        let graph = bars(["Sun", "Mon", "Tue", "Wed", "Thu"])
        let new = ChartInteraction(graph: graph, size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        new.restore(old.viewState())
        let events = try settleThroughJob(new)
        #expect(graph.plots.map(\.isHidden) == [true, false, false])
        #expect(graph.theme.name == old.graph.theme.name)
        #expect(new.scene.gridLines.isEmpty && new.scene.legend == nil)
        #expect(selected(new) == ["b": 2])
        #expect(events.contains { if case .select("b", 2, _, _, _) = $0 { true } else { false } })
        // `d` goes back to the chart's own theme, as before the reload.
        new.perform(.toggleTheme)
        #expect(graph.theme.name == Theme.plainWhite.name)
    }

    @Test("A line's selection is kept by its x location")
    func aLineSelectionIsKeptByLocation() throws {
        func graph(_ xs: [Double]) -> Graph {
            let graph = Graph(title: "Line")
            graph.add(ScatterPlot(identifier: "temp", x: xs, y: xs.map { $0 * 2 }))
            return graph
        }
        let old = ChartInteraction(graph: graph([1, 2, 3, 4]), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        _ = try settleThroughJob(old)
        for _ in 0..<3 { old.perform(.selectNextRecord) }
        #expect(selected(old) == ["temp": 2])  // x = 3
        let new = ChartInteraction(graph: graph([0, 1, 2, 2.5, 3, 4]), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        new.restore(old.viewState())
        _ = try settleThroughJob(new)
        #expect(selected(new) == ["temp": 4])
        // Gone from the data: no selection.
        let gone = ChartInteraction(graph: graph([1, 2, 4]), size: size, measurer: FixedTextMeasurer(), laysOutLater: true)
        gone.restore(old.viewState())
        _ = try settleThroughJob(gone)
        #expect(gone.selection == nil)
    }
}
