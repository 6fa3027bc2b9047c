/// A data source over arrays, so that a simple chart takes a few lines:
///
///     let plot = BarPlot(identifier: "eur", title: "EUR", values: [0.91, 0.92, 0.90])
///
/// `values` are in data units; `nil` marks a missing value. `locations`, when given, must have
/// one entry per value; without it record `i` sits at `i`.
public final class ArrayDataSource: PlotDataSource {
    public var values: [Double?]
    public var locations: [Double]?
    public var categories: [String]?
    public var fills: [Fill]?
    public var labels: [String]?

    public init(values: [Double?], locations: [Double]? = nil, categories: [String]? = nil, fills: [Fill]? = nil,
                labels: [String]? = nil) {
        if let locations {
            precondition(locations.count == values.count,
                         "ArrayDataSource needs one location per value (\(locations.count) locations, \(values.count) values).")
        }
        self.values = values
        self.locations = locations
        self.categories = categories
        self.fills = fills
        self.labels = labels
    }

    public func numberOfRecords(for plot: any Plot) -> Int { values.count }

    public func number(for plot: any Plot, field: PlotField, record: Int) -> Double? {
        switch field {
        case .value: values[record]
        case .location: locations?[record] ?? Double(record)
        case .base: nil
        }
    }

    public func numbers(for plot: any Plot, field: PlotField, records: Range<Int>) -> [Double] {
        switch field {
        case .value: values[records].map { $0 ?? .nan }
        case .location: locations.map { Array($0[records]) } ?? records.map(Double.init)
        case .base: [Double](repeating: .nan, count: records.count)
        }
    }

    public func fill(for plot: any Plot, record: Int) -> Fill? {
        guard let fills, !fills.isEmpty else { return nil }
        return fills[record % fills.count]
    }

    public func dataLabel(for plot: any Plot, record: Int) -> String? {
        guard let labels, record < labels.count else { return nil }
        return labels[record]
    }

    public func categoryName(for plot: any Plot, record: Int) -> String? {
        guard let categories, record < categories.count else { return nil }
        return categories[record]
    }
}
