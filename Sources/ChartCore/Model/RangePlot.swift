/// A low–high range per record, Core Plot's `CPTRangePlot`: error bars with caps on points or
/// on bars, or a filled band between a low and a high series.
///
/// Per record, in data units: the value (`.value`, NaN for none), the vertical ends (`.low` and
/// `.high` as absolute values, else the value less `.errorLow` and plus `.errorHigh`), and the
/// horizontal ends (the location less `.errorLeft` and plus `.errorRight`; none without them).
///
/// Scene items, in record order, in device pixels:
/// Each item's `value` is the record's value, or its high end when it has none.
/// - `.errorBars` style: with `marker == .bar`, the bar (`.rect` from `baseValue` to the value)
///   first; then one `.segments` item for the vertical bar and its caps (and the horizontal
///   bar and its caps), in the plot's color; then with `marker == .point`, the value's marker
///   (`.point`). Every item of a record points its popup at the value (the high end without one).
/// - `.band` style: a filled path between the high ends (left to right) and the low ends (back),
///   outlined along both, and the line through the values when there are any; per record one
///   `.segments` item from low to high with no stroke (the band paints it), hit a slot wide.
///
/// O(records in view) per layout (binary search for sorted locations). A band with more
/// records in view than twice the pixel columns is drawn as the per-column envelope (the highest
/// high and lowest low of each column, exactly what the full band covers there).
public final class RangePlot: Plot, CategoryPlot, KeyedRecordsPlot, RangeQueryablePlot, RangeExtentPlot, HighlightingPlot {
    /// How the low–high ranges are drawn.
    public enum Style: String, Sendable {
        /// Bars from each record's low to its high, with caps.
        case errorBars
        /// A filled band between the lows and the highs.
        case band
    }

    /// What marks a record's value in the `.errorBars` style.
    public enum Marker: String, Sendable {
        /// The bars alone (no value, or a band's records).
        case none
        /// A point at the value, the plot's symbol.
        case point
        /// A bar from the base to the value, the error bar over its tip.
        case bar
    }

    public var state: PlotState
    /// How the ranges are drawn.
    public var style: Style
    public var kind: PlotKind { style == .band ? .range : .errorbar }

    /// Supplies each record's location, value, low and high; the plot reloads when it is set.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }

    /// What marks each record's value with `.errorBars`.
    public var marker: Marker = .point
    /// The plot's color; nil for its series color.
    public var color: Color?
    /// The width of the caps across each end, in device pixels at scale 1; 0 for none.
    public var capWidth: Double = 10
    /// The error bars' and the band's outlines' width, in device pixels at scale 1.
    public var lineWidth: Double = 1.5
    /// The value's marker (`.point` marker) at scale 1.
    public var symbolSize: Double = 8
    /// A bar marker's width in data units along x; nil for 0.6 of the smallest gap.
    public var barWidth: Double?
    /// Where a bar marker starts, in data units.
    public var baseValue: Double = 0
    /// How far each record's error bar (and marker) sits from its location along x, in data
    /// units: groups side by side in one category. Error bars only; a band ignores it.
    public var offset: Double = 0
    /// The band's fill opacity (of the plot's color).
    public var bandOpacity: Double = 0.35

    private var series = SeriesCache()
    private var slot: Double?
    private var format: NumberFormat?

