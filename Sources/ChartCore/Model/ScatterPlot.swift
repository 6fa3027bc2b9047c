import Foundation

/// Points joined by a line, marked with symbols, optionally filled down to a base:
/// Core Plot's `CPTScatterPlot`, which draws both line charts and scatter charts.
///
/// Missing values (NaN or nil from the data source) break the line: a gap, never a drop to zero.
public final class ScatterPlot: Plot, CategoryPlot, KeyedRecordsPlot, RangeQueryablePlot, RangeExtentPlot {
    /// How the line runs between neighbouring points.
    public enum Interpolation: String, Hashable, Sendable, CaseIterable {
        /// Straight lines.
        case linear
        /// Level to the next point's x, then up or down to it.
        case stepped
        /// A smooth curve through every point that never overshoots them (monotone cubic).
        case curved
    }

    public var state: PlotState
    public var kind: PlotKind { showsLine ? .line : .scatter }

    /// Retained, so that an array-backed plot owns its data. `.location` is x, `.value` is y.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }
    /// Where the plot asks per view for its records instead of pulling every record from
    /// `dataSource`: a table too large to load (see `ViewDataSource`). Retained.
    public var viewDataSource: (any ViewDataSource)? {
        didSet { reloadData() }
    }

    /// Whether the points are joined by a line.
    public var showsLine = true
    /// The line; nil for the theme's series color, 2 pixels wide.
    public var lineStyle: LineStyle?
    /// How the line runs between points.
    public var interpolation: Interpolation = .linear
    /// A marker at each point; nil for none.
    public var symbol: PlotSymbol?
    /// Draw only what can be seen: with far more points than pixel columns, a sorted line (or the
    /// edge of its area) keeps per column the first and last point and the lowest and highest of
    /// each half column (`ThinnedRecords.line`), which draws the same pixels as every point, on
    /// linear and log scales; scattered points keep one per device pixel. Hit testing then sees
    /// exactly the points drawn. Turn off to lay out every point (tests compare the two).
    public var thinsToPixels = true
    /// Fills between the line and `areaBaseValue`; nil for no fill.
    public var areaFill: Fill?
    /// Where the area fill ends, in data units along y.
    public var areaBaseValue: Double = 0

    /// What was pulled from the data source, until `reloadData()`.
    private var series = SeriesCache()
    /// The series made from the view records last laid out (with a view data source), by the
    /// records' generation: what popups, keys and copies read, so that a record number in a
    /// scene names the record drawn. Layouts run on a worker thread, hence the lock.
    private let viewSeries = ViewSeriesCache()
    /// Unsorted points by cell, for the views after the first (see `ScatterIndex`); internal
    /// for tests, which wait for its build.
    let pointIndex = ScatterIndex.Cache()

    /// A scatter plot named `identifier`, titled `title` (the identifier when nil), reading `dataSource`.
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    /// A line over arrays: point `i` at (`x[i]` or `i`, `y[i]`); nil in `y` is a gap.
    public convenience init(identifier: String, title: String? = nil, x: [Double]? = nil, y: [Double?], categories: [String]? = nil) {
        self.init(identifier: identifier, title: title, dataSource: ArrayDataSource(values: y, locations: x, categories: categories))
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() {
        series.reset()
        viewSeries.reset()
        pointIndex.reset()
    }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }

    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    private func loaded() -> SeriesData {
        if let viewDataSource { return viewSeries.data(for: viewSeries.lastRecords ?? viewDataSource.currentRecords(for: identifier)) }
        return series.data(for: self, source: dataSource)
    }

    public var hasData: Bool {
        if let viewDataSource { return viewDataSource.extent(for: identifier) != nil }
        return loaded().hasFiniteValue
    }

    /// The number of records (as far as it is known, with a view data source).
    public var recordCount: Int { viewDataSource?.estimatedCount(for: identifier) ?? loaded().count }

    public func dataExtent() -> DataExtent? {
        if let viewDataSource {
            guard let extent = viewDataSource.extent(for: identifier) else { return nil }
            return DataExtent(x: extent.locations, y: extent.values, yAnchors: areaFill == nil ? [] : [areaBaseValue])
        }
        let data = loaded()
        guard data.hasFiniteValue else { return nil }
        // The area's base is an anchor, which fitting includes where the scale can show it (not
        // a base of 0 on a log scale, which would leave the range one decade).
        return DataExtent(x: data.locationRange, y: data.valueRange, yAnchors: areaFill == nil ? [] : [areaBaseValue])
    }

