/// Open-high-low-close records as OHLC bars or candlesticks, Core Plot's
/// `CPTTradingRangePlot` (and DGCharts' candlestick chart).
///
/// Each record pulls `.open`, `.high` and `.low` from its data source; its `.value` is the
/// close. A record rises when its close is at or above its open (drawn in `risingColor`) and
/// falls otherwise (`fallingColor`). A record with any of the four numbers missing is not drawn.
///
/// Scene items, in record order, in device pixels:
/// - OHLC: one `.segments` item per record: the high–low line, the open tick to the left and
///   the close tick to the right, hit within `max(6, width)` pixels;
/// - candlestick: a `.segments` item for the wick (high to the body's top, the body's bottom to
///   low; absent when the body covers it), then a `.rect` item for the body (open to close, at
///   least one pixel high), filled, or only outlined when `hollowRising` and the record rises;
///   its `base` is the open's edge, so the show animation grows it from the open to the close
///   (the wicks appear left to right).
///
/// With more records in view than pixel columns (sorted locations), each pixel column draws
/// one merged record: the column's own OHLC, exactly (the open of its first record, the close
/// of its last, the highest high, the lowest low), named by its first record. That costs
/// O(columns × log n) per layout after an O(n) pass at load (range extremes of the highs and
/// lows), so a million candles lay out in milliseconds.
public final class TradingRangePlot: Plot, CategoryPlot, KeyedRecordsPlot, RangeQueryablePlot, RangeExtentPlot {
    /// How a record is drawn.
    public enum Style: String, Sendable, CaseIterable {
        /// A vertical high–low line with the open ticked left and the close ticked right.
        case ohlc
        /// A body from open to close and a wick from low to high.
        case candlestick
    }

    public var state: PlotState
    /// OHLC bars or candlesticks: which kind the plot is (`.ohlc` or `.candlestick`).
    public var style: Style
    public var kind: PlotKind { style == .ohlc ? .ohlc : .candlestick }

    /// Retained, like a bar plot's.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }

    /// The color of records whose close is at or above their open.
    public var risingColor = Color(rgb: 0x26A269)
    /// The color of records whose close is below their open.
    public var fallingColor = Color(rgb: 0xD62C2C)
    /// Rising candles' bodies are outlined only (hollow), falling ones filled, as traders draw
    /// them; false fills every body.
    public var hollowRising = false
    /// The width of a candle's body or an OHLC bar's ticks (both together), in data units
    /// along x; nil for 0.7 of the smallest gap between records.
    public var barWidth: Double? {
        didSet { precondition(barWidth.map { $0 > 0 && $0.isFinite } ?? true, "barWidth must be positive and finite.") }
    }
    /// The width of wicks, OHLC lines and hollow bodies' outlines, in device pixels at scale 1.
    public var lineWidth: Double = 1
    /// Puts the plot's title in popups ("AAPL O 1 H 2 …"): for charts with several plots.
    public var showsTitleInPopup = false
    /// Merge records per pixel column when there are more in view than columns (see the type's
    /// comment). Off lays out every record (tests compare the two).
    public var mergesToPixels = true

    private var series = SeriesCache()
    /// Built on first use after a load: range extremes of the highs and lows, and the
    /// smallest gap between locations.
    private var summary: Summary?

    private struct Summary {
        var highs: RangeExtremes?
        var lows: RangeExtremes?
        var slot: Double
        var lowRange: PlotRange?
        var highRange: PlotRange?
        /// No decimals when all four prices of every record are whole, else 2.
        var format: NumberFormat
    }

    /// Whether every finite number of `columns` is whole (and below 10^15). O(n).
    private static func allWhole(_ columns: [[Double]]) -> Bool {
        for column in columns {
            for v in column where v.isFinite && (v != v.rounded() || abs(v) >= 1e15) { return false }
        }
        return true
    }

    /// A trading range plot named `identifier` in `style`, reading open, high, low and close from `dataSource`.
    public init(identifier: String, title: String? = nil, style: Style = .candlestick, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.style = style
        self.dataSource = dataSource
    }

