import Testing
import Foundation
import ChartCore

// What a user of the desktop viewer expects from `ChartInteraction`: clicks select bars and
// show a popup that stays on screen, keys walk the data, toggles hide series, grid, legend
// and theme, and nothing is laid out again unless something changed. Text is measured with
// `FixedTextMeasurer`, so no fonts are needed.

/// Window sizes: wide, tall, ordinary, small, and a HiDPI one (with scale 2).
private let interactionSizes: [Size] = [
    Size(width: 1200, height: 600), Size(width: 500, height: 900), Size(width: 640, height: 480),
    Size(width: 300, height: 200)
]

/// A (plot, record) pair, for comparing selections without building `ChartInteraction.Selection`.
private struct RecordKey: Hashable, CustomStringConvertible {
    var plotID: String
    var record: Int
    var description: String { "\(plotID)[\(record)]" }
}

/// The payload of a `.select` event.
private struct SelectPayload {
    var plotID: String
    var record: Int
    var value: Double
    var popup: Rect
}

private extension InteractionEvent {
    var selectPayload: SelectPayload? {
        if case let .select(plotID, record, value, popup, _) = self {
            return SelectPayload(plotID: plotID, record: record, value: value, popup: popup)
        }
        return nil
    }
}

private extension ChartInteraction {
    /// Lays out (if needed) and returns the events since the last call.
    func settle() -> [InteractionEvent] {
        layoutIfNeeded()
        return takeEvents()
    }

    /// Clicks and settles.
    func clickAndSettle(_ point: Point) -> [InteractionEvent] {
        click(at: point)
        return settle()
    }

    /// Performs and settles.
    func performAndSettle(_ command: InteractionCommand) -> [InteractionEvent] {
        perform(command)
        return settle()
    }

    var bounds: Rect { Rect(origin: .zero, size: size) }

    /// The laid-out bar of `plotID`'s `record` in the current scene.
    func bar(_ plotID: String, _ record: Int) -> PlotItem? {
        scene.plot(plotID)?.items.first { $0.record == record }
    }

    /// The value popup in the current scene.
    var popupScene: AnnotationScene? {
        scene.annotations.first { $0.identifier == ChartInteraction.popupIdentifier }
    }

    func overlay(_ identifier: String) -> OverlayScene? {
        scene.overlays.first { $0.identifier == identifier }
    }

    var selectedKey: RecordKey? {
        selection.map { RecordKey(plotID: $0.plotID, record: $0.record) }
    }

    /// A point of the plot area that hits no bar, no legend entry.
    func emptyPlotAreaPoint() -> Point? {
        let area = scene.plotArea
        let tester = HitTester(scene: scene)
        for fy in [0.02, 0.05, 0.1, 0.2] {
            for fx in stride(from: 0.02, through: 0.98, by: 0.04) {
                let point = Point(x: (area.minX + area.width * fx).rounded(), y: (area.minY + area.height * fy).rounded())
                if tester.hit(at: point) == .plotArea { return point }
            }
        }
        return nil
    }

    /// A point outside the plot area, legend and bars.
    func backgroundPoint() -> Point? {
        let tester = HitTester(scene: scene)
        return [Point(x: 2, y: 2), Point(x: size.width - 2, y: 2), Point(x: 2, y: size.height - 2)]
            .first { tester.hit(at: $0) == .background }
    }
}

/// Records what a plot's delegate hears.
private final class SelectionRecorder: PlotDelegate {
    var heard: [RecordKey] = []
    func plot(_ plot: any Plot, wasSelectedAtRecord record: Int) {
        heard.append(RecordKey(plotID: plot.identifier, record: record))
    }
}

@Suite("Chart interaction")
struct ChartInteractionTests {
    // MARK: Fixtures

    static func interaction(_ graph: Graph, _ size: Size, scale: Double = 1) -> ChartInteraction {
        let interaction = ChartInteraction(graph: graph, size: size, scale: scale, measurer: FixedTextMeasurer())
        interaction.helpLines = hostHelpLines
        return interaction
    }

    /// What a host's help lists: as many lines as a window's, as long (the window's own table
    /// is ChartX11's, beside its key bindings).
    static let hostHelpLines: [(keys: String, action: String)] = [
        ("Click a bar", "show its value; click again to hide it"),
        ("Click a legend entry", "hide or show its series"),
        ("Keys 1 to 9", "hide or show series 1 to 9"),
        ("Key 0", "show every series"),
        ("Left, Right", "previous / next value of the series"),
        ("Up, Down", "same value in the previous / next series"),
        ("Key L", "legend on / off"),
        ("Key G", "grid on / off"),
        ("Key D", "dark / light theme"),
        ("Keys P, N", "previous / next period (month)"),
        ("Next, Previous", "next / previous chart"),
        ("Save, Ctrl+Save", "save the view as PNG"),
        ("Cancel", "clear the selection, close this help"),
        ("Help, F1", "show / hide this help"),
        ("Quit, Ctrl+Quit", "quit")
    ]

    /// One bar plot of whole values.
    static func countsGraph() -> Graph {
        let graph = Graph(title: "Counts")
        graph.add(BarPlot(identifier: "counts", title: "Counts", values: [3, 5, 2, 7]))
        return graph
    }

    /// A tall, a short (about 10 px at 800×600), a zero and a negative bar.
    static func shortBarsGraph() -> Graph {
        let graph = Graph(title: "Hits")
        graph.add(BarPlot(identifier: "main", title: "Main", values: [80, 3, 0, -40, 60]))
        graph.defaultPlotSpace.yRange = PlotRange(-50, 100)
        return graph
    }

    /// Two plots with missing values and a third that is hidden.
    static func holesGraph() -> Graph {
        let graph = Graph(title: "Holes")
        graph.add(BarPlot(identifier: "a", title: "A", values: [1, nil, 3, nil, 5]))
        graph.add(BarPlot(identifier: "b", title: "B", values: [2, 2, nil, 2, 2]))
        let hidden = BarPlot(identifier: "c", title: "C", values: [4, 4, 4, 4, 4])
        hidden.isHidden = true
        graph.add(hidden)
        return graph
    }

