/// What one column of a table holds, read off its values in one pass: its type, how many
/// values are missing or distinct, whether it only grows, and the role chartview gives it when
/// no one says which column is what (`ChartPlan`).
///
/// The roles follow what a pandas or spreadsheet user expects of a column from its content and
/// name, not its position: dates and years are where things happen (x), whole numbers that
/// only grow are keys (x), `month`, `day`, `hour`… next to them are parts of a date, text with a
/// value per row names categories, text with few values repeating splits rows into groups, and
/// the remaining numbers are what gets charted.
public struct ColumnProfile: Sendable, Equatable {
    /// The column's type, as the table holds it.
    public enum Kind: String, Sendable {
        case number, date, text
    }

    /// What the column is for in a chart.
    public enum Role: String, Sendable {
        /// Dates and times, or years as numbers (named year/yr, or whole numbers all within
        /// 1700…2100): the x axis by default, never a series.
        case time
        /// Whole numbers that only grow (an id, a row number, a day of the month in a query that
        /// sorts by it): x when nothing is a time, never a series by default.
        case key
        /// A whole-number part of a date (named month, day, hour, minute, second, week, weekday,
        /// quarter, doy): not a series by default.
        case datePart
        /// Text with a different value in every row: names for bars.
        case category
        /// Text with 2…`ColumnProfile.groupLimit` distinct values that repeat: one series per
        /// value (long format).
        case group
        /// Other text (names, notes, codes with many values): not charted by default.
        case label
        /// Numbers to chart.
        case measure
        /// No value at all.
        case empty
    }

    /// More distinct values than this make a column unfit to split rows by: a legend of
    /// hundreds of entries helps nobody (a filter does).
    public static let groupLimit = 50

    public var name: String
    public var kind: Kind
    public var role: Role
    public var rowCount: Int
    public var missingCount: Int
    /// Distinct present values; exact for text and for numbers that never decrease, a lower
    /// bound of `distinctLimit` for others (counting them exactly would cost a set of them all).
    public var distinctCount: Int
    public var distinctIsExact: Bool
    /// Whether the present values never decrease in row order.
    public var isNondecreasing: Bool
    /// Whether the present values strictly increase in row order.
    public var isIncreasing: Bool
    /// Numbers and dates: every present value is a whole number.
    public var isWhole: Bool
    /// Numbers and dates: the smallest and largest present values (NaN when none).
    public var minimum: Double
    public var maximum: Double

    /// Numbers that do not only grow are counted up to this many distinct values.
    public static let distinctLimit = 100_000

    /// Profiles `column`. O(rows); text columns hash their values.
    public init(_ column: DataColumn) {
        name = column.name
        rowCount = column.count
        switch column.values {
        case .number(let values), .date(let values):
            kind = column.isDate ? .date : .number
            var missing = 0, distinct = 0
            var lo = Double.infinity, hi = -Double.infinity
            var previous = -Double.infinity
            var nondecreasing = true, increasing = true, whole = true
            values.withUnsafeBufferPointer { v in
                for x in v {
                    guard x.isFinite else { missing += 1; continue }
                    if x < previous { nondecreasing = false; increasing = false } else if x == previous { increasing = false }
                    if x != previous { distinct += 1 }
                    previous = x
                    if x < lo { lo = x }
                    if x > hi { hi = x }
                    if whole && x != x.rounded() { whole = false }
                }
            }
            missingCount = missing
            isNondecreasing = nondecreasing
            isIncreasing = increasing
            isWhole = whole
            minimum = lo <= hi ? lo : .nan
            maximum = lo <= hi ? hi : .nan
            if nondecreasing {
                distinctCount = distinct
                distinctIsExact = true
            } else {
                var seen = Set<Double>()
                for x in values where x.isFinite {
                    seen.insert(x)
                    if seen.count >= Self.distinctLimit { break }
                }
                distinctCount = seen.count
                distinctIsExact = seen.count < Self.distinctLimit
            }
        case .text(let values):
            kind = .text
            var seen = Set<String>()
            var missing = 0
            var previous: String?
            var nondecreasing = true, increasing = true
            for value in values {
                guard let value else { missing += 1; continue }
                seen.insert(value)
                if let previous {
                    if value < previous { nondecreasing = false; increasing = false } else if value == previous { increasing = false }
                }
                previous = value
            }
            missingCount = missing
            distinctCount = seen.count
            distinctIsExact = true
            isNondecreasing = nondecreasing
            isIncreasing = increasing
            isWhole = false
            minimum = .nan
            maximum = .nan
        }
        role = .measure
        role = Self.role(of: self)
    }

    /// The present values.
    public var presentCount: Int { rowCount - missingCount }

    /// Names that say a column of whole numbers is a year.
    static let yearNames: Set<String> = ["year", "yr", "years", "jahr", "année", "año", "anno", "fiscal_year", "fiscal year"]
    /// Names that say a column of whole numbers is part of a date.
    static let datePartNames: Set<String> = [
        "month", "mon", "day", "dom", "doy", "day_of_year", "hour", "hr", "minute", "min", "second", "sec",
        "week", "weekday", "wday", "dow", "day_of_week", "quarter", "qtr",
    ]

    /// Whether the column holds years: whole numbers named as years, or all within 1700…2100
    /// with at least two of them when the name says nothing.
    public var isYearLike: Bool {
        guard kind == .number, isWhole, presentCount > 0 else { return false }
        let lower = name.lowercased()
        if Self.yearNames.contains(lower) || lower.hasSuffix("_year") || lower.hasSuffix(" year") {
            return minimum >= -9999 && maximum <= 9999
        }
        return minimum >= 1700 && maximum <= 2100 && distinctCount >= 2
            && !Self.datePartNames.contains(lower)
    }

    private static func role(of profile: ColumnProfile) -> Role {
        guard profile.presentCount > 0 else { return .empty }
        let lower = profile.name.lowercased()
        switch profile.kind {
        case .date:
            return .time
        case .text:
            if profile.distinctCount == profile.presentCount && profile.missingCount == 0 { return .category }
            if profile.distinctCount >= 2 && profile.distinctCount <= groupLimit { return .group }
            return .label
        case .number:
            if profile.isYearLike { return .time }
            if profile.isWhole && datePartNames.contains(lower) && profile.minimum >= 0 && profile.maximum <= 366 { return .datePart }
            if profile.isWhole && profile.isIncreasing && profile.missingCount == 0 && profile.rowCount >= 2 { return .key }
            if profile.isWhole && keyNames.contains(lower) && profile.distinctCount == profile.presentCount { return .key }
            return .measure
        }
    }

    /// Names that say a column of distinct whole numbers identifies rows.
    static let keyNames: Set<String> = ["id", "index", "idx", "row", "rowid", "key", "n", "no", "number", "#"]
}
