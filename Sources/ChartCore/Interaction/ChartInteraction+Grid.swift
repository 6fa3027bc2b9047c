/// A grid of graphs in one interaction (`init(grid:size:scale:measurer:laysOutLater:)`): each cell
/// is an interaction of its own graph (its view, history, selection, popups and zoom box, in the
/// cell's pixels), and the grid's hands each gesture to the cell under the pointer (a drag or a
/// box to the cell it began in; keys to the cell last pointed at), links the cells' x views
/// (`GraphGrid.linksX`: a zoom or pan in one moves the others the same), lays all the cells out
/// in one pass (so a column's plot areas align), and draws the help, the prompt and the status
/// line over the whole grid.
extension ChartInteraction {
    /// The views shown: the graph's, or each cell's.
    var shownViews: [GraphView] { grid == nil ? [view] : cells.map(\.view) }

    /// The cell at `point` (device pixels on the grid's surface) and the point in the cell's own
    /// pixels; nil outside every cell.
    func cell(at point: Point) -> (index: Int, local: Point)? {
        guard let (index, placed) = scene.cell(at: point), index < cells.count else { return nil }
        return (index, placed.localPoint(point))
    }

    /// `point` in cell `index`'s own pixels (also outside it: a drag that left its cell).
    func local(_ point: Point, inCell index: Int) -> Point {
        index < scene.cells.count ? scene.cells[index].localPoint(point) : point
    }

    // MARK: Layout

    /// The grid's `layoutIfNeeded()`: the cells together when one's chart changed (unless a job
    /// has the graphs), then what lies over each cell, then the grid's own overlays.
    func layoutGridIfNeeded() -> Bool {
        gatherCellChanges()
        guard needsLayout else { return false }
        needsLayout = false
        if layoutJob == nil, let grid {
            if needsChartLayout {
                needsChartLayout = false
                for cell in cells { cell.needsChartLayout = false }
                let views = cells.map(\.view)
                adoptGrid(grid.layout(size: size, scale: scale, views: views, maximized: maximizedCell, measurer: measurer), laidOutAt: views)
                needsLayout = false
            }
            for (k, cell) in cells.enumerated() where k < scene.cells.count {
                cell.layoutIfNeeded()
                scene.cells[k].scene = cell.scene
            }
            gatherCellChanges()
            needsLayout = false
        }
        scene.overlays = overlays()
        return true
    }

    /// Installs a grid's scene laid out at `views` (one per cell): each cell's part becomes its
    /// interaction's scene, with what lies over it.
    func adoptGrid(_ newScene: Scene, laidOutAt views: [GraphView]) {
        scene = newScene
        chartGeneration += 1
        for (k, cell) in cells.enumerated() {
            cell.lentToGrid = false
            guard k < newScene.cells.count, k < views.count else { continue }
            cell.adopt(newScene.cells[k].scene, laidOutAt: views[k])
            scene.cells[k].scene = cell.scene
        }
        gatherCellChanges()
        needsLayout = true
    }

    /// A cell's chart as its grid laid it out at `laidOut`: its scene now, and what waited for
    /// the graph is done. Still needing a layout when its view changed meanwhile.
    func adopt(_ newScene: Scene, laidOutAt laidOut: GraphView) {
        size = newScene.size
        scene = newScene
        chartGeneration += 1
        if laidOut == view { reportViewIfLaidOut() } else { needsChartLayout = true }
        needsLayout = true
        replayDeferred()
        layoutIfNeeded()
    }

    /// Lends the cells' graphs to the grid's job (what would change them waits).
    func lendCells() {
        for cell in cells {
            cell.needsChartLayout = false
            cell.lentToGrid = true
        }
    }

    /// A cancelled job gave the graphs back without a picture: the cells' deferred work runs.
    func returnCells() {
        for cell in cells {
            cell.lentToGrid = false
            cell.replayDeferred()
        }
        gatherCellChanges()
    }

