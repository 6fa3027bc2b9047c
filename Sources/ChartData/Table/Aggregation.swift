import ChartCore

/// How the rows that share a category (and a group) become the one value a bar or slice shows:
/// `--aggregate` and a spec's `aggregate`. Bars, stacks and slices draw one mark per category;
/// rows that repeat a category would otherwise be drawn over each other, and only the tallest
/// would show (a contingency table's `Class, Sex, Age, Survived, Freq` as bars by class).
public enum Aggregation: String, CaseIterable, Sendable, Decodable {
    /// The values added up: the default for counts and totals (columns named freq, count, n,
    /// total…).
    case sum
    /// Their mean: the default for other measurements.
    case mean
    /// The number of rows (with a value, when there is a series column): what a chart with no
    /// column of numbers shows.
    case count
    /// The smallest value.
    case min
    /// The largest value.
    case max
    /// The middle value (the mean of the two middle ones for an even count).
    case median

    /// The names, comma-separated, for messages.
    public static var names: String { allCases.map(\.rawValue).joined(separator: ", ") }

    /// Name words that say a column counts or totals things, so its rows add up.
    static let totalNames: Set<String> = [
        "freq", "frequency", "count", "counts", "n", "total", "totals", "sum", "number", "num", "amount", "qty",
        "quantity", "sales", "revenue", "deaths", "cases", "births", "votes", "population", "pop", "cost", "spend",
        "enrolment", "enrollment", "visits", "passengers", "units", "orders"
    ]

    /// The default for a series column called `name`: a sum for counts and totals, else (and for
    /// rates and shares of totals) the mean.
    static func defaultFor(column name: String) -> Aggregation {
        let tokens = ColumnProfile.tokens(of: name)
        // A rate or share of a total ("rate of deaths (%)") is averaged, never added up.
        if !tokens.isDisjoint(with: ["rate", "share", "percent", "pct"]) { return .mean }
        return tokens.isDisjoint(with: totalNames) ? .mean : .sum
    }

    /// The aggregate of `values` (NaN ignored; `count` counts the others). NaN when no value is
    /// present (0 for `count` and `sum`). O(n), O(n log n) for the median.
    func apply(_ values: [Double]) -> Double {
        let present = values.filter { !$0.isNaN }
        switch self {
        case .count: return Double(present.count)
        case .sum: return present.reduce(0, +)
        case .mean: return present.isEmpty ? .nan : present.reduce(0, +) / Double(present.count)
        case .min: return present.min() ?? .nan
        case .max: return present.max() ?? .nan
        case .median:
            guard !present.isEmpty else { return .nan }
            let sorted = present.sorted()
            let middle = sorted.count / 2
            return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        }
    }

    /// "sum", "mean"… as a series' title says it: "Freq (sum)".
    func title(of column: String) -> String { "\(column) (\(rawValue))" }

    /// The name of the column a count without a series column gives.
    static let countColumn = "count"

    /// `table` with one row per distinct (x, group) value, in order of first appearance: the x
    /// column (text, numbers or dates as it was), the group column (as text), then each of
    /// `series` reduced by `self` under the title `title(of:)` (or, with no series, a column
    /// `count` of the rows). The plan's other columns are dropped. O(rows × series).
    func aggregated(_ table: DataTable, x: Int, group: Int?, series: [Int]) -> (table: DataTable, rowsPerRecord: [Int]) {
        let xNames = ValueNames.names(of: table.columns[x])
        let groupNames = group.map { ValueNames.names(of: table.columns[$0]) }
        var index: [AggregationKey: Int] = [:]
        var firstRow: [Int] = []
        var rowsOf: [[Int]] = []
        for row in 0..<table.rowCount {
            let key = AggregationKey(x: xNames[row], group: groupNames?[row])
            if let i = index[key] {
                rowsOf[i].append(row)
            } else {
                index[key] = rowsOf.count
                firstRow.append(row)
                rowsOf.append([row])
            }
        }
        var columns: [DataColumn] = []
        func picked(_ column: DataColumn) -> DataColumn {
            switch column.values {
            case .text(let texts): DataColumn(name: column.name, values: .text(firstRow.map { texts[$0] }))
            case .number(let v): DataColumn(name: column.name, values: .number(firstRow.map { v[$0] }), unit: column.unit)
            case .date(let v): DataColumn(name: column.name, values: .date(firstRow.map { v[$0] }))
            }
        }
        columns.append(picked(table.columns[x]))
        if let group { columns.append(picked(table.columns[group])) }
        if series.isEmpty {
            columns.append(DataColumn(name: Self.countColumn, values: .number(rowsOf.map { Double($0.count) })))
        }
        for s in series {
            let values = table.columns[s].numbers ?? []
            let reduced = rowsOf.map { rows in apply(rows.map { values[$0] }) }
            // A count is of rows, not of the column's unit; any other aggregate keeps it ("$").
            columns.append(
                DataColumn(name: title(of: table.columns[s].name), values: .number(reduced), unit: self == .count ? nil : table.columns[s].unit))
        }
        return (DataTable(columns: columns, notes: table.notes), rowsOf.map(\.count))
    }

    /// Whether some x value repeats within a group in `table`: the rows need aggregating to be
    /// drawn one mark per category. O(rows).
    static func repeats(_ table: DataTable, x: Int, group: Int?) -> Bool {
        let xNames = ValueNames.names(of: table.columns[x])
        let groupNames = group.map { ValueNames.names(of: table.columns[$0]) }
        var seen = Set<AggregationKey>()
        for row in 0..<table.rowCount where !seen.insert(AggregationKey(x: xNames[row], group: groupNames?[row])).inserted {
            return true
        }
        return false
    }
}

/// One category and group, as the aggregation keys rows.
private struct AggregationKey: Hashable {
    var x: String
    var group: String?
}
