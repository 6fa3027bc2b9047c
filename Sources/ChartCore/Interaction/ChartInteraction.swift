import Foundation

/// A graph being looked at: its size, its current scene, and the user's selection, help and
/// toggles. Turns clicks and commands into changes of the graph, and lays out again only when
/// something changed. Core Plot's hosting view does this on iOS; here it is pure Swift, so the
/// window (`ChartX11`) stays a thin host and the behaviour is testable without a display.
///
/// Used from one thread. Coordinates are device pixels, origin top-left. A host may lay the
/// chart out on another thread through `makeLayoutJob()` (see "Laying out on another thread").
public final class ChartInteraction {
    /// A selected record of a plot.
    public struct Selection: Hashable, Sendable {
        /// The selected record's plot.
        public var plotID: String
        /// The selected record's index in its plot's data source.
        public var record: Int

        /// The selection of `record` of the plot `plotID`.
        public init(plotID: String, record: Int) {
            self.plotID = plotID
            self.record = record
        }
    }

    /// The graph shown and changed by the interaction (a grid's first cell's, for a grid).
    public let graph: Graph
    /// The grid shown, when the interaction shows several graphs (`init(grid:size:scale:measurer:laysOutLater:)`);
    /// nil for one graph. See `ChartInteraction+Grid`.
    public let grid: GraphGrid?
    /// Per cell of `grid`, the interaction of its graph: its view, history, selection and scene
    /// (in the cell's own pixels). Empty for one graph.
    public private(set) var cells: [ChartInteraction] = []
    /// Whether this is a cell of a grid's interaction: its chart is laid out with the grid's,
    /// never by itself (its scene is installed by `adopt(_:laidOutAt:)`).
    let isCell: Bool
    /// The cell the keys act on: the last one the pointer was over.
    var focusedCell = 0
    /// The cell a press began in, which the drag or the box belongs to.
    var pressedCell: Int?
    /// The cell that fills the window (Enter, a double click on its title); nil while every cell shows.
    public internal(set) var maximizedCell: Int?
    /// The last click on a cell's title (which cell, when, in milliseconds): a second one there
    /// soon after maximizes the cell or restores the grid.
    var lastTitleClick: (cell: Int, time: UInt64)?
    /// For a cell: whether its grid's layout job has the graph.
    var lentToGrid = false
    /// Whether the crosshair shows (`c`): a line at the pointer's x and each visible series'
    /// value there (`ChartInteraction+Cursors`).
    public internal(set) var showsCrosshair = false
    /// The crosshair's x, data units; nil while the pointer is off the plot area.
    public internal(set) var crosshairX: Double?
    /// The A and B cursors' x (at most two), data units, snapped to records when dropped.
    public internal(set) var cursors: [Double] = []
    /// The pointer's last place over the chart (device pixels), where `m` drops a cursor.
    var hoverPoint: Point?
    /// The crosshair's and the cursors' overlays as last laid out (kept while a job has the graph).
    var cursorOverlayCache: [OverlayScene] = []
    /// What the crosshair read at the last layout, to report a change once.
    var reportedCrosshair: CursorMeasurement?
    /// Measures the text of every layout the interaction makes.
    public let measurer: any TextMeasuring
    /// The size laid out at, in device pixels.
    public internal(set) var size: Size
    /// The device scale laid out at: 1, or 2 on a high-density screen.
    public internal(set) var scale: Double
    /// The scene last laid out: what is on screen, and what clicks are tested against.
    public internal(set) var scene: Scene
    /// The selected record, whose value popup is shown; nil for none.
    public private(set) var selection: Selection?
    /// Whether the help overlay (the keys) is shown.
    public internal(set) var isShowingHelp = false
    /// What part of the data is looked at (zoom and pan); `GraphView.fitted` until navigated.
    public internal(set) var view: GraphView = .fitted
    /// The views gone through, for back and forward.
    public internal(set) var history = ViewHistory()
    /// What changed the view since its last layout; reported as a `view` event once laid out.
    var pendingViewCause: ViewChangeCause?
    /// The coordinates whose scale `toggleLogScale` switched from the graph's own, carried
    /// over a reload.
    var toggledLogScales: Set<Axis.Coordinate> = []
    /// The press, drag or box zoom in progress, and the last click and wheel notch (see
    /// `ChartInteraction+Pointer`).
    var pointer = PointerState()
    /// A line shown at the bottom left over the chart ("Saved chart.png"); nil for none.
    public var statusMessage: String? {
        didSet { if statusMessage != oldValue { needsLayout = true } }
    }
    /// The height of the band the status line's box takes at the bottom, in points (device
    /// pixels at scale 1): one line of the theme's annotation text, its padding and margin. A
    /// host whose status line stays (a live chart's) pads the graph's bottom by it, so that the
    /// box covers neither the x axis' title nor the legend.
    public var statusLineHeight: Double {
        let line = measurer.size(of: "Ag", style: theme.annotationText).height
        return (line + 2 * 6 + 8).rounded(.up)
    }
    /// A question with an editable answer along the bottom edge (a save's file name), above
    /// which the status line moves; nil for none. Laid out with the overlays only.
    package var prompt: TextPrompt? {
        didSet { if prompt != oldValue { needsLayout = true } }
    }
    /// Whether state changed since the last layout.
    public internal(set) var needsLayout = false
    /// Whether the chart itself changed (size, series, theme…), not only what lies over it
    /// (a popup, the help, a status line), which is laid out again over the same chart.
    public internal(set) var needsChartLayout = false
    /// Counts the layouts of the chart itself: while it stays the same, the chart under the
    /// popups and overlays is the same picture, which a window may keep instead of repainting.
    public internal(set) var chartGeneration = 0

