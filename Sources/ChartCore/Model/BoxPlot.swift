import Foundation

/// Box plots of one series, a box per record (a category): a box from the lower to the upper
/// quartile with a line at the median, whiskers out to the furthest values within 1.5 IQR
/// with caps, and the values beyond as points (`BoxStatistics`). Several series side by side
/// per category take a `boxOffset` each, as grouped bars do.
///
/// Locations and widths are data units along x; the statistics data units along y. Each
/// record lays out, in order: the box (a rect, where its popup points), the whiskers and caps
/// (segments), the median (a segment), then a point per outlier (one per pixel row).
public final class BoxPlot: Plot, CategoryPlot, KeyedRecordsPlot, RangeQueryablePlot {
    public var state: PlotState
    public var kind: PlotKind { .box }

    /// Each record's statistics; nil for a category with no values in this series.
    public let boxes: [BoxStatistics?]
    /// Where each record sits along x, data units.
    public let locations: [Double]
    /// Each record's category name (the axis's labels, the popup's place); nil for none.
    public let names: [String]?

    /// The width of a box, data units along x.
    public var boxWidth: Double = 0.6 {
        didSet { precondition(boxWidth > 0 && boxWidth.isFinite, "boxWidth must be positive and finite (got \(boxWidth)).") }
    }
    /// How far each box sits from its record's location, data units (side by side series).
    public var boxOffset: Double = 0
    /// The box's fill; nil for a tint of the series color (`tint(_:over:)`).
    public var fill: Fill?
    /// The outline, whiskers and caps; nil for the series color, 1.5 pixels.
    public var lineStyle: LineStyle?
    /// The outliers' marker size, device pixels at scale 1.
    public var outlierSize: Double = 6

    /// A box plot of `boxes`, one per category (nil for a category without data), at `locations` (or `i`), named by `names`.
    public init(identifier: String, title: String? = nil, boxes: [BoxStatistics?], locations: [Double]? = nil, names: [String]? = nil) {
        if let locations { precondition(locations.count == boxes.count, "A box plot needs one location per box.") }
        if let names { precondition(names.count == boxes.count, "A box plot needs one name per box.") }
        state = PlotState(identifier: identifier, title: title)
        self.boxes = boxes
        self.locations = locations ?? boxes.indices.map(Double.init)
        self.names = names
    }

    public var hasData: Bool { boxes.contains { $0 != nil } }

    public func dataExtent() -> DataExtent? {
        let present = boxes.indices.filter { boxes[$0] != nil }
        guard let first = present.first else { return nil }
        var y = boxes[first]!.extent
        var lo = locations[first], hi = locations[first]
        for i in present {
            y = y.union(boxes[i]!.extent)
            lo = min(lo, locations[i]); hi = max(hi, locations[i])
        }
        let x = PlotRange(lo - 0.5, hi + 0.5)
        return DataExtent(x: x, y: y, xAnchors: [x.lower, x.upper])
    }

    public func categoryLabels() -> [(location: Double, name: String)] {
        guard let names else { return [] }
        return names.indices.map { (locations[$0], names[$0]) }
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] {
        boxes.indices.filter { boxes[$0] != nil && range.contains(locations[$0]) }.prefix(limit).map {
            PlotRecordValue(record: $0, location: locations[$0], value: boxes[$0]!.median, name: names?[$0])
        }
    }

