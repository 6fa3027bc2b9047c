/// A plot's laid-out items, in record order: an array of `PlotItem`s, or, for the many points of
/// a thinned line or scatter plot, columns (a point, a record and a value per item) sharing one
/// marker and style, which take about 28 bytes per item instead of a whole `PlotItem` each.
/// Either way it reads as a random-access collection of `PlotItem`s, so painting, hit testing
/// and `--dump-layout` see the same items.
public struct PlotItems: RandomAccessCollection, Hashable, Sendable, ExpressibleByArrayLiteral {
    /// Points of one style, stored by column. Records are `Int32` (the layouts that build these
    /// check that every record fits).
    public struct Points: Hashable, Sendable {
        /// Each point's center, device pixels.
        public var points: [Point]
        /// Each point's record index.
        public var records: [Int32]
        /// Each point's value, data units.
        public var values: [Double]
        /// The marker drawn at each point; nil for none.
        public var symbol: PlotSymbol?
        /// The markers' fill.
        public var fill: Fill
        /// The markers' outline; nil for none.
        public var stroke: LineStyle?

        /// Points from parallel arrays, all of one length.
        public init(
            points: [Point] = [], records: [Int32] = [], values: [Double] = [],
            symbol: PlotSymbol?, fill: Fill, stroke: LineStyle?
        ) {
            precondition(
                points.count == records.count && points.count == values.count,
                "A point column store has one record and one value per point.")
            self.points = points
            self.records = records
            self.values = values
            self.symbol = symbol
            self.fill = fill
            self.stroke = stroke
        }

        /// Adds a point. Amortized O(1).
        public mutating func append(_ point: Point, record: Int, value: Double) {
            precondition(record >= 0 && record <= Int(Int32.max), "A point column store holds records below 2^31.")
            points.append(point)
            records.append(Int32(record))
            values.append(value)
        }

        /// Reserves room for `n` points in each array.
        public mutating func reserveCapacity(_ n: Int) {
            points.reserveCapacity(n)
            records.reserveCapacity(n)
            values.reserveCapacity(n)
        }
    }

    private enum Storage: Sendable {
        case items([PlotItem])
        case points(Points)
    }

    private var storage: Storage

    /// Items one by one.
    public init(_ items: [PlotItem]) { storage = .items(items) }
    /// Points as packed arrays.
    public init(points: Points) { storage = .points(points) }
    public init(arrayLiteral elements: PlotItem...) { storage = .items(elements) }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case .items(let items): items.count
        case .points(let points): points.points.count
        }
    }

    /// The item at `index`. O(1).
    public subscript(index: Int) -> PlotItem {
        switch storage {
        case .items(let items):
            return items[index]
        case .points(let column):
            let p = column.points[index]
            return PlotItem(
                record: Int(column.records[index]), value: column.values[index],
                shape: .point(p, symbol: column.symbol), fill: column.fill, stroke: column.stroke, anchor: p)
        }
    }

    /// Whether the items are a point column store (markers at points: never bars or wedges),
    /// whose items are built one by one when read. O(1).
    public var isPointColumns: Bool {
        if case .points = storage { return true }
        return false
    }

    /// The marker every item shares, when the items are a point column store with a marker;
    /// nil otherwise (items may then differ). O(1).
    public var sharedSymbol: PlotSymbol? {
        if case .points(let column) = storage { return column.symbol }
        return nil
    }

    /// The items' anchors without building each item. O(1) for a point column store.
    public var anchors: [Point] {
        switch storage {
        case .items(let items): items.map(\.anchor)
        case .points(let column): column.points
        }
    }

    /// The first item of `record`, nil when it is not drawn. O(n), comparing records only.
    public func item(forRecord record: Int) -> PlotItem? {
        switch storage {
        case .items(let items):
            return items.first { $0.record == record }
        case .points(let column):
            guard record >= 0, record <= Int(Int32.max), let index = column.records.firstIndex(of: Int32(record)) else { return nil }
            return self[index]
        }
    }

    /// The items `transform` keeps or changes, in order; a point column store stays one,
    /// keeping the points `keepPoint` keeps (its items are not built). O(n).
    func animated(_ transform: (PlotItem) -> PlotItem?, keepingPoints keepPoint: (Point) -> Bool) -> PlotItems {
        switch storage {
        case .items(let items):
            return PlotItems(items.compactMap(transform))
        case .points(let column):
            var kept = Points(symbol: column.symbol, fill: column.fill, stroke: column.stroke)
            for i in column.points.indices where keepPoint(column.points[i]) {
                kept.append(column.points[i], record: Int(column.records[i]), value: column.values[i])
            }
            return PlotItems(points: kept)
        }
    }

    public static func == (a: PlotItems, b: PlotItems) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in self { hasher.combine(item) }
    }
}