    /// The hit tester of the chart's current generation: overlays do not change what a click
    /// lands on, so its index is built once per chart layout, not per click.
    private var hitTester: (generation: Int, tester: HitTester)?

    var pendingEvents: [InteractionEvent] = []
    private var pendingSelect = false
    /// The layout job out on another thread, which has the graph; nil when none is.
    public internal(set) var layoutJob: LayoutJob?
    /// What arrived while `layoutJob` was out, replayed when it is back.
    var deferred: [Deferred] = []
    /// Whether something deferred will change the chart itself (the job out is stale).
    var deferredChangesChart = false
    /// The axes' grid settings while the grid is toggled off; nil while it shows.
    private var savedGrid: [String: (Bool, Bool)]?

    /// The identifier of the value popup's annotation in the graph's annotations.
    public static let popupIdentifier = "selection"
    /// The theme the graph came with, which `d` returns to.
    private let originalTheme: Theme

    /// An interaction over `graph` laid out at `size` device pixels and `scale`, measuring text with `measurer`. Lays the graph out once.
    public convenience init(graph: Graph, size: Size, scale: Double = 1, measurer: any TextMeasuring) {
        self.init(graph: graph, size: size, scale: scale, measurer: measurer, laysOutLater: false)
    }

    /// With `laysOutLater`, nothing is laid out here: the first layout is left to a layout job
    /// (`makeLayoutJob()`, for a host laying out on another thread), and until it is finished
    /// `scene` is the graph's empty background at `size`.
    public convenience init(graph: Graph, size: Size, scale: Double = 1, measurer: any TextMeasuring, laysOutLater: Bool) {
        self.init(graph: graph, grid: nil, isCell: false, size: size, scale: scale, measurer: measurer, laysOutLater: laysOutLater)
    }

    /// An interaction over `grid`'s cells, laid out together at `size` (see `laysOutLater`).
    public convenience init(grid: GraphGrid, size: Size, scale: Double = 1, measurer: any TextMeasuring, laysOutLater: Bool) {
        self.init(graph: grid.cells[0], grid: grid, isCell: false, size: size, scale: scale, measurer: measurer, laysOutLater: true)
        cells = grid.cells.map { cell in
            ChartInteraction(graph: cell, grid: nil, isCell: true, size: Size(width: 1, height: 1), scale: scale, measurer: measurer, laysOutLater: true)
        }
        if !laysOutLater { layoutIfNeeded() }
    }

    private init(graph: Graph, grid: GraphGrid?, isCell: Bool, size: Size, scale: Double, measurer: any TextMeasuring, laysOutLater: Bool) {
        self.graph = graph
        self.grid = grid
        self.isCell = isCell
        self.size = size
        self.scale = scale
        self.measurer = measurer
        originalTheme = graph.theme
        if laysOutLater {
            scene = Scene(
                size: size, scale: scale, background: graph.theme.background, plotArea: .zero,
                plotAreaFill: graph.theme.plotAreaFill, plotAreaBorder: nil, title: nil, gridLines: [], plots: [],
                axes: [], legend: nil, annotations: [], message: nil)
            needsLayout = true; needsChartLayout = true
        } else {
            scene = graph.layout(size: size, scale: scale, view: view, measurer: measurer)
        }
    }

    // MARK: Input

    /// The window's new size in device pixels.
    public func resize(to newSize: Size) {
        guard newSize != size, newSize.width > 0, newSize.height > 0 else { return }
        size = newSize
        // A zoomed view keeps its ranges at the new size, rather than its anchors' pixels.
        fixViewEnds()
        for cell in cells { cell.fixViewEnds() }
        needsLayout = true; needsChartLayout = true
    }

    /// A new device scale (HiDPI).
    public func rescale(to newScale: Double) {
        guard newScale != scale, newScale > 0 else { return }
        scale = newScale
        fixViewEnds()
        for cell in cells {
            cell.scale = newScale
            cell.fixViewEnds()
        }
        needsLayout = true; needsChartLayout = true
    }

    /// A primary-button click at `point`: selects the bar under it, deselects on a second click
    /// or a click on empty space, and toggles a series from its legend entry.
    public func click(at point: Point) {
        if grid != nil {
            // A cell's click may change its graph, which a job out has: it waits for it.
            if layoutJob != nil { deferred.append(.cellClick(point)) } else { gridClick(at: point) }
            return
        }
        // The help covers the chart: a click anywhere closes it and selects nothing under it.
        if isShowingHelp {
            isShowingHelp = false
            needsLayout = true
            return
        }
        if hitTester?.generation != chartGeneration { hitTester = (chartGeneration, HitTester(scene: scene)) }
        // What was clicked is what is on screen; while a layout job has the graph, what it
        // does waits for the job.
        let hit = hitTester!.tester.hit(at: point)
        if deferWhileLaidOut(hit) { return }
        handle(hit)
    }

    /// Does what a click on `hit` asks.
    private func handle(_ hit: HitTester.Hit) {
        switch hit {
        case .record(let plotID, let record):
            if selection == Selection(plotID: plotID, record: record) {
                select(nil)
            } else {
                select(Selection(plotID: plotID, record: record))
            }
        case .legendEntry(let plotID, let record):
            // A series' entry hides or shows the series; a slice's entry, the slice.
            if let plot = graph.plot(identifier: plotID) { toggle(plot, record: record) }
        case .plotArea, .background:
            select(nil)
        }
    }

