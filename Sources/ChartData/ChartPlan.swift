import ChartCore

/// Which chart a table gives: the column along x, the columns charted as series, the column
/// whose values split the rows into one series each (a group), and the kind of plot. What the
/// user named is taken as named; the rest is chosen from the columns' content and names
/// (`ColumnProfile`), the way a spreadsheet's chart wizard or pandas' `plot()` would, so that
/// the file or table people have gives the chart they meant without flags:
///
/// - x: a date or year column that indexes the rows, else the first column of text with a value
///   per row (categories), else a column named x, else an increasing whole-number key (first,
///   or named id, index…), else a part of a date in order
///   (the day of the month), else — for measurements, which have none of these — the first
///   column of numbers; failing all that, the first column.
/// - groups: long-format data (x repeats across the values of a text column of few values:
///   date, symbol, price) gets one series per value; measurements get one per value of their
///   first text column of few values (penguins by species). At most `ColumnProfile.groupLimit`.
/// - series: the columns of numbers that are not x, a group, a year, an id or part of a date;
///   with groups, the first of them.
/// - kind: bars for text categories, a line when x never decreases within each series, points
///   when it goes back and forth (drawing those as a line would be a scribble).
///
/// O(rows × columns).
public struct ChartPlan: Sendable {
    /// How the rows split into groups.
    public enum Grouping: Sendable, Equatable {
        /// Detected from the data.
        case automatic
        /// Never.
        case none
        /// By the named column.
        case column(String)
    }

    public let profiles: [ColumnProfile]
    /// The column along x (or along y for horizontal bars): an index into the table's columns.
    public let x: Int
    /// The columns charted as series, in order.
    public let series: [Int]
    /// The column whose values make one series each; nil for none.
    public let group: Int?
    /// The group column's values in order of first appearance (empty without a group).
    public let groupValues: [String]
    public let kind: ChartKind
    /// Whether the kind was chosen here rather than named by the user.
    public let kindIsDetected: Bool
    /// Why each choice was made, for `--describe`, `--trace` and `--dump-layout`.
    public let reasons: [String]

    /// Plans the chart for `table`. `x`, `y`, `group` and `kind` are what the user named (nil,
    /// nil, `.automatic`, nil to choose everything); `source` names the data in errors.
    /// Throws for a named column that does not exist or cannot be used, for more groups than
    /// `ColumnProfile.groupLimit`, and when nothing is left to chart.
    public init(table: DataTable, x xName: String? = nil, y yNames: [String]? = nil, group grouping: Grouping = .automatic,
                kind requestedKind: ChartKind? = nil, source: String) throws(DataError) {
        guard !table.columns.isEmpty else { throw DataError.unusable(path: source, message: "the data has no columns") }
        let profiles = table.columns.map(ColumnProfile.init)
        self.profiles = profiles
        var reasons: [String] = []
        func index(_ name: String) throws(DataError) -> Int {
            if let i = table.columns.firstIndex(where: { $0.name == name }) { return i }
            if let i = table.columns.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) { return i }
            throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }

        // x.
        let x: Int
        if table.rowCount == 0 {
            // No rows (an empty period): the chart says so; columns as named, or as they come.
            x = try xName.map(index) ?? 0
        } else if let xName {
            x = try index(xName)
            reasons.append("x: \(profiles[x].name) (given)")
        } else {
            let (chosen, why) = Self.chooseX(table: table, profiles: profiles, kind: requestedKind)
            x = chosen
            reasons.append("x: \(profiles[x].name) (\(why))")
        }
        self.x = x
        let xProfile = profiles[x]
        let xIsText = xProfile.kind == .text