    /// Per record with statistics and in view: the box, the whiskers with caps, the median and
    /// the outliers, in device pixels (the box's edges rounded to whole pixels); of outliers in
    /// the same pixel row, the first (thousands of a long tail make a few hundred items).
    /// O(records + outliers).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let transform = context.transform
        let area = context.plotArea
        let color = context.seriesColor
        let boxFill = fill ?? .solid(Self.tint(color, over: context.theme.plotAreaFill.representativeColor))
        let stroke = (lineStyle ?? LineStyle(color: color, width: 1.5)).scaled(by: context.scale)
        let medianStroke = LineStyle(color: context.theme.axisLine.color, width: 2.5 * context.scale)
        let hitWidth = 8 * context.scale
        let marker = PlotSymbol(.ellipse, size: outlierSize * context.scale, fill: .solid(color), lineStyle: nil)
        var items: [PlotItem] = []
        for i in boxes.indices {
            if context.shouldStop(at: i) { break }
            guard let box = boxes[i] else { continue }
            let center = locations[i] + boxOffset
            guard let a = transform.deviceX(center - boxWidth / 2), let b = transform.deviceX(center + boxWidth / 2),
                let q1 = transform.deviceY(box.lowerQuartile, clampingToRange: true),
                let q3 = transform.deviceY(box.upperQuartile, clampingToRange: true),
                let median = transform.deviceY(box.median, clampingToRange: true),
                let low = transform.deviceY(box.lowerWhisker, clampingToRange: true),
                let high = transform.deviceY(box.upperWhisker, clampingToRange: true)
            else { continue }
            let left = min(a, b).rounded(), right = max(max(a, b).rounded(), left + 1)
            guard right > area.minX, left < area.maxX else { continue }
            let top = min(q1, q3).rounded(), bottom = max(max(q1, q3).rounded(), top + 1)
            let rect = Rect(x: left, y: top, width: right - left, height: bottom - top)
            let mid = ((left + right) / 2).rounded()
            let capHalf = ((right - left) / 4).rounded()
            items.append(
                PlotItem(
                    record: i, value: box.median, shape: .rect(rect, cornerRadius: 0), fill: boxFill,
                    stroke: stroke, anchor: Point(x: mid, y: high.rounded())))
            let (highY, lowY) = (high.rounded(), low.rounded())
            let whiskers = [
                PlotItem.Segment(from: Point(x: mid, y: top), to: Point(x: mid, y: highY)),
                PlotItem.Segment(from: Point(x: mid - capHalf, y: highY), to: Point(x: mid + capHalf, y: highY)),
                PlotItem.Segment(from: Point(x: mid, y: bottom), to: Point(x: mid, y: lowY)),
                PlotItem.Segment(from: Point(x: mid - capHalf, y: lowY), to: Point(x: mid + capHalf, y: lowY))
            ]
            items.append(
                PlotItem(
                    record: i, value: box.median, shape: .segments(whiskers, hitWidth: hitWidth), fill: .solid(color),
                    stroke: stroke, anchor: Point(x: mid, y: highY)))
            let m = median.rounded()
            items.append(
                PlotItem(
                    record: i, value: box.median,
                    shape: .segments([PlotItem.Segment(from: Point(x: left, y: m), to: Point(x: right, y: m))], hitWidth: hitWidth),
                    fill: .solid(color), stroke: medianStroke, anchor: Point(x: mid, y: highY)))
            // Outliers ascend: one per device pixel row (the others would paint over it).
            var lastRow = Double.nan
            for v in box.outliers {
                guard let y = transform.deviceY(v), y >= area.minY - 1, y <= area.maxY + 1 else { continue }
                if y.rounded() == lastRow { continue }
                lastRow = y.rounded()
                let p = Point(x: mid, y: y)
                items.append(
                    PlotItem(
                        record: i, value: box.median, shape: .point(p, symbol: marker), fill: marker.fill ?? .solid(color),
                        stroke: marker.lineStyle, anchor: Point(x: mid, y: highY)))
            }
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: area)
    }

    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [
            LegendItem(
                title: title, fill: fill ?? .solid(Self.tint(seriesColor, over: theme.plotAreaFill.representativeColor)),
                line: LineStyle(color: seriesColor, width: 1.5))
        ]
    }

    /// The series color at 35% over the plot area's, opaque: a light box (a dark one on a dark
    /// theme) that grid lines do not cross and pixels can be checked against.
    static func tint(_ color: Color, over background: Color) -> Color {
        // Whole 8-bit channels, so the painted pixel is exactly this color.
        func mix(_ c: Double, _ b: Double) -> Double { ((b + (c - b) * 0.35) * 255).rounded() / 255 }
        return Color(red: mix(color.red, background.red), green: mix(color.green, background.green), blue: mix(color.blue, background.blue))
    }

    /// "Adelie · body_mass_g median 3700 (Q1 3350, Q3 4000; whiskers 2850–4775; n 151,
    /// 2 outliers)".
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        guard boxes.indices.contains(record), let box = boxes[record] else { return nil }
        let magnitude = max(abs(box.extent.lower), abs(box.extent.upper))
        let format = context.valueFormat ?? valueFormat ?? .automatic
        func f(_ v: Double) -> String { format.format(v, magnitude: magnitude) }
        let outliers = box.outliers.count == 1 ? "1 outlier" : "\(box.outliers.count) outliers"
        let value =
            "median \(f(box.median)) (Q1 \(f(box.lowerQuartile)), Q3 \(f(box.upperQuartile)); "
            + "whiskers \(f(box.lowerWhisker))–\(f(box.upperWhisker)); n \(box.count), \(outliers))"
        let location = context.locationText(locations[record], name: names?[record], dateResolution: .day)
        return RecordDescription(location: location, series: title, value: value)
    }

    public func key(ofRecord record: Int) -> RecordKey? {
        guard boxes.indices.contains(record) else { return nil }
        if let name = names?[record] { return .name(name) }
        return .location(locations[record])
    }

    public func record(forKey key: RecordKey) -> Int? {
        switch key {
        case .name(let name): names?.firstIndex(of: name)
        case .location(let x): locations.firstIndex(of: x)
        }
    }
}

extension PlotKind {
    /// Box plots (`BoxPlot`): box, whiskers, median and outliers per category.
    public static let box = PlotKind("box")
}