    /// A range plot named `identifier` in `style`, reading location, value, low and high from `dataSource`.
    public init(identifier: String, title: String? = nil, style: Style = .errorBars, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.style = style
        self.dataSource = dataSource
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() {
        series.reset()
        slot = nil
        format = nil
    }

    private func loaded() -> SeriesData {
        series.data(for: self, source: dataSource, fields: [.low, .high, .errorLow, .errorHigh, .errorLeft, .errorRight])
    }

    /// The vertical ends of record `i` (data units), NaN where it has none.
    private func ends(_ data: SeriesData, _ i: Int, _ f: Fields) -> (low: Double, high: Double) {
        let v = data.values[i]
        let low = f.low[i].isFinite ? f.low[i] : v - (f.errorLow[i].isFinite ? f.errorLow[i] : .nan)
        let high = f.high[i].isFinite ? f.high[i] : v + (f.errorHigh[i].isFinite ? f.errorHigh[i] : .nan)
        return (low, high)
    }

    /// The horizontal ends of record `i`, NaN where it has none.
    private func sideEnds(_ data: SeriesData, _ i: Int, _ f: Fields) -> (left: Double, right: Double) {
        let x = data.locations[i]
        return (x - f.errorLeft[i], x + f.errorRight[i])
    }

    private struct Fields {
        var low, high, errorLow, errorHigh, errorLeft, errorRight: [Double]
        init(_ data: SeriesData) {
            low = data.numbers(of: .low); high = data.numbers(of: .high)
            errorLow = data.numbers(of: .errorLow); errorHigh = data.numbers(of: .errorHigh)
            errorLeft = data.numbers(of: .errorLeft); errorRight = data.numbers(of: .errorRight)
        }
    }

    private func slotWidth(_ data: SeriesData) -> Double {
        if let slot { return slot }
        let fresh = BarPlot.slotWidth(sortedLocations: data.isSortedByLocation ? data.locations : data.locations.sorted())
        slot = fresh
        return fresh
    }

    /// Whether record `i` has something to draw: both ends, or a value.
    private func isDrawn(_ data: SeriesData, _ i: Int, _ f: Fields) -> Bool {
        let (low, high) = ends(data, i, f)
        return (low.isFinite && high.isFinite) || data.values[i].isFinite
    }

    public var hasData: Bool {
        let data = loaded()
        let f = Fields(data)
        return (0..<data.count).contains { isDrawn(data, $0, f) }
    }

    public func dataExtent() -> DataExtent? { extent(data: loaded(), in: nil) }

    public func dataExtent(inX x: PlotRange) -> DataExtent? { extent(data: loaded(), in: x) }

    /// The ends and values of the records (those located in `x`, when given). O(n).
    private func extent(data: SeriesData, in x: PlotRange?) -> DataExtent? {
        let f = Fields(data)
        var along: PlotRange?, across: PlotRange?
        var anchors: [Double] = []
        // Bars get half a slot either side, as a bar plot's do.
        let bars = style == .errorBars && marker == .bar
        let slotHalf = bars ? slotWidth(data) / 2 : 0
        let barHalf = bars ? (barWidth ?? 0.6 * slotWidth(data)) / 2 : 0
        let shift = style == .errorBars ? offset : 0
        for i in 0..<data.count {
            let location = data.locations[i]
            if let x, !x.contains(location) { continue }
            guard isDrawn(data, i, f) else { continue }
            let (low, high) = ends(data, i, f)
            let (left, right) = sideEnds(data, i, f)
            for v in [low, high, data.values[i]] where v.isFinite { across = across?.including(v) ?? PlotRange(v, v) }
            let slot = bars ? [location - slotHalf, location + slotHalf] : []
            for v in slot + [location + shift - barHalf, location + shift + barHalf, left + shift, right + shift] where v.isFinite {
                along = along?.including(v) ?? PlotRange(v, v)
            }
        }
        if style == .errorBars && marker == .bar, across != nil {
            across = across?.including(baseValue)
            anchors = [baseValue]
        }
        guard let across else { return nil }
        return DataExtent(x: along, y: across, xAnchors: bars ? along.map { [$0.lower, $0.upper] } ?? [] : [], yAnchors: anchors)
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] { loaded().records(in: range, limit: limit) }

    public func categoryLabels() -> [(location: Double, name: String)] { loaded().categoryLabels }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }

    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        let color = color ?? seriesColor
        switch style {
        case .band:
            return [LegendItem(title: title, fill: .solid(color.withAlpha(bandOpacity)), line: LineStyle(color: color, width: lineWidth))]
        case .errorBars:
            return [
                LegendItem(
                    title: title, fill: marker == .bar ? .solid(color.withAlpha(0.6)) : nil,
                    line: LineStyle(color: color, width: lineWidth),
                    symbol: marker == .point ? PlotSymbol(.ellipse, size: symbolSize, fill: .solid(color)) : nil)
            ]
        }
    }

    /// "2026-11-03 · mood 6.2 (5.1–7.3)"; "… · band 5.1–7.3" without a value.
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record) else { return nil }
        let f = Fields(data)
        guard isDrawn(data, record, f) else { return nil }
        let format = context.valueFormat ?? valueFormat ?? rangeFormat(data)
        let (low, high) = ends(data, record, f)
        let m = data.magnitude
        let range = low.isFinite && high.isFinite ? "\(format.format(low, magnitude: m))–\(format.format(high, magnitude: m))" : nil
        let value = data.values[record]
        let text: String
        if value.isFinite {
            text = format.format(value, magnitude: m) + (range.map { " (\($0))" } ?? "")
        } else {
            text = range ?? ""
        }
        let location = context.locationText(
            data.locations[record], name: data.name(record),
            dateResolution: self.series.locationResolution(of: data))
        return RecordDescription(location: location, series: title, value: text)
    }

    /// No decimals when every value and end is whole, else 2. O(n) the first time after a load.
    private func rangeFormat(_ data: SeriesData) -> NumberFormat {
        if let format { return format }
        let f = Fields(data)
        var whole = true
        for i in 0..<data.count where whole {
            let (low, high) = ends(data, i, f)
            for v in [data.values[i], low, high] where v.isFinite && (v != v.rounded() || abs(v) >= 1e15) { whole = false }
        }
        let fresh: NumberFormat = .fixed(decimals: whole ? 0 : 2)
        format = fresh
        return fresh
    }

    /// A selected record's value marker gets a halo (whichever of its items the selection names),
    /// as a scatter point's does; bars and bands get none (their popup points at them).
    public func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        guard style == .errorBars, marker == .point, data(valueAt: item.record) else { return [] }
        let color = item.fill.representativeColor
        let size = max(symbolSize * scale, 8 * scale)
        return [
            SceneMarker(
                center: item.anchor,
                symbol: PlotSymbol(
                    .ellipse, size: size + 10 * scale, fill: .solid(color.withAlpha(0.25)),
                    lineStyle: LineStyle(color: color, width: 1.5 * scale))),
            SceneMarker(
                center: item.anchor,
                symbol: PlotSymbol(
                    .ellipse, size: size, fill: .solid(color),
                    lineStyle: LineStyle(color: theme.background.representativeColor, width: 1.5 * scale)))
        ]
    }

    /// Whether `record` has a finite value (its marker is where its items' anchor is).
    private func data(valueAt record: Int) -> Bool {
        let data = loaded()
        return data.values.indices.contains(record) && data.values[record].isFinite
    }

    /// The records that can reach the plot area: binary search for sorted locations.
    private func visibleRecords(_ data: SeriesData, context: PlotLayoutContext) -> Range<Int> {
        guard data.isSortedByLocation, data.count > 0 else { return 0..<data.count }
        let area = context.plotArea
        let a = context.transform.mappingX.value(atDevice: area.minX - capWidth * context.scale),
            b = context.transform.mappingX.value(atDevice: area.maxX + capWidth * context.scale)
        guard !a.isNaN, !b.isNaN else { return 0..<data.count }
        let reach = max(slotWidth(data), barWidth ?? 0) + abs(offset)
        // Horizontal error bars can reach in from far: then every record.
        let f = Fields(data)
        if f.errorLeft.contains(where: \.isFinite) || f.errorRight.contains(where: \.isFinite) { return 0..<data.count }
        return ThinnedRecords.recordsLocated(in: data.locations, from: min(a, b) - reach, through: max(a, b) + reach)
    }

    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let f = Fields(data)
        let color = color ?? context.seriesColor
        let visible = visibleRecords(data, context: context)
        LayoutCost.current?.visited(visible.count)
        let scene: PlotScene
        switch style {
        case .band: scene = bandLayout(data, f, visible: visible, color: color, context: context)
        case .errorBars: scene = errorBarLayout(data, f, visible: visible, color: color, context: context)
        }
        return scene
    }

    private func errorBarLayout(_ data: SeriesData, _ f: Fields, visible: Range<Int>, color: Color, context: PlotLayoutContext) -> PlotScene {
        let t = context.transform
        let area = context.plotArea
        let stroke = LineStyle(color: color, width: lineWidth * context.scale)
        let cap = capWidth * context.scale / 2
        let hitWidth = max(6 * context.scale, stroke.width)
        let barHalf = (barWidth ?? 0.6 * slotWidth(data)) / 2
        var items: [PlotItem] = []
        for i in visible {
            if context.shouldStop(at: i) { break }
            let location = data.locations[i] + offset, value = data.values[i]
            let (low, high) = ends(data, i, f)
            // What the items say is the record's value: its value, else its high end.
            let itemValue = value.isFinite ? value : high
            let (left, right) = (sideEnds(data, i, f).left + offset, sideEnds(data, i, f).right + offset)
            guard let x = t.deviceX(location) else { continue }
            let cx = x.rounded(.down) + 0.5
            let valueY = value.isFinite ? t.deviceY(value, clampingToRange: true) : nil
            var segments: [PlotItem.Segment] = []
            var topY: Double?
            if low.isFinite, high.isFinite, let yl = t.deviceY(low, clampingToRange: true), let yh = t.deviceY(high, clampingToRange: true) {
                let a = yh.rounded(.down) + 0.5, b = yl.rounded(.down) + 0.5
                topY = a
                segments.append(PlotItem.Segment(from: Point(x: cx, y: a), to: Point(x: cx, y: b)))
                if cap > 0 {
                    if high <= t.yRange.upper { segments.append(PlotItem.Segment(from: Point(x: cx - cap, y: a), to: Point(x: cx + cap, y: a))) }
                    if low >= t.yRange.lower { segments.append(PlotItem.Segment(from: Point(x: cx - cap, y: b), to: Point(x: cx + cap, y: b))) }
                }
            }
            if let valueY, left.isFinite || right.isFinite {
                let vy = valueY.rounded(.down) + 0.5
                let xl = left.isFinite ? t.deviceX(left, clampingToRange: true) ?? x : x
                let xr = right.isFinite ? t.deviceX(right, clampingToRange: true) ?? x : x
                segments.append(PlotItem.Segment(from: Point(x: xl, y: vy), to: Point(x: xr, y: vy)))
                if cap > 0 {
                    if left.isFinite { segments.append(PlotItem.Segment(from: Point(x: xl, y: vy - cap), to: Point(x: xl, y: vy + cap))) }
                    if right.isFinite { segments.append(PlotItem.Segment(from: Point(x: xr, y: vy - cap), to: Point(x: xr, y: vy + cap))) }
                }
            }
            let anchorY = valueY ?? topY
            guard let anchorY else { continue }
            let anchor = Point(x: cx, y: anchorY.rounded())
            let bounds = segments.isEmpty ? Rect(x: cx - 1, y: anchorY - 1, width: 2, height: 2) : Rect(enclosing: segments.flatMap { [$0.from, $0.to] })
            guard bounds.insetBy(dx: -cap - 1, dy: -cap - 1).intersects(area) else { continue }
            var bar: PlotItem?
            if marker == .bar, value.isFinite, let a = t.deviceX(location - barHalf), let b = t.deviceX(location + barHalf),
                let base = t.deviceY(baseValue, clampingToRange: true), let tip = valueY
            {
                let x0 = min(a, b).rounded(), x1 = max(max(a, b).rounded(), x0 + 1)
                let y0 = min(base, tip).rounded(), y1 = max(base, tip).rounded()
                bar = PlotItem(
                    record: i, value: value, shape: .rect(Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0), cornerRadius: 0),
                    fill: .solid(color.withAlpha(0.6)), stroke: nil, anchor: anchor, pointsDown: value < baseValue,
                    base: PlotItem.Base(position: base.rounded(), isHorizontal: false))
            }
            if let bar { items.append(bar) }
            if !segments.isEmpty {
                items.append(
                    PlotItem(
                        record: i, value: itemValue, shape: .segments(segments, hitWidth: hitWidth),
                        fill: .solid(color), stroke: stroke, anchor: anchor))
            }
            if marker == .point, let valueY {
                let symbol = PlotSymbol(
                    .ellipse, size: symbolSize * context.scale, fill: .solid(color),
                    lineStyle: LineStyle(color: context.theme.background.representativeColor, width: context.scale))
                items.append(
                    PlotItem(
                        record: i, value: value, shape: .point(Point(x: cx, y: valueY), symbol: symbol),
                        fill: .solid(color), stroke: nil, anchor: anchor))
            }
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: area)
    }

    private func bandLayout(_ data: SeriesData, _ f: Fields, visible: Range<Int>, color: Color, context: PlotLayoutContext) -> PlotScene {
        let t = context.transform
        let area = context.plotArea
        // Runs of records with both ends, each a closed band; a record without them breaks it.
        var runs: [[(x: Double, low: Double, high: Double)]] = [[]]
        var items: [PlotItem] = []
        let first = data.locations.first ?? 0
        let slotPixels = abs((t.deviceX(first + slotWidth(data)) ?? 0) - (t.deviceX(first) ?? 0))
        let hitWidth = max(6 * context.scale, min(slotPixels, 40 * context.scale))
        let merges = data.isSortedByLocation && visible.count > 2 * Int(area.width)
        var column = Int.min
        var valuePoints: [[Point]] = [[]]
        for i in visible {
            if context.shouldStop(at: i) { break }
            let (low, high) = ends(data, i, f)
            guard low.isFinite, high.isFinite, let x = t.deviceX(data.locations[i]),
                let yl = t.deviceY(low, clampingToRange: true), let yh = t.deviceY(high, clampingToRange: true)
            else {
                if !(runs.last?.isEmpty ?? true) { runs.append([]) }
                if !(valuePoints.last?.isEmpty ?? true) { valuePoints.append([]) }
                continue
            }
            if let v = data.values[i].isFinite ? t.deviceY(data.values[i], clampingToRange: true) : nil {
                valuePoints[valuePoints.count - 1].append(Point(x: x, y: v))
            }
            if merges {
                let c = ThinnedRecords.pixel(x)
                if c == column, var last = runs[runs.count - 1].popLast() {
                    last.low = max(last.low, yl)
                    last.high = min(last.high, yh)
                    runs[runs.count - 1].append(last)
                    continue
                }
                column = c
                runs[runs.count - 1].append((Double(c) + 0.5, yl, yh))
            } else {
                runs[runs.count - 1].append((x, yl, yh))
            }
            let cx = merges ? Double(column) + 0.5 : x
            items.append(
                PlotItem(
                    record: i, value: data.values[i].isFinite ? data.values[i] : high,
                    shape: .segments([PlotItem.Segment(from: Point(x: cx, y: yh), to: Point(x: cx, y: yl))], hitWidth: hitWidth),
                    fill: .solid(color.withAlpha(bandOpacity)), stroke: nil, anchor: Point(x: cx, y: yh.rounded())))
        }
        var paths: [ScenePath] = []
        // The edges thinner than error bars: a noisy band's fill shows between them.
        let edge = LineStyle(color: color, width: context.scale)
        for run in runs where !run.isEmpty {
            var elements: [ScenePath.Element] = [.move(Point(x: run[0].x, y: run[0].high))]
            for p in run.dropFirst() { elements.append(.line(Point(x: p.x, y: p.high))) }
            for p in run.reversed() { elements.append(.line(Point(x: p.x, y: p.low))) }
            elements.append(.close)
            paths.append(ScenePath(elements: elements, fill: .solid(color.withAlpha(bandOpacity))))
            paths.append(
                ScenePath(
                    elements: [.move(Point(x: run[0].x, y: run[0].high))] + run.dropFirst().map { .line(Point(x: $0.x, y: $0.high)) },
                    stroke: edge.withAlpha(0.5)))
            paths.append(
                ScenePath(
                    elements: [.move(Point(x: run[0].x, y: run[0].low))] + run.dropFirst().map { .line(Point(x: $0.x, y: $0.low)) },
                    stroke: edge.withAlpha(0.5)))
        }
        for points in valuePoints where points.count > 1 {
            paths.append(
                ScenePath(
                    elements: [.move(points[0])] + points.dropFirst().map { .line($0) },
                    stroke: LineStyle(color: color, width: 2 * context.scale), joinsRecords: true))
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, paths: paths, items: items, clip: area)
    }
}

extension LineStyle {
    /// The same line in a translucent color.
    fileprivate func withAlpha(_ alpha: Double) -> LineStyle {
        var style = self
        style.color = color.withAlpha(alpha * color.alpha)
        return style
    }
}

extension PlotKind {
    /// A band between lows and highs (`RangePlot` with the `.band` style).
    public static let range = PlotKind("range")
    /// Error bars on points or bars (`RangePlot` with the `.errorBars` style).
    public static let errorbar = PlotKind("errorbar")
}
