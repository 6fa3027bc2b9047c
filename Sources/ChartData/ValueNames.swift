import ChartCore

/// A column's values as names (a group's legend entry, a pie slice's, a category's): text as it
/// is, dates at the column's resolution ("2008-03"), whole numbers without separators (zip
/// codes, years and ids are names, not quantities: "10001", never "10,001"), other numbers as a
/// lone value is written. A missing value is named "(missing)".
enum ValueNames {
    static let missing = "(missing)"

    /// Every row's name. O(rows).
    static func names(of column: DataColumn) -> [String] {
        switch column.values {
        case .text(let texts):
            return texts.map { $0 ?? missing }
        case .date(let values):
            let resolution = DateResolution.of(values)
            return values.map { $0.isFinite ? resolution.format($0) : missing }
        case .number(let values):
            return values.map(name(of:))
        }
    }

    /// One number as a name.
    static func name(of value: Double) -> String {
        guard value.isFinite else { return missing }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return NumberFormat.automatic.format(value)
    }

    /// The distinct names in order of first appearance, and each name's place among them per
    /// row. O(rows) expected.
    static func firstAppearance(_ names: [String]) -> (order: [String], placeOfRow: [Int]) {
        var order: [String] = []
        var index: [String: Int] = [:]
        var places: [Int] = []
        places.reserveCapacity(names.count)
        for name in names {
            if let i = index[name] {
                places.append(i)
            } else {
                index[name] = order.count
                places.append(order.count)
                order.append(name)
            }
        }
        return (order, places)
    }
}
