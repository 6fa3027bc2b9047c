/// Bars from a base value to each record's value, Core Plot's `CPTBarPlot`.
///
/// Widths and offsets are in data units along the location axis, so that grouped bars from
/// several plots line up the way the exchange-rate tutorial sets them: `barWidth` 0.25 and a
/// `barOffset` of -0.25, 0 and 0.25 for three plots. A plot stacked on another starts each bar
/// where the other's ends (positive values upwards, negative downwards).
public final class BarPlot: Plot, CategoryPlot, KeyedRecordsPlot, RangeQueryablePlot, RangeExtentPlot {
    public var state: PlotState
    public var kind: PlotKind { .bar }

    /// Retained (unlike Core Plot's weak data source), so that an array-backed plot owns its data.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }

    /// The width of each bar, in data units along the location axis.
    public var barWidth: Double = 0.8 {
        didSet { precondition(barWidth > 0 && barWidth.isFinite, "barWidth must be positive and finite (got \(barWidth)).") }
    }
    /// How far each bar sits from its record's location, in data units (grouped bars).
    public var barOffset: Double = 0
    /// Where bars start when the data source gives no base, in data units. Values below it
    /// draw downwards.
    public var baseValue: Double = 0
    /// Bars run left to right from the y axis, locations along y (Core Plot's `barsAreHorizontal`).
    public var barsAreHorizontal = false
    /// The plot whose bars this one's stack on, record by record; nil for none.
    public weak var stackedOn: BarPlot? {
        didSet {
            var link = stackedOn
            while let plot = link {
                precondition(plot !== self, "Bar plot '\(identifier)' cannot be stacked on itself.")
                link = plot.stackedOn
            }
        }
    }
    /// The bars' fill when the data source gives none per record; nil for the theme's series color.
    public var fill: Fill?
    /// The bars' outline; nil for the theme's (usually none).
    public var lineStyle: LineStyle?
    /// Rounds the corners at each bar's tip, in device pixels at scale 1.
    public var barCornerRadius: Double = 0
    /// Merge bars thinner than a pixel per pixel column (the longest up and down stay), which
    /// paints the same pixels as every bar; hit testing then sees exactly the bars drawn. Turn
    /// off to lay out every bar (tests compare the two).
    public var thinsToPixels = true
    /// Writes each bar's value (or its data label) beyond its tip (Charts' `drawValues`).
    public var showsValueLabels = false
    /// The value labels' style; nil for the theme's label style.
    public var valueLabelTextStyle: TextStyle?

    /// What was pulled from the data source, until `reloadData()`.
    private var series = SeriesCache()

    /// A bar plot named `identifier` (unique in its graph, not empty), titled `title` in the legend (the identifier when nil), reading `dataSource`.
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    /// A bar plot over an array of values: record `i` at location `i` (or `locations[i]`).
    public convenience init(
        identifier: String, title: String? = nil, values: [Double?],
        locations: [Double]? = nil, categories: [String]? = nil, fills: [Fill]? = nil
    ) {
        self.init(
            identifier: identifier, title: title,
            dataSource: ArrayDataSource(values: values, locations: locations, categories: categories, fills: fills))
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() { series.reset() }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }

    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    private func loaded() -> SeriesData { series.data(for: self, source: dataSource, wantsBases: true) }

    /// The number of records, pulling from the data source if needed.
    public var recordCount: Int { loaded().count }

    /// The value of `record` in data units; NaN when it is missing.
    public func value(at record: Int) -> Double { loaded().values[record] }

    /// The location of `record` in data units.
    public func location(at record: Int) -> Double { loaded().locations[record] }

    public var hasData: Bool { loaded().hasFiniteValue }

    public var categoryAxis: Axis.Coordinate { barsAreHorizontal ? .y : .x }

    /// Each record's bar as data-unit ends along the value axis, after stacking: NaN ends for a
    /// missing value. O(n × plots stacked below).
    func segments() -> [(start: Double, end: Double)] {
        let segment = segmentOfRecord()
        return loaded().values.indices.map(segment)
    }