    /// Carries out one command (from a key, a menu or a test): changes the view, the selection, the legend or the graph, and lays the chart out again when that changed what is drawn.
    public func perform(_ command: InteractionCommand) {
        if grid != nil {
            gridPerform(command)
            return
        }
        if deferWhileLaidOut(command) { return }
        switch command {
        case .toggleSeries(let index):
            let entries = legendEntries
            if entries.indices.contains(index) { toggle(entries[index].plot, record: entries[index].record) }
        case .showAllSeries:
            for plot in graph.plots {
                if plot.isHidden {
                    plot.isHidden = false
                    pendingEvents.append(.toggle(plotID: plot.identifier, visible: true))
                    needsLayout = true; needsChartLayout = true
                }
                guard let hiding = plot as? any RecordHidingPlot else { continue }
                for record in hiding.hiddenRecords.sorted() {
                    hiding.hiddenRecords.remove(record)
                    pendingEvents.append(.toggle(plotID: plot.identifier, record: record, visible: true))
                    needsLayout = true; needsChartLayout = true
                }
            }
        case .toggleLegend:
            graph.legend.isHidden.toggle()
            needsLayout = true; needsChartLayout = true
        case .toggleGrid:
            if let saved = savedGrid {
                for index in graph.axes.indices {
                    if let (major, minor) = saved[graph.axes[index].identifier] {
                        graph.axes[index].showsMajorGridLines = major
                        graph.axes[index].showsMinorGridLines = minor
                    }
                }
                savedGrid = nil
            } else {
                savedGrid = Dictionary(uniqueKeysWithValues: graph.axes.map { ($0.identifier, ($0.showsMajorGridLines, $0.showsMinorGridLines)) })
                for index in graph.axes.indices {
                    graph.axes[index].showsMajorGridLines = false
                    graph.axes[index].showsMinorGridLines = false
                }
            }
            needsLayout = true; needsChartLayout = true
        case .toggleTheme:
            // Between the chart's own theme and its opposite (dark for a light one, light for a dark one).
            if graph.theme.name == originalTheme.name {
                graph.theme = originalTheme.background.representativeColor.luminance < 0.3 ? .plainWhite : .plainBlack
            } else {
                graph.theme = originalTheme
            }
            needsLayout = true; needsChartLayout = true
        case .selectPreviousRecord, .selectNextRecord:
            stepRecord(forward: command == .selectNextRecord)
        case .selectPreviousSeries, .selectNextSeries:
            stepSeries(forward: command == .selectNextSeries)
        case .cancel:
            if pointer.box != nil {
                cancelZoomBox()
            } else if isShowingHelp {
                isShowingHelp = false
                needsLayout = true
            } else if !cursors.isEmpty {
                clearCursors()
            } else {
                select(nil)
            }
        case .toggleHelp:
            isShowingHelp.toggle()
            needsLayout = true
        case .zoomIn, .zoomOut:
            zoom(by: command == .zoomIn ? Self.keyZoomFactor : 1 / Self.keyZoomFactor, about: scene.plotArea.center, cause: .keys)
        case .pan(let dx, let dy):
            pan(
                by: Point(x: -Double(dx) * scene.plotArea.width / 10, y: Double(dy) * scene.plotArea.height / 10),
                axes: dy == 0 ? .x : (dx == 0 ? .y() : .both), cause: .keys)
        case .resetView: resetView()
        case .viewBack: back()
        case .viewForward: forward()
        case .toggleAutoscale: toggleAutoscale()
        case .toggleLogScale(let coordinate): toggleLogScale(coordinate)
        case .toggleCrosshair:
            showsCrosshair.toggle()
            needsLayout = true
        case .dropCursor:
            if let point = hoverPoint { dropCursor(at: point) }
        case .deleteNote:
            if let point = hoverPoint { removeNote(at: point) }
        case .toggleMaximized:
            break  // One graph fills the window already; a grid's cell is maximized by the grid.
        }
    }

    // MARK: Layout

    /// Lays out again if anything changed since the last layout, and returns whether it did.
    /// O(layout).
    @discardableResult
    public func layoutIfNeeded() -> Bool {
        if grid != nil { return layoutGridIfNeeded() }
        guard needsLayout else { return false }
        needsLayout = false
        if isLent {
            // The graph is lent to a layout job: only the help and the status line, which
            // need no graph, are laid out again, over the scene on screen.
            scene.overlays = overlays()
            return true
        }
        if needsChartLayout && !isCell {
            needsChartLayout = false
            scene = graph.layout(size: size, scale: scale, view: view, measurer: measurer)
            chartGeneration += 1
            reportViewIfLaidOut()
        } else {
            // Only what lies over the chart changed: the chart's geometry stays.
            scene.annotations = graph.layoutAnnotations(over: scene, measurer: measurer)
        }
        scene.overlays = overlays()
        scene.markers = selectionMarkers()
        if pendingSelect, let selection {
            pendingSelect = false
            let popup = scene.annotations.first { $0.identifier == Self.popupIdentifier }
            let value = scene.plot(selection.plotID)?.items.item(forRecord: selection.record)?.value ?? .nan
            pendingEvents.append(
                .select(
                    plotID: selection.plotID, record: selection.record, value: value,
                    popup: popup?.box ?? .zero, text: popup?.text.text ?? ""))
        }
        return true
    }

