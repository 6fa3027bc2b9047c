import Foundation

/// Slices of a disc (or a ring) in proportion to each record's value, Core Plot's `CPTPieChart`.
///
/// Angles are degrees in the model, measured counter-clockwise from the +x axis as Core Plot
/// measures them; the scene gives radians as Cairo measures them (clockwise on screen).
/// Records with a missing, zero or negative value get no slice.
public final class PieChart: Plot, KeyedRecordsPlot, SelectionDrawingPlot, RecordHidingPlot, CarryingOverPlot {
    /// The way slices follow each other from `startAngle`.
    public enum Direction: String, Hashable, Sendable, CaseIterable {
        /// Each slice after the previous one, clockwise on screen.
        case clockwise
        /// Each slice after the previous one, counter-clockwise on screen.
        case counterClockwise
    }

    public var state: PlotState
    public var kind: PlotKind { .pie }
    public var usesAxes: Bool { false }

    /// Retained, so that an array-backed plot owns its data. `.value` sizes the slices;
    /// `categoryName` titles their legend entries; `dataLabel` gives their labels.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }

    /// The radius in device pixels at scale 1; nil to fit the plot area (with room for labels).
    public var pieRadius: Double?
    /// The hole's radius as a share of the radius: 0 for a pie, 0.5 for a donut.
    public var innerRadiusFraction: Double = 0 {
        didSet { precondition((0..<1).contains(innerRadiusFraction), "innerRadiusFraction must be in 0..<1 (got \(innerRadiusFraction)).") }
    }
    /// Where the first slice starts, degrees counter-clockwise from +x (90 is 12 o'clock).
    public var startAngle: Double = 90
    /// Which way the slices follow each other.
    public var sliceDirection: Direction = .clockwise
    /// The line around each slice; nil for the theme's background color, 1.5 pixels (slices
    /// read apart, as the tutorial's white borders do).
    public var borderLineStyle: LineStyle?
    /// Whether each slice carries a label: its data label, or its value.
    public var showsLabels = true
    /// Where labels sit from the rim, in device pixels at scale 1: positive outside (with a
    /// leader line), negative inside the slice.
    public var labelOffset: Double = 14
    /// The slice labels' style; nil for the theme's label style.
    public var labelTextStyle: TextStyle?
    /// How far the selected slice pulls out, in device pixels at scale 1.
    public var selectedOffset: Double = 8
    /// The record drawn pulled out (the window sets it to the selection): a new selection is a
    /// new layout. nil for none.
    public var selectedRecord: Int?
    /// Slices the user hid from the legend: no wedge, the others share the whole disc.
    public var hiddenRecords: Set<Int> = []
    /// Palette places by slice name, for slices that keep the color they had before (see
    /// `carryOver(from:)`); a slice not named here takes its record index.
    public var colorSlots: [String: Int] = [:]

    /// What was pulled from the data source, until `reloadData()`.
    private var series = SeriesCache()

    /// A pie chart named `identifier`, titled `title` (the identifier when nil), reading `dataSource`.
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    /// A pie over arrays: `names` title the slices, `labels` are their own labels.
    public convenience init(
        identifier: String, title: String? = nil, values: [Double?], names: [String]? = nil,
        fills: [Fill]? = nil, labels: [String]? = nil
    ) {
        self.init(
            identifier: identifier, title: title,
            dataSource: ArrayDataSource(values: values, categories: names, fills: fills, labels: labels))
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() {
        series.reset()
        shareCache = nil
    }

    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }

    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    private func loaded() -> SeriesData { series.data(for: self, source: dataSource) }

    /// Whether a slice is shown (a positive value, not hidden).
    public var hasData: Bool {
        let data = loaded()
        return data.values.indices.contains { isShown($0, data) }
    }

    public func dataExtent() -> DataExtent? { nil }

    /// Whether `record` gets a slice: a positive value, not hidden.
    private func isShown(_ record: Int, _ data: SeriesData) -> Bool {
        data.values[record].isFinite && data.values[record] > 0 && !hiddenRecords.contains(record)
    }

    /// Each record's share of the slices shown (0 for the others), summed over values scaled by
    /// the largest, so that values near Double's limit (1e308 twice) never sum to infinity.
    /// Worked out once per data and hidden set: popups and `--dump-layout` ask per record. O(n).
    private func shares() -> [Double] {
        if let cache = shareCache, cache.hidden == hiddenRecords { return cache.shares }
        let data = loaded()
        let largest = data.values.indices.reduce(0.0) { isShown($1, data) ? max($0, data.values[$1]) : $0 }
        var shares = [Double](repeating: 0, count: data.count)
        if largest > 0 {
            var sum = 0.0
            for i in data.values.indices where isShown(i, data) { sum += data.values[i] / largest }
            for i in data.values.indices where isShown(i, data) { shares[i] = data.values[i] / largest / sum }
        }
        shareCache = (hiddenRecords, shares)
        return shares
    }

