/// What a plot pulled from its data source: contiguous buffers, one entry per record.
/// Missing numbers are NaN; a record without a location sits at its index.
struct SeriesData {
    var locations: [Double] = []
    var values: [Double] = []
    /// Per-record bases (bars); NaN where the plot's base value applies.
    var bases: [Double] = []
    var fills: [Fill?] = []
    var names: [String?] = []
    var labels: [String?] = []

    var count: Int { values.count }

    /// Pulls every record of `plot` from `source` through the bulk path. O(n).
    init(plot: any Plot, source: (any PlotDataSource)?, wantsBases: Bool = false) {
        guard let source else { return }
        let count = max(0, source.numberOfRecords(for: plot))
        let all = 0..<count
        values = source.numbers(for: plot, field: .value, records: all)
        locations = source.numbers(for: plot, field: .location, records: all)
        bases = wantsBases ? source.numbers(for: plot, field: .base, records: all) : [Double](repeating: .nan, count: count)
        precondition(values.count == count && locations.count == count && bases.count == count,
                     "The data source of plot '\(plot.identifier)' returned a bulk buffer of the wrong length.")
        for i in all where !locations[i].isFinite { locations[i] = Double(i) }
        // Infinities never reach layout: they are as unplottable as a missing value.
        for i in all where values[i].isInfinite { values[i] = .nan }
        fills = all.map { source.fill(for: plot, record: $0) }
        names = all.map { source.categoryName(for: plot, record: $0) }
        labels = all.map { source.dataLabel(for: plot, record: $0) }
    }

    init() {}

    var hasFiniteValue: Bool { values.contains { $0.isFinite } }

    /// The category names by location.
    var categoryLabels: [(location: Double, name: String)] {
        names.indices.compactMap { i in names[i].map { (locations[i], $0) } }
    }

    /// The format popups use when the plot sets none: 2 decimals, none when every value is whole.
    var defaultFormat: NumberFormat {
        let whole = hasFiniteValue && values.allSatisfy { !$0.isFinite || ($0 == $0.rounded() && abs($0) < 1e15) }
        return .fixed(decimals: whole ? 0 : 2)
    }
}