    /// The events since the last call, in order. Call after `layoutIfNeeded()`.
    public func takeEvents() -> [InteractionEvent] {
        if grid != nil { return takeGridEvents() }
        defer { pendingEvents.removeAll() }
        return pendingEvents
    }

    /// Forces the next `layoutIfNeeded()` to lay out (after the graph was changed directly).
    public func setNeedsLayout() { needsLayout = true; needsChartLayout = true }

    // MARK: Selection

    /// Selects `newSelection` (nil to clear), moves the popup, and tells the plot's delegate.
    /// Only a record laid out in the current scene can be selected.
    public func select(_ newSelection: Selection?) {
        guard newSelection != selection else { return }
        if isLent {
            deferred.append(.select(newSelection))
            return
        }
        graph.annotations.removeAll { $0.identifier == Self.popupIdentifier }
        for case let plot as any SelectionDrawingPlot in graph.plots where plot.selectedRecord != nil {
            plot.selectedRecord = nil
            needsChartLayout = true
        }
        let hadSelection = selection != nil
        selection = newSelection
        needsLayout = true
        // What the popup says is what the scene's plot says of the record (`RecordDescriber`).
        guard let newSelection, let plot = graph.plot(identifier: newSelection.plotID), let plotScene = scene.plot(newSelection.plotID),
            let item = plotScene.items.item(forRecord: newSelection.record),
            let described = plotScene.describer?.description(of: newSelection.record)?.text
        else {
            selection = nil
            pendingSelect = false
            if hadSelection { pendingEvents.append(.deselect) }
            return
        }
        // One line while it fits the window; its parts on lines of their own when not. Only
        // what can be seen of a long name is kept.
        let text = VisibleText.cut(described)
        var popupText = text
        let style = graph.theme.annotationText.scaled(by: scale)
        if measurer.size(of: text, style: style).width + 16 * scale > size.width {
            popupText = text.replacingOccurrences(of: " · ", with: "\n")
            // Each line cut with "…" to the window, the lines to half its height.
            popupText = VisibleText.fitting(popupText, width: size.width - 16 * scale, height: size.height / 2) {
                measurer.size(of: $0, style: style)
            }
        }
        let placement = item.popupPlacement ?? (item.pointsDown ? .top : .bottom)
        // A few pixels off the anchor, away from the box's side that sits on it.
        let away = Point(x: 0.5 - placement.fraction.x, y: 0.5 - placement.fraction.y)
        graph.annotations.append(
            Annotation(
                identifier: Self.popupIdentifier, text: popupText,
                anchor: .record(plotID: newSelection.plotID, record: newSelection.record),
                displacement: Point(x: away.x * 12, y: away.y * 12), hasBox: true,
                contentAnchor: placement, staysInside: true))
        // A pie pulls its selected slice out: the chart itself changes.
        if let drawing = plot as? any SelectionDrawingPlot {
            drawing.selectedRecord = newSelection.record
            needsChartLayout = true
        }
        pendingSelect = true
        plot.notifySelection(record: newSelection.record)
    }

    /// Hides or shows `plot`, or with `record` one record of it (a pie's slice).
    private func toggle(_ plot: any Plot, record: Int?) {
        let visible: Bool
        if let record {
            if let hiding = plot as? any RecordHidingPlot {
                if hiding.hiddenRecords.contains(record) { hiding.hiddenRecords.remove(record) } else { hiding.hiddenRecords.insert(record) }
            }
            visible = !plot.hidesRecord(record)
            pendingEvents.append(.toggle(plotID: plot.identifier, record: record, visible: visible))
            if !visible, selection == Selection(plotID: plot.identifier, record: record) { select(nil) }
        } else {
            plot.isHidden.toggle()
            visible = !plot.isHidden
            pendingEvents.append(.toggle(plotID: plot.identifier, record: record, visible: visible))
            if !visible, selection?.plotID == plot.identifier { select(nil) }
        }
        needsLayout = true; needsChartLayout = true
        // A slice hidden or shown resizes the others: the popup follows its slice.
        if let selection, selection.plotID == plot.identifier { pendingSelect = true }
    }

    /// The legend's entries in order, whether the legend shows or not: what keys `1`…`9`
    /// toggle. One per plot, one per slice for a pie.
    var legendEntries: [(plot: any Plot, record: Int?)] {
        graph.plots.enumerated().flatMap { index, plot in
            plot.legendEntries(seriesColor: graph.theme.seriesColor(index), theme: graph.theme).map { (plot, $0.record) }
        }
    }

    /// The selected record's marks (a point's halo), from its plot.
    private func selectionMarkers() -> [SceneMarker] {
        guard let selection, let plot = graph.plot(identifier: selection.plotID),
            let item = scene.plot(selection.plotID)?.items.item(forRecord: selection.record)
        else { return [] }
        return plot.selectionMarkers(of: item, scale: scale, theme: graph.theme)
    }

    /// The records of a visible plot that have an item in the scene, in record order.
    private func records(of plotID: String) -> [Int] {
        guard let plot = scene.plot(plotID), plot.isVisible else { return [] }
        // A record drawn as several items (a candle's wick and body) is one step, and records
        // step in their order, whatever order they are drawn in (bubbles largest first).
        var seen = Set<Int>()
        var records: [Int] = []
        for item in plot.items where seen.insert(item.record).inserted { records.append(item.record) }
        return records.sorted()
    }

    private var visiblePlotIDs: [String] {
        scene.plots.filter { $0.isVisible && !$0.items.isEmpty }.map(\.plotID)
    }