    /// What shows in `x`: the values of the records there. O(log n) for sorted locations.
    public func dataExtent(inX x: PlotRange) -> DataExtent? {
        guard let found = viewDataSource?.valueRange(for: identifier, inX: x) ?? loaded().valueRange(inX: x) else { return nil }
        return DataExtent(x: found.locations, y: found.values, yAnchors: areaFill == nil ? [] : [areaBaseValue])
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] { loaded().records(in: range, limit: limit) }

    public func categoryLabels() -> [(location: Double, name: String)] { loaded().categoryLabels }

    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        let line = showsLine ? (lineStyle ?? LineStyle(color: seriesColor, width: 2)) : nil
        let marker = symbol.map { resolved($0, color: line?.color ?? seriesColor) }
        return [LegendItem(title: title, fill: line == nil && marker == nil ? .solid(seriesColor) : nil, line: line, symbol: marker)]
    }

    /// The line and the marker as drawn: the plot's own or the series color's, scaled. A line
    /// without symbols marks its points with dots when the view shows few of them far apart
    /// (`marksSparsePoints`).
    private func styles(in context: PlotLayoutContext, data: SeriesData) -> (line: LineStyle?, marker: PlotSymbol?) {
        let color = context.seriesColor
        let line = showsLine ? (lineStyle ?? LineStyle(color: color, width: 2)).scaled(by: context.scale) : nil
        var marker = symbol.map { sym -> PlotSymbol in
            var scaled = resolved(sym, color: line?.color ?? color)
            scaled.size *= context.scale
            scaled.lineStyle = scaled.lineStyle?.scaled(by: context.scale)
            return scaled
        }
        if marker == nil, let line, marksSparsePoints(data, context: context) {
            marker = PlotSymbol(.ellipse, size: max(5 * context.scale, 2.5 * line.width), fill: .solid(line.color))
        }
        return (line, marker)
    }

    /// Whether the view shows so small a part of a long sorted line that its records lie far
    /// apart (under half of them, at least `sparsePointSpacing` pixels apart on average): a
    /// zoom into the data then shows where the records are, as uPlot does, while the chart as
    /// fitted stays a plain line. O(log n).
    private func marksSparsePoints(_ data: SeriesData, context: PlotLayoutContext) -> Bool {
        let total = viewDataSource?.estimatedCount(for: identifier) ?? data.count
        guard data.isSortedByLocation, total >= 4 else { return false }
        let area = context.plotArea
        let visible =
            viewSeries.lastRecords?.recordsInView
            ?? ThinnedRecords.visibleRecords(of: data, x: context.transform.mappingX, from: area.minX, to: area.maxX).count
        return visible * 2 <= total && Double(visible) * Self.sparsePointSpacing * context.scale <= area.width
    }

    /// The average spacing of a zoomed line's records, in pixels at scale 1, from which they are marked.
    static let sparsePointSpacing = 12.0

    /// Half the side of the plot's markers when they snap to whole pixels: a scatter without a
    /// line whose markers are squares of 1 or 2 device pixels without an outline (a disc that
    /// small is drawn as its square). Their centers are then placed so that each covers whole
    /// pixels, as matplotlib snaps small markers: crisp dots, painted about 3 times faster than
    /// anti-aliased ones, and thinning one marker per snapped position draws exactly what every
    /// record would. nil when markers do not snap.
    private func snapHalf(_ marker: PlotSymbol?) -> Double? {
        guard !showsLine, let marker, marker.shape == .ellipse || marker.shape == .rectangle,
            marker.size <= 2.5, marker.size == marker.size.rounded(), (marker.lineStyle?.width ?? 0) == 0
        else { return nil }
        return marker.size / 2
    }

    /// `v` (device pixels) moved by at most half a pixel so that `v - half` is whole.
    @inline(__always) static func snapped(_ v: Double, half: Double) -> Double { (v - half).wholeRounded + half }

    /// A marker's center snapped on both axes (see `snapHalf`).
    @inline(__always) static func snapped(_ p: Point, half: Double) -> Point {
        Point(x: snapped(p.x, half: half), y: snapped(p.y, half: half))
    }

    /// The symbol with its fill and outline filled in from the plot's color.
    private func resolved(_ symbol: PlotSymbol, color: Color) -> PlotSymbol {
        var resolved = symbol
        if resolved.fill == nil && !symbol.isStrokedOnly { resolved.fill = .solid(color) }
        if resolved.lineStyle == nil && symbol.isStrokedOnly { resolved.lineStyle = LineStyle(color: color, width: 1.5) }
        return resolved
    }

    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        let yFormat = context.valueFormat ?? valueFormat ?? data.defaultFormat
        let location = context.locationText(
            data.locations[record], name: data.name(record),
            dateResolution: self.series.locationResolution(of: data))
        return RecordDescription(location: location, series: title, value: yFormat.format(data.values[record], magnitude: data.magnitude))
    }

    /// Lays out a point per record with a finite value, the line through them (broken at
    /// missing values) and the area under it. O(n) unthinned; thinned, O(visible records) for
    /// sorted locations (see `thinnedLayout`).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        guard let viewDataSource else { return layout(loaded(), in: context) }
        let request = viewRequest(in: context)
        let records = viewDataSource.arrivedRecords(for: request)
        viewSeries.lastRecords = records
        var scene = layout(viewSeries.data(for: records), in: context)
        if records.request != request { scene.pendingData = [request] }
        return scene
    }

    /// What the view in `context` needs from the view data source: the records of the plot
    /// area's x range thinned as this plot thins them there.
    private func viewRequest(in context: PlotLayoutContext) -> ViewDataRequest {
        let area = context.plotArea
        let mx = context.transform.mappingX, my = context.transform.mappingY
        let a = mx.value(atDevice: area.minX), b = mx.value(atDevice: area.maxX)
        let xRange = PlotRange(min(a, b), max(a, b))
        let thinning: ViewDataRequest.Thinning
        if showsLine || areaFill != nil {
            thinning = .lineColumns
        } else {
            let marker = styles(in: context, data: SeriesData()).marker
            let outline = marker?.lineStyle?.width ?? 0
            let reach = Int(((marker?.size ?? 0) / 2 + outline / 2).rounded(.up)) + 1
            thinning = .scatterPixels(area: area, reach: reach, snapHalf: snapHalf(marker))
        }
        return ViewDataRequest(plotID: identifier, xRange: xRange, x: mx, y: my, thinning: thinning)
    }

    private func layout(_ data: SeriesData, in context: PlotLayoutContext) -> PlotScene {
        if thinsToPixels, let fast = thinnedLayout(data, context: context) { return fast }
        // Mapped as the thinned layout maps (see `thinnedLayout`), so that both place a point at
        // the same pixel: markers that snap would otherwise land a pixel apart where rounding
        // differs at exactly half a pixel.
        let mx = context.transform.mappingX, my = context.transform.mappingY
        let color = context.seriesColor
        let (line, marker) = styles(in: context, data: data)
        let snapping = snapHalf(marker)
        // Stored by column as the thinned layout stores them, so that the painter draws the
        // same points the same way however many records the plot has (one path for markers of
        // one style, where they overlap too): a view's few records read from a big table paint
        // as the same records among all of them do.
        var items = PlotItems.Points(
            symbol: marker, fill: marker?.fill ?? .solid(marker?.lineStyle?.color ?? line?.color ?? color), stroke: marker?.lineStyle)
        var runs: [[Point]] = [[]]
        items.reserveCapacity(data.count)
        LayoutCost.current?.visited(data.count)
        for i in 0..<data.count {
            if context.shouldStop(at: i) { break }
            let location = data.locations[i], value = data.values[i]
            // A value that is missing (NaN) or that the scale cannot show breaks the line.
            guard value > my.floor, location > mx.floor else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                continue
            }
            var p = Point(x: mx.device(location), y: my.device(value))
            if let half = snapping { p = Self.snapped(p, half: half) }
            runs[runs.count - 1].append(p)
            items.append(p, record: i, value: data.values[i])
        }
        runs.removeAll { $0.isEmpty }
        var paths = areaPaths(under: runs, context: context)
        if let line {
            for run in runs where run.count > 1 {
                paths.append(ScenePath(elements: outline(of: run, cancellation: context.cancellation), stroke: line, joinsRecords: true))
            }
            paths += lonelyDots(runs.filter { $0.count == 1 }.map { $0[0] }, line: line, marker: marker)
        }
        return PlotScene(
            plotID: identifier, title: title, kind: kind, isVisible: true, paths: paths, items: PlotItems(points: items), clip: context.plotArea)
    }

    /// The area fill under each unbroken run of two or more device points: one closed path down
    /// to `areaBaseValue` (the plot area's edge when the base lies past the y range or cannot
    /// show on a log scale). None without `areaFill`. O(points).
    /// A dot at each point a line has no segment to (a point between two gaps, a one-row
    /// series): a little wider than the line and at least 5 device pixels across, in its color. None when the
    /// points have markers, which show them already.
    private func lonelyDots(_ points: [Point], line: LineStyle, marker: PlotSymbol?) -> [ScenePath] {
        guard marker == nil, !points.isEmpty else { return [] }
        return [ScenePath.discs(at: points, radius: max(2.5, 1.25 * line.width), fill: .solid(line.color))]
    }

    private func areaPaths(under runs: [[Point]], context: PlotLayoutContext) -> [ScenePath] {
        guard let areaFill else { return [] }
        let base = context.transform.deviceY(areaBaseValue, clampingToRange: true) ?? context.plotArea.maxY
        return runs.filter { $0.count > 1 }.map { run in
            var elements = outline(of: run)
            elements.append(.line(Point(x: run.last!.x, y: base)))
            elements.append(.line(Point(x: run.first!.x, y: base)))
            elements.append(.close)
            return ScenePath(elements: elements, fill: areaFill)
        }
    }

    /// The line, its area fill and its points thinned to what the plot area's pixels can show
    /// (see `ThinnedRecords`), on linear and log scales alike, when there are many more records
    /// than pixel columns; nil to lay out every point. O(visible records) with no allocation
    /// per record.
    private func thinnedLayout(_ data: SeriesData, context: PlotLayoutContext) -> PlotScene? {
        let area = context.plotArea
        let columns = max(1, Int(area.width.rounded(.up)))
        guard data.count > 4 * columns, data.count <= Int(Int32.max) else { return nil }
        let mx = context.transform.mappingX, my = context.transform.mappingY
        let color = context.seriesColor
        let (line, marker) = styles(in: context, data: data)
        let itemFill: Fill = marker?.fill ?? .solid(marker?.lineStyle?.color ?? line?.color ?? color)
        let snapping = snapHalf(marker)
        func point(_ i: Int) -> Point {
            let p = Point(x: mx.device(data.locations[i]), y: my.device(data.values[i]))
            return snapping.map { Self.snapped(p, half: $0) } ?? p
        }
        // A line, or the edge of an area under the points, joins them: thinned per pixel column,
        // in runs between gaps.
        var runs: [[Point]] = []
        var lonely: [Point] = []  // points between gaps, which no segment draws
        var joined: [Int] = []
        if showsLine || areaFill != nil {
            guard data.isSortedByLocation else { return nil }
            // The records located in the view and the one beyond each edge, which the line
            // runs off to: the line through them is the line through every record there.
            let visible = ThinnedRecords.visibleRecords(of: data, x: mx, from: area.minX, to: area.maxX)
            let (kept, breaks) = ThinnedRecords.line(
                data, records: visible, x: mx, y: my, capacity: 6 * columns + 16,
                cancellation: context.cancellation)
            var run: [Point] = []
            var nextBreak = 0  // breaks: the positions in `kept` where a new run starts
            for (position, i) in kept.enumerated() {
                if nextBreak < breaks.count, breaks[nextBreak] == position {
                    if run.count > 1 { runs.append(run) } else if let p = run.first { lonely.append(p) }
                    run = []
                    nextBreak += 1
                }
                run.append(point(i))
            }
            if run.count > 1 { runs.append(run) } else if let p = run.first { lonely.append(p) }
            joined = kept
        }
        // The points: those of the line, or (markers without a line) one per device pixel. A
        // marker whose center lies up to `reach` pixels outside the plot area still shows in it;
        // sorted locations are culled by binary search first, to a pixel more (snapping moves a
        // center by up to half a pixel): the pixel grid decides, as it does for unsorted ones.
        var drawn = joined
        if !(showsLine || (areaFill != nil && marker == nil)) {
            let outline = marker?.lineStyle?.width ?? 0
            let reach = Int(((marker?.size ?? 0) / 2 + outline / 2).rounded(.up)) + 1
            let records =
                data.isSortedByLocation
                ? ThinnedRecords.recordsLocated(
                    in: data.locations, x: mx, from: area.minX - Double(reach) - 1,
                    to: area.maxX + Double(reach) + 1)
                : nil
            // Unsorted points pulled from a data source: once the second view started its build,
            // through an index of them by cell (the same records, reading only the cells in view).
            if records == nil, viewDataSource == nil, data.count >= ScatterIndex.minimumCount,
                !mx.isLogarithmic, !my.isLogarithmic, let index = pointIndex.index(of: data)
            {
                drawn = index.thinned(
                    area: area, x: mx, y: my, snapHalf: snapping, reach: reach, cancellation: context.cancellation)
            } else {
                drawn = ThinnedRecords.scatter(
                    data, records: records, area: area, x: mx, y: my, snapHalf: snapping,
                    reach: reach, cancellation: context.cancellation)
            }
        }
        // Stored by column (one style for all): ~28 bytes each, each column written in one pass
        // (records fit in Int32: checked above). 342,631 points of a zoomed million: 3 ms.
        let column = data.values.withUnsafeBufferPointer { values in
            PlotItems.Points(
                points: drawn.map(point), records: drawn.map { Int32(truncatingIfNeeded: $0) },
                values: drawn.map { values[$0] }, symbol: marker, fill: itemFill, stroke: marker?.lineStyle)
        }
        var paths = areaPaths(under: runs, context: context)
        if let line {
            paths += runs.map { ScenePath(elements: outline(of: $0, cancellation: context.cancellation), stroke: line, joinsRecords: true) }
            paths += lonelyDots(lonely, line: line, marker: marker)
        }
        return PlotScene(
            plotID: identifier, title: title, kind: kind, isVisible: true, paths: paths,
            items: PlotItems(points: column), clip: area)
    }

    /// The path through one unbroken run of device points, by the plot's interpolation; cut
    /// short when `cancellation` is raised (the layout is then thrown away).
    func outline(of run: [Point], cancellation: CancellationFlag? = nil) -> [ScenePath.Element] {
        var elements: [ScenePath.Element] = [.move(run[0])]
        switch interpolation {
        case .linear:
            elements.reserveCapacity(run.count)
            run.withUnsafeBufferPointer { points in
                var i = 1
                while i < points.count {
                    if i & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled { break }
                    elements.append(.line(points[i]))
                    i += 1
                }
            }
        case .stepped:
            for (a, b) in zip(run, run.dropFirst()) {
                elements.append(.line(Point(x: b.x, y: a.y)))
                elements.append(.line(b))
            }
        case .curved:
            elements += Self.monotoneCurve(through: run)
        }
        return elements
    }

    /// Cubic Bézier segments through `points` that never overshoot them between neighbours:
    /// Fritsch–Carlson monotone cubic interpolation, written here because neither Cairo nor
    /// Foundation provides it. Falls back to straight lines where x does not increase. O(n).
    static func monotoneCurve(through points: [Point]) -> [ScenePath.Element] {
        let n = points.count
        guard n > 2, zip(points, points.dropFirst()).allSatisfy({ $1.x > $0.x }) else {
            return points.dropFirst().map { .line($0) }
        }
        var slopes = [Double](repeating: 0, count: n - 1)
        for i in 0..<(n - 1) { slopes[i] = (points[i + 1].y - points[i].y) / (points[i + 1].x - points[i].x) }
        var tangents = [Double](repeating: 0, count: n)
        tangents[0] = slopes[0]
        tangents[n - 1] = slopes[n - 2]
        for i in 1..<(n - 1) {
            tangents[i] = slopes[i - 1] * slopes[i] <= 0 ? 0 : (slopes[i - 1] + slopes[i]) / 2
        }
        for i in 0..<(n - 1) {
            if slopes[i] == 0 {
                tangents[i] = 0
                tangents[i + 1] = 0
                continue
            }
            let a = tangents[i] / slopes[i], b = tangents[i + 1] / slopes[i]
            let h = a * a + b * b
            if h > 9 {
                let t = 3 / h.squareRoot()
                tangents[i] = t * a * slopes[i]
                tangents[i + 1] = t * b * slopes[i]
            }
        }
        return (0..<(n - 1)).map { i in
            let p = points[i], q = points[i + 1], dx = (q.x - p.x) / 3
            return .curve(Point(x: p.x + dx, y: p.y + tangents[i] * dx), Point(x: q.x - dx, y: q.y - tangents[i + 1] * dx), q)
        }
    }
}

/// The series made from view records, kept per generation of records; thread-safe.
private final class ViewSeriesCache: @unchecked Sendable {
    private let lock = NSLock()
    private var generation = -1
    private var stored = SeriesData()
    private var last: ViewRecords?

    /// The records last laid out.
    var lastRecords: ViewRecords? {
        get { lock.withLock { last } }
        set { lock.withLock { last = newValue } }
    }

    /// The series of `records`, made once per generation. O(records) when made.
    func data(for records: ViewRecords) -> SeriesData {
        lock.withLock {
            if records.generation != generation || records.generation == 0 {
                stored = SeriesData(locations: records.locations, values: records.values)
                generation = records.generation
            }
            return stored
        }
    }

    func reset() {
        lock.withLock {
            generation = -1
            stored = SeriesData()
            last = nil
        }
    }
}

extension PlotKind {
    /// A line through points (`ScatterPlot` with `showsLine`).
    public static let line = PlotKind("line")
    /// Points only (`ScatterPlot` without `showsLine`).
    public static let scatter = PlotKind("scatter")
}

extension ScatterPlot: ViewDataReading {}
