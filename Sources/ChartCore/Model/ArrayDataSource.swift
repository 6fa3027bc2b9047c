/// A data source over arrays, so that a simple chart takes a few lines:
///
///     let plot = BarPlot(identifier: "eur", title: "EUR", values: [0.91, 0.92, 0.90])
///
/// Values are in data units, kept as one contiguous `[Double]` with NaN for a missing value, and
/// handed to plots without a copy. `locations`, when given, must have one entry per value;
/// without it record `i` sits at `i`.
public final class ArrayDataSource: PlotDataSource {
    /// The values, NaN where missing.
    public var numbers: [Double]
    /// Each value's location (x for a bar or point) in data units; nil for record `i` at `i`.
    public var locations: [Double]?
    /// Each record's category name, shown under a category axis and in a pie's legend; nil for none.
    public var categories: [String]?
    /// Fills of the records' own, used in turn (record `i` gets `fills[i % count]`); nil for the plot's.
    public var fills: [Fill]?
    /// Each record's data label; nil for the plot's default label.
    public var labels: [String]?
    /// Each record's note for its popup ("sum of 4 rows"; empty for none); nil for none.
    public var notes: [String]?
    /// Numbers for other fields (`.open`, `.high`, `.low`, `.size`, a field of a plot kind's
    /// own), one per value, NaN where missing.
    public var fields: [PlotField: [Double]]

    /// Values as numbers with NaN for a missing value: the form large data comes in. `fields`
    /// gives the numbers of fields other than the value and location, one per value each.
    public init(
        numbers: [Double], locations: [Double]? = nil, categories: [String]? = nil, fills: [Fill]? = nil,
        labels: [String]? = nil, fields: [PlotField: [Double]] = [:]
    ) {
        if let locations {
            precondition(
                locations.count == numbers.count,
                "ArrayDataSource needs one location per value (\(locations.count) locations, \(numbers.count) values).")
        }
        for (field, column) in fields {
            precondition(
                column.count == numbers.count,
                "ArrayDataSource needs one \(field) per value (\(column.count) of them, \(numbers.count) values).")
        }
        self.fields = fields
        self.numbers = numbers
        self.locations = locations
        self.categories = categories
        self.fills = fills
        self.labels = labels
    }

    /// Values with nil for a missing value.
    public convenience init(
        values: [Double?], locations: [Double]? = nil, categories: [String]? = nil, fills: [Fill]? = nil,
        labels: [String]? = nil
    ) {
        self.init(numbers: values.map { $0 ?? .nan }, locations: locations, categories: categories, fills: fills, labels: labels)
    }

    public func numberOfRecords(for plot: any Plot) -> Int { numbers.count }

    public func number(for plot: any Plot, field: PlotField, record: Int) -> Double? {
        switch field {
        case .value: return numbers[record].isNaN ? nil : numbers[record]
        case .location: return locations?[record] ?? Double(record)
        default:
            guard let column = fields[field], !column[record].isNaN else { return nil }
            return column[record]
        }
    }

    /// The arrays themselves for the whole range: no copy. O(1) then, O(n) for a part.
    public func numbers(for plot: any Plot, field: PlotField, records: Range<Int>) -> [Double] {
        let whole = records == 0..<numbers.count
        switch field {
        case .value: return whole ? numbers : Array(numbers[records])
        case .location:
            guard let locations else { return records.map(Double.init) }
            return whole ? locations : Array(locations[records])
        default:
            guard let column = fields[field] else { return [Double](repeating: .nan, count: records.count) }
            return whole ? column : Array(column[records])
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

    public func recordNote(for plot: any Plot, record: Int) -> String? {
        guard let notes, record < notes.count, !notes[record].isEmpty else { return nil }
        return notes[record]
    }

    public var providesRecordExtras: Bool { fills != nil || labels != nil || categories != nil || notes != nil }
}