    private func stepRecord(forward: Bool) {
        guard let selection else {
            if let first = visiblePlotIDs.first, let record = forward ? records(of: first).first : records(of: first).last {
                select(Selection(plotID: first, record: record))
            }
            return
        }
        let records = records(of: selection.plotID)
        guard let position = records.firstIndex(of: selection.record) else { return }
        let next = forward ? position + 1 : position - 1
        if records.indices.contains(next) { select(Selection(plotID: selection.plotID, record: records[next])) }
    }

    private func stepSeries(forward: Bool) {
        let plots = visiblePlotIDs
        guard !plots.isEmpty else { return }
        guard let selection, let position = plots.firstIndex(of: selection.plotID) else {
            if let first = plots.first, let record = records(of: first).first { select(Selection(plotID: first, record: record)) }
            return
        }
        let next = plots[(position + (forward ? 1 : plots.count - 1)) % plots.count]
        let candidates = records(of: next)
        // The same record, or the nearest one the other plot has.
        guard let record = candidates.min(by: { abs($0 - selection.record) < abs($1 - selection.record) }) else { return }
        select(Selection(plotID: next, record: record))
    }

    // MARK: Overlays

    /// What the help overlay lists, in order: the keys (or mouse gesture) and what they do.
    /// The host gives them: it binds the keys and the mouse to commands, so it says which do
    /// what; ChartCore lays the box out. Empty by default (the help shows its title alone).
    public var helpLines: [(keys: String, action: String)] = [] {
        didSet { if isShowingHelp { needsLayout = true } }
    }

    /// The help box, centered, its text shrunk when the window is too small for it.
    private func helpOverlay(border: LineStyle) -> OverlayScene {
        let theme = self.theme
        let keys = helpLines.map(\.keys).joined(separator: "\n")
        let actions = helpLines.map(\.action).joined(separator: "\n")
        let title = "Keys and mouse"
        let margin = 8 * scale
        // Above the status line's band, which it would otherwise cover the last lines of.
        let band = statusMessage.map { $0.isEmpty ? 0 : statusLineHeight * scale } ?? 0
        func box(fit: Double) -> OverlayScene {
            var plain = theme.annotationText.scaled(by: scale)
            plain.fontSize = 13 * scale * fit
            plain.alignment = .left
            var bold = plain
            bold.isBold = true
            var titleStyle = bold
            titleStyle.fontSize = 15 * scale * fit
            let keySize = measurer.size(of: keys, style: bold)
            let actionSize = measurer.size(of: actions, style: plain)
            let titleSize = measurer.size(of: title, style: titleStyle)
            let pad = 16 * scale * fit, gap = 20 * scale * fit, titleGap = 10 * scale * fit
            let width = (max(titleSize.width, keySize.width + gap + actionSize.width) + 2 * pad).rounded(.up)
            let height = (titleSize.height + titleGap + max(keySize.height, actionSize.height) + 2 * pad).rounded(.up)
            let box = Rect(
                x: max(0, ((size.width - width) / 2).rounded()), y: max(0, ((size.height - band - height) / 2).rounded()),
                width: width, height: height)
            let top = box.minY + pad, columnsTop = top + titleSize.height + titleGap
            return OverlayScene(
                identifier: "help", box: box, fill: theme.annotationFill, border: border,
                texts: [
                    SceneText(text: title, style: titleStyle, size: titleSize, at: Point(x: box.minX + pad, y: top), anchoredBy: .topLeft),
                    SceneText(text: keys, style: bold, size: keySize, at: Point(x: box.minX + pad, y: columnsTop), anchoredBy: .topLeft),
                    SceneText(
                        text: actions, style: plain, size: actionSize,
                        at: Point(x: box.minX + pad + keySize.width + gap, y: columnsTop), anchoredBy: .topLeft)
                ])
        }
        let full = box(fit: 1)
        let fit = min(1, (size.width - 2 * margin) / full.box.width, (size.height - band - 2 * margin) / full.box.height)
        // Text below a few pixels is unreadable anyway; past that the box may overflow.
        // Shrunk in steps of 5% (each size is a font kept by the text engine).
        return fit >= 1 ? full : box(fit: max((fit * 20).rounded(.down) / 20, 0.3))
    }

    func overlays() -> [OverlayScene] {
        var overlays: [OverlayScene] = []
        overlays += isLent ? cursorOverlayCache : cursorOverlays()
        let theme = self.theme
        let border = theme.annotationBorder.scaled(by: scale)
        if let box = pointer.box {
            // The rubber band of a box zoom: the series color, translucent, over the chart.
            let color = theme.seriesColor(0)
            overlays.append(
                OverlayScene(
                    identifier: "zoom-box", box: box.rect, fill: .solid(color.withAlpha(0.15)),
                    border: LineStyle(color: color, width: 1 * scale, dashPattern: [4 * scale, 3 * scale]), texts: []))
        }
        if isShowingHelp { overlays.append(helpOverlay(border: border)) }
        var bottom = size.height
        if let prompt {
            let (box, caret) = promptOverlays(prompt, border: border)
            overlays += [box, caret]
            bottom = box.box.minY
        }
        if let message = statusMessage, !message.isEmpty {
            var style = theme.annotationText.scaled(by: scale)
            style.alignment = .left
            let pad = 6 * scale
            // What fits in the window beside the box's margins, its start cut with "…": a
            // message ends in what happened ("…db.sqlite: query failed: no such table: t").
            var statusMessage = VisibleText.cut(message)
            var textSize = measurer.size(of: statusMessage, style: style)
            let room = Size(width: size.width - 2 * pad - 16 * scale, height: size.height / 2)
            if textSize.width > room.width || textSize.height > room.height {
                let fitStyle = style
                statusMessage = VisibleText.fitting(statusMessage, width: room.width, height: room.height, keepingEnd: true) {
                    measurer.size(of: $0, style: fitStyle)
                }
                textSize = measurer.size(of: statusMessage, style: style)
            }
            let box = Rect(
                x: (8 * scale).rounded(), y: (bottom - textSize.height - 2 * pad - 8 * scale).rounded(),
                width: (textSize.width + 2 * pad).rounded(.up), height: (textSize.height + 2 * pad).rounded(.up))
            overlays.append(
                OverlayScene(
                    identifier: "status", box: box, fill: theme.annotationFill, border: border,
                    texts: [SceneText(text: statusMessage, style: style, size: textSize, at: box.center, anchoredBy: .center)]))
        }
        return overlays
    }
}

