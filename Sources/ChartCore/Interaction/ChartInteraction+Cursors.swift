/// The crosshair and the A/B cursors: reading and measuring the data, exact at any zoom (the
/// values come from the plots' records through `RangeQueryablePlot`, not from what was drawn).
///
/// `c` shows a line at the pointer's x and, in a box at the plot area's top left, each visible
/// series' value at the record nearest it. `m` (or a middle click) drops cursor A at the record
/// nearest the pointer's x, again cursor B; the box at the top right then says A, B, Δx (a
/// duration on a date axis), and per series its values at A and B, Δy, the slope, and the mean,
/// lowest and highest of the records between, with their count (`CursorMeasurement`). Escape clears
/// them; Ctrl+C copies the measurement. The cursors are data x: they stay on their records
/// through zooms. In a grid, the crosshair and the cursors of linked cells are at one x.
extension ChartInteraction {
    /// The pointer moved over the chart without a button: the crosshair follows it.
    func hover(at point: Point) {
        hoverPoint = point
        guard showsCrosshair else { return }
        let x = dataX(at: point)
        guard x != crosshairX else { return }
        crosshairX = x
        needsLayout = true
    }

    /// The data x at `point` (device pixels) inside the plot area; nil outside it.
    func dataX(at point: Point) -> Double? {
        guard scene.plotArea.contains(point), let first = scene.plotSpaces.first else { return nil }
        return first.transform.dataPoint(point).x
    }

    /// Drops a cursor at the record nearest `point`'s x (of the first visible series with one):
    /// A, then B; a third starts again from A.
    func dropCursor(at point: Point) {
        guard let x = dataX(at: point) else { return }
        placeCursor(at: snapped(x))
    }

    /// Places the next cursor at data `x` as it is (a linked cell's, snapped by its grid's).
    func placeCursor(at x: Double) {
        cursors = cursors.count >= 2 ? [x] : cursors + [x]
        needsLayout = true
        pendingEvents.append(.measure(measurement))
    }

    /// Escape: the cursors go.
    func clearCursors() {
        guard !cursors.isEmpty else { return }
        cursors = []
        needsLayout = true
        pendingEvents.append(.measure(nil))
    }

    /// The x of the record nearest `x` among the visible series (the first that has one in view);
    /// `x` itself when none has.
    func snapped(_ x: Double) -> Double {
        for plot in measuredPlots {
            if let record = nearestRecord(of: plot, to: x) { return record.location }
        }
        return x
    }

    /// The visible plots whose records can be read by x.
    var measuredPlots: [any RangeQueryablePlot] {
        graph.plots.compactMap { $0 as? any RangeQueryablePlot }.filter { !$0.isHidden && $0.usesAxes && $0.locationAxis == .x }
    }

    /// The record of `plot` nearest `x` within the view's x range; nil when none is there.
    /// O(log n + records within the widening window), a pixel's span first.
    func nearestRecord(of plot: any RangeQueryablePlot, to x: Double) -> PlotRecordValue? {
        guard let t = scene.transform(ofSpace: plot.plotSpace?.identifier ?? graph.defaultPlotSpace.identifier) else { return nil }
        let view = t.xRange
        var half = max(view.length / max(t.plotArea.width, 1), .ulpOfOne)
        while true {
            let window = PlotRange(max(view.lower, x - half), min(view.upper, x + half))
            let records = plot.records(in: window, limit: 4_096).filter { $0.value.isFinite }
            if let nearest = records.min(by: { abs($0.location - x) < abs($1.location - x) }) { return nearest }
            if window.lower <= view.lower && window.upper >= view.upper { return nil }
            half *= 4
        }
    }

    /// What the cursors measure now; nil without a cursor.
    public var measurement: CursorMeasurement? {
        if grid != nil { return cells.lazy.compactMap(\.measurement).first }
        guard let a = cursors.first else { return nil }
        let b = cursors.count > 1 ? cursors[1] : nil
        let xIsDate = scene.plotSpaces.first?.transform.xScale == .date
        let series = measuredPlots.map { plot -> CursorMeasurement.Series in
            var s = CursorMeasurement.Series(
                plotID: plot.identifier, title: plot.title, a: value(of: plot, at: a), b: b.flatMap { value(of: plot, at: $0) },
                count: 0)
            if let b {
                let between = plot.records(in: PlotRange(min(a, b), max(a, b)), limit: Graph.visibleRowLimit).map(\.value).filter(\.isFinite)
                s.count = between.count
                if !between.isEmpty {
                    s.mean = between.reduce(0, +) / Double(between.count)
                    s.low = between.min()
                    s.high = between.max()
                }
            }
            return s
        }
        return CursorMeasurement(a: a, b: b, xIsDate: xIsDate, series: series)
    }