    /// Takes the cells' needs for a layout as the grid's own.
    func gatherCellChanges() {
        for cell in cells {
            if cell.needsChartLayout { needsChartLayout = true }
            if cell.needsLayout || cell.needsChartLayout { needsLayout = true }
        }
    }

    // MARK: Linking

    /// After cell `index` handled a gesture or a key: when its view changed and x is linked,
    /// every other cell shows the same x (recorded in its history, y fitted as its view says).
    func linkViews(from index: Int, before: GraphView) {
        defer { gatherCellChanges() }
        guard let grid, index < cells.count, grid.linksCell(index) else { return }
        let source = cells[index]
        guard source.view != before else { return }
        var ranges = source.view[space: source.graph.defaultPlotSpace.identifier]
        // A range anchored at a pixel is the source cell's pixel: the others take its ends, as
        // the source's plot area shows them (cells of another size or column map it alike).
        if let shown = source.scene.plotSpaces.first {
            let area = source.scene.plotArea, t = shown.transform
            if case .anchored? = ranges.x, let ends = ranges.x?.resolved(from: area.minX, to: area.maxX, scale: t.xScale, isVertical: false) {
                ranges.x = .ends(ends)
            }
            if case .anchored? = ranges.y, let ends = ranges.y?.resolved(from: area.maxY, to: area.minY, scale: t.yScale, isVertical: true) {
                ranges.y = .ends(ends)
            }
        }
        for (k, cell) in cells.enumerated() where k != index && grid.linksCell(k) {
            cell.link(
                x: grid.linksX ? .some(ranges.x) : nil, y: grid.linksY ? .some(ranges.y) : nil,
                autoscalesY: grid.linksY ? source.view.autoscalesY : nil, cause: source.pendingViewCause ?? .set)
        }
    }

    /// Shows `x` and `y` along this cell's default plot space (a nil inner range: fitted; an
    /// outer nil: that axis as it is), y autoscaled or not as `autoscalesY` says (nil: as it
    /// is), as a linked cell's change.
    func link(x: ViewRange??, y: ViewRange??, autoscalesY: Bool?, cause: ViewChangeCause) {
        var next = view
        var ranges = next[space: graph.defaultPlotSpace.identifier]
        if let x { ranges.x = x }
        if let y { ranges.y = y }
        next[space: graph.defaultPlotSpace.identifier] = ranges
        if let autoscalesY { next.autoscalesY = autoscalesY }
        guard next != view else { return }
        follow(next)
        pendingViewCause = cause
    }

    // MARK: Routing

    /// Runs `body` on cell `index` and links the views it changed.
    func inCell(_ index: Int, _ body: (ChartInteraction) -> Void) {
        let source = cells[index]
        let (before, cursors, crosshair) = (source.view, source.cursors, source.crosshairX)
        body(source)
        linkViews(from: index, before: before)
        // The crosshair and the cursors of linked cells are at one x.
        guard let grid, grid.linksX, grid.linksCell(index) else { return }
        for (k, cell) in cells.enumerated() where k != index && grid.linksCell(k) {
            if source.cursors != cursors, cell.cursors != source.cursors {
                if source.cursors.isEmpty { cell.clearCursors() } else if let x = source.cursors.last { cell.placeCursor(at: x) }
            }
            if source.crosshairX != crosshair, cell.crosshairX != source.crosshairX {
                cell.crosshairX = source.crosshairX
                cell.needsLayout = true
            }
        }
        gatherCellChanges()
    }

    func gridPressed(at point: Point, button: PointerButton, shift: Bool, time: UInt64) {
        guard !isShowingHelp, let (k, local) = cell(at: point) else { return }
        focusedCell = k
        pressedCell = k
        inCell(k) { $0.pointerPressed(at: local, button: button, shift: shift, time: time) }
    }

    func gridMoved(to point: Point, time: UInt64) {
        if let k = pressedCell {
            let local = local(point, inCell: k)
            inCell(k) { $0.pointerMoved(to: local, time: time) }
        } else if let (k, local) = cell(at: point) {
            focusedCell = k
            inCell(k) { $0.pointerMoved(to: local, time: time) }
        }
    }