// MARK: The prompt

extension ChartInteraction {
    /// The prompt's box, the window's width less 8 pixels a side (at scale 1) along the bottom
    /// edge, with the label, the answer and the hint on one line; and its caret. An answer
    /// too long for the box shows its end up to the cursor, cut at the front with "…".
    /// O(length of the answer) text measurements at most.
    func promptOverlays(_ prompt: TextPrompt, border: LineStyle?) -> (box: OverlayScene, caret: OverlayScene) {
        let theme = self.theme
        var style = theme.annotationText.scaled(by: scale)
        style.alignment = .left
        var hintStyle = style
        hintStyle.color = style.color.withAlpha(0.6)
        let pad = 6 * scale, margin = 8 * scale, gap = 12 * scale
        let label = prompt.label + " "
        let labelSize = measurer.size(of: label, style: style)
        let hintSize = measurer.size(of: prompt.hint, style: hintStyle)
        let lineHeight = max(labelSize.height, hintSize.height, measurer.size(of: "Ag", style: style).height)
        let box = Rect(
            x: margin.rounded(), y: (size.height - lineHeight - 2 * pad - margin).rounded(),
            width: max(0, (size.width - 2 * margin).rounded()), height: (lineHeight + 2 * pad).rounded(.up))
        // The answer gets what the label and the hint leave; the hint goes first when short of room.
        let showsHint = box.width - 2 * pad - labelSize.width - hintSize.width - gap > 120 * scale
        let room = max(0, box.width - 2 * pad - labelSize.width - (showsHint ? hintSize.width + gap : 0) - 2 * scale)
        var shownStart = 0
        let characters = Array(prompt.line.text)
        func width(_ from: Int, _ to: Int) -> Double {
            measurer.size(of: (from > 0 ? "…" : "") + String(characters[from..<to]), style: style).width
        }
        while shownStart < prompt.line.cursor, width(shownStart, prompt.line.cursor) > room { shownStart += 1 }
        var shownEnd = characters.count
        while shownEnd > prompt.line.cursor, width(shownStart, shownEnd) > room { shownEnd -= 1 }
        let answer = (shownStart > 0 ? "…" : "") + String(characters[shownStart..<shownEnd])
        let answerSize = measurer.size(of: answer, style: style)
        let top = box.minY + pad
        let answerX = box.minX + pad + labelSize.width
        var texts = [
            SceneText(text: label, style: style, size: labelSize, at: Point(x: box.minX + pad, y: top), anchoredBy: .topLeft),
            SceneText(text: answer, style: style, size: answerSize, at: Point(x: answerX, y: top), anchoredBy: .topLeft)
        ]
        if showsHint {
            texts.append(
                SceneText(
                    text: prompt.hint, style: hintStyle, size: hintSize,
                    at: Point(x: box.maxX - pad - hintSize.width, y: top), anchoredBy: .topLeft))
        }
        let caretX = (answerX + width(shownStart, prompt.line.cursor)).rounded()
        let caret = OverlayScene(
            identifier: "prompt-caret", box: Rect(x: caretX, y: top, width: max(1, scale.rounded()), height: lineHeight),
            fill: .solid(style.color), border: nil, texts: [])
        return (OverlayScene(identifier: "prompt", box: box, fill: theme.annotationFill, border: border, texts: texts), caret)
    }
}

// MARK: Laying out on another thread

extension ChartInteraction {
    /// A layout of the chart as the interaction stood when `makeLayoutJob()` handed it out,
    /// run on another thread (a window's frame thread) so that a heavy chart never blocks
    /// input. Give it back with `finishLayout(_:scene:hitTester:)`, finished or cancelled.
    ///
    /// `@unchecked Sendable`: from `makeLayoutJob()` to `finishLayout` the graph is lent to
    /// the job's thread alone (plots pull and cache their data while they lay out); the
    /// interaction touches it only once it is back, deferring meanwhile what would.
    public final class LayoutJob: @unchecked Sendable {
        /// The size to lay out at, in device pixels.
        public let size: Size
        /// The device scale to lay out at.
        public let scale: Double
        /// The view laid out (a grid's first cell's).
        public let view: GraphView
        /// The views laid out: the graph's, or each cell's of a grid.
        public let views: [GraphView]
        /// The graph's theme when the job was made (the graph itself is lent).
        public let theme: Theme
        /// Raised to stop the job early, by `cancel()`.
        public let cancellation = CancellationFlag()
        fileprivate let graph: Graph
        fileprivate let grid: GraphGrid?
        /// The grid's cell that fills it; nil for every cell.
        fileprivate let maximized: Int?