        // Groups.
        var group: Int?
        switch grouping {
        case .none:
            break
        case .column(let name):
            let g = try index(name)
            guard g != x else {
                throw DataError.unusable(path: source, message: "'\(profiles[g].name)' cannot be both x and the group column")
            }
            group = g
            reasons.append("groups: \(profiles[g].name) (given)")
        case .automatic:
            if !xIsText, requestedKind != .pie, yNames.map({ $0.count <= 1 }) ?? true,
               let (g, why) = Self.chooseGroup(table: table, profiles: profiles, x: x) {
                group = g
                reasons.append("groups: \(profiles[g].name) (\(why))")
            }
        }
        var groupValues: [String] = []
        var groupOfRow: [Int] = []
        if let group {
            (groupValues, groupOfRow) = Self.groups(of: table.columns[group])
            if groupValues.count > ColumnProfile.groupLimit {
                throw DataError.unusable(path: source, message: "column '\(profiles[group].name)' has \(groupValues.count) distinct values, "
                    + "more than the \(ColumnProfile.groupLimit) groups a chart can tell apart; filter the rows (a query with WHERE) or group by another column")
            }
        }
        self.group = group
        self.groupValues = groupValues

        // Series.
        var series: [Int]
        if let yNames {
            series = []
            for name in yNames {
                let i = try index(name)
                guard profiles[i].kind != .text else {
                    throw DataError.unusable(path: source, message: "column '\(profiles[i].name)' holds text, not numbers")
                }
                series.append(i)
            }
        } else {
            let xIsTime = xProfile.role == .time
            series = profiles.indices.filter { i in
                if table.rowCount == 0 { return i != x && profiles[i].kind != .text }
                let p = profiles[i]
                guard i != x, i != group, p.kind == .number else { return false }
                switch p.role {
                case .measure: return true
                case .key: return !ColumnProfile.keyNames.contains(p.name.lowercased())
                case .datePart: return !xIsTime && xProfile.role != .datePart
                case .time, .category, .group, .label, .empty: return false
                }
            }
            let skipped = profiles.indices.filter { i in
                i != x && i != group && profiles[i].kind != .text && !series.contains(i)
            }
            if !skipped.isEmpty {
                reasons.append("not charted: " + skipped.map { "\(profiles[$0].name) (\(profiles[$0].role.phrase))" }.joined(separator: ", "))
            }
            if group != nil && series.count > 1 {
                reasons.append("with groups, one series: \(profiles[series[0]].name); --y names others")
                series = [series[0]]
            }
        }
        guard !series.isEmpty else {
            throw DataError.unusable(path: source, message: "no column of numbers to chart besides '\(xProfile.name)'; give --y COLUMN")
        }
        self.series = series