    /// A record's bar as data-unit ends along the value axis, after stacking (see `segments()`),
    /// one record at a time: O(plots stacked below) per record, so that a layout looks only at
    /// the bars in view.
    func segmentOfRecord() -> (Int) -> (start: Double, end: Double) {
        let data = loaded()
        let baseValue = baseValue
        guard stackedOn != nil else {
            return { i in
                let value = data.values[i]
                guard value.isFinite else { return (.nan, .nan) }
                let base = data.base(i)
                return (base.isFinite ? base : baseValue, value)
            }
        }
        // The values of everything below, the bottom plot first (the order the stack tops add up
        // in). A hidden plot below is not drawn, so nothing stacks on it.
        var chain: [BarPlot] = []
        var link: BarPlot? = stackedOn
        while let plot = link {
            chain.append(plot)
            link = plot.stackedOn
        }
        let below = chain.reversed().filter { !$0.isHidden }.map { $0.loaded().values }
        return { i in
            let v = data.values[i]
            guard v.isFinite else { return (.nan, .nan) }
            // Stack tops of everything below, positive and negative apart.
            var positive = baseValue, negative = baseValue
            for values in below where i < values.count && values[i].isFinite {
                if values[i] >= 0 { positive += values[i] } else { negative += values[i] }
            }
            return v >= 0 ? (positive, positive + v) : (negative, negative + v)
        }
    }

    public func dataExtent() -> DataExtent? { dataExtent(along: nil) }

    /// What shows in `x`: the bars whose slot reaches into it (every bar of horizontal bars,
    /// whose x is their values). O(n).
    public func dataExtent(inX x: PlotRange) -> DataExtent? { dataExtent(along: barsAreHorizontal ? nil : x) }

    /// The extent of the bars whose slot reaches into `range` along the location axis; every
    /// bar's with nil.
    private func dataExtent(along range: PlotRange?) -> DataExtent? {
        let data = loaded()
        guard data.hasFiniteValue else { return nil }
        var along: PlotRange?
        if let centers = PlotRange.enclosing(data.locations) {
            // Half a slot either side of the outermost locations, and at least the bars themselves.
            let slot = Self.slotWidth(sortedLocations: data.isSortedByLocation ? data.locations : data.locations.sorted())
            let half = max(slot / 2, abs(barOffset) + barWidth / 2)
            along = PlotRange(clamping: centers.lower - half, centers.upper + half)
        }
        var values: PlotRange?
        var bases: Set<Double> = []
        var lastBase = Double.nan  // bars on one base insert it once, not once per bar
        // Stacked sums can overflow to infinity: such a bar has no extent to fit.
        let reach = abs(barOffset) + barWidth / 2
        for (i, segment) in segments().enumerated() where data.values[i].isFinite && segment.start.isFinite && segment.end.isFinite {
            if let range, data.locations[i] + reach < range.lower || data.locations[i] - reach > range.upper { continue }
            values = (values ?? PlotRange(segment.start, segment.start)).including(segment.start).including(segment.end)
            if stackedOn == nil {
                if segment.start != lastBase { bases.insert(segment.start) }
                lastBase = segment.start
            } else {
                values = values?.including(baseValue)
                bases.insert(baseValue)
            }
        }
        let alongAnchors = along.map { [$0.lower, $0.upper] } ?? []
        return barsAreHorizontal
            ? DataExtent(x: values, y: along, xAnchors: Array(bases), yAnchors: alongAnchors)
            : DataExtent(x: along, y: values, xAnchors: alongAnchors, yAnchors: Array(bases))
    }

    /// The smallest gap between neighbouring locations (1 when there is only one).
    static func slotWidth(sortedLocations: [Double]) -> Double {
        var slot = Double.infinity
        for i in sortedLocations.indices.dropFirst() {
            let gap = sortedLocations[i] - sortedLocations[i - 1]
            if gap > 0 { slot = min(slot, gap) }
        }
        return slot.isFinite ? slot : 1
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] { loaded().records(in: range, limit: limit) }