    /// A plot over arrays of opens, highs, lows and closes (one each per record, NaN where
    /// missing) at `locations` (record `i` at `i` without).
    public convenience init(
        identifier: String, title: String? = nil, style: Style = .candlestick, locations: [Double]? = nil,
        open: [Double], high: [Double], low: [Double], close: [Double]
    ) {
        self.init(
            identifier: identifier, title: title, style: style,
            dataSource: ArrayDataSource(numbers: close, locations: locations, fields: [.open: open, .high: high, .low: low]))
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() {
        series.reset()
        summary = nil
    }

    private func loaded() -> SeriesData { series.data(for: self, source: dataSource, fields: [.open, .high, .low]) }

    private func summarized(_ data: SeriesData) -> Summary {
        if let summary { return summary }
        let highs = data.numbers(of: .high), lows = data.numbers(of: .low)
        let sorted = data.isSortedByLocation && data.count > 4_096
        let fresh = Summary(
            highs: sorted ? RangeExtremes(highs) : nil, lows: sorted ? RangeExtremes(lows) : nil,
            slot: BarPlot.slotWidth(sortedLocations: data.isSortedByLocation ? data.locations : data.locations.sorted()),
            lowRange: PlotRange.enclosing(lows), highRange: PlotRange.enclosing(highs),
            format: .fixed(decimals: Self.allWhole([data.values, data.numbers(of: .open), highs, lows]) ? 0 : 2))
        summary = fresh
        return fresh
    }

    /// The number of records, pulling from the data source if needed.
    public var recordCount: Int { loaded().count }

    public var hasData: Bool { loaded().hasFiniteValue }

    /// The body's (or ticks') width in data units.
    private func width(_ summary: Summary) -> Double { barWidth ?? 0.7 * summary.slot }

    /// x: the locations and half a bar either side; y: the lowest low to the highest high
    /// (the closes where the data has no lows or highs). O(n) the first time, then O(1).
    public func dataExtent() -> DataExtent? {
        let data = loaded()
        guard data.hasFiniteValue, let along = data.locationRange else { return nil }
        let summary = summarized(data)
        let half = width(summary) / 2
        var y = data.valueRange
        if let low = summary.lowRange { y = y?.including(low.lower) }
        if let high = summary.highRange { y = y?.including(high.upper) }
        return DataExtent(x: PlotRange(clamping: along.lower - half, along.upper + half), y: y)
    }

    /// The lowest low to the highest high of the records in `x`. O(log n) for sorted locations.
    public func dataExtent(inX x: PlotRange) -> DataExtent? {
        let data = loaded()
        let summary = summarized(data)
        guard data.isSortedByLocation, let highs = summary.highs, let lows = summary.lows else {
            var y: PlotRange?
            let h = data.numbers(of: .high), l = data.numbers(of: .low)
            for i in 0..<data.count where x.contains(data.locations[i]) {
                for v in [h[i], l[i], data.values[i]] where v.isFinite { y = y?.including(v) ?? PlotRange(v, v) }
            }
            return y.map { DataExtent(x: x, y: $0) }
        }
        let inside = ThinnedRecords.recordsLocated(in: data.locations, from: x.lower, through: x.upper)
        guard !inside.isEmpty else { return nil }
        var y = data.valueRange(inX: x)?.values
        if let top = highs.range(of: inside, in: data.numbers(of: .high))?.upper { y = y?.including(top) ?? PlotRange(top, top) }
        if let bottom = lows.range(of: inside, in: data.numbers(of: .low))?.lower { y = y?.including(bottom) ?? PlotRange(bottom, bottom) }
        return y.map { DataExtent(x: PlotRange(data.locations[inside.lowerBound], data.locations[inside.upperBound - 1]), y: $0) }
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] { loaded().records(in: range, limit: limit) }

    public func categoryLabels() -> [(location: Double, name: String)] { loaded().categoryLabels }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }

    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    /// A candle swatch (the rising color's fill) or an OHLC bar's line.
    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        switch style {
        case .candlestick: [LegendItem(title: title, fill: .solid(risingColor), line: LineStyle(color: fallingColor, width: 2))]
        case .ohlc: [LegendItem(title: title, line: LineStyle(color: risingColor, width: 2))]
        }
    }

    /// "2008-03 · O 125.1 H 143.5 L 119.2 C 143.5": the date at the data's resolution, the
    /// four numbers in the plot's format (the title too with `showsTitleInPopup`).
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record) else { return nil }
        let o = data.numbers(of: .open)[record], h = data.numbers(of: .high)[record]
        let l = data.numbers(of: .low)[record], c = data.values[record]
        guard o.isFinite, h.isFinite, l.isFinite, c.isFinite else { return nil }
        let format = context.valueFormat ?? valueFormat ?? summarized(data).format
        let m = data.magnitude
        let text =
            "O \(format.format(o, magnitude: m)) H \(format.format(h, magnitude: m)) L \(format.format(l, magnitude: m)) C \(format.format(c, magnitude: m))"
        let location = context.locationText(
            data.locations[record], name: data.name(record),
            dateResolution: self.series.locationResolution(of: data))
        return RecordDescription(location: location, series: showsTitleInPopup ? title : "", value: text)
    }

    /// One record (or one pixel column's merged record) in data units.
    private struct Candle {
        var record: Int
        var location: Double
        var open: Double, high: Double, low: Double, close: Double
    }

    /// Lays out the records that reach the plot area (binary search for sorted locations),
    /// merged per pixel column when more than the columns. O(records in view), or O(columns ×
    /// log n) merged; O(n) for unsorted locations.
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let summary = summarized(data)
        let area = context.plotArea
        let transform = context.transform
        let opens = data.numbers(of: .open), highs = data.numbers(of: .high), lows = data.numbers(of: .low)
        let closes = data.values
        let barWidth = width(summary)
        var visible = 0..<data.count
        if data.isSortedByLocation, data.count > 0 {
            let a = transform.mappingX.value(atDevice: area.minX - 2), b = transform.mappingX.value(atDevice: area.maxX + 2)
            if !a.isNaN, !b.isNaN {
                visible = ThinnedRecords.recordsLocated(in: data.locations, from: min(a, b) - barWidth / 2, through: max(a, b) + barWidth / 2)
            }
        }
        LayoutCost.current?.visited(visible.count)
        var items: [PlotItem] = []
        let columns = Int(area.width)
        if mergesToPixels, data.isSortedByLocation, visible.count > columns {
            // One merged record per pixel column the records fall in.
            let mapping = transform.mappingX
            var start = visible.lowerBound
            while start < visible.upperBound {
                if context.shouldStop(at: items.count) { break }
                let column = ThinnedRecords.pixel(mapping.device(data.locations[start]))
                let right = mapping.value(atDevice: Double(column + 1))
                var end = ThinnedRecords.recordsLocated(in: data.locations, from: -.infinity, through: right.nextDown).upperBound
                end = min(max(end, start + 1), visible.upperBound)
                if let candle = merged(start..<end, opens: opens, highs: highs, lows: lows, closes: closes, summary: summary, data: data) {
                    append(candle, left: Double(column), right: Double(column + 1), to: &items, context: context)
                }
                start = end
            }
        } else {
            items.reserveCapacity(visible.count * (style == .candlestick ? 2 : 1))
            for i in visible {
                if context.shouldStop(at: i) { break }
                let candle = Candle(record: i, location: data.locations[i], open: opens[i], high: highs[i], low: lows[i], close: closes[i])
                guard candle.open.isFinite, candle.high.isFinite, candle.low.isFinite, candle.close.isFinite,
                    let a = transform.deviceX(candle.location - barWidth / 2), let b = transform.deviceX(candle.location + barWidth / 2)
                else { continue }
                var left = min(a, b).rounded(), right = max(max(a, b).rounded(), left + 1)
                // An odd width, so that the wick sits on the middle pixel.
                if Int(right - left) % 2 == 0 { right -= 1 }
                guard right >= area.minX, left <= area.maxX else { continue }
                if right - left < 1 { left = right - 1 }
                append(candle, left: left, right: right, to: &items, context: context)
            }
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: area)
    }

    /// The exact OHLC of `records`: the open of the first whole record, the close of the last,
    /// the highest high and lowest low of the whole records. O(log n) with range extremes.
    private func merged(
        _ records: Range<Int>, opens: [Double], highs: [Double], lows: [Double], closes: [Double],
        summary: Summary, data: SeriesData
    ) -> Candle? {
        func whole(_ i: Int) -> Bool { opens[i].isFinite && highs[i].isFinite && lows[i].isFinite && closes[i].isFinite }
        guard let first = records.first(where: whole), let last = records.reversed().first(where: whole) else { return nil }
        let high: Double, low: Double
        if let h = summary.highs, let l = summary.lows, records.count > 64 {
            high = h.range(of: records, in: highs)?.upper ?? highs[first]
            low = l.range(of: records, in: lows)?.lower ?? lows[first]
        } else {
            var hi = -Double.infinity, lo = Double.infinity
            for i in records where whole(i) {
                hi = max(hi, highs[i])
                lo = min(lo, lows[i])
            }
            high = hi
            low = lo
        }
        return Candle(record: first, location: data.locations[first], open: opens[first], high: high, low: low, close: closes[last])
    }

    /// The items of one candle whose body (or ticks) spans device x `left` to `right` (whole
    /// pixels, an odd number of them).
    private func append(_ candle: Candle, left: Double, right: Double, to items: inout [PlotItem], context: PlotLayoutContext) {
        let transform = context.transform
        guard let yOpen = transform.deviceY(candle.open, clampingToRange: true), let yClose = transform.deviceY(candle.close, clampingToRange: true),
            let yHigh = transform.deviceY(candle.high, clampingToRange: true), let yLow = transform.deviceY(candle.low, clampingToRange: true)
        else { return }
        let rising = candle.close >= candle.open
        let color = rising ? risingColor : fallingColor
        // OHLC bars wider than 8 pixels get strokes twice as thick, on whole pixels.
        let width = style == .ohlc && right - left >= 9 ? 2 * lineWidth * context.scale : lineWidth * context.scale
        let stroke = LineStyle(color: color, width: width)
        let odd = Int(width.rounded()) % 2 == 1
        let middle = left + ((right - left - 1) / 2).rounded(.down) + (odd ? 0.5 : 0)
        let top = yHigh.rounded(), bottom = yLow.rounded()
        let anchor = Point(x: middle, y: top)
        let hitWidth = max(6 * context.scale, right - left)
        switch style {
        case .ohlc:
            // Ticks on pixel centres, so a 1-pixel line is crisp.
            let o = yOpen.rounded(.down) + (odd ? 0.5 : 0), c = yClose.rounded(.down) + (odd ? 0.5 : 0)
            var segments = [PlotItem.Segment(from: Point(x: middle, y: top), to: Point(x: middle, y: max(bottom, top + 1)))]
            if right - left > 1 {
                segments.append(PlotItem.Segment(from: Point(x: left, y: o), to: Point(x: middle, y: o)))
                segments.append(PlotItem.Segment(from: Point(x: middle, y: c), to: Point(x: right, y: c)))
            }
            items.append(
                PlotItem(
                    record: candle.record, value: candle.close, shape: .segments(segments, hitWidth: hitWidth),
                    fill: .solid(color), stroke: stroke, anchor: anchor))
        case .candlestick:
            let bodyTop = min(yOpen, yClose).rounded()
            let bodyBottom = max(max(yOpen, yClose).rounded(), bodyTop + 1)
            var wick: [PlotItem.Segment] = []
            if top < bodyTop { wick.append(PlotItem.Segment(from: Point(x: middle, y: top), to: Point(x: middle, y: bodyTop))) }
            if bottom > bodyBottom { wick.append(PlotItem.Segment(from: Point(x: middle, y: bodyBottom), to: Point(x: middle, y: bottom))) }
            if !wick.isEmpty {
                items.append(
                    PlotItem(
                        record: candle.record, value: candle.close, shape: .segments(wick, hitWidth: hitWidth),
                        fill: .solid(color), stroke: stroke, anchor: anchor))
            }
            let hollow = hollowRising && rising && right - left > 2
            // A hollow body's outline is painted inside its rectangle.
            let body = Rect(x: left, y: bodyTop, width: right - left, height: bodyBottom - bodyTop)
            // The show animation grows the body from its open to its close.
            items.append(
                PlotItem(
                    record: candle.record, value: candle.close, shape: .rect(body, cornerRadius: 0),
                    fill: .solid(hollow ? .clear : color), stroke: hollow ? stroke : nil, anchor: anchor,
                    base: PlotItem.Base(position: rising ? bodyBottom : bodyTop, isHorizontal: false)))
        }
    }
}

extension PlotKind {
    /// OHLC bars (`TradingRangePlot` with the `.ohlc` style).
    public static let ohlc = PlotKind("ohlc")
    /// Candlesticks (`TradingRangePlot` with the `.candlestick` style).
    public static let candlestick = PlotKind("candlestick")
}
