import Foundation

/// One series of a radar (spider) chart, DGCharts' `RadarChartView`: record `i` is category
/// `i`, drawn on spoke `i` of a circle (the first at 12 o'clock, the others clockwise) at a
/// distance from the center proportional to its value, the vertices joined into a translucent
/// polygon with an outline.
///
/// A radar chart has no axes: the plots of one chart share a `RadarWeb`, which holds the
/// categories' names and the value range, and the first visible plot of the web lays out its
/// rings (with their values) and spokes (with the categories' names) as its own paths and
/// labels, under the polygons. The web's lines are thin filled bands, not strokes: a stroked
/// path reads to the hit tester as a line to hit near, and a click near a ring must still
/// find the nearest vertex. Every plot sizes the circle alike, so the polygons compare.
///
/// Items per plot, in record order: the whole polygon first (record 0's first item, its
/// anchor record 0's vertex), then for each record with a value a `.point` at its vertex and
/// an invisible `.polygon`, the part of the polygon nearer that vertex than any other (between
/// the bisectors to its neighbours), so that a click anywhere in the polygon hits the nearest
/// vertex's record. A record with a missing value has no vertex; the polygon joins the others.
public final class RadarPlot: Plot, KeyedRecordsPlot, HighlightingPlot {
    public var state: PlotState
    public var kind: PlotKind { .radar }
    public var usesAxes: Bool { false }

    /// Retained: `.value` per record, `categoryName` the category (or the web's names).
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }
    /// The rings, spokes and categories this plot shares with the chart's other series.
    public let web: RadarWeb
    /// The fill's opacity over the series color (0…1).
    public var fillOpacity: Double = 0.25

    private var series = SeriesCache()

    /// A plot joining `web` (one made for it alone when nil).
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil, web: RadarWeb? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
        self.web = web ?? RadarWeb()
        self.web.add(self)
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() { series.reset() }

    func loaded() -> SeriesData { series.data(for: self, source: dataSource) }

    public var hasData: Bool { loaded().hasFiniteValue }
    public func dataExtent() -> DataExtent? { nil }
    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }
    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    /// The polygon, the vertices and each vertex's hit region; the web too when this is the
    /// web's first visible plot. O(categories).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let geometry = web.geometry(in: context)
        var scene = PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: [], clip: geometry.clip)
        if web.firstVisible === self {
            scene.paths = geometry.web
            scene.labels = geometry.labels
        }
        let n = geometry.count
        guard n > 0 else { return scene }
        let color = context.seriesColor
        var vertices: [(record: Int, point: Point)] = []
        for i in 0..<min(n, data.count) where data.values[i].isFinite {
            vertices.append((i, geometry.point(spoke: i, value: data.values[i])))
        }
        guard let first = vertices.first else { return scene }
        let fill = Fill.solid(color.withAlpha(fillOpacity))
        let outline = LineStyle(color: color, width: 2 * context.scale)
        var items = [
            PlotItem(
                record: first.record, value: data.values[first.record],
                shape: .polygon(vertices.map(\.point), hitWidth: 0), fill: fill, stroke: outline, anchor: first.point)
        ]
        let marker = PlotSymbol(.ellipse, size: 6 * context.scale, fill: .solid(color))
        let clear = Fill.solid(color.withAlpha(0))
        for (k, v) in vertices.enumerated() {
            let value = data.values[v.record]
            items.append(
                PlotItem(
                    record: v.record, value: value, shape: .point(v.point, symbol: marker), fill: .solid(color),
                    stroke: nil, anchor: v.point))
            // The vertex's share of the polygon: from the center to the middles of its two edges.
            let previous = vertices[(k + vertices.count - 1) % vertices.count].point
            let next = vertices[(k + 1) % vertices.count].point
            let region =
                vertices.count < 3
                ? [geometry.center, v.point]
                : [geometry.center, Self.middle(previous, v.point), v.point, Self.middle(v.point, next)]
            items.append(
                PlotItem(
                    record: v.record, value: value, shape: .polygon(region, hitWidth: 0), fill: clear,
                    stroke: nil, anchor: v.point))
        }
        scene.items = PlotItems(items)
        return scene
    }

    /// A swatch of the translucent fill with the outline's color.
    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [LegendItem(title: title, fill: .solid(seriesColor.withAlpha(0.5)), line: LineStyle(color: seriesColor, width: 2))]
    }

    /// "Speed · Series A 7.2": the category, the series, the value (with the fewest decimals,
    /// at most 2, that write the series' values exactly).
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        let value = (context.valueFormat ?? valueFormat ?? NumberFormat.fewestDecimals(for: data.values))
            .format(data.values[record], magnitude: data.magnitude)
        return RecordDescription(location: web.categoryName(record), series: title, value: value)
    }

    /// A halo at the record's vertex (the anchor of its first item, also for record 0, whose
    /// first item is the whole polygon).
    public func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        let color = item.stroke?.color ?? item.fill.representativeColor.withAlpha(1)
        return [
            SceneMarker(
                center: item.anchor,
                symbol: PlotSymbol(
                    .ellipse, size: 18 * scale, fill: .solid(color.withAlpha(0.25)),
                    lineStyle: LineStyle(color: color, width: 1.5 * scale))),
            SceneMarker(
                center: item.anchor,
                symbol: PlotSymbol(
                    .ellipse, size: 8 * scale, fill: .solid(color),
                    lineStyle: LineStyle(color: theme.background.representativeColor, width: 1.5 * scale)))
        ]
    }

    private static func middle(_ a: Point, _ b: Point) -> Point { Point(x: (a.x + b.x) / 2, y: (a.y + b.y) / 2) }
}

