/// Bars from a base value to each record's value, Core Plot's `CPTBarPlot`.
///
/// Widths and offsets are in data units along the location axis, so that grouped bars from
/// several plots line up the way the exchange-rate tutorial sets them: `barWidth` 0.25 and a
/// `barOffset` of -0.25, 0 and 0.25 for three plots.
public final class BarPlot: Plot {
    public let identifier: String
    public var title: String
    public var isHidden = false
    public var plotSpace: XYPlotSpace?
    public var kind: String { "bar" }

    /// Retained (unlike Core Plot's weak data source), so that an array-backed plot owns its data.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }
    public weak var delegate: (any BarPlotDelegate)?

    /// The width of each bar, in data units along the location axis.
    public var barWidth: Double = 0.8 {
        didSet { precondition(barWidth > 0 && barWidth.isFinite, "barWidth must be positive and finite (got \(barWidth)).") }
    }
    /// How far each bar sits from its record's location, in data units (grouped bars).
    public var barOffset: Double = 0
    /// Where bars start when the data source gives no base, in data units. Values below it
    /// draw downwards.
    public var baseValue: Double = 0
    /// The bars' fill when the data source gives none per record; nil for the theme's series color.
    public var fill: Fill?
    /// The bars' outline; nil for the theme's (usually none).
    public var lineStyle: LineStyle?

    public var valueFormat: NumberFormat?

    /// Pulled from the data source: contiguous, NaN where a value is missing.
    private var cache: Cache?

    private struct Cache {
        var locations: [Double]
        var values: [Double]
        var bases: [Double]
        var fills: [Fill?]
        var names: [String?]
    }

    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        precondition(!identifier.isEmpty, "A plot needs a non-empty identifier.")
        self.identifier = identifier
        self.title = title ?? identifier
        self.dataSource = dataSource
    }

    /// A bar plot over an array of values: record `i` at location `i` (or `locations[i]`).
    public convenience init(identifier: String, title: String? = nil, values: [Double?],
                            locations: [Double]? = nil, categories: [String]? = nil, fills: [Fill]? = nil) {
        self.init(identifier: identifier, title: title,
                  dataSource: ArrayDataSource(values: values, locations: locations, categories: categories, fills: fills))
    }

    public func reloadData() { cache = nil }

    /// The number of records, pulling from the data source if needed.
    public var recordCount: Int { loaded().values.count }

    /// The value of `record` in data units; NaN when it is missing.
    public func value(at record: Int) -> Double { loaded().values[record] }

    /// The location of `record` in data units.
    public func location(at record: Int) -> Double { loaded().locations[record] }

    private func loaded() -> Cache {
        if let cache { return cache }
        var fresh = Cache(locations: [], values: [], bases: [], fills: [], names: [])
        if let source = dataSource {
            let count = max(0, source.numberOfRecords(for: self))
            let all = 0..<count
            fresh.values = source.numbers(for: self, field: .value, records: all)
            fresh.locations = source.numbers(for: self, field: .location, records: all)
            fresh.bases = source.numbers(for: self, field: .base, records: all)
            precondition(fresh.values.count == count && fresh.locations.count == count && fresh.bases.count == count,
                         "The data source of plot '\(identifier)' returned a bulk buffer of the wrong length.")
            for i in all where !fresh.locations[i].isFinite { fresh.locations[i] = Double(i) }
            fresh.fills = all.map { source.fill(for: self, record: $0) }
            fresh.names = all.map { source.categoryName(for: self, record: $0) }
        }
        cache = fresh
        return fresh
    }

    public func dataExtent() -> DataExtent? {
        let data = loaded()
        guard data.values.contains(where: \.isFinite) else { return nil }
        var x: PlotRange?
        if let centers = PlotRange.enclosing(data.locations) {
            // Half a slot either side of the outermost locations, and at least the bars themselves.
            let slot = Self.slotWidth(sortedLocations: data.locations.sorted())
            let half = max(slot / 2, abs(barOffset) + barWidth / 2)
            x = PlotRange(centers.lower - half, centers.upper + half)
        }
        var y: PlotRange?
        var bases: Set<Double> = []
        for i in data.values.indices where data.values[i].isFinite {
            let base = data.bases[i].isFinite ? data.bases[i] : baseValue
            y = (y ?? PlotRange(base, base)).including(base).including(data.values[i])
            bases.insert(base)
        }
        return DataExtent(x: x, y: y, xAnchors: x.map { [$0.lower, $0.upper] } ?? [], yAnchors: Array(bases))
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

    public func categoryLabels() -> [(location: Double, name: String)] {
        let data = loaded()
        return data.names.indices.compactMap { i in data.names[i].map { (data.locations[i], $0) } }
    }

    public func legendFill(seriesColor: Color) -> Fill {
        if let fill { return fill }
        // A plot whose every bar has its own fill shows the first in its legend swatch.
        if let first = loaded().fills.first, let own = first { return own }
        return .solid(seriesColor)
    }

    public func popupAnchor(record: Int) -> Point? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        return Point(x: data.locations[record] + barOffset, y: data.values[record])
    }

    public func notifySelection(record: Int) {
        delegate?.barPlot(self, barWasSelectedAtRecord: record)
    }

    /// Lays out one rectangle per record with a finite value, snapped to whole device pixels so
    /// that the painted bar and its hit area are exactly the scene's rectangle. O(n).
    public func layout(in context: PlotLayoutContext) -> [PlotItem] {
        let data = loaded()
        let transform = context.transform
        let outline = lineStyle ?? context.theme.barOutline
        let defaultFill = fill ?? .solid(context.seriesColor)
        var items: [PlotItem] = []
        items.reserveCapacity(data.values.count)
        for i in data.values.indices {
            let value = data.values[i]
            guard value.isFinite else { continue }
            let base = data.bases[i].isFinite ? data.bases[i] : baseValue
            let center = data.locations[i] + barOffset
            guard let left = transform.deviceX(center - barWidth / 2),
                  let right = transform.deviceX(center + barWidth / 2),
                  let tip = transform.deviceY(value, clampingToRange: true),
                  let bottom = transform.deviceY(base, clampingToRange: true) else { continue }
            let x0 = left.rounded(), x1 = max(right.rounded(), x0 + 1)
            let y0 = min(tip, bottom).rounded(), y1 = max(tip, bottom).rounded()
            let rect = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            guard rect.maxX > context.plotArea.minX, rect.minX < context.plotArea.maxX else { continue }
            let anchor = Point(x: (x0 + x1) / 2, y: value >= base ? y0 : y1)
            items.append(PlotItem(record: i, value: value, shape: .rect(rect),
                                  fill: data.fills[i] ?? defaultFill, stroke: outline,
                                  anchor: anchor, pointsDown: value < base))
        }
        return items
    }
}