    /// The value of `plot`'s record at `x` exactly, or else nearest it in view.
    private func value(of plot: any RangeQueryablePlot, at x: Double) -> Double? {
        nearestRecord(of: plot, to: x)?.value
    }

    /// What the crosshair reads at its x: each visible series' value at the record nearest it.
    var crosshairReading: CursorMeasurement? {
        guard showsCrosshair, let x = crosshairX else { return nil }
        let xIsDate = scene.plotSpaces.first?.transform.xScale == .date
        let series = measuredPlots.map { plot in
            CursorMeasurement.Series(plotID: plot.identifier, title: plot.title, a: nearestRecord(of: plot, to: x)?.value, count: 1)
        }
        return CursorMeasurement(a: x, b: nil, xIsDate: xIsDate, series: series)
    }

    /// The crosshair's line and box, the cursors' lines and the measurement's box, over the plot
    /// area; reports what the crosshair reads when it changed. Reads the graph's records: never
    /// while a job has the graph (the last ones stay).
    func cursorOverlays() -> [OverlayScene] {
        var overlays: [OverlayScene] = []
        defer { cursorOverlayCache = overlays }
        guard let space = scene.plotSpaces.first, scene.plotArea.width > 0 else { return overlays }
        let area = scene.plotArea, t = space.transform
        let ink = theme.axisLine.color
        func line(_ identifier: String, at x: Double, dashed: Bool) -> OverlayScene? {
            guard let device = t.devicePoint(Point(x: x, y: t.yRange.lower))?.x, device >= area.minX - 0.5, device <= area.maxX + 0.5 else {
                return nil
            }
            let width = max(1, (scale).rounded())
            return OverlayScene(
                identifier: identifier, box: Rect(x: device.rounded() - width / 2, y: area.minY, width: width, height: area.height),
                fill: .solid(dashed ? ink.withAlpha(0.8) : ink.withAlpha(0.45)), border: nil, texts: [])
        }
        func box(_ identifier: String, lines: [String], rightAligned: Bool, below: Rect? = nil) -> OverlayScene {
            var style = theme.annotationText.scaled(by: scale)
            style.alignment = .left
            let text = VisibleText.fitting(lines.joined(separator: "\n"), width: area.width - 16 * scale, height: area.height - 16 * scale) {
                measurer.size(of: $0, style: style)
            }
            let size = measurer.size(of: text, style: style)
            let pad = 5 * scale
            let left = rightAligned ? area.maxX - size.width - 2 * pad - 6 * scale : area.minX + 6 * scale
            var origin = Point(x: left, y: area.minY + 6 * scale)
            // Under the box above it where they would meet.
            if let below, below.intersects(Rect(x: origin.x, y: origin.y, width: size.width + 2 * pad, height: size.height + 2 * pad)) {
                origin.y = below.maxY + 6 * scale
            }
            let rect = Rect(
                x: origin.x.rounded(), y: origin.y.rounded(), width: (size.width + 2 * pad).rounded(.up),
                height: (size.height + 2 * pad).rounded(.up))
            return OverlayScene(
                identifier: identifier, box: rect, fill: theme.annotationFill, border: theme.annotationBorder.scaled(by: scale),
                texts: [SceneText(text: text, style: style, size: size, at: Point(x: rect.minX + pad, y: rect.minY + pad), anchoredBy: .topLeft)])
        }
        let xText = { (x: Double) in self.text(x, along: .x, of: space) }
        for (k, x) in cursors.enumerated() {
            if let mark = line(k == 0 ? "cursor-a" : "cursor-b", at: x, dashed: true) { overlays.append(mark) }
        }
        var measured: Rect?
        if let measurement {
            let made = box("measurement", lines: measurement.lines(x: xText), rightAligned: true)
            overlays.append(made)
            measured = made.box
        }
        let reading = crosshairReading
        if reading != reportedCrosshair {
            reportedCrosshair = reading
            pendingEvents.append(.crosshair(reading))
        }
        if let reading, let mark = line("crosshair", at: reading.a, dashed: false) {
            overlays.append(mark)
            let values = reading.series.map { s in s.title + " " + (s.a.map(CursorMeasurement.number) ?? "–") }
            overlays.append(box("crosshair-values", lines: [xText(reading.a)] + values, rightAligned: false, below: measured))
        }
        return overlays
    }
}
