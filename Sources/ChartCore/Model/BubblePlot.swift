import Foundation

/// Points whose area stands for a third number, DGCharts' `BubbleChartView`: x is the
/// location, y the value and `.size` each bubble's size. A bubble's area is proportional to its
/// size (its radius to the square root), the largest size given `largestDiameter`; sizes that
/// are missing or negative give no bubble, a size of 0 a dot.
///
/// Bubbles are translucent with an outline and drawn largest first, so small ones stay visible
/// and are hit on top of the large ones they overlap. The plot may carry a size key: two or
/// three reference circles with their sizes in a corner of the plot area, the corner that
/// covers the fewest bubbles.
public final class BubblePlot: Plot, KeyedRecordsPlot, HighlightingPlot {
    public var state: PlotState
    public var kind: PlotKind { .bubble }

    /// Retained: `.location` is x, `.value` y, `.size` the size; `categoryName` names a bubble
    /// in its popup ("Japan").
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }
    /// What the popup calls y and the size ("lifeExp", "pop"); nil for the plot's title and
    /// "size".
    public var valueTitle: String?
    /// What the size field measures, in the record's popup ("Population"); nil for "size".
    public var sizeTitle: String?
    /// The diameter of a bubble of size `sizeReference`, device pixels at scale 1; nil for a
    /// seventh of the plot area's shorter side, kept within 12 to 90 pixels (times the scale).
    public var largestDiameter: Double?
    /// The size that gets `largestDiameter`; nil for the plot's largest size. Several bubble
    /// plots of one chart (groups) share one, so that their areas compare.
    public var sizeReference: Double?
    /// The fill's opacity over the series color (0…1).
    public var fillOpacity: Double = 0.45
    /// Whether this plot draws the size key (one plot of a chart does).
    public var showsSizeKey = true

    private var series = SeriesCache()

    /// A bubble plot named `identifier` reading x, y and size from `dataSource`.
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() { series.reset() }

    private func loaded() -> SeriesData { series.data(for: self, source: dataSource, fields: [.size]) }

    public var hasData: Bool { !drawable(loaded()).isEmpty }

    /// The records that get a bubble: finite x, y and a size of 0 or more.
    private func drawable(_ data: SeriesData) -> [Int] {
        let sizes = data.numbers(of: .size)
        return (0..<data.count).filter {
            data.values[$0].isFinite && data.locations[$0].isFinite && sizes[$0].isFinite && sizes[$0] >= 0
        }
    }

    /// The largest size among the bubbles drawn; 0 when none. O(n).
    public var largestSize: Double {
        let data = loaded()
        let sizes = data.numbers(of: .size)
        return drawable(data).reduce(0) { max($0, sizes[$1]) }
    }

    public func dataExtent() -> DataExtent? {
        let data = loaded()
        let rows = drawable(data)
        guard let x = PlotRange.enclosing(rows.map { data.locations[$0] }),
            let y = PlotRange.enclosing(rows.map { data.values[$0] })
        else { return nil }
        // Room for the bubbles' radii beyond the centers: the largest is about a seventh of
        // the plot area across, so 7% of the spans either side keeps the outer ones inside.
        // Positive data stays positive (a log axis); spans past Double's range (-1e308 to
        // 1e308) are padded in halves and end at the largest finite numbers.
        func padded(_ r: PlotRange) -> PlotRange {
            let pad = (r.upper / 2 - r.lower / 2) * 0.14
            let lower = r.lower > 0 ? r.lower - min(pad, r.lower / 2) : r.lower - pad
            return PlotRange(max(lower, -Double.greatestFiniteMagnitude), min(r.upper + pad, Double.greatestFiniteMagnitude))
        }
        return DataExtent(x: padded(x), y: padded(y))
    }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }
    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    /// The diameter in device pixels of the bubble of size `sizeReference` in `area`.
    public func diameterOfLargest(in area: Rect, scale: Double) -> Double {
        if let largestDiameter { return largestDiameter * scale }
        return min(max(min(area.width, area.height) / 7, 12 * scale), 90 * scale)
    }

    /// The diameter (device pixels) of a bubble of `size`, when `reference` gets `largest`:
    /// area proportional to size, at least 2 pixels (times `scale`) so that a size of 0 shows.
    public static func diameter(of size: Double, reference: Double, largest: Double, scale: Double) -> Double {
        guard reference > 0 else { return largest }
        return max(2 * scale, largest * (max(0, size) / reference).squareRoot())
    }

    /// One `.point` item per bubble with an ellipse symbol of its diameter, largest first (ties
    /// in record order), then the size key's circles and labels as the plot's leader lines and labels.
    /// O(n log n).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let sizes = data.numbers(of: .size)
        let scale = context.scale
        let color = context.seriesColor
        let largest = diameterOfLargest(in: context.plotArea, scale: scale)
        let reference = sizeReference ?? largestSize
        let fill = Fill.solid(color.withAlpha(fillOpacity))
        let outline = LineStyle(color: color, width: 1.25 * scale)
        var bubbles: [(record: Int, center: Point, diameter: Double)] = []
        for (n, i) in drawable(data).enumerated() {
            if context.shouldStop(at: n) { break }
            guard let p = context.transform.devicePoint(Point(x: data.locations[i], y: data.values[i])) else { continue }
            bubbles.append((i, p, Self.diameter(of: sizes[i], reference: reference, largest: largest, scale: scale)))
        }
        // Largest first: the small ones are painted over the large ones and hit before them.
        bubbles.sort { $0.diameter != $1.diameter ? $0.diameter > $1.diameter : $0.record < $1.record }
        let items = bubbles.map { b in
            PlotItem(
                record: b.record, value: data.values[b.record],
                shape: .point(b.center, symbol: PlotSymbol(.ellipse, size: b.diameter, fill: fill, lineStyle: outline)),
                fill: fill, stroke: outline, anchor: Point(x: b.center.x, y: b.center.y - b.diameter / 2))
        }
        var scene = PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: context.plotArea)
        if showsSizeKey, reference > 0 {
            let key = sizeKey(
                reference: reference, largest: largest, avoiding: bubbles.map { ($0.center, $0.diameter) },
                context: context)
            scene.leaders = key.lines
            scene.labels = key.labels
        }
        return scene
    }

    /// The size key: circles for `reference` and about a quarter and a twentieth of it (nice
    /// numbers), nested on one bottom line, each labelled at its top with a leader, in the corner
    /// of the plot area that covers the fewest bubbles; none when the area is too small for it
    /// (less than three times its size). Its circles (48 straight pieces each) and leaders are
    /// the scene's leader lines, drawn but never hit.
    private func sizeKey(
        reference: Double, largest: Double, avoiding bubbles: [(Point, Double)],
        context: PlotLayoutContext
    ) -> (lines: [SceneLine], labels: [SceneText]) {
        let scale = context.scale
        let area = context.plotArea
        let style = context.theme.labelText.scaled(by: scale).withSize(10 * scale)
        let values = Self.keyValues(reference)
        let texts = values.map { Self.compact($0) }
        let sizes = texts.map { context.measurer.size(of: $0, style: style) }
        let labelWidth = sizes.map(\.width).max() ?? 0
        let pad = 6 * scale
        let keySize = Size(width: largest + 6 * scale + labelWidth + 2 * pad, height: largest + 2 * pad)
        guard keySize.width * 3 <= area.width, keySize.height * 3 <= area.height else { return ([], []) }
        let corners = [
            Point(x: area.maxX - keySize.width, y: area.maxY - keySize.height),
            Point(x: area.maxX - keySize.width, y: area.minY),
            Point(x: area.minX, y: area.minY),
            Point(x: area.minX, y: area.maxY - keySize.height)
        ]
        let rects = corners.map { Rect(origin: $0, size: keySize) }
        let covered = rects.map { rect in
            bubbles.reduce(0) { count, b in
                let r = b.1 / 2
                return count + (rect.insetBy(dx: -r, dy: -r).contains(b.0) ? 1 : 0)
            }
        }
        let box = rects[covered.indices.min { covered[$0] < covered[$1] } ?? 0]
        let stroke = LineStyle(color: context.theme.labelText.color.withAlpha(0.7), width: 1 * scale)
        let bottom = box.maxY - pad
        let cx = box.minX + pad + largest / 2
        var lines: [SceneLine] = [], labels: [SceneText] = []
        for (k, value) in values.enumerated() {
            let d = Self.diameter(of: value, reference: reference, largest: largest, scale: scale)
            let r = d / 2
            let c = Point(x: cx, y: bottom - r)
            let rim = (0...48).map { k -> Point in
                let a = Double(k) * 2 * Double.pi / 48
                return Point(x: c.x + cos(a) * r, y: c.y + sin(a) * r)
            }
            for k in 0..<48 { lines.append(SceneLine(from: rim[k], to: rim[k + 1], style: stroke)) }
            let top = bottom - d
            let labelX = box.minX + pad + largest + 6 * scale
            lines.append(
                SceneLine(
                    from: Point(x: cx, y: top), to: Point(x: labelX - 2 * scale, y: top),
                    style: LineStyle(color: stroke.color.withAlpha(0.4), width: 1 * scale)))
            // Labels of circles close in height would overlap: the smaller ones move down.
            var y = top
            if let previous = labels.last { y = max(y, previous.rect.maxY + sizes[k].height / 2) }
            labels.append(SceneText(text: texts[k], style: style, size: sizes[k], at: Point(x: labelX, y: y), anchoredBy: .left))
        }
        return (lines, labels)
    }

    /// The key's sizes: `reference` rounded down to 1, 2 or 5 × 10ⁿ, and about a quarter and a
    /// twentieth of it likewise (distinct, positive), largest first.
    public static func keyValues(_ reference: Double) -> [Double] {
        func nice(_ v: Double) -> Double {
            guard v > 0, v.isFinite else { return 0 }
            let m = pow(10, floor(log10(v)))
            let r = v / m
            return (r >= 5 ? 5 : r >= 2 ? 2 : 1) * m
        }
        var values: [Double] = []
        for v in [nice(reference), nice(reference / 4), nice(reference / 20)] where v > 0 && !values.contains(v) {
            values.append(v)
        }
        return values
    }

    /// A size in few characters: "12.3M", "4.5k", "1.2B", "250".
    public static func compact(_ v: Double) -> String {
        let a = abs(v)
        let (d, suffix): (Double, String) = a >= 1e12 ? (1e12, "T") : a >= 1e9 ? (1e9, "B") : a >= 1e6 ? (1e6, "M") : a >= 1e4 ? (1e3, "k") : (1, "")
        return NumberFormat.automatic.format(v / d) + suffix
    }

    /// A swatch of the translucent fill with the outline.
    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [
            LegendItem(
                title: title,
                symbol: PlotSymbol(
                    .ellipse, size: 11, fill: .solid(seriesColor.withAlpha(fillOpacity)),
                    lineStyle: LineStyle(color: seriesColor, width: 1.25)))
        ]
    }

    /// "Japan · gdpPercap 31,656 · lifeExp 82.6 · pop 127.5M": the bubble's name (if any) and
    /// x as the x axis writes it, y, and the size after its title.
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        let size = data.numbers(of: .size)[record]
        guard size.isFinite, size >= 0 else { return nil }
        let x = context.locationText(data.locations[record], name: nil, dateResolution: series.locationResolution(of: data))
        let location = data.name(record).map { $0 + " · " + x } ?? x
        let y = (context.valueFormat ?? valueFormat ?? data.defaultFormat).format(data.values[record], magnitude: data.magnitude)
        return RecordDescription(
            location: location, series: valueTitle ?? title,
            value: y + " · " + (sizeTitle ?? "size") + " " + Self.compact(size))
    }

    /// A ring around the selected bubble and the bubble filled more strongly: the default
    /// point highlight would paint a large bubble solid over its neighbours.
    public func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        guard case .point(let p, let symbol) = item.shape, let symbol else { return [] }
        let color = item.stroke?.color ?? item.fill.representativeColor
        return [
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    .ellipse, size: symbol.size, fill: .solid(color.withAlpha(0.75)),
                    lineStyle: LineStyle(color: color, width: 1.5 * scale))),
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    .ellipse, size: symbol.size + 8 * scale,
                    lineStyle: LineStyle(color: color, width: 2 * scale)))
        ]
    }
}

extension PlotKind {
    /// Points sized by a third number (`BubblePlot`).
    public static let bubble = PlotKind("bubble")
}