        // Kind.
        if let requestedKind {
            kind = requestedKind
            kindIsDetected = false
        } else if xIsText || table.rowCount == 0 {
            kind = xIsText ? .bar : .line
            kindIsDetected = true
            reasons.append(xIsText ? "bars: x is text" : "line: no rows")
        } else if Self.neverDecreases(table.columns[x], groupOfRow: groupOfRow) {
            kind = .line
            kindIsDetected = true
            reasons.append("line: x never decreases\(group == nil ? "" : " within each group")")
        } else {
            kind = .scatter
            kindIsDetected = true
            reasons.append("points: x goes back and forth")
        }
        self.reasons = reasons
    }

    /// The rows of each group, in order: for each value of `groupValues`, its row indices.
    /// O(rows).
    public func rows(in table: DataTable) -> [[Int]] {
        guard let group else { return [Array(0..<table.rowCount)] }
        let (_, groupOfRow) = Self.groups(of: table.columns[group])
        var rows = [[Int]](repeating: [], count: groupValues.count)
        for (row, g) in groupOfRow.enumerated() where g >= 0 { rows[g].append(row) }
        return rows
    }

    /// A one-line account of the plan: "x date (time) · groups symbol (5) · y price · line".
    public var note: String {
        var parts = ["x \(profiles[x].name)"]
        if let group { parts.append("groups \(profiles[group].name) (\(groupValues.count))") }
        parts.append("y " + series.map { profiles[$0].name }.joined(separator: ", "))
        parts.append(kind.rawValue + (kindIsDetected ? " (detected)" : ""))
        return parts.joined(separator: " · ")
    }

    /// What `--describe` prints: a line per column (type, role, distinct values), then the
    /// chart and why.
    public func description(source: String) -> String {
        let rows = profiles.first?.rowCount ?? 0
        var lines = ["\(source): \(rows) row\(rows == 1 ? "" : "s"), \(profiles.count) column\(profiles.count == 1 ? "" : "s")"]
        let width = min(24, profiles.map(\.name.count).max() ?? 0)
        for (i, p) in profiles.enumerated() {
            let use = i == x ? "x" : i == group ? "groups" : series.contains(i) ? "series" : "-"
            let distinct = p.distinctIsExact ? "\(p.distinctCount)" : "≥\(p.distinctCount)"
            var facts = ["\(distinct) distinct"]
            if p.missingCount > 0 { facts.append("\(p.missingCount) missing") }
            if p.kind != .text && p.presentCount > 1 {
                facts.append(p.isIncreasing ? "increasing" : p.isNondecreasing ? "never decreasing" : "unsorted")
            }
            let name = p.name.padding(toLength: max(width, p.name.count), withPad: " ", startingAt: 0)
            let type = p.kind.rawValue.padding(toLength: 6, withPad: " ", startingAt: 0)
            let role = p.role.rawValue.padding(toLength: 8, withPad: " ", startingAt: 0)
            let used = use.padding(toLength: 6, withPad: " ", startingAt: 0)
            lines.append("  \(name)  \(type)  \(role)  \(used)  \(facts.joined(separator: ", "))")
        }
        lines.append("chart: \(note)")
        lines += reasons.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }

    // MARK: - Choosing

    /// The x column and why: see the type's documentation.
    static func chooseX(table: DataTable, profiles: [ColumnProfile], kind: ChartKind?) -> (Int, String) {
        let indices = profiles.indices
        // Text categories when the kind asks for them.
        if let kind, kind.isBars || kind == .pie, let c = indices.first(where: { profiles[$0].role == .category }) {
            return (c, "text with a value per row")
        }
        // Dates before years; among them the one with the most distinct values, then the first.
        let times = indices.filter { profiles[$0].role == .time }
        let bestTime = times.max { a, b in
            let ka = (profiles[a].kind == .date ? 1 : 0, profiles[a].distinctCount, -a)
            let kb = (profiles[b].kind == .date ? 1 : 0, profiles[b].distinctCount, -b)
            return ka < kb
        }
        if let t = bestTime, indexesRows(t, table: table, profiles: profiles) {
            return (t, profiles[t].kind == .date ? "dates" : "years")
        }
        if let c = indices.first(where: { profiles[$0].role == .category }) { return (c, "text with a value per row") }
        // A column named x is x; an increasing key when it comes first or is named as one.
        if let named = indices.first(where: { profiles[$0].name.lowercased() == "x" && profiles[$0].kind != .text }) {
            return (named, "named x")
        }
        if let k = indices.first(where: { profiles[$0].role == .key && ($0 == 0 || ColumnProfile.keyNames.contains(profiles[$0].name.lowercased())) }) {
            return (k, "whole numbers that only grow")
        }
        if let d = indices.first(where: { profiles[$0].role == .datePart && profiles[$0].isNondecreasing }) {
            return (d, "part of a date, in order")
        }
        let measures = indices.filter { profiles[$0].role == .measure }
        if measures.count >= 2 { return (measures[0], "measurements: the first column of numbers") }
        if let t = bestTime { return (t, profiles[t].kind == .date ? "dates" : "years") }
        if let text = indices.first(where: { profiles[$0].kind == .text }) { return (text, "the first text column") }
        return (0, "the first column")
    }

    /// Whether time column `t` says when each row happened rather than sorting measurements
    /// into a few batches (penguins measured in 2007, 2008 and 2009): it has 20 distinct values
    /// or more, or one for every second row, or it tells the rows of some text column apart
    /// (gapminder's years within each country).
    static func indexesRows(_ t: Int, table: DataTable, profiles: [ColumnProfile]) -> Bool {
        let p = profiles[t]
        guard p.distinctCount >= 2 else { return false }
        if p.distinctCount >= 20 || p.distinctCount * 2 >= p.presentCount { return true }
        guard let times = table.columns[t].numbers else { return false }
        for (g, column) in table.columns.enumerated() where profiles[g].kind == .text && g != t {
            guard case .text(let names) = column.values else { continue }
            var seen = Set<TextAndNumber>()
            var unique = true
            for row in 0..<table.rowCount where times[row].isFinite {
                if !seen.insert(TextAndNumber(text: names[row], number: times[row])).inserted { unique = false; break }
            }
            if unique { return true }
        }
        return false
    }

    private struct TextAndNumber: Hashable {
        var text: String?
        var number: Double
    }

    /// The group column for x column `x`, and why; nil when the rows form no groups. For a
    /// time or key x, long format: a text column of few values across whose values x repeats,
    /// preferring one within whose groups x is unique. For measurements: the first text column
    /// of few values (up to 20, which the palette tells apart).
    static func chooseGroup(table: DataTable, profiles: [ColumnProfile], x: Int) -> (Int, String)? {
        let candidates = profiles.indices.filter { $0 != x && profiles[$0].role == .group }
        guard !candidates.isEmpty, let xs = table.columns[x].numbers else { return nil }
        let xProfile = profiles[x]
        if xProfile.role == .measure || xProfile.role == .datePart {
            guard let g = candidates.first(where: { profiles[$0].distinctCount <= 20 }) else { return nil }
            return (g, "text of \(profiles[g].distinctCount) values")
        }
        // Long format needs x to repeat.
        guard xProfile.distinctCount < xProfile.presentCount else { return nil }
        var repeating: [Int] = []
        var unique: [Int] = []
        for g in candidates {
            guard case .text(let names) = table.columns[g].values else { continue }
            var firstGroup: [Double: String?] = [:]
            var repeats = false
            var pairs = Set<TextAndNumber>()
            var isUnique = true
            for row in 0..<table.rowCount where xs[row].isFinite {
                let name = names[row]
                if let seen = firstGroup[xs[row]] {
                    if seen != name { repeats = true }
                } else {
                    firstGroup[xs[row]] = name
                }
                if isUnique && !pairs.insert(TextAndNumber(text: name, number: xs[row])).inserted { isUnique = false }
            }
            if repeats { repeating.append(g) }
            if repeats && isUnique { unique.append(g) }
        }
        if let g = unique.first {
            return (g, "long format: \(profiles[x].name) repeats across its \(profiles[g].distinctCount) values, once within each")
        }
        if let g = repeating.first {
            return (g, "long format: \(profiles[x].name) repeats across its \(profiles[g].distinctCount) values")
        }
        return nil
    }

    /// The distinct texts of `column` in order of first appearance ("" for a missing one), and
    /// each row's index among them. O(rows).
    static func groups(of column: DataColumn) -> (values: [String], groupOfRow: [Int]) {
        var order: [String] = []
        var index: [String: Int] = [:]
        var groupOfRow: [Int] = []
        func add(_ key: String) {
            if let i = index[key] { groupOfRow.append(i); return }
            index[key] = order.count
            groupOfRow.append(order.count)
            order.append(key)
        }
        switch column.values {
        case .text(let texts):
            groupOfRow.reserveCapacity(texts.count)
            for text in texts { add(text ?? "") }
        case .number(let values), .date(let values):
            groupOfRow.reserveCapacity(values.count)
            for value in values { add(value.isFinite ? NumberFormat.automatic.format(value) : "") }
        }
        return (order, groupOfRow)
    }

    /// Whether `column`'s present values never decrease in row order within each group. O(rows).
    static func neverDecreases(_ column: DataColumn, groupOfRow: [Int]) -> Bool {
        guard let values = column.numbers else { return false }
        if groupOfRow.isEmpty {
            var previous = -Double.infinity
            for v in values where v.isFinite {
                if v < previous { return false }
                previous = v
            }
            return true
        }
        var previous = [Double](repeating: -.infinity, count: (groupOfRow.max() ?? 0) + 1)
        for (row, v) in values.enumerated() where v.isFinite {
            let g = groupOfRow[row]
            if v < previous[g] { return false }
            previous[g] = v
        }
        return true
    }
}

extension ColumnProfile.Role {
    /// The role in words, for messages.
    var phrase: String {
        switch self {
        case .time: "a date or year"
        case .key: "an id"
        case .datePart: "part of a date"
        case .category: "categories"
        case .group: "groups"
        case .label: "text"
        case .measure: "numbers"
        case .empty: "empty"
        }
    }
}