    public func categoryLabels() -> [(location: Double, name: String)] { loaded().categoryLabels }

    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        // A plot whose every bar has its own fill shows the first in its swatch.
        let swatch = fill ?? loaded().fill(0) ?? .solid(seriesColor)
        return [LegendItem(title: title, fill: swatch)]
    }

    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        let location = context.locationText(
            data.locations[record], name: data.name(record),
            dateResolution: self.series.locationResolution(of: data))
        let value = (context.valueFormat ?? defaultFormat).format(data.values[record], magnitude: data.magnitude)
        return RecordDescription(location: location, series: title, value: value, note: data.note(record))
    }

    /// The default popup format: 2 decimals, or none when every value is whole.
    var defaultFormat: NumberFormat { valueFormat ?? loaded().defaultFormat }

    /// Lays out one rectangle per record with a finite value, snapped to whole device pixels so
    /// that the painted bar and its hit area are exactly the scene's rectangle, and its value
    /// label where there is room for it. Only the bars that reach the plot area are laid out:
    /// for sorted locations, found by binary search (a zoomed view of a million bars looks at
    /// the few in view). With far more bars in view than pixel columns (and `thinsToPixels`),
    /// only the bars that show are laid out (see `PixelColumnWinners`), without an item per
    /// record first. O(bars in view) time (O(n) for unsorted locations), O(pixels) items.
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let transform = context.transform
        let area = context.plotArea
        let outline = (lineStyle ?? context.theme.barOutline)?.scaled(by: context.scale)
        let defaultFill = fill ?? .solid(context.seriesColor)
        let segment = segmentOfRecord()
        let horizontal = barsAreHorizontal
        /// Record i's bar in device pixels, or nil when it is missing or off the plot area.
        func bar(_ i: Int) -> (rect: Rect, anchor: Point, down: Bool, base: Double)? {
            let (start, end) = segment(i)
            guard start.isFinite, end.isFinite else { return nil }
            let center = data.locations[i] + barOffset
            let a: Double?, b: Double?, s: Double?, e: Double?
            if horizontal {
                a = transform.deviceY(center - barWidth / 2); b = transform.deviceY(center + barWidth / 2)
                s = transform.deviceX(start, clampingToRange: true); e = transform.deviceX(end, clampingToRange: true)
            } else {
                a = transform.deviceX(center - barWidth / 2); b = transform.deviceX(center + barWidth / 2)
                s = transform.deviceY(start, clampingToRange: true); e = transform.deviceY(end, clampingToRange: true)
            }
            guard let a, let b, let s, let e else { return nil }
            // Across the bar: at least one pixel wide. Along it: from base to tip.
            let across0 = min(a, b).rounded(), across1 = max(max(a, b).rounded(), across0 + 1)
            let along0 = min(s, e).rounded(), along1 = max(s, e).rounded()
            let rect =
                horizontal
                ? Rect(x: along0, y: across0, width: along1 - along0, height: across1 - across0)
                : Rect(x: across0, y: along0, width: across1 - across0, height: along1 - along0)
            // A bar of no length (its value at its base, or both ends cut to one edge of the value
            // range) stays where it lies across the plot area; one beside the view does not.
            if rect.isEmpty {
                let (low, high, lowEdge, highEdge) =
                    horizontal
                    ? (rect.minY, rect.maxY, area.minY, area.maxY) : (rect.minX, rect.maxX, area.minX, area.maxX)
                let along = horizontal ? rect.minX : rect.minY
                let (alongLow, alongHigh) = horizontal ? (area.minX, area.maxX) : (area.minY, area.maxY)
                guard low < highEdge, lowEdge < high, along >= alongLow, along <= alongHigh else { return nil }
            } else {
                guard rect.intersects(area) else { return nil }
            }
            let tip = e.rounded(), mid = (across0 + across1) / 2
            return (rect, horizontal ? Point(x: tip, y: mid) : Point(x: mid, y: tip), end < start, s.rounded())
        }
        let cornerRadius = barCornerRadius * context.scale
        func item(_ i: Int, _ bar: (rect: Rect, anchor: Point, down: Bool, base: Double)) -> PlotItem {
            let base = PlotItem.Base(position: bar.base, isHorizontal: horizontal)
            return PlotItem(
                record: i, value: data.values[i],
                shape: .rect(bar.rect, corners: CornerRounding(tipOf: bar.rect, radius: cornerRadius, base: base, pointsDown: bar.down)),
                fill: data.fill(i) ?? defaultFill, stroke: outline, anchor: bar.anchor, pointsDown: bar.down, base: base)
        }
        let visible = visibleRecords(data, context: context)
        LayoutCost.current?.visited(visible.count)
        var items: [PlotItem] = []
        let pixels = Int(horizontal ? area.height : area.width)
        if thinsToPixels && visible.count > 2 * pixels {
            var winners = PixelColumnWinners(area: area, horizontal: horizontal)
            var drawn: [Int] = []  // the bars that show, while they are few enough to lay out all
            for i in visible {
                if context.shouldStop(at: i) { break }
                guard let bar = bar(i) else { continue }
                if drawn.count <= 2 * pixels { drawn.append(i) }
                winners.offer(record: i, rect: bar.rect, pointsDown: bar.down)
            }
            let records = drawn.count > 2 * pixels ? winners.records() : drawn
            items = records.compactMap { i in bar(i).map { item(i, $0) } }
        } else {
            items.reserveCapacity(visible.count)
            for i in visible {
                if context.shouldStop(at: i) { break }
                if let bar = bar(i) { items.append(item(i, bar)) }
            }
        }
        var scene = PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: area)
        if showsValueLabels { scene.labels = valueLabels(for: items, data: data, context: context) }
        return scene
    }

    /// The records whose bars can reach the plot area along the location axis: for sorted
    /// locations, those within half a bar (and two pixels, for rounding) of the view, by binary
    /// search (O(log n)); otherwise all of them.
    private func visibleRecords(_ data: SeriesData, context: PlotLayoutContext) -> Range<Int> {
        guard data.isSortedByLocation, data.count > 0 else { return 0..<data.count }
        let area = context.plotArea
        let mapping = barsAreHorizontal ? context.transform.mappingY : context.transform.mappingX
        let (low, high) = barsAreHorizontal ? (area.minY, area.maxY) : (area.minX, area.maxX)
        let a = mapping.value(atDevice: low - 2), b = mapping.value(atDevice: high + 2)
        let reach = barWidth / 2
        let from = min(a, b) - barOffset - reach, through = max(a, b) - barOffset + reach
        // Ends that are not numbers (a view past Double's range) cull nothing.
        guard !from.isNaN, !through.isNaN else { return 0..<data.count }
        return ThinnedRecords.recordsLocated(in: data.locations, from: from, through: through)
    }

    /// A label beyond each bar's tip, kept inside the plot area; a label that would overlap an
    /// earlier one is left out.
    private func valueLabels(for items: [PlotItem], data: SeriesData, context: PlotLayoutContext) -> [SceneText] {
        let style = (valueLabelTextStyle ?? context.theme.labelText).scaled(by: context.scale)
        let gap = 3 * context.scale
        let format = defaultFormat
        var placed: [SceneText] = []
        for item in items {
            var text = data.label(item.record).map { VisibleText.cut($0) } ?? format.format(item.value, magnitude: data.magnitude)
            var size = context.measurer.size(of: text, style: style)
            // At most the plot area's width and half its height, cut with "…".
            let room = Size(width: context.plotArea.width, height: context.plotArea.height / 2)
            if size.width > room.width || size.height > room.height {
                text = VisibleText.fitting(text, width: room.width, height: room.height) { context.measurer.size(of: $0, style: style) }
                size = context.measurer.size(of: text, style: style)
            }
            var label: SceneText
            if barsAreHorizontal {
                let x = item.pointsDown ? item.anchor.x - gap : item.anchor.x + gap
                label = SceneText(
                    text: text, style: style, size: size, at: Point(x: x, y: item.anchor.y),
                    anchoredBy: item.pointsDown ? .right : .left)
            } else {
                let y = item.pointsDown ? item.anchor.y + gap : item.anchor.y - gap
                label = SceneText(
                    text: text, style: style, size: size, at: Point(x: item.anchor.x, y: y),
                    anchoredBy: item.pointsDown ? .top : .bottom)
            }
            // Inside the plot area: a label that would stick out goes just inside the bar's tip.
            if !context.plotArea.contains(label.rect) {
                let r = label.rect
                let dx = r.minX < context.plotArea.minX ? context.plotArea.minX - r.minX : min(0, context.plotArea.maxX - r.maxX)
                let dy = r.minY < context.plotArea.minY ? context.plotArea.minY - r.minY : min(0, context.plotArea.maxY - r.maxY)
                label.position = Point(x: label.position.x + dx, y: label.position.y + dy)
            }
            if placed.contains(where: { $0.rect.insetBy(dx: -1, dy: -1).intersects(label.rect) }) { continue }
            placed.append(label)
        }
        return placed
    }
}

extension PlotKind {
    /// Bars (`BarPlot`), vertical or horizontal, side by side or stacked.
    public static let bar = PlotKind("bar")
}