    private var shareCache: (hidden: Set<Int>, shares: [Double])?

    private func sliceName(_ record: Int, _ data: SeriesData) -> String { data.name(record) ?? "\(title) \(record + 1)" }

    private func sliceFill(_ record: Int, theme: Theme) -> Fill {
        let data = loaded()
        return data.fill(record) ?? .solid(theme.seriesColor(colorSlots[sliceName(record, data)] ?? record))
    }

    /// Every slice that has a value, hidden ones too (greyed by the legend), so that the user
    /// can show them again.
    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        let data = loaded()
        return data.values.indices.filter { data.values[$0].isFinite && data.values[$0] > 0 }.map { i in
            LegendItem(title: sliceName(i, data), fill: sliceFill(i, theme: theme), record: i)
        }
    }

    /// The slice's label text on one line ("EUR 0.91", or its value) and its share of the slices
    /// shown: the popup says what the label says.
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), isShown(record, data) else { return nil }
        let share = NumberFormat.percent(decimals: 1).format(shares()[record])
        if let label = data.label(record) {
            let oneLine = label.split(whereSeparator: \.isNewline).joined(separator: " ")
            return RecordDescription(location: nil, series: "", value: oneLine + " (\(share))", note: data.note(record))
        }
        let value = (context.valueFormat ?? valueFormat ?? data.defaultFormat).format(data.values[record], magnitude: data.magnitude)
        return RecordDescription(location: nil, series: sliceName(record, data), value: value + " (\(share))", note: data.note(record))
    }

    /// Keeps each slice's color by its name (a slice that was there before keeps its place in
    /// the palette, new ones take the first places free), and hidden slices hidden.
    public func carryOver(from previous: PieChart) {
        let old = previous.loaded(), data = loaded()
        let kept = ColorSlots.carried(
            (0..<data.count).map { sliceName($0, data) },
            from: (0..<old.count).map { previous.sliceName($0, old) }, slots: previous.colorSlots)
        colorSlots = kept
        // Hidden slices stay hidden by name.
        let hiddenNames = Set(previous.hiddenRecords.filter { $0 < old.count }.map { previous.sliceName($0, old) })
        hiddenRecords = Set((0..<data.count).filter { hiddenNames.contains(sliceName($0, data)) })
    }

    /// Lays out one wedge per positive record around the plot area's center, and the labels,
    /// outside ones moved apart so that none overlap. O(n log n).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let area = context.plotArea
        let scale = context.scale
        let center = Point(x: area.midX.rounded(), y: area.midY.rounded())
        let labelStyle = (labelTextStyle ?? context.theme.labelText).scaled(by: scale)
        let room = min(area.width, area.height) / 2 - selectedOffset * scale
        // A label longer than the plot area is wide (a name of megabytes) is cut with "…" to what
        // leaves the labels shown beside a pie of half the room.
        let labelRoom = max(1, room / 2 - max(0, labelOffset) * scale)
        let texts = data.values.indices.map { i -> String in
            guard let label = data.label(i).map({ VisibleText.cut($0) }) else {
                return (valueFormat ?? data.defaultFormat).format(data.values[i], magnitude: data.magnitude)
            }
            let size = context.measurer.size(of: label, style: labelStyle)
            guard size.width > max(area.width, area.height) || size.height > max(area.width, area.height) else { return label }
            return VisibleText.fitting(label, width: labelRoom, height: labelRoom) { context.measurer.size(of: $0, style: labelStyle) }
        }
        var labelsShown = showsLabels
        // Fit: leave room for the labels outside the rim, unless that would leave less than half
        // the pie the area allows (a small window): then the pie goes without labels, which the
        // legend and the popups still give.
        var reserve = 0.0
        if labelsShown && labelOffset > 0 {
            let widest = texts.map { context.measurer.size(of: $0, style: labelStyle) }.map { max($0.width, $0.height) }.max() ?? 0
            reserve = labelOffset * scale + widest
            if room - reserve < room / 2 && pieRadius == nil {
                labelsShown = false
                reserve = 0
            }
        }
        let fitted = max(4 * scale, room - reserve)
        let radius = pieRadius.map { $0 * scale } ?? fitted
        let inner = radius * innerRadiusFraction
        let fractions = shares()
        let border = (borderLineStyle ?? LineStyle(color: context.theme.background.representativeColor, width: 1.5)).scaled(by: scale)

        var items: [PlotItem] = []
        var angle = -startAngle * .pi / 180  // Cairo measures clockwise on screen
        let clockwise = sliceDirection == .clockwise
        for i in 0..<data.count {
            let v = data.values[i]
            guard isShown(i, data), fractions[i] > 0 else { continue }
            let sweep = 2 * .pi * fractions[i]
            let start = clockwise ? angle : angle - sweep
            let end = clockwise ? angle + sweep : angle
            angle = clockwise ? end : start
            let mid = (start + end) / 2
            let pull = selectedRecord == i ? selectedOffset * scale : 0
            let c = Point(x: center.x + cos(mid) * pull, y: center.y + sin(mid) * pull)
            items.append(
                PlotItem(
                    record: i, value: v,
                    shape: .wedge(center: c, radius: radius, innerRadius: inner, startAngle: start, endAngle: end),
                    fill: sliceFill(i, theme: context.theme), stroke: border, anchor: .zero,
                    pointsDown: sin(mid) > 0.3))
        }
        var labels: [SceneText] = [], leaders: [SceneLine] = []
        var outsideLabels = Set(items.map(\.record))
        var labelRects: [Int: Rect] = [:]
        if labelsShown {
            (labels, leaders, outsideLabels, labelRects) = self.labels(for: items, texts: texts, style: labelStyle, context: context)
        }
        // The popup keeps clear of the slice's own label: it reaches from inside the slice
        // towards the center (into a donut's hole), from further out when the label is beyond
        // the rim than when it sits inside, near the rim; nearer the center, or centered there,
        // when the box it will be (measured here as the popup's text) would still touch it.
        let popupStyle = context.theme.annotationText.scaled(by: scale)
        for index in items.indices {
            guard case .wedge(let c, let r, let inner, let start, let end) = items[index].shape else { continue }
            let mid = (start + end) / 2
            let record = items[index].record
            let labelOutside = outsideLabels.contains(record)
            let first = labelOutside ? max(inner, r * 0.45) + (r - max(inner, r * 0.45)) * 0.25 : max(inner, r * 0.3)
            let inward = Self.popupPlacement(angle: mid, outward: false)
            var candidates: [(Double, RectAnchor)] = [(first, inward), (max(inner, r * 0.3), inward), (inner, inward), (0, .center)]
            if let label = labelRects[record], let text = describe(record: record, in: RecordContext())?.text {
                let size = context.measurer.size(of: VisibleText.cut(text), style: popupStyle)
                let box = Size(width: size.width + 10 * scale, height: size.height + 10 * scale)
                if let clear = candidates.first(where: { reach, placement in
                    let anchor = Point(x: c.x + cos(mid) * reach, y: c.y + sin(mid) * reach)
                    return !Self.popupBox(box, at: anchor, placement: placement, scale: scale).intersects(label)
                }) {
                    candidates = [clear]
                }
            }
            let (reach, placement) = candidates[0]
            items[index].anchor = Point(x: c.x + cos(mid) * reach, y: c.y + sin(mid) * reach)
            items[index].popupPlacement = placement
        }
        // A pulled-out slice and the labels may reach past the plot area, into the margins.
        let clip = area.insetBy(dx: -area.minX, dy: -area.minY)
        var scene = PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: clip)
        scene.labels = labels
        scene.leaders = leaders
        return scene
    }

    /// The point of a popup's box on its anchor so that the box lies towards the center
    /// (`outward` false) or away from it, along the slice's middle `angle` (radians, Cairo's).
    static func popupPlacement(angle: Double, outward: Bool) -> RectAnchor {
        let dx = cos(angle) * (outward ? 1 : -1), dy = sin(angle) * (outward ? 1 : -1)
        // The box extends in the direction (dx, dy): its anchor is on the opposite side.
        if abs(dx) >= abs(dy) { return dx > 0 ? .left : .right }
        return dy > 0 ? .top : .bottom
    }

    /// Where a popup box of `size` lands with `placement` on `anchor`, moved 6 pixels (at
    /// scale 1) away from it, as the window's popup is.
    static func popupBox(_ size: Size, at anchor: Point, placement: RectAnchor, scale: Double) -> Rect {
        let f = placement.fraction
        let dx = (0.5 - f.x) * 12 * scale, dy = (0.5 - f.y) * 12 * scale
        return Rect(x: anchor.x + dx - size.width * f.x, y: anchor.y + dy - size.height * f.y, width: size.width, height: size.height)
    }

    /// Slice labels. Inside labels that do not fit their slice, and all outside labels, are
    /// set beyond the rim on their side, spread vertically so that none overlap, with a
    /// leader line from the rim. Also the records whose labels went outside, and each record's
    /// label rectangle.
    private func labels(
        for items: [PlotItem], texts: [String], style: TextStyle,
        context: PlotLayoutContext
    ) -> ([SceneText], [SceneLine], Set<Int>, [Int: Rect]) {
        var rects: [Int: Rect] = [:]
        let scale = context.scale
        let gap = 2 * scale
        var labels: [SceneText] = []
        var outsiders: [(item: PlotItem, size: Size, mid: Double)] = []
        for item in items {
            guard case .wedge(let c, let r, let inner, let start, let end) = item.shape else { continue }
            let mid = (start + end) / 2
            let size = context.measurer.size(of: texts[item.record], style: style)
            if labelOffset <= 0 {
                let distance = max(inner, r + labelOffset * scale - max(size.width, size.height) / 2)
                let p = Point(x: c.x + cos(mid) * distance, y: c.y + sin(mid) * distance)
                let label = SceneText(text: texts[item.record], style: style, size: size, at: p, anchoredBy: .center)
                // Fits if the label's corners lie within the slice's angle and the ring.
                if fits(label.rect, center: c, radius: r, inner: inner, start: start, end: end) {
                    labels.append(label)
                    rects[item.record] = label.rect
                    continue
                }
            }
            outsiders.append((item, size, mid))
        }
        var leaders: [SceneLine] = []
        let offset = max(labelOffset, 10) * scale
        // A label meant for inside a slice (white on color, say) moves out onto the background:
        // it takes the theme's label color there.
        let outsideStyle = labelOffset <= 0 ? style.withColor(context.theme.labelText.color) : style
        for rightSide in [true, false] {
            var side = outsiders.filter { (cos($0.mid) >= 0) == rightSide }
            side.sort { sin($0.mid) < sin($1.mid) }
            var placed: [(SceneText, Point, Int)] = []
            var floor = -Double.infinity
            for (item, size, mid) in side {
                guard case .wedge(let c, let r, _, _, _) = item.shape else { continue }
                let rim = Point(x: c.x + cos(mid) * r, y: c.y + sin(mid) * r)
                let ideal = Point(x: c.x + cos(mid) * (r + offset), y: c.y + sin(mid) * (r + offset))
                let y = max(ideal.y - size.height / 2, floor)
                floor = y + size.height + gap
                let x = rightSide ? ideal.x : ideal.x - size.width
                placed.append(
                    (
                        SceneText(
                            text: texts[item.record], style: outsideStyle, size: size,
                            at: Point(x: x, y: y), anchoredBy: .topLeft), rim, item.record
                    ))
            }
            // Pushed past the plot area's bottom: shift the column up, keeping the order.
            if let last = placed.last?.0.rect, last.maxY > context.plotArea.maxY {
                let shift = last.maxY - context.plotArea.maxY
                var ceiling = context.plotArea.minY
                for index in placed.indices {
                    var text = placed[index].0
                    let newY = max(text.rect.minY - shift, ceiling)
                    text.position.y = newY
                    ceiling = newY + text.size.height + gap
                    placed[index].0 = text
                }
            }
            for (var text, rim, record) in placed {
                // Spreading moved the label up or down: slide it out so it clears the rim there.
                guard case .wedge(let c, let r, _, _, _) = side.first?.item.shape else { continue }
                let box = text.rect
                let dy = box.maxY < c.y ? c.y - box.maxY : (box.minY > c.y ? box.minY - c.y : 0)
                let reach = r + offset
                let dx = (max(0, reach * reach - dy * dy)).squareRoot()
                let x = rightSide ? max(box.minX, c.x + dx) : min(box.minX, c.x - dx - box.width)
                text.position.x += x - box.minX
                labels.append(text)
                rects[record] = text.rect
                let placedBox = text.rect
                let end = Point(x: rightSide ? placedBox.minX - gap : placedBox.maxX + gap, y: placedBox.midY)
                leaders.append(SceneLine(from: rim, to: end, style: context.theme.minorTick.scaled(by: scale)))
            }
        }
        return (labels, leaders, Set(outsiders.map(\.item.record)), rects)
    }

    private func fits(_ rect: Rect, center: Point, radius: Double, inner: Double, start: Double, end: Double) -> Bool {
        let corners = [rect.origin, Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY), Point(x: rect.minX, y: rect.maxY)]
        return corners.allSatisfy { p in
            let d = p.distance(to: center)
            guard d <= radius && d >= inner else { return false }
            var a = atan2(p.y - center.y, p.x - center.x)
            while a < start { a += 2 * .pi }
            while a > start + 2 * .pi { a -= 2 * .pi }
            return a <= end
        }
    }
}

extension PlotKind {
    /// Slices of a disc or a ring (`PieChart`).
    public static let pie = PlotKind("pie")
}