        fileprivate init(graph: Graph, size: Size, scale: Double, view: GraphView) {
            self.graph = graph
            grid = nil
            maximized = nil
            self.size = size
            self.scale = scale
            self.view = view
            views = [view]
            theme = graph.theme
        }

        fileprivate init(grid: GraphGrid, views: [GraphView], maximized: Int?, size: Size, scale: Double) {
            graph = grid.cells[0]
            self.grid = grid
            self.maximized = maximized
            self.size = size
            self.scale = scale
            view = views.first ?? .fitted
            self.views = views
            theme = grid.theme
        }

        /// Lays the chart out, once, on the job's thread, measuring with that thread's
        /// `measurer`. When the job was cancelled meanwhile the scene is incomplete: throw it
        /// away (on that thread: freeing a million items takes a while).
        public func run(measurer: any TextMeasuring) -> Scene {
            if let grid {
                return grid.layout(size: size, scale: scale, views: views, maximized: maximized, measurer: measurer, cancellation: cancellation)
            }
            return graph.layout(size: size, scale: scale, view: view, measurer: measurer, cancellation: cancellation)
        }

        /// Asks the job to stop as soon as it can. From any thread.
        public func cancel() { cancellation.cancel() }
    }

    /// What arrived while a layout job had the graph, replayed in order when it is back.
    enum Deferred {
        case command(InteractionCommand)
        case hit(HitTester.Hit)
        case select(Selection?)
        /// A selection carried over a reload by record key (see `restore(_:)`).
        case selectKey(plotID: String, key: RecordKey)
        /// A click on a grid's surface, which its cell answers once the graphs are back.
        case cellClick(Point)
        /// A note to add at a point, once the graph is back.
        case addNote(String, Point)
    }

    /// The theme the chart is drawn in now; readable while a layout job has the graph.
    public var theme: Theme { layoutJob?.theme ?? graph.theme }

    /// Hands out a layout of the chart as it stands, when the chart needs one and no job is
    /// out; nil otherwise. Until the job is given back with `finishLayout`, the graph belongs
    /// to it: commands and clicks that would touch the graph are deferred (the toggles, the
    /// theme, selections), while the help, Esc closing it, the status line and resizes take
    /// effect at once (`layoutIfNeeded()` then lays out only the overlays, over the scene on
    /// screen). O(1).
    public func makeLayoutJob() -> LayoutJob? {
        guard layoutJob == nil, needsChartLayout else { return nil }
        needsChartLayout = false
        let job =
            grid.map { LayoutJob(grid: $0, views: cells.map(\.view), maximized: maximizedCell, size: size, scale: scale) }
            ?? LayoutJob(graph: graph, size: size, scale: scale, view: view)
        lendCells()
        layoutJob = job
        return job
    }

    /// Whether the job out no longer shows the state: the size changed, or a deferred command
    /// will change the chart. A host cancels such a job and hands out a new one once it is back.
    ///
    /// A new view alone does not make the job stale: it is finished and the next frame shows
    /// the latest view, so that a drag or a wheel burst shows frames as it goes (each cancelled
    /// by the next event, none would reach the screen until the pointer rests).
    public var layoutJobIsStale: Bool {
        guard let job = layoutJob else { return false }
        return deferredChangesChart || job.size != size || job.scale != scale || (needsChartLayout && job.views == shownViews)
    }

    /// Takes the graph back from `job` and installs its `scene` (with the `hitTester` built
    /// for it, if any) when it finished; with nil (cancelled) the chart still needs a layout.
    /// Then replays what was deferred, in order. Call `layoutIfNeeded()` next (it lays out only
    /// what lies over the chart, cheaply), and hand out a new job if `needsChartLayout`.
    public func finishLayout(_ job: LayoutJob, scene newScene: Scene?, hitTester tester: HitTester? = nil) {
        precondition(job === layoutJob, "finishLayout takes back the job the interaction handed out.")
        layoutJob = nil
        if let newScene, grid != nil {
            adoptGrid(newScene, laidOutAt: job.views)
        } else if let newScene {
            scene = newScene
            chartGeneration += 1
            if let tester { hitTester = (chartGeneration, tester) }
            if job.view == view { reportViewIfLaidOut() }
        } else {
            needsChartLayout = true
            returnCells()
        }
        needsLayout = true
        replayDeferred()
    }

    /// Whether the graph is lent to a layout job (this interaction's, or its grid's for a
    /// cell): what would change it waits (`deferred`).
    var isLent: Bool { layoutJob != nil || lentToGrid }

    /// Does, in order, what waited for the graph to come back.
    func replayDeferred() {
        let queue = deferred
        deferred.removeAll()
        deferredChangesChart = false
        for item in queue {
            switch item {
            case .command(let command): perform(command)
            case .hit(let hit): handle(hit)
            case .select(let selection): select(selection)
            case .selectKey(let plotID, let key): select(plotID: plotID, key: key)
            case .cellClick(let point): click(at: point)
            case .addNote(let text, let point): addNote(text, at: point)
            }
        }
    }