    func gridReleased(at point: Point, button: PointerButton, time: UInt64) {
        if isShowingHelp && button == .primary {
            isShowingHelp = false
            needsLayout = true
            pressedCell = nil
            return
        }
        guard let k = pressedCell ?? cell(at: point)?.index else { return }
        pressedCell = nil
        let local = local(point, inCell: k)
        let isClick = button == .primary && cells[k].pointer.press.map { !$0.isDragging } == true
        inCell(k) { $0.pointerReleased(at: local, button: button, time: time) }
        // A double click on a cell's title: the cell fills the window, or the grid comes back.
        guard isClick, let title = cells[k].scene.title, title.rect.contains(local) else { return }
        if let last = lastTitleClick, last.cell == k, time >= last.time, time - last.time <= Self.doubleClickInterval {
            lastTitleClick = nil
            focusedCell = k
            gridPerform(.toggleMaximized)
        } else {
            lastTitleClick = (k, time)
        }
    }

    func gridScrolled(at point: Point, dx: Int, dy: Int, shift: Bool, time: UInt64) {
        guard !isShowingHelp, let (k, local) = cell(at: point) else { return }
        focusedCell = k
        inCell(k) { $0.scrolled(at: local, dx: dx, dy: dy, shift: shift, time: time) }
    }

    func gridClick(at point: Point) {
        if isShowingHelp {
            isShowingHelp = false
            needsLayout = true
            return
        }
        guard let (k, local) = cell(at: point) else { return }
        focusedCell = k
        inCell(k) { $0.click(at: local) }
    }

    /// A key's command: the help and Escape over it are the grid's; what changes how every
    /// cell looks (the legend, the grid lines, the theme, showing every series) goes to every
    /// cell; a series by its number to the cell that holds it; the rest to the focused cell.
    func gridPerform(_ command: InteractionCommand) {
        switch command {
        case .toggleHelp:
            isShowingHelp.toggle()
            needsLayout = true
        case .cancel where isShowingHelp:
            isShowingHelp = false
            needsLayout = true
        case .cancel:
            if cells[focusedCell].isDrawingZoomBox {
                cells[focusedCell].perform(.cancel)
            } else {
                for cell in cells { cell.perform(.cancel) }
            }
        case .showAllSeries, .toggleLegend, .toggleGrid, .toggleTheme, .toggleCrosshair:
            for cell in cells { cell.perform(command) }
        case .toggleMaximized:
            maximizedCell = maximizedCell == nil ? focusedCell : nil
            needsLayout = true
            needsChartLayout = true
        case .toggleSeries(let index):
            var remaining = index
            for cell in cells {
                let count = cell.legendEntries.count
                if remaining < count {
                    cell.perform(.toggleSeries(remaining))
                    break
                }
                remaining -= count
            }
        default:
            inCell(focusedCell) { $0.perform(command) }
        }
        gatherCellChanges()
    }

    /// The cells' events and the grid's own; the cells' view changes of one layout as one
    /// `view` event whose spaces are every cell's, named "CELL:SPACE" ("2:default" for the
    /// second cell's default plot space), so a reader sees the linked ranges side by side.
    func takeGridEvents() -> [InteractionEvent] {
        var events = pendingEvents
        pendingEvents.removeAll()
        var cause: ViewChangeCause?
        for (k, cell) in cells.enumerated() {
            for event in cell.takeEvents() {
                if case .view(let changed, _) = event {
                    cause = cause ?? changed
                } else if case .note(let note, let added, let notes, _) = event {
                    events.append(.note(note, added: added, notes: notes, cell: k))
                } else {
                    events.append(event)
                }
            }
        }
        if let cause {
            let spaces = scene.cells.enumerated().flatMap { k, placed in
                placed.scene.plotSpaces.map { space in
                    var named = space
                    named.identifier = "\(k + 1):\(space.identifier)"
                    return named
                }
            }
            events.append(.view(cause: cause, spaces: spaces))
        }
        return events
    }
}