/// What the series of one radar chart share: the categories around the circle, the value
/// range from the center to the outer ring, and which plot draws the web.
public final class RadarWeb {
    /// The categories' names, spoke by spoke; nil to take the first plot's category names.
    public var categories: [String]?
    /// The values at the center and at the outer ring; nil for 0 (or the least value when it is
    /// negative) to the largest value rounded up to a nice step.
    public var range: PlotRange?
    /// About how many rings (value steps) the web has.
    public var ringCount = 4
    /// How the ring labels write values; nil for the steps' own decimals.
    public var valueFormat: NumberFormat?

    private var members: [WeakRadarPlot] = []

    /// A web over `categories` (the spokes, clockwise from the top) showing `range` along each spoke; nil to fit the plots' values.
    public init(categories: [String]? = nil, range: PlotRange? = nil) {
        self.categories = categories
        self.range = range
    }

    func add(_ plot: RadarPlot) { members.append(WeakRadarPlot(plot: plot)) }

    var plots: [RadarPlot] { members.compactMap(\.plot) }

    /// The first member not hidden: it draws the web.
    var firstVisible: RadarPlot? { plots.first { !$0.isHidden } }

    /// How many spokes: the categories, or the most records a plot has.
    var count: Int { categories?.count ?? plots.map { $0.loaded().count }.max() ?? 0 }

    func categoryName(_ i: Int) -> String {
        if let categories, categories.indices.contains(i) { return categories[i] }
        for plot in plots {
            let data = plot.loaded()
            if i < data.count, let name = data.name(i) { return name }
        }
        return "\(i + 1)"
    }

    /// The range and its ring values: `range`, or from the members' values (hidden ones too, so
    /// that hiding a series keeps the others where they are). O(records).
    func rings() -> (range: PlotRange, values: [Double], step: Double) {
        var lo = 0.0, hi = 0.0
        if let range {
            (lo, hi) = (range.lower, range.upper)
        } else {
            for plot in plots {
                guard let r = plot.loaded().valueRange else { continue }
                lo = min(lo, r.lower)
                hi = max(hi, r.upper)
            }
        }
        if !(hi > lo) { hi = lo + max(1, abs(lo)) }
        // A span past Double's range (-1e308 to 1e308): half the span in half the rings.
        let span = hi - lo
        let step =
            span.isFinite
            ? TickGenerator.niceStep(span: span, targetCount: max(1, ringCount))
            : TickGenerator.niceStep(span: hi / 2 - lo / 2, targetCount: max(1, ringCount / 2))
        if self.range == nil {
            lo = max((lo / step).rounded(.down) * step, -Double.greatestFiniteMagnitude)
            hi = min((hi / step).rounded(.up) * step, Double.greatestFiniteMagnitude)
        }
        let values = TickGenerator.ticks(in: PlotRange(lo, hi), step: step).filter { $0 > lo }
        return (PlotRange(lo, hi), values, step)
    }