    /// Every (plot, record) of a visible plot with a finite value.
    fileprivate static func selectableRecords(of graph: Graph) -> Set<RecordKey> {
        var keys: Set<RecordKey> = []
        for case let plot as BarPlot in graph.plots where !plot.isHidden {
            for record in 0..<plot.recordCount where plot.value(at: record).isFinite {
                keys.insert(RecordKey(plotID: plot.identifier, record: record))
            }
        }
        return keys
    }

    /// Clicks `plotID`'s `record` at its center and returns the one select event it gave.
    fileprivate static func clickBar(
        _ interaction: ChartInteraction, _ plotID: String, _ record: Int,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> SelectPayload {
        let bar = try #require(interaction.bar(plotID, record), "no bar \(plotID)[\(record)]", sourceLocation: sourceLocation)
        let events = interaction.clickAndSettle(bar.bounds.center)
        #expect(events.count == 1, "\(events)", sourceLocation: sourceLocation)
        return try #require(events.first?.selectPayload, "expected a select event, got \(events)", sourceLocation: sourceLocation)
    }

    /// Checks the popup is drawn, matches the event and lies inside the graph.
    fileprivate static func expectPopupInside(
        _ interaction: ChartInteraction, _ payload: SelectPayload,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let popup = try #require(interaction.popupScene?.box, "no popup box", sourceLocation: sourceLocation)
        #expect(payload.popup == popup, sourceLocation: sourceLocation)
        #expect(!popup.isEmpty, sourceLocation: sourceLocation)
        expectInside(popup, interaction.size, sourceLocation: sourceLocation)
    }

    /// Expects `popup` inside the graph of `size`.
    static func expectInside(_ popup: Rect, _ size: Size, sourceLocation: SourceLocation = #_sourceLocation) {
        let bounds = Rect(origin: .zero, size: size)
        #expect(bounds.contains(popup), "popup \(popup) outside \(size)", sourceLocation: sourceLocation)
    }

    // MARK: Selecting by click

    @Test(
        "Clicking a bar selects it: one select event with its plot, record and value, and a popup above the bar",
        arguments: interactionSizes.map { ($0, 1.0) } + [(Size(width: 2400, height: 1200), 2.0)])
    func clickSelectsBar(size: Size, scale: Double) throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, size, scale: scale)
        let expected: [(String, Int, Double, String)] = [
            ("eur", 0, 0.912, "Nov 20 · EUR 0.91"), ("gbp", 3, 0.788, "Nov 23 · GBP 0.79"), ("chf", 6, 0.865, "Nov 26 · CHF 0.86"),
            ("eur", 4, 0.921, "Nov 24 · EUR 0.92")
        ]
        for (plotID, record, value, text) in expected {
            let payload = try Self.clickBar(interaction, plotID, record)
            #expect(payload.plotID == plotID)
            #expect(payload.record == record)
            #expect(payload.value == value)
            #expect(interaction.selectedKey == RecordKey(plotID: plotID, record: record))
            try Self.expectPopupInside(interaction, payload)
            let bar = try #require(interaction.bar(plotID, record)).bounds
            #expect(payload.popup.maxY <= bar.minY, "popup \(payload.popup) not above bar \(bar)")
            // Over its bar, not beside it.
            #expect(payload.popup.minX <= bar.midX && bar.midX <= payload.popup.maxX)
            let popups = interaction.scene.annotations.filter { $0.identifier == "selection" }
            #expect(popups.count == 1)
            #expect(popups.first?.text.text == text)
            #expect(popups.first.map { payload.popup.contains($0.text.rect) } == true)
        }
    }

    @Test("A negative bar's popup sits below the bar", arguments: interactionSizes)
    func negativeBarPopupBelow(size: Size) throws {
        let interaction = Self.interaction(SampleGraph.balance.make(), size)
        for (record, text) in [(2, "Mar · Balance (EUR) -300"), (5, "Jun · Balance (EUR) -950")] {
            let payload = try Self.clickBar(interaction, "balance", record)
            #expect(payload.value < 0)
            try Self.expectPopupInside(interaction, payload)
            let bar = try #require(interaction.bar("balance", record)).bounds
            #expect(payload.popup.minY >= bar.maxY, "popup \(payload.popup) not below bar \(bar)")
            #expect(interaction.popupScene?.text.text == text)
        }
        // The lowest bar reaches the bottom of the plot area: its popup still stays on screen.
        let lowest = try Self.clickBar(interaction, "balance", 8)
        #expect(lowest.value == -1200)
        try Self.expectPopupInside(interaction, lowest)
    }

    @Test(
        "Popup text is the plot title and the value: 2 decimals for fractions, none when every value is whole",
        arguments: [
            ([0.91, 0.5, 1.25], 0, "0 · Rate 0.91"),
            ([3.0, 5, 2, 7], 1, "1 · Rate 5"),
            ([2.0, 2.5], 0, "0 · Rate 2.00"),
            ([-4.0, 6, 0], 0, "0 · Rate -4"),
            ([12_500.0, 3_000], 0, "0 · Rate 12,500"),
            ([12_500.0, 3_000], 1, "1 · Rate 3,000"),
            ([0.004, 0.02], 0, "0 · Rate 0.00")
        ] as [([Double], Int, String)])
    func popupText(values: [Double], record: Int, text: String) throws {
        let graph = Graph(title: "Text")
        graph.add(BarPlot(identifier: "rate", title: "Rate", values: values))
        let interaction = Self.interaction(graph, Size(width: 800, height: 600))
        let payload = try Self.clickBar(interaction, "rate", record)
        #expect(payload.value == values[record])
        #expect(interaction.popupScene?.text.text == text)
    }

    @Test("A plot's own value format wins over the automatic one")
    func popupTextWithValueFormat() throws {
        let graph = Graph()
        let plot = BarPlot(identifier: "share", title: "Share", values: [0.125, 0.5])
        plot.valueFormat = .percent(decimals: 1)
        graph.add(plot)
        let interaction = Self.interaction(graph, Size(width: 640, height: 480))
        _ = try Self.clickBar(interaction, "share", 0)
        #expect(interaction.popupScene?.text.text == "0 · Share 12.5%")
    }

    @Test(
        "A bar reaching the top of the plot area keeps its popup inside the graph",
        arguments: interactionSizes, [true, false])
    func popupAtTopEdge(size: Size, hasTitle: Bool) throws {
        let graph = Graph(title: hasTitle ? "Top" : nil)
        graph.add(BarPlot(identifier: "v", title: "Values", values: [10, 4, 10, 7, 10]))
        graph.defaultPlotSpace.yRange = PlotRange(0, 10)
        let interaction = Self.interaction(graph, size)
        for record in [0, 2, 4] {
            let bar = try #require(interaction.bar("v", record)).bounds
            #expect(bar.minY == interaction.scene.plotArea.minY, "the bar should reach the top of the plot area")
            let payload = try Self.clickBar(interaction, "v", record)
            #expect(payload.value == 10)
            try Self.expectPopupInside(interaction, payload)
            #expect(payload.popup.minX <= bar.midX && bar.midX <= payload.popup.maxX, "popup \(payload.popup) not over bar \(bar)")
            // Above the bar if there is room, else flipped (or shifted) down onto it: never far from its tip.
            #expect(
                payload.popup.maxY <= bar.minY || payload.popup.minY >= bar.minY - 1,
                "popup \(payload.popup) straddles the tip of bar \(bar)")
        }
    }

    @Test(
        "The leftmost and rightmost bars keep a wide popup inside a narrow window",
        arguments: [
            Size(width: 300, height: 200), Size(width: 240, height: 400), Size(width: 1200, height: 600),
            Size(width: 500, height: 900)
        ])
    func popupAtSideEdges(size: Size) throws {
        let graph = Graph(title: "Edges")
        graph.add(BarPlot(identifier: "t", title: "Monthly average temperature", values: [4, 6, 9, 14, 18, 21]))
        // Without a legend, which would take most of a narrow window's width.
        graph.legend.isHidden = true
        let interaction = Self.interaction(graph, size)
        let records = try #require(interaction.scene.plot("t")).items.map(\.record)
        #expect(records == Array(0..<6))
        for record in [0, 5, 2] {
            let payload = try Self.clickBar(interaction, "t", record)
            try Self.expectPopupInside(interaction, payload)
            let bar = try #require(interaction.bar("t", record)).bounds
            #expect(payload.popup.maxY <= bar.minY || payload.popup.minY >= bar.minY - 1)
        }
    }

    @Test(
        "A popup pushed against the right edge ends on the edge, not a pixel past it",
        arguments: [Size(width: 240, height: 400), Size(width: 500, height: 900), Size(width: 801, height: 600)])
    func popupRoundingAtRightEdge(size: Size) throws {
        let graph = Graph()
        // 27 characters: a box 27 × 7.2 + 10 = 204.4 px wide, so it is rounded after the shift.
        graph.add(BarPlot(identifier: "t", title: "Monthly average temperature", values: [4, 6, 9, 14, 18, 21]))
        graph.legend.isHidden = true
        let interaction = Self.interaction(graph, size)
        let payload = try Self.clickBar(interaction, "t", 5)
        let bar = try #require(interaction.bar("t", 5)).bounds
        #expect(bar.midX + payload.popup.width / 2 > size.width, "the popup should need shifting left")
        #expect(payload.popup.maxX <= size.width, "popup \(payload.popup) in a window \(size.width) px wide")
        #expect(payload.popup.minX >= 0)
    }

    @Test(
        "The first, last, tallest and lowest bars of every sample graph keep their popup inside",
        arguments: SampleGraph.allCases, interactionSizes)
    func popupsOfSampleGraphsStayInside(sample: SampleGraph, size: Size) throws {
        let interaction = Self.interaction(sample.make(), size)
        var clicked = 0
        for plot in interaction.scene.plots {
            let items = plot.items
            guard let first = items.first, let last = items.last,
                let tallest = items.max(by: { $0.value < $1.value }),
                let lowest = items.min(by: { $0.value < $1.value })
            else { continue }
            for item in Set([first.record, last.record, tallest.record, lowest.record]).sorted() {
                guard let bar = interaction.bar(plot.plotID, item), bar.bounds.width >= 1 else { continue }
                // Skip a bar whose center hits something else (none does in these graphs).
                guard
                    HitTester(scene: interaction.scene).hit(at: bar.bounds.center)
                        == .record(plotID: plot.plotID, record: item)
                else { continue }
                let payload = try Self.clickBar(interaction, plot.plotID, item)
                #expect(payload.record == item)
                try Self.expectPopupInside(interaction, payload)
                clicked += 1
            }
        }
        let hasBars = interaction.scene.plots.contains { !$0.items.isEmpty }
        #expect(!hasBars || clicked > 0)
    }

    @Test("Clicking another bar moves the selection: one select, no deselect")
    func clickingAnotherBarMovesSelection() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1024, height: 768))
        _ = try Self.clickBar(interaction, "eur", 1)
        _ = try Self.clickBar(interaction, "chf", 5)
        #expect(interaction.selectedKey == RecordKey(plotID: "chf", record: 5))
        #expect(interaction.scene.annotations.filter { $0.identifier == "selection" }.count == 1)
        // Two clicks between layouts: still one select, for the bar clicked last.
        let a = try #require(interaction.bar("gbp", 0)).bounds.center
        let b = try #require(interaction.bar("gbp", 2)).bounds.center
        interaction.click(at: a)
        interaction.click(at: b)
        let events = interaction.settle()
        #expect(events.count == 1)
        #expect(events.first?.selectPayload.map { RecordKey(plotID: $0.plotID, record: $0.record) } == RecordKey(plotID: "gbp", record: 2))
        #expect(interaction.scene.annotations.filter { $0.identifier == "selection" }.count == 1)
    }

    // MARK: Deselecting

    enum DeselectClick: String, CaseIterable, Sendable { case sameBar, emptyPlotArea, background }

    @Test(
        "With a selection, clicking the same bar, empty plot area or the background deselects",
        arguments: DeselectClick.allCases)
    func clickDeselects(target: DeselectClick) throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1200, height: 600))
        let bar = try #require(interaction.bar("gbp", 2)).bounds
        _ = try Self.clickBar(interaction, "gbp", 2)
        #expect(interaction.popupScene != nil)
        let point: Point =
            switch target {
            case .sameBar: bar.center
            case .emptyPlotArea: try #require(interaction.emptyPlotAreaPoint())
            case .background: try #require(interaction.backgroundPoint())
            }
        #expect(interaction.clickAndSettle(point) == [.deselect])
        #expect(interaction.selection == nil)
        #expect(interaction.popupScene == nil)
        #expect(!interaction.graph.annotations.contains { $0.identifier == "selection" })
        // Clicking the bar once more selects it again.
        _ = try Self.clickBar(interaction, "gbp", 2)
        #expect(interaction.popupScene != nil)
    }

    @Test("Clicking empty space with no selection changes nothing")
    func clickEmptyWithoutSelection() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 800, height: 600))
        let before = interaction.scene
        for point in [try #require(interaction.emptyPlotAreaPoint()), try #require(interaction.backgroundPoint())] {
            interaction.click(at: point)
            #expect(interaction.layoutIfNeeded() == false)
            #expect(interaction.takeEvents().isEmpty)
        }
        #expect(interaction.selection == nil)
        #expect(interaction.scene == before)
    }

    @Test("A click just above a short bar selects nothing")
    func clickAboveShortBar() throws {
        let interaction = Self.interaction(Self.shortBarsGraph(), Size(width: 800, height: 600))
        let short = try #require(interaction.bar("main", 1)).bounds
        #expect(short.height >= 4)
        for gap in [1.0, 3, 8] {
            #expect(interaction.clickAndSettle(Point(x: short.midX, y: short.minY - gap)).isEmpty, "gap \(gap)")
            #expect(interaction.selection == nil)
        }
        let payload = try Self.clickBar(interaction, "main", 1)
        #expect(payload.value == 3)
    }

    @Test("A zero-height bar is selectable at its base ±1 px", arguments: [-1.0, 0, 1])
    func zeroHeightBarSelectable(dy: Double) throws {
        let interaction = Self.interaction(Self.shortBarsGraph(), Size(width: 800, height: 600))
        let zero = try #require(interaction.bar("main", 2))
        #expect(zero.value == 0 && zero.bounds.height == 0)
        let events = interaction.clickAndSettle(Point(x: zero.bounds.midX, y: zero.bounds.minY + dy))
        let payload = try #require(events.first?.selectPayload, "\(events)")
        #expect(events.count == 1)
        #expect(payload.plotID == "main" && payload.record == 2 && payload.value == 0)
        try Self.expectPopupInside(interaction, payload)
        #expect(payload.popup.maxY <= zero.bounds.minY)
        #expect(interaction.popupScene?.text.text == "2 · Main 0")
    }

    // MARK: Delegate

    @Test("A bar plot's delegate hears each selection once, by click or by key")
    func delegateHearsSelections() throws {
        let graph = SampleGraph.groupedBars.make()
        let eur = SelectionRecorder(), gbp = SelectionRecorder()
        try #require(graph.plot(identifier: "eur")).delegate = eur
        try #require(graph.plot(identifier: "gbp")).delegate = gbp
        let interaction = Self.interaction(graph, Size(width: 1024, height: 768))

        _ = try Self.clickBar(interaction, "eur", 2)
        #expect(eur.heard == [RecordKey(plotID: "eur", record: 2)])
        // Laying out again, resizing and toggling the grid do not repeat it.
        interaction.setNeedsLayout()
        interaction.layoutIfNeeded()
        interaction.resize(to: Size(width: 900, height: 700))
        _ = interaction.performAndSettle(.toggleGrid)
        #expect(eur.heard.count == 1)

        _ = try Self.clickBar(interaction, "gbp", 4)
        #expect(gbp.heard == [RecordKey(plotID: "gbp", record: 4)])
        // Deselecting tells nobody.
        let bar = try #require(interaction.bar("gbp", 4)).bounds
        #expect(interaction.clickAndSettle(bar.center) == [.deselect])
        #expect(gbp.heard.count == 1)

        // Keyboard: Right selects eur[0] (no selection), then eur[1]; Down goes to gbp[1].
        _ = interaction.performAndSettle(.selectNextRecord)
        _ = interaction.performAndSettle(.selectNextRecord)
        _ = interaction.performAndSettle(.selectNextSeries)
        #expect(eur.heard.map(\.record) == [2, 0, 1])
        #expect(gbp.heard.map(\.record) == [4, 1])
        // The chf plot has no delegate: selecting it is fine.
        _ = interaction.performAndSettle(.selectNextSeries)
        #expect(interaction.selectedKey == RecordKey(plotID: "chf", record: 1))
        #expect(eur.heard.count == 3 && gbp.heard.count == 2)
    }

    /// One plot of each kind, each with a record the keyboard can select first.
    static let plotOfEachKind: [@Sendable () -> any Plot] = [
        { ScatterPlot(identifier: "line", y: [1, 2, 3]) },
        { PieChart(identifier: "pie", values: [1, 2, 3]) },
        { HistogramPlot(identifier: "histogram", binning: HistogramBinning(lower: 0, upper: 3, count: 3), counts: [2, 5, 1]) },
        { BoxPlot(identifier: "box", boxes: [BoxStatistics(of: [1, 2, 3, 4, 5]), BoxStatistics(of: [2, 3, 4])]) },
        { BubblePlot(identifier: "bubble", dataSource: ArrayDataSource(numbers: [1, 2], locations: [1, 2], fields: [.size: [1, 2]])) },
        { HeatmapPlot(identifier: "heatmap", dataSource: ArrayDataSource(numbers: [1, 2], locations: [0, 1], fields: [.row: [0, 0]])) },
        { RadarPlot(identifier: "radar", dataSource: ArrayDataSource(values: [1, 2, 3])) },
        { RangePlot(identifier: "range", dataSource: ArrayDataSource(numbers: [2, 3], locations: [0, 1], fields: [.low: [1, 2], .high: [3, 4]])) },
        { TradingRangePlot(identifier: "candles", open: [1, 2], high: [3, 4], low: [0, 1], close: [2, 3]) }
    ]

    @Test("Every plot kind tells its delegate which record was selected", arguments: plotOfEachKind.indices)
    func everyKindReportsSelections(kind: Int) throws {
        let plot = Self.plotOfEachKind[kind]()
        let graph = Graph()
        graph.add(plot)
        let recorder = SelectionRecorder()
        plot.delegate = recorder
        let interaction = Self.interaction(graph, Size(width: 800, height: 600))
        interaction.layoutIfNeeded()
        _ = interaction.performAndSettle(.selectNextRecord)
        let selected = try #require(interaction.selectedKey, "nothing selected in \(plot.identifier)")
        #expect(recorder.heard == [selected])
        #expect(selected.plotID == plot.identifier)
    }

    // MARK: Series toggles

    @Test("Toggling a series hides it, greys its legend entry, and shows it again", arguments: [0, 1, 2])
    func toggleSeries(index: Int) throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 1200, height: 600))
        let plotID = graph.plots[index].identifier

        #expect(interaction.performAndSettle(.toggleSeries(index)) == [.toggle(plotID: plotID, visible: false)])
        #expect(graph.plots[index].isHidden)
        let hidden = try #require(interaction.scene.plot(plotID))
        #expect(!hidden.isVisible && hidden.items.isEmpty)
        let entry = try #require(interaction.scene.legend?.entries.first { $0.plotID == plotID })
        #expect(entry.isVisible == false)
        #expect(interaction.scene.legend?.entries.filter(\.isVisible).count == 2)

        #expect(interaction.performAndSettle(.toggleSeries(index)) == [.toggle(plotID: plotID, visible: true)])
        #expect(!graph.plots[index].isHidden)
        #expect(interaction.scene.plot(plotID)?.items.count == 7)
        #expect(interaction.scene.legend?.entries.allSatisfy(\.isVisible) == true)
    }

    @Test("Hiding the plot that holds the selection deselects and removes the popup")
    func hidingSelectedPlotDeselects() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1200, height: 600))
        _ = try Self.clickBar(interaction, "gbp", 3)
        let events = interaction.performAndSettle(.toggleSeries(1))
        #expect(events.count == 2)
        #expect(events.contains(.toggle(plotID: "gbp", visible: false)))
        #expect(events.contains(.deselect))
        #expect(interaction.selection == nil)
        #expect(interaction.popupScene == nil)
        // Hiding another plot keeps a selection elsewhere.
        _ = try Self.clickBar(interaction, "eur", 3)
        #expect(interaction.performAndSettle(.toggleSeries(2)) == [.toggle(plotID: "chf", visible: false)])
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 3))
        #expect(interaction.popupScene != nil)
    }

    @Test("Showing all series shows every hidden one with a toggle event each")
    func showAllSeries() throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 1200, height: 600))
        _ = interaction.performAndSettle(.toggleSeries(0))
        _ = interaction.performAndSettle(.toggleSeries(2))
        #expect(
            interaction.performAndSettle(.showAllSeries)
                == [.toggle(plotID: "eur", visible: true), .toggle(plotID: "chf", visible: true)])
        #expect(graph.plots.allSatisfy { !$0.isHidden })
        #expect(interaction.scene.plots.allSatisfy { $0.isVisible && $0.items.count == 7 })
        #expect(interaction.scene.legend?.entries.allSatisfy(\.isVisible) == true)
        // Nothing hidden: nothing happens.
        interaction.perform(.showAllSeries)
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.takeEvents().isEmpty)
    }

    @Test("Toggling a series index that does not exist does nothing", arguments: [3, 9, -1, Int.max])
    func toggleOutOfRange(index: Int) {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 800, height: 600))
        interaction.perform(.toggleSeries(index))
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.takeEvents().isEmpty)
        #expect(graph.plots.allSatisfy { !$0.isHidden })
    }

    @Test("Clicking a legend entry toggles its series", arguments: [Size(width: 1200, height: 600), Size(width: 500, height: 900)])
    func legendClickToggles(size: Size) throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, size)
        _ = try Self.clickBar(interaction, "chf", 0)
        for plotID in ["eur", "chf"] {
            let entry = try #require(interaction.scene.legend?.entries.first { $0.plotID == plotID })
            let events = interaction.clickAndSettle(entry.rect.center)
            #expect(events.contains(.toggle(plotID: plotID, visible: false)))
            #expect(events.contains(.deselect) == (plotID == "chf"), "\(events)")
            #expect(graph.plot(identifier: plotID)?.isHidden == true)
            #expect(interaction.scene.legend?.entries.first { $0.plotID == plotID }?.isVisible == false)
        }
        #expect(interaction.selection == nil)
        // The swatch of a hidden series shows it again.
        let swatch = try #require(interaction.scene.legend?.entries.first { $0.plotID == "eur" }).swatch
        #expect(interaction.clickAndSettle(swatch.center) == [.toggle(plotID: "eur", visible: true)])
        #expect(interaction.scene.plot("eur")?.isVisible == true)
    }

    // MARK: Keyboard

    @Test("With no selection, Right selects the first record of the first visible plot")
    func firstKeySelectsFirstRecord() throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 1024, height: 768))
        _ = interaction.performAndSettle(.toggleSeries(0))
        let events = interaction.performAndSettle(.selectNextRecord)
        let payload = try #require(events.first?.selectPayload, "\(events)")
        #expect(events.count == 1)
        #expect(payload.plotID == "gbp" && payload.record == 0 && payload.value == 0.781)
        try Self.expectPopupInside(interaction, payload)
        #expect(interaction.popupScene?.text.text == "Nov 20 · GBP 0.78")
        // Down with no selection also starts at the first visible plot.
        #expect(interaction.performAndSettle(.cancel) == [.deselect])
        _ = interaction.performAndSettle(.selectNextSeries)
        #expect(interaction.selectedKey == RecordKey(plotID: "gbp", record: 0))
    }

    @Test("Left and Right step through the records and stop at the ends")
    func stepRecords() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1024, height: 768))
        _ = interaction.performAndSettle(.selectNextRecord)
        var seen = [interaction.selectedKey?.record]
        for _ in 0..<6 {
            let events = interaction.performAndSettle(.selectNextRecord)
            #expect(events.count == 1 && events.first?.selectPayload != nil)
            seen.append(interaction.selectedKey?.record)
        }
        #expect(seen == Array(0...6))
        // At the last record Right does nothing, not even a layout.
        interaction.perform(.selectNextRecord)
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.takeEvents().isEmpty)
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 6))
        // And back down to the first, where Left stops.
        seen = []
        for _ in 0..<6 {
            _ = interaction.performAndSettle(.selectPreviousRecord)
            seen.append(interaction.selectedKey?.record)
        }
        #expect(seen == Array((0...5).reversed()))
        #expect(interaction.performAndSettle(.selectPreviousRecord).isEmpty)
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 0))
        #expect(interaction.popupScene?.text.text == "Nov 20 · EUR 0.91")
    }

    @Test("Up and Down go to the same record in the previous or next visible plot, wrapping around")
    func stepSeries() throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 1024, height: 768))
        _ = try Self.clickBar(interaction, "eur", 3)
        var order: [String?] = []
        for _ in 0..<3 {
            let events = interaction.performAndSettle(.selectNextSeries)
            #expect(events.count == 1)
            #expect(interaction.selectedKey?.record == 3)
            order.append(interaction.selectedKey?.plotID)
        }
        #expect(order == ["gbp", "chf", "eur"])
        order = []
        for _ in 0..<3 {
            _ = interaction.performAndSettle(.selectPreviousSeries)
            #expect(interaction.selectedKey?.record == 3)
            order.append(interaction.selectedKey?.plotID)
        }
        #expect(order == ["chf", "gbp", "eur"])

        // A hidden plot is skipped both ways.
        _ = interaction.performAndSettle(.toggleSeries(1))
        _ = interaction.performAndSettle(.selectNextSeries)
        #expect(interaction.selectedKey == RecordKey(plotID: "chf", record: 3))
        _ = interaction.performAndSettle(.selectPreviousSeries)
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 3))
        _ = interaction.performAndSettle(.selectPreviousSeries)
        #expect(interaction.selectedKey == RecordKey(plotID: "chf", record: 3))
        #expect(interaction.popupScene?.text.text == "Nov 23 · CHF 0.87")
    }

    @Test("With one visible plot, Up and Down keep the selection")
    func stepSeriesSinglePlot() throws {
        let interaction = Self.interaction(Self.countsGraph(), Size(width: 800, height: 600))
        _ = try Self.clickBar(interaction, "counts", 1)
        for command in [InteractionCommand.selectNextSeries, .selectPreviousSeries] {
            #expect(interaction.performAndSettle(command).isEmpty)
            #expect(interaction.selectedKey == RecordKey(plotID: "counts", record: 1))
        }
    }

    @Test("Keys skip missing values")
    func keysSkipMissingValues() throws {
        let interaction = Self.interaction(Self.holesGraph(), Size(width: 800, height: 600))
        _ = interaction.performAndSettle(.selectNextRecord)
        var records = [interaction.selectedKey]
        for _ in 0..<4 {
            _ = interaction.performAndSettle(.selectNextRecord)
            records.append(interaction.selectedKey)
        }
        #expect(records.compactMap { $0?.record } == [0, 2, 4, 4, 4])
        // Down from a[2] goes to b, whose record 2 is missing: a neighbouring record instead.
        _ = interaction.performAndSettle(.selectPreviousRecord)
        #expect(interaction.selectedKey == RecordKey(plotID: "a", record: 2))
        let events = interaction.performAndSettle(.selectNextSeries)
        let payload = try #require(events.first?.selectPayload, "\(events)")
        #expect(payload.plotID == "b" && [1, 3].contains(payload.record) && payload.value == 2)
        // Along b, record 2 is skipped.
        _ = interaction.performAndSettle(.selectPreviousRecord)
        _ = interaction.performAndSettle(.selectPreviousRecord)
        #expect(interaction.selectedKey == RecordKey(plotID: "b", record: 0))
        for expected in [1, 3, 4] {
            _ = interaction.performAndSettle(.selectNextRecord)
            #expect(interaction.selectedKey == RecordKey(plotID: "b", record: expected))
        }
        // The hidden plot c is never reached: Down from b wraps to a.
        _ = interaction.performAndSettle(.selectNextSeries)
        #expect(interaction.selectedKey?.plotID == "a")
        #expect(interaction.selectedKey.map { [0, 2, 4].contains($0.record) } == true)
    }

    @Test(
        "Every record of every visible plot is reachable by keys alone",
        arguments: [SampleGraph.groupedBars, .balance, .fortyCategories, .longCustomLabels])
    func everyRecordReachable(sample: SampleGraph) {
        Self.walkAllRecords(graph: sample.make())
    }

    @Test("Every record is reachable by keys with missing values and a hidden plot")
    func everyRecordReachableWithHoles() {
        Self.walkAllRecords(graph: Self.holesGraph())
    }

    /// Walks with keys only: to the start of a plot (Left), to its end (Right), then Down to
    /// the next plot; collects every selection, and checks it is exactly the selectable records.
    static func walkAllRecords(graph: Graph, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = selectableRecords(of: graph)
        let interaction = Self.interaction(graph, Size(width: 1024, height: 768))
        var seen: Set<RecordKey> = []
        func press(_ command: InteractionCommand) -> Bool {
            interaction.perform(command)
            let changed = interaction.layoutIfNeeded()
            for event in interaction.takeEvents() {
                guard let payload = event.selectPayload else { continue }
                #expect(
                    payload.value.isFinite, "selected a missing value \(payload.plotID)[\(payload.record)]",
                    sourceLocation: sourceLocation)
                expectInside(payload.popup, interaction.size, sourceLocation: sourceLocation)
            }
            if let key = interaction.selectedKey { seen.insert(key) }
            return changed
        }
        let plotCount = graph.plots.count
        _ = press(.selectNextRecord)
        for _ in 0..<plotCount {
            while press(.selectPreviousRecord) {}
            while press(.selectNextRecord) {}
            _ = press(.selectNextSeries)
        }
        #expect(
            seen == expected, "missing \(expected.subtracting(seen).sorted { $0.description < $1.description })",
            sourceLocation: sourceLocation)
    }

    // MARK: Cancel, help and status

    @Test("Escape closes the help first, then clears the selection")
    func cancel() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1024, height: 768))
        // Nothing to cancel: nothing happens.
        interaction.perform(.cancel)
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.takeEvents().isEmpty)

        _ = try Self.clickBar(interaction, "eur", 1)
        _ = interaction.performAndSettle(.toggleHelp)
        #expect(interaction.isShowingHelp)
        #expect(interaction.overlay("help") != nil)

        #expect(interaction.performAndSettle(.cancel).isEmpty)
        #expect(!interaction.isShowingHelp)
        #expect(interaction.overlay("help") == nil)
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 1))
        #expect(interaction.popupScene != nil)

        #expect(interaction.performAndSettle(.cancel) == [.deselect])
        #expect(interaction.selection == nil)
        #expect(interaction.popupScene == nil)
    }

    static func expectHelpOverlay(_ interaction: ChartInteraction, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let help = try #require(interaction.overlay("help"), sourceLocation: sourceLocation)
        #expect(!help.box.isEmpty, sourceLocation: sourceLocation)
        #expect(interaction.bounds.contains(help.box), "help \(help.box) outside \(interaction.size)", sourceLocation: sourceLocation)
        for text in help.texts {
            #expect(
                help.box.contains(text.rect), "\(text.text.prefix(20)) \(text.rect) outside \(help.box)",
                sourceLocation: sourceLocation)
        }
        let lines = help.texts.flatMap { $0.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) }
        #expect(!interaction.helpLines.isEmpty, sourceLocation: sourceLocation)
        for (keys, action) in interaction.helpLines {
            #expect(lines.contains(keys), "help lacks '\(keys)'", sourceLocation: sourceLocation)
            #expect(lines.contains(action), "help lacks '\(action)'", sourceLocation: sourceLocation)
        }
        // Keys and actions are two columns of as many lines as there are entries.
        let columns = help.texts.filter { $0.text.split(separator: "\n").count == interaction.helpLines.count }
        #expect(columns.count == 2, sourceLocation: sourceLocation)
    }

    @Test(
        "Help lists every key inside the window, and toggles off",
        arguments: [Size(width: 1200, height: 600), Size(width: 640, height: 480), Size(width: 800, height: 1000)])
    func helpOverlay(size: Size) throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), size)
        #expect(interaction.overlay("help") == nil)
        #expect(interaction.performAndSettle(.toggleHelp).isEmpty)
        #expect(interaction.isShowingHelp)
        try Self.expectHelpOverlay(interaction)
        // The help is an overlay, not part of the chart.
        #expect(!interaction.scene.annotations.contains { $0.identifier == "help" })
        #expect(interaction.performAndSettle(.toggleHelp).isEmpty)
        #expect(!interaction.isShowingHelp)
        #expect(interaction.overlay("help") == nil)
    }

    @Test("The help lists the lines its host gives, laid out again when they change while it shows")
    func helpLinesComeFromTheHost() throws {
        let interaction = ChartInteraction(
            graph: SampleGraph.groupedBars.make(), size: Size(width: 800, height: 600),
            measurer: FixedTextMeasurer())
        #expect(interaction.helpLines.isEmpty)
        _ = interaction.performAndSettle(.toggleHelp)
        // No lines: the title alone.
        #expect(try #require(interaction.overlay("help")).texts.map(\.text) == ["Keys and mouse", "", ""])
        interaction.helpLines = [(keys: "Space", action: "do the thing")]
        #expect(interaction.layoutIfNeeded())
        #expect(try #require(interaction.overlay("help")).texts.map(\.text) == ["Keys and mouse", "Space", "do the thing"])
        _ = interaction.performAndSettle(.toggleHelp)
        interaction.helpLines = Self.hostHelpLines
        #expect(interaction.layoutIfNeeded() == false, "a hidden help needs no layout")
        _ = interaction.performAndSettle(.toggleHelp)
        try Self.expectHelpOverlay(interaction)
    }

    @Test(
        "Help fits a small window",
        arguments: [Size(width: 300, height: 200), Size(width: 400, height: 300), Size(width: 500, height: 900)])
    func helpOverlaySmallWindow(size: Size) throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), size)
        _ = interaction.performAndSettle(.toggleHelp)
        try Self.expectHelpOverlay(interaction)
    }

    @Test("Clicking empty space closes the help")
    func clickClosesHelp() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1200, height: 600))
        _ = interaction.performAndSettle(.toggleHelp)
        let point = try #require(interaction.backgroundPoint())
        #expect(interaction.clickAndSettle(point).isEmpty)
        #expect(!interaction.isShowingHelp)
        #expect(interaction.overlay("help") == nil)
    }

    @Test("A click on the help box closes it and does not select the bar hidden beneath")
    func clickOnHelpDoesNotSelectThrough() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1200, height: 600))
        _ = interaction.performAndSettle(.toggleHelp)
        let help = try #require(interaction.overlay("help")).box
        let covered = try #require(
            interaction.scene.plots.flatMap { plot in plot.items.map { (plot.plotID, $0) } }
                .first { help.contains($0.1.bounds.center) }, "no bar under the help box")
        let events = interaction.clickAndSettle(covered.1.bounds.center)
        #expect(events.isEmpty, "\(events)")
        #expect(interaction.selection == nil)
        #expect(!interaction.isShowingHelp)
    }

    @Test(
        "A status message shows as an overlay at the bottom left until it is cleared",
        arguments: [Size(width: 1200, height: 600), Size(width: 300, height: 200)])
    func statusMessage(size: Size) throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), size)
        interaction.statusMessage = "Saved chart.png"
        #expect(interaction.layoutIfNeeded())
        let status = try #require(interaction.overlay("status"))
        #expect(status.texts.map(\.text) == ["Saved chart.png"])
        #expect(interaction.bounds.contains(status.box))
        #expect(status.texts.allSatisfy { status.box.contains($0.rect) })
        #expect(status.box.midX < size.width / 2 && status.box.midY > size.height / 2)
        // The same message again needs no layout.
        interaction.statusMessage = "Saved chart.png"
        #expect(interaction.layoutIfNeeded() == false)
        // Help and status show together.
        _ = interaction.performAndSettle(.toggleHelp)
        #expect(Set(interaction.scene.overlays.map(\.identifier)) == ["help", "status"])
        _ = interaction.performAndSettle(.toggleHelp)

        interaction.statusMessage = nil
        #expect(interaction.layoutIfNeeded())
        #expect(interaction.overlay("status") == nil)
        #expect(interaction.scene.overlays.isEmpty)
        #expect(interaction.takeEvents().isEmpty)
    }

    // MARK: Grid, legend, theme

    @Test("Toggling the grid twice restores the axes' grid settings", arguments: [false, true])
    func toggleGrid(withXGrid: Bool) throws {
        let graph = SampleGraph.groupedBars.make()
        graph.xAxis.showsMajorGridLines = withXGrid
        let axesBefore = graph.axes
        let interaction = Self.interaction(graph, Size(width: 1024, height: 768))
        let gridBefore = interaction.scene.gridLines
        #expect(!gridBefore.isEmpty)

        #expect(interaction.performAndSettle(.toggleGrid).isEmpty)
        #expect(interaction.scene.gridLines.isEmpty)
        #expect(graph.axes.allSatisfy { !$0.showsMajorGridLines && !$0.showsMinorGridLines })

        _ = interaction.performAndSettle(.toggleGrid)
        #expect(interaction.scene.gridLines.count == gridBefore.count)
        #expect(interaction.scene.gridLines == gridBefore)
        #expect(graph.axes == axesBefore)
    }

    @Test("Toggling the legend hides and shows it, and the plot area takes its room")
    func toggleLegend() throws {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 1200, height: 600))
        let shown = try #require(interaction.scene.legend)
        let areaWithLegend = interaction.scene.plotArea
        #expect(interaction.performAndSettle(.toggleLegend).isEmpty)
        #expect(interaction.scene.legend == nil)
        #expect(graph.legend.isHidden)
        #expect(interaction.scene.plotArea.width > areaWithLegend.width)
        // With no legend, a click where an entry was does not toggle a series.
        let events = interaction.clickAndSettle(shown.entries[0].rect.center)
        #expect(!events.contains { if case .toggle = $0 { true } else { false } })
        _ = interaction.performAndSettle(.toggleLegend)
        #expect(interaction.scene.legend == shown)
        #expect(interaction.scene.plotArea == areaWithLegend)
    }

    @Test("Toggling the theme switches between light and dark", arguments: ["light", "dark"])
    func toggleTheme(start: String) throws {
        let graph = SampleGraph.groupedBars.make()
        graph.theme = try #require(Theme.named(start))
        let interaction = Self.interaction(graph, Size(width: 800, height: 600))
        _ = try Self.clickBar(interaction, "eur", 0)
        let background = interaction.scene.background
        let other = start == "light" ? "dark" : "light"
        #expect(interaction.performAndSettle(.toggleTheme).isEmpty)
        #expect(graph.theme.name == other)
        #expect(interaction.scene.background != background)
        // The selection and its popup survive, drawn in the new theme.
        #expect(interaction.popupScene?.fill == graph.theme.annotationFill)
        _ = interaction.performAndSettle(.toggleTheme)
        #expect(graph.theme.name == start)
        #expect(interaction.scene.background == background)
        #expect(interaction.selectedKey == RecordKey(plotID: "eur", record: 0))
    }

    // MARK: Layout on demand

    @Test("A new interaction needs no layout; events start empty")
    func freshInteraction() {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 800, height: 600))
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.takeEvents().isEmpty)
        #expect(interaction.scene.size == Size(width: 800, height: 600))
        #expect(interaction.scene.overlays.isEmpty)
        #expect(interaction.selection == nil)
    }

    @Test("Resizing lays out once, and the legend follows the aspect ratio")
    func resize() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1200, height: 600))
        #expect(interaction.scene.legend?.position == .right)
        let steps: [(Size, Legend.Position)] = [
            (Size(width: 500, height: 900), .bottom), (Size(width: 900, height: 500), .right),
            (Size(width: 600, height: 600), .bottom), (Size(width: 1200, height: 600), .right)
        ]
        for (size, position) in steps {
            interaction.resize(to: size)
            #expect(interaction.layoutIfNeeded(), "\(size)")
            #expect(interaction.layoutIfNeeded() == false, "\(size)")
            #expect(interaction.scene.size == size)
            #expect(interaction.scene.legend?.position == position, "\(size)")
            #expect(interaction.takeEvents().isEmpty)
        }
        // The same size, or an empty one, changes nothing.
        for size in [Size(width: 1200, height: 600), Size(width: 0, height: 600), Size(width: 500, height: -1)] {
            interaction.resize(to: size)
            #expect(interaction.layoutIfNeeded() == false, "\(size)")
        }
        #expect(interaction.size == Size(width: 1200, height: 600))
    }

    @Test(
        "Resizing keeps the selection; its popup follows the bar without new events",
        arguments: [Size(width: 300, height: 200), Size(width: 500, height: 900), Size(width: 2000, height: 1000)])
    func resizeKeepsSelection(size: Size) throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1024, height: 768))
        _ = try Self.clickBar(interaction, "chf", 6)
        interaction.resize(to: size)
        #expect(interaction.settle().isEmpty)
        #expect(interaction.selectedKey == RecordKey(plotID: "chf", record: 6))
        let popup = try #require(interaction.popupScene?.box)
        let bar = try #require(interaction.bar("chf", 6)).bounds
        Self.expectInside(popup, size)
        #expect(popup.maxY <= bar.minY)
        #expect(popup.minX <= bar.midX && bar.midX <= popup.maxX)
    }

    @Test("Rescaling lays out again at the new scale")
    func rescale() throws {
        let interaction = Self.interaction(SampleGraph.groupedBars.make(), Size(width: 1600, height: 1200))
        interaction.rescale(to: 2)
        #expect(interaction.layoutIfNeeded())
        #expect(interaction.layoutIfNeeded() == false)
        #expect(interaction.scene.scale == 2)
        interaction.rescale(to: 2)
        interaction.rescale(to: 0)
        #expect(interaction.layoutIfNeeded() == false)
        let payload = try Self.clickBar(interaction, "eur", 3)
        try Self.expectPopupInside(interaction, payload)
    }

    @Test("setNeedsLayout forces exactly one layout")
    func setNeedsLayout() {
        let graph = SampleGraph.groupedBars.make()
        let interaction = Self.interaction(graph, Size(width: 800, height: 600))
        graph.title = "Changed"
        #expect(interaction.layoutIfNeeded() == false)
        interaction.setNeedsLayout()
        #expect(interaction.layoutIfNeeded())
        #expect(interaction.scene.title?.text == "Changed")
        #expect(interaction.layoutIfNeeded() == false)
    }
}