    /// Defers `command` while a layout job has the graph; true when it did. The help, and Esc
    /// while it shows, need no graph and are not deferred.
    private func deferWhileLaidOut(_ command: InteractionCommand) -> Bool {
        guard isLent else { return false }
        switch command {
        case .toggleHelp: return false
        case .cancel where isShowingHelp || pointer.box != nil: return false
        // Navigation changes the view, not the graph: the job out goes stale (and is replaced)
        // without waiting for it.
        case .zoomIn, .zoomOut, .pan, .resetView, .viewBack, .viewForward, .toggleAutoscale, .toggleCrosshair, .dropCursor, .toggleMaximized:
            return false
        case .toggleSeries, .showAllSeries, .toggleLegend, .toggleGrid, .toggleTheme, .toggleLogScale: deferredChangesChart = true
        case .cancel, .selectPreviousRecord, .selectNextRecord, .selectPreviousSeries, .selectNextSeries, .deleteNote: break
        }
        deferred.append(.command(command))
        return true
    }

    /// Defers what a click on `hit` does while a layout job has the graph; true when it did.
    private func deferWhileLaidOut(_ hit: HitTester.Hit) -> Bool {
        guard isLent else { return false }
        // A legend entry hides or shows a series or a slice: the chart changes.
        if case .legendEntry = hit { deferredChangesChart = true }
        deferred.append(.hit(hit))
        return true
    }

    // MARK: Carrying the view over a reload

    /// What the user changed over a graph, to carry to a new graph of the same chart when its
    /// data changed: hidden series by identifier, the theme chosen with `d`, the grid and the
    /// legend, the help, and the selection by record key (rows may have been inserted, so not
    /// by record index).
    public struct ViewState: Sendable {
        /// The identifiers of the plots the user hid.
        public var hiddenPlots: Set<String> = []
        /// Whether `d` switched away from the graph's own theme.
        public var togglesTheme = false
        /// Whether `g` hid the grid.
        public var hidesGrid = false
        /// The axes whose log scale `L` or `K` switched from the graph's own.
        public var togglesLogScale: Set<Axis.Coordinate> = []
        /// Whether the legend is hidden; nil to keep the new graph's.
        public var hidesLegend: Bool?
        /// Whether the help overlay is shown.
        public var showsHelp = false
        /// The selected record by its plot and its key, so it survives a reload that moves record indices.
        public var selection: (plotID: String, key: RecordKey)?
        /// The view and its history: a reload at the fitted view fits the new data, one at a
        /// zoomed view keeps it.
        public var view: GraphView = .fitted
        /// The views zoomed and panned through, for back and forward.
        public var history = ViewHistory()
        /// The A/B cursors' x, data units: they stay on their data through a reload.
        public var cursors: [Double] = []
        /// Whether the crosshair shows.
        public var showsCrosshair = false

        /// The state of a chart first shown: everything visible, nothing selected, the fitted view.
        public init() {}
    }

    /// The user's view over the graph now. Not while a layout job has the graph.
    public func viewState() -> ViewState {
        precondition(layoutJob == nil, "The view state reads the graph, which a layout job has.")
        var state = ViewState()
        state.hiddenPlots = Set(graph.plots.filter(\.isHidden).map(\.identifier))
        state.togglesTheme = graph.theme.name != originalTheme.name
        state.hidesGrid = savedGrid != nil
        state.togglesLogScale = toggledLogScales
        state.hidesLegend = graph.legend.isHidden
        state.showsHelp = isShowingHelp
        state.view = view
        state.history = history
        state.cursors = cursors
        state.showsCrosshair = showsCrosshair
        if let selection, let key = (graph.plot(identifier: selection.plotID) as? any KeyedRecordsPlot)?.key(ofRecord: selection.record) {
            state.selection = (selection.plotID, key)
        }
        return state
    }

    /// Applies `state` (from another interaction's `viewState()`) to this one's graph, before
    /// its first layout. The selection is made once the chart is laid out, by the next
    /// `finishLayout`, on the record its key names in the new data; none when no record does.
    /// Not while a layout job has the graph.
    public func restore(_ state: ViewState) {
        precondition(layoutJob == nil, "Restoring a view changes the graph, which a layout job has.")
        for plot in graph.plots where state.hiddenPlots.contains(plot.identifier) { plot.isHidden = true }
        if state.togglesTheme { perform(.toggleTheme) }
        if state.hidesGrid != (savedGrid != nil) { perform(.toggleGrid) }
        // Quietly, unless refused (the new data has no place on a log scale): then the reason
        // is said, and the view's ranges along that axis, of the log scale, are dropped.
        var refusedAxes: Set<Axis.Coordinate> = []
        for coordinate in state.togglesLogScale.sorted(by: { $0.rawValue < $1.rawValue })
        where !toggleLogScale(coordinate, announcing: false) {
            refusedAxes.insert(coordinate)
        }
        if let hidden = state.hidesLegend { graph.legend.isHidden = hidden }
        isShowingHelp = state.showsHelp
        view = state.view
        history = state.history
        cursors = state.cursors
        showsCrosshair = state.showsCrosshair
        if !refusedAxes.isEmpty {
            for id in view.spaces.keys {
                if refusedAxes.contains(.x) { view.spaces[id]?.x = nil }
                if refusedAxes.contains(.y) { view.spaces[id]?.y = nil }
            }
            history = ViewHistory()
        }
        setNeedsLayout()
        if let (plotID, key) = state.selection {
            deferred.append(.selectKey(plotID: plotID, key: key))
        }
    }

    /// Selects the record `key` names in plot `plotID`, if any.
    private func select(plotID: String, key: RecordKey) {
        guard let record = (graph.plot(identifier: plotID) as? any KeyedRecordsPlot)?.record(forKey: key) else { return }
        select(Selection(plotID: plotID, record: record))
    }
}