    /// Where everything goes in `context`'s plot area.
    func geometry(in context: PlotLayoutContext) -> RadarGeometry {
        let area = context.plotArea
        let scale = context.scale
        let n = count
        let (range, ringValues, step) = rings()
        let style = context.theme.labelText.scaled(by: scale)
        let names = (0..<n).map { VisibleText.cut(categoryName($0)) }
        let sizes = names.map { context.measurer.size(of: $0, style: style) }
        let gap = 6 * scale
        let center = Point(x: area.midX.rounded(), y: area.midY.rounded())
        let room = min(area.width, area.height) / 2
        // Room for the names beyond the rim: the widest one sideways, the tallest above and below;
        // a web that would then be less than half of what the area allows goes without them.
        let reserveX = (sizes.map(\.width).max() ?? 0) + gap, reserveY = (sizes.map(\.height).max() ?? 0) + gap
        var radius = min(area.width / 2 - reserveX, area.height / 2 - reserveY)
        let showsNames = radius >= room / 2
        if !showsNames { radius = room - 4 * scale }
        radius = max(radius, 4 * scale)
        var geometry = RadarGeometry(
            center: center, radius: radius, count: n, range: range,
            clip: area.insetBy(dx: -area.minX, dy: -area.minY), web: [], labels: [])
        guard n > 0 else { return geometry }
        let grid = context.theme.majorGrid.scaled(by: scale)
        // Rings: n-gons (a circle's stand-in with few spokes reads as a web, as DGCharts draws).
        for value in ringValues {
            let points = (0..<n).map { geometry.point(spoke: $0, value: value) }
            geometry.web.append(Self.bands((0..<n).map { (points[$0], points[($0 + 1) % n]) }, width: grid.width, color: grid.color))
        }
        geometry.web.append(
            Self.bands(
                (0..<n).map { (center, geometry.point(spoke: $0, value: range.upper)) },
                width: grid.width, color: grid.color))
        // Ring values along the first spoke, just right of it.
        let valueStyle = style.withSize(style.fontSize * 0.85).withColor(context.theme.labelText.color.withAlpha(0.8))
        let format = valueFormat ?? .fixed(decimals: NumberFormat.decimals(for: step))
        for value in ringValues {
            let text = format.format(value, magnitude: range.upper)
            let p = geometry.point(spoke: 0, value: value)
            geometry.labels.append(
                SceneText(
                    text: text, style: valueStyle, size: context.measurer.size(of: text, style: valueStyle),
                    at: Point(x: p.x + 3 * scale, y: p.y + 1 * scale), anchoredBy: .topLeft))
        }
        if showsNames {
            for i in 0..<n {
                let a = geometry.angle(spoke: i)
                let p = Point(x: center.x + cos(a) * (radius + gap), y: center.y + sin(a) * (radius + gap))
                // The name's box lies outward: its anchor is the side facing the center.
                let dx = cos(a), dy = sin(a)
                let anchor: RectAnchor = abs(dx) < 0.3 ? (dy < 0 ? .bottom : .top) : (dx > 0 ? .left : .right)
                geometry.labels.append(SceneText(text: names[i], style: style, size: sizes[i], at: p, anchoredBy: anchor))
            }
        }
        return geometry
    }
}

extension RadarWeb {
    /// Straight lines `width` device pixels wide as one filled path of a quadrilateral each
    /// (painted as a stroke of that width with butt ends would be).
    static func bands(_ lines: [(Point, Point)], width: Double, color: Color) -> ScenePath {
        var elements: [ScenePath.Element] = []
        for (a, b) in lines {
            let length = a.distance(to: b)
            guard length > 0 else { continue }
            let nx = -(b.y - a.y) / length * width / 2, ny = (b.x - a.x) / length * width / 2
            elements += [
                .move(Point(x: a.x + nx, y: a.y + ny)), .line(Point(x: b.x + nx, y: b.y + ny)),
                .line(Point(x: b.x - nx, y: b.y - ny)), .line(Point(x: a.x - nx, y: a.y - ny)), .close
            ]
        }
        return ScenePath(elements: elements, fill: .solid(color))
    }
}

/// A radar web laid out: its center and radius (device pixels), how many spokes, the value
/// range from center to rim, and its web (a filled path per ring, one for the spokes) and labels.
struct RadarGeometry {
    var center: Point
    var radius: Double
    var count: Int
    var range: PlotRange
    var clip: Rect
    var web: [ScenePath]
    var labels: [SceneText]

    /// Spoke `i`'s angle in radians as Cairo measures (clockwise on screen), the first up.
    func angle(spoke i: Int) -> Double { -Double.pi / 2 + 2 * Double.pi * Double(i) / Double(max(1, count)) }

    /// Where `value` lies on spoke `i`, clamped to the web.
    func point(spoke i: Int, value: Double) -> Point {
        // In halves, so that a range past Double's span still gives a finite share.
        let share = (value / 2 - range.lower / 2) / (range.upper / 2 - range.lower / 2)
        let t = share.isFinite ? min(max(share, 0), 1) : 0
        let a = angle(spoke: i)
        return Point(x: center.x + cos(a) * radius * t, y: center.y + sin(a) * radius * t)
    }
}

/// A web's reference to one of its plots, which the plot owns (no cycle).
private struct WeakRadarPlot {
    weak var plot: RadarPlot?
}

extension PlotKind {
    /// A series of a radar chart (`RadarPlot`).
    public static let radar = PlotKind("radar")
}
