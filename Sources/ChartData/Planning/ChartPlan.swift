import ChartCore

/// Which chart a table gives: the column along x, the columns charted as series, the column
/// whose values split the rows into one series each (a group), and the kind of plot. What the
/// user named is taken as named; the rest is chosen from the columns' content and names
/// (`ColumnProfile`), the way a spreadsheet's chart wizard or pandas' `plot()` would, so that
/// the file or table people have gives the chart they meant without flags:
///
/// - x: a date or year column that indexes the rows, else the first column of text with a value
///   per row (categories), else a column named x, else an increasing whole-number key (first,
///   or named id, index…), else a part of a date in order (the day of the month), else — for
///   measurements, which have none of these — the first column of numbers; failing all that,
///   the first column.
/// - groups: long-format data (x repeats across the values of a text column of few values, or
///   of a column of whole-number codes: date, symbol, price; time, sensor_id, value) gets one
///   series per value; measurements get one per value of their first text column of few values
///   (penguins by species). At most `ColumnProfile.groupLimit`: past it, points.
/// - series: the columns of numbers that are not x, a group, a year, an id, a code or part of
///   a date next to a date; with groups, the first of them.
/// - kind: bars for text categories, a line when x never decreases within each series or is a
///   time that does not repeat within one (drawn in x order), points when it goes back and
///   forth (drawing those as a line would be a scribble).
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

    /// What each of the table's columns is (its kind and role), in the table's column order.
    public let profiles: [ColumnProfile]
    /// The column along x (or along y for horizontal bars): an index into the table's columns.
    public let x: Int
    /// The columns charted as series, in order.
    public let series: [Int]
    /// The column whose values make one series each; nil for none.
    public let group: Int?
    /// The group column's values as names, in order of first appearance (empty without a group).
    public let groupValues: [String]
    /// Each row's index in `groupValues` (empty without a group).
    let groupOfRow: [Int]
    /// The kind of chart to build: the user's, or the one the columns suggest.
    public let kind: ChartKind
    /// Whether the kind was chosen here rather than named by the user.
    public let kindIsDetected: Bool
    /// How rows that repeat an x value within a group become one bar or slice (the user's
    /// `--aggregate`, else a sum for counts and totals and a mean for other numbers, a count
    /// with no column of numbers); nil when every x value is drawn as its row has it.
    public let aggregation: Aggregation?
    /// How the series share the value axis: one axis, a second axis for one of two, or a panel
    /// each (`Magnitudes`).
    public internal(set) var magnitudes: Magnitudes
    /// Whether x, and the value axis, are drawn on a log scale: points of a measure whose
    /// values crowd near the smallest over two decades or more (`crowdedDecades(_:)`:
    /// mammals' body and brain weights), when the kind was detected.
    public let xIsLogarithmic: Bool, yIsLogarithmic: Bool
    /// Why each choice was made, for `--describe`, `--trace` and `--dump-layout`.
    public let reasons: [String]
    /// What reading the table did that a user should know: headers read as data, lines skipped
    /// before the header, columns merged (`DataTable.notes`).
    public let tableNotes: [String]
    /// The shape of the table as read, when it was turned before planning (rows, columns).
    let shapeAsRead: (rows: Int, columns: Int)?
    /// Whether x is a code whose values the one measure is compared across (a box per value):
    /// its values are the categories, as a named x's are.
    let xComparesCodes: Bool

    /// The error for an aggregate asked of a kind that draws every row (a histogram, a box).
    static func refusingAggregation(kind: ChartKind, source: String) -> DataError {
        .unusable(path: source, message: "--aggregate is for bar, hbar, stacked, pie, combined, line and scatter charts, not \(kind.rawValue)")
    }

    /// Plans the chart for `table`. `x`, `y`, `group` and `kind` are what the user named (nil,
    /// nil, `.automatic`, nil to choose everything); `source` names the data in errors.
    /// Throws for a named column that does not exist or cannot be used, for more groups than
    /// `ColumnProfile.groupLimit`, and when nothing is left to chart.
    public init(
        table: DataTable, x xName: String? = nil, y yNames: [String]? = nil, group grouping: Grouping = .automatic,
        kind requestedKind: ChartKind? = nil, aggregate requestedAggregation: Aggregation? = nil, source: String
    ) throws(DataError) {
        guard !table.columns.isEmpty else { throw DataError.unusable(path: source, message: "the data has no columns") }
        let profiles = Self.panelTimes(Self.panelSubjects(Self.weighed(ColumnProfile.of(table)), table: table), table: table)
        self.profiles = profiles
        tableNotes = table.notes
        shapeAsRead = table.turning.map { ($0.rows, $0.columns) }
        var reasons: [String] = []
        func index(_ name: String) throws(DataError) -> Int {
            if let i = table.columns.firstIndex(where: { $0.name == name }) { return i }
            if let i = table.columns.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) { return i }
            throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }

        // x (and for measurements alone, the outcome on y).
        let x: Int
        var xComparesCodes = false
        var preferredSeries: Int?
        if table.rowCount == 0 {
            // No rows (an empty period): the chart says so; columns as named, or as they come.
            x = try xName.map(index) ?? 0
        } else if let xName {
            x = try index(xName)
            reasons.append("x: \(profiles[x].name) (\(table.turnedAlong == xName ? "the table turned along it" : "given"))")
        } else {
            // The outcome and what explains it only when the user named no y.
            // One measure compared across a code's values only when the user named no y, no
            // group and no aggregate (their chart is theirs).
            let mayCompareCodes = yNames == nil && requestedAggregation == nil && grouping == .automatic
            var (chosen, why) = Self.chooseX(table: table, profiles: profiles, kind: requestedKind, comparesCodes: mayCompareCodes)
            if yNames == nil, requestedKind == nil || why == Self.firstMeasureReason,
                let choice = Self.outcomeChoice(x: chosen, why: why, table: table, profiles: profiles, firstIfUnclear: requestedKind == nil)
            {
                (chosen, why) = (choice.x, choice.xReason)
                let (y, reason) = (choice.outcome, choice.outcomeReason)
                preferredSeries = y
                reasons.append("y: \(profiles[y].name) (\(reason))")
            }
            // Places: longitude along x, latitude up y (Depredations' farms), a map of the rows.
            if yNames == nil, requestedKind == nil, let (longitude, latitude) = Self.coordinates(table: table, profiles: profiles) {
                (chosen, why) = (longitude, "longitude: the rows are places, drawn where they are")
                preferredSeries = latitude
                reasons.append("y: \(profiles[latitude].name) (latitude)")
            }
            // Along a study's times (not years), the measure named as the outcome (epilepsy's
            // seizure.rate beside its baseline count).
            if yNames == nil, preferredSeries == nil, profiles[chosen].role == .time, !profiles[chosen].isYearLike, profiles[chosen].kind == .number,
                let named = profiles.indices.first(where: { profiles[$0].role == .measure && Self.namedAsOutcome(profiles[$0].name) })
            {
                preferredSeries = named
                reasons.append("y: \(profiles[named].name) (the outcome, by its name)")
            }
            // The only column of numbers besides the row numbers (R's vectors: "", "x") is what
            // gets charted, along its rows, not an x with nothing to chart over it.
            if yNames == nil, profiles[chosen].kind == .number, !profiles[chosen].isRowNumber,
                let rows = profiles.indices.first(where: { profiles[$0].isRowNumber }),
                !profiles.indices.contains(where: { $0 != chosen && $0 != rows && Self.couldBeSeries(profiles[$0]) })
            {
                why = "row numbers: \(profiles[chosen].name) is the only column of numbers to chart"
                chosen = rows
                preferredSeries = nil
            }
            x = chosen
            reasons.append("x: \(profiles[x].name) (\(why))")
            xComparesCodes = why.hasPrefix(Self.comparedCodesReason)
        }
        self.x = x
        self.xComparesCodes = xComparesCodes
        let xIsText = profiles[x].kind == .text

        // Groups.
        var group: Int?
        var tooManyGroups: Int?
        switch xComparesCodes ? .none : grouping {
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
            if xIsText, profiles[x].role == .group, requestedKind.map(\.groupsBySecondKey) ?? true,
                yNames.map({ $0.count <= 1 }) ?? true,
                let g = profiles.indices.first(where: { $0 != x && profiles[$0].role == .group && profiles[$0].distinctCount <= 20 })
            {
                // Two text keys and a number, the commonest shape of an aggregate: the second
                // key's values are the series (Class by Sex).
                group = g
                reasons.append("groups: \(profiles[g].name) (a second text key, of \(profiles[g].distinctCount) values)")
            } else if !xIsText, requestedKind != .pie, yNames.map({ $0.count <= 1 }) ?? true {
                // A column named as y is what is charted, never what splits it.
                // So is a column the kind takes by its name (ohlc's low).
                let roles = requestedKind?.columnsByRole ?? []
                let named = Set((yNames ?? []).compactMap { name in table.columns.firstIndex { $0.name.lowercased() == name.lowercased() } })
                    .union(table.columns.indices.filter { roles.contains(table.columns[$0].name.lowercased()) })
                switch Self.chooseGroup(table: table, profiles: profiles, x: x, excluding: named) {
                case .column(let g, let why):
                    group = g
                    reasons.append("groups: \(profiles[g].name) (\(why))")
                case .tooMany(let g):
                    tooManyGroups = g
                    reasons.append(
                        "no groups: \(profiles[x].name) repeats across the \(profiles[g].distinctCount) values of "
                            + "\(profiles[g].name), more than \(ColumnProfile.groupLimit) series a chart can tell apart; filter the rows or --group another column"
                    )
                case nil:
                    break
                }
            }
        }
        var groupValues: [String] = []
        var groupOfRow: [Int] = []
        if let group {
            (groupValues, groupOfRow) = ValueNames.groups(of: table.columns[group])
            if groupValues.count > ColumnProfile.groupLimit {
                throw DataError.unusable(
                    path: source,
                    message: "column '\(profiles[group].name)' has \(groupValues.count) distinct values, "
                        + "more than the \(ColumnProfile.groupLimit) groups a chart can tell apart; filter the rows (a query with WHERE) or group by another column"
                )
            }
        }

        // Series.
        let aggregatesRows = requestedKind.map(\.aggregatesRepeatedCategories) ?? xIsText
        let xRepeats = xIsText && profiles[x].distinctCount < profiles[x].presentCount
        // `--kind bar --x branch`: the rows of each branch are counted, unless a column counts
        // or totals things (Freq, sales), which then adds up. A mean of whichever column of
        // numbers comes first (flights' month by carrier) answers nothing that was asked.
        let countsNamedCategories =
            xName != nil && yNames == nil && xRepeats && requestedKind?.aggregatesRepeatedCategories == true
            && !profiles.indices.contains {
                $0 != x && profiles[$0].kind == .number && profiles[$0].role == .measure
                    && Aggregation.defaultFor(column: profiles[$0].name) == .sum
            }
        var series =
            countsNamedCategories
            ? []
            : try Self.chooseSeries(
                profiles: profiles, x: x, group: group,
                named: yNames.map { names throws(DataError) in
                    try names.map(index)
                }, preferred: preferredSeries, countsRows: aggregatesRows && xRepeats, reasons: &reasons, source: source)
        // A turned table's series are curves of one kind (a class's mean, a group's survival),
        // alike by design, not copies.
        if yNames == nil && table.rowCount > 0 && table.turning == nil {
            series = Self.withoutDerived(series, x: x, table: table, profiles: profiles, reasons: &reasons)
        }
        // Rows named one each, too many for clusters of bars: one measure's bars.
        if yNames == nil, requestedKind == nil, profiles[x].role == .category, table.rowCount > Self.categoryBarLimit, series.count > 1 {
            reasons.append(
                "one series: \(profiles[series[0]].name): \(table.rowCount) rows, each named, are too many for clusters of bars; "
                    + "not charted: \(series.dropFirst().map { profiles[$0].name }.joined(separator: ", ")) (--y names them)")
            series = [series[0]]
        }

        // Kind and aggregation (again if the groups are given up below).
        func kindAndAggregation(group: Int?, groupOfRow: [Int], reasons: inout [String]) throws(DataError) -> (ChartKind, Bool, Aggregation?) {
            let kind: ChartKind
            let kindIsDetected: Bool
            if let requestedKind {
                kind = requestedKind
                kindIsDetected = false
            } else {
                kind = Self.chooseKind(
                    table: table, profiles: profiles, x: x, series: series, groupOfRow: groupOfRow,
                    tooManyGroups: tooManyGroups != nil, averagesTimes: grouping == .automatic, comparesCodes: xComparesCodes,
                    reasons: &reasons)
                kindIsDetected = true
            }
            // Aggregation: one bar or slice per category and group.
            let aggregation: Aggregation?
            if let requestedAggregation {
                guard kind.acceptsAggregation else { throw Self.refusingAggregation(kind: kind, source: source) }
                aggregation = requestedAggregation
                reasons.append("\(requestedAggregation.rawValue) of the rows of each \(profiles[x].name) (given)")
            } else if series.isEmpty {
                aggregation = .count
                reasons.append(
                    countsNamedCategories
                        ? "count: the rows of each \(profiles[x].name) are counted (no column counts or totals; --y names one to add up)"
                        : "count: no column of numbers, so the rows of each \(profiles[x].name) are counted")
            } else if table.rowCount > 0, kind.aggregatesRepeatedCategories,
                Aggregation.repeats(table, x: x, group: group)
            {
                let chosen = kind.showsSharesOfWhole ? .sum : Aggregation.defaultFor(column: profiles[series[0]].name)
                aggregation = chosen
                reasons.append(
                    "\(chosen.rawValue): \(profiles[x].name) repeats\(group == nil ? "" : " within a group"), so its rows are "
                        + (chosen == .sum ? (kind.showsSharesOfWhole ? "added up (slices are shares of a whole)" : "added up (counts and totals)") : "averaged")
                        + "; --aggregate chooses")
            } else if table.rowCount > 0, kindIsDetected, kind.joinsRecords, profiles[x].role == .time, !series.isEmpty,
                !Self.repeatsAreRare(table.columns[x], groupOfRow: groupOfRow)
            {
                aggregation = .mean
                reasons.append("mean: \(profiles[x].name) repeats\(group == nil ? "" : " within a group"), so its rows are averaged; --aggregate chooses")
            } else {
                aggregation = nil
            }
            return (kind, kindIsDetected, aggregation)
        }
        let reasonsBeforeKind = reasons
        var (kind, kindIsDetected, aggregation) = try kindAndAggregation(group: group, groupOfRow: groupOfRow, reasons: &reasons)

        // Groups of one measure whose magnitudes differ (a giant firm beside small ones): a
        // panel each when few (but a few over time, compared on one axis), else no groups (at
        // a time, their mean).
        var magnitudes = Magnitudes.shared
        if case .automatic = grouping, let g = group, yNames == nil, series.count == 1, kind.sharesValueAxis, table.rowCount > 0 {
            var values = [[Double]](repeating: [], count: groupValues.count)
            if let aggregation {
                let reduced = aggregation.aggregated(table, x: x, group: g, series: series).table
                let (names, rows) = ValueNames.groups(of: reduced.columns[1])
                let numbers = reduced.columns[2].numbers ?? []
                values = [[Double]](repeating: [], count: names.count)
                for (row, k) in rows.enumerated() { values[k].append(numbers[row]) }
            } else if let numbers = table.columns[series[0]].numbers {
                for (row, k) in groupOfRow.enumerated() { values[k].append(numbers[row]) }
            }
            let narrowOnes = Self.narrow(Self.extents(values, bars: kind.isBars))
            // A few series over time on one axis (five stocks' prices) are compared as they are.
            let fewOverTime = profiles[x].role == .time && groupValues.count <= Self.panelLimit
            if !narrowOnes.isEmpty && !fewOverTime {
                if kind.takesOwnAxes && groupValues.count <= Self.panelLimit {
                    magnitudes = .panels
                    reasons.append(
                        "panels: one per \(profiles[g].name), x shared: their magnitudes differ (\(groupValues[narrowOnes[0]]) is flattened by the others)")
                } else {
                    reasons = reasonsBeforeKind
                    reasons.append(
                        "no groups: the \(groupValues.count) values of \(profiles[g].name) differ in magnitude (\(groupValues[narrowOnes[0]]) would be drawn flat); --group \(profiles[g].name) draws them"
                    )
                    group = nil
                    groupValues = []
                    groupOfRow = []
                    (kind, kindIsDetected, aggregation) = try kindAndAggregation(group: nil, groupOfRow: [], reasons: &reasons)
                }
            }
        }
        self.group = group
        self.groupValues = groupValues
        self.groupOfRow = groupOfRow
        self.kind = kind
        self.kindIsDetected = kindIsDetected
        self.aggregation = aggregation

        // Magnitudes: series that one axis would flatten get an axis or a panel of their own.
        if yNames == nil, group == nil, series.count >= 2, kind.sharesValueAxis, table.rowCount > 0 {
            let values: [[Double]]
            if let aggregation {
                let reduced = aggregation.aggregated(table, x: x, group: nil, series: series).table
                // x, then each series reduced, in order.
                values = series.indices.map { reduced.columns[1 + $0].numbers ?? [] }
            } else {
                values = series.map { table.columns[$0].numbers ?? [] }
            }
            (series, magnitudes) = Self.arranged(series, values: values, kind: kind, profiles: profiles, reasons: &reasons)
        }
        self.series = series
        self.magnitudes = magnitudes
        // Points of measures crowded near their smallest over decades: a log scale spreads them.
        var logX = false, logY = false
        if kindIsDetected, kind.drawsPointsAlone, aggregation == nil, magnitudes == .shared, profiles[x].role == .measure, !series.isEmpty {
            if let values = table.columns[x].numbers, let decades = Self.crowdedDecades(values) {
                logX = true
                reasons.append("log scale on x: \(profiles[x].name) spans \(decades) decades, most of its values near the smallest")
            }
            let ys = series.compactMap { table.columns[$0].numbers }
            if ys.count == series.count, let decades = Self.crowdedDecades(ys.flatMap { $0 }) {
                logY = true
                reasons.append(
                    "log scale on y: \(series.map { profiles[$0].name }.joined(separator: ", ")) spans \(decades) decades, most of its values near the smallest"
                )
            }
        }
        self.xIsLogarithmic = logX
        self.yIsLogarithmic = logY
        self.reasons = reasons
    }

    /// The rows of each group, in order: for each value of `groupValues`, its row indices.
    /// O(rows).
    public func rows(in table: DataTable) -> [[Int]] {
        guard group != nil else { return [Array(0..<table.rowCount)] }
        var rows = [[Int]](repeating: [], count: groupValues.count)
        for (row, g) in groupOfRow.enumerated() { rows[g].append(row) }
        return rows
    }

    /// A one-line account of the plan: "x date (time) · groups symbol (5) · y price · line".
    public var note: String {
        var parts = ["x \(profiles[x].name)"]
        if let group { parts.append("groups \(profiles[group].name) (\(groupValues.count))") }
        var names = series.map { profiles[$0].name }
        if let aggregation { names = names.isEmpty ? [Aggregation.countColumn] : names.map { aggregation.title(of: $0) } }
        parts.append("y " + (names.count > 6 ? names.prefix(3).joined(separator: ", ") + " … (\(names.count) series)" : names.joined(separator: ", ")))
        switch magnitudes {
        case .shared: break
        case .secondAxis(let column): parts.append("y2 \(profiles[column].name)")
        case .panels: parts.append("a panel each")
        }
        parts.append(kind.rawValue + (kindIsDetected ? " (detected)" : ""))
        return parts.joined(separator: " · ")
    }

    /// What `--describe` prints: what reading the table did, a line per column (type, role,
    /// distinct values), then the chart and why.
    public func description(source: String) -> String {
        let rows = profiles.first?.rowCount ?? 0
        func shape(_ rows: Int, _ columns: Int) -> String { "\(rows) row\(rows == 1 ? "" : "s"), \(columns) column\(columns == 1 ? "" : "s")" }
        var first = "\(source): " + shape(shapeAsRead?.rows ?? rows, shapeAsRead?.columns ?? profiles.count)
        if shapeAsRead != nil { first += ", turned: " + shape(rows, profiles.count) }
        var lines = [first]
        lines += tableNotes.map { "  (\($0))" }
        let width = min(24, profiles.map(\.name.count).max() ?? 0)
        let charted = Set(series)
        for (i, p) in profiles.enumerated() {
            let use = i == x ? "x" : i == group ? "groups" : charted.contains(i) ? "series" : "-"
            let distinct = p.distinctIsExact ? "\(p.distinctCount)" : "≥\(p.distinctCount)"
            var facts = ["\(distinct) distinct"]
            if p.missingCount > 0 { facts.append("\(p.missingCount) missing") }
            if p.isRowNumber { facts.append("row numbers") }
            if let unit = p.unit { facts.append("written " + unit.written("1")) }
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

    // MARK: - Roles among the columns

    /// The profiles with each role weighed against the other columns: a year by content alone
    /// counts only in the first column, when no other column is a date or a named year (prices
    /// of 1850 to 2011 next to a date are prices); a part of a date only next to a date, a year
    /// or another part (a `min` temperature alone is a temperature), and short names that mean
    /// other things too (min, sec, mon, hr) only among other parts.
    /// Row numbers by their values alone (1…n) count only in the first column, where R, pandas
    /// and spreadsheets put them: later, 1, 2, 3 are measurements that happen to count up.
    static func weighed(_ profiles: [ColumnProfile]) -> [ColumnProfile] {
        var weighed = profiles
        for i in profiles.indices.dropFirst() where profiles[i].role == .key && profiles[i].isRowNumber {
            guard !ColumnProfile.keyNames.contains(profiles[i].name.lowercased()) else { continue }
            // Subjects numbered 1…n (a study's patients) stay what names them.
            weighed[i].role = ColumnProfile.namesSubjects(profiles[i].name) ? .code : .measure
            weighed[i].isRowNumber = false
        }
        let namedTimes = profiles.indices.filter { profiles[$0].kind == .date || (profiles[$0].role == .time && profiles[$0].isYearByName) }
        for i in profiles.indices where profiles[i].role == .time && profiles[i].isYearByContent {
            if i != 0 || !namedTimes.isEmpty { weighed[i].role = .measure }
        }
        let parts = profiles.indices.filter { profiles[$0].role == .datePart }
        let hasTime = weighed.contains { $0.role == .time }
        if !hasTime && parts.count < 2 {
            for i in parts { weighed[i].role = .measure }
        }
        // Short names that mean other things too ("min" beside "max") are parts of a date only
        // among other parts.
        if parts.count < 2 {
            for i in parts where ColumnProfile.ambiguousDateParts.contains(profiles[i].name.lowercased()) { weighed[i].role = .measure }
        }
        return weighed
    }

    /// The profiles with a panel's subjects as codes: whole numbers in sorted runs (a county's
    /// seven years, then the next county's) that tell the rows of a time column apart, each
    /// subject and time once. They name the rows' subjects, so they are never measured or
    /// drawn along x (Crime's county by year). O(rows) per pair of such columns.
    static func panelSubjects(_ profiles: [ColumnProfile], table: DataTable) -> [ColumnProfile] {
        var result = profiles
        let times = profiles.indices.filter { profiles[$0].role == .time && profiles[$0].kind == .number }
        guard !times.isEmpty else { return profiles }
        for e in profiles.indices where profiles[e].role == .measure && profiles[e].isInRuns {
            guard let subjects = table.columns[e].numbers else { continue }
            for t in times {
                guard let when = table.columns[t].numbers else { continue }
                if let pairs = Self.uniquePairs(subjects, when), pairs >= 4 {
                    result[e].role = .code
                    break
                }
            }
        }
        return result
    }

    /// A longitude and a latitude column, by their names (`longitude`, `long`, `lon`, `lng`;
    /// `latitude`, `lat`) and values (numbers within ±180 and ±90), in a table without dates or
    /// years; nil otherwise. O(rows).
    static func coordinates(table: DataTable, profiles: [ColumnProfile]) -> (longitude: Int, latitude: Int)? {
        func column(_ names: Set<String>, within limit: Double) -> Int? {
            profiles.indices.first { i in
                names.contains(profiles[i].name.lowercased()) && profiles[i].kind == .number && profiles[i].presentCount > 0
                    && profiles[i].minimum >= -limit && profiles[i].maximum <= limit && profiles[i].distinctCount >= 2
            }
        }
        // Places measured over time (Langren's estimates by year) are charted over time.
        guard !profiles.contains(where: { $0.role == .time }),
            let longitude = column(["longitude", "long", "lon", "lng"], within: 180), let latitude = column(["latitude", "lat"], within: 90)
        else { return nil }
        return (longitude, latitude)
    }

    /// The number of rows where both `a` and `b` are present, when no two of them hold the same
    /// pair of values (each subject once at each time); nil when a pair repeats. O(rows).
    static func uniquePairs(_ a: [Double], _ b: [Double]) -> Int? {
        var seen = Set<[Double]>()
        for row in a.indices where a[row].isFinite && b[row].isFinite {
            guard seen.insert([a[row], b[row]]).inserted else { return nil }
        }
        return seen.count
    }

    /// Names of the times a study measures its subjects at (Sitka's `Time`, a trial's `visit`).
    static let panelTimeNames: Set<String> = ["time", "times", "week", "weeks", "day", "days", "visit", "period", "occasion", "wave", "session"]

    /// The profiles with a study's times as times: whole numbers of 3 to 30 values named as a
    /// time (`panelTimeNames`) that, with a subjects' code (Sitka's `tree`), tell every row
    /// apart: each subject measured once at each time. Charted along x (the mean at each time
    /// per group), not as a code nor a measure. O(rows) per pair of such columns.
    static func panelTimes(_ profiles: [ColumnProfile], table: DataTable) -> [ColumnProfile] {
        var result = profiles
        let subjects = profiles.indices.filter { profiles[$0].role == .code && (ColumnProfile.namesSubjects(profiles[$0].name) || profiles[$0].isInRuns) }
        guard !subjects.isEmpty else { return profiles }
        for t in profiles.indices
        where panelTimeNames.contains(profiles[t].name.lowercased()) && profiles[t].kind == .number && profiles[t].isWhole
            && (profiles[t].role == .code || profiles[t].role == .measure) && (3...30).contains(profiles[t].distinctCount)
        {
            guard let when = table.columns[t].numbers else { continue }
            for e in subjects where e != t {
                guard let who = table.columns[e].numbers else { continue }
                if let pairs = Self.uniquePairs(who, when), pairs >= 4 * profiles[t].distinctCount {
                    result[t].role = .time
                    break
                }
            }
        }
        return result
    }

    // MARK: - Choosing

    /// The x column and why: see the type's documentation.
    /// For measurements alone (a cross-section: x is the first measure, in no order), the
    /// outcome that goes on y and the measure that explains it, which goes on x
    /// (`outcome(table:profiles:measures:)`); nil otherwise.
    /// So are the measures of a table whose rows a text column names (cars, states, athletes),
    /// when there are more rows than `categoryBarLimit`: bars of each measure for each name
    /// would be a comb no one reads.
    static func outcomeChoice(x: Int, why: String, table: DataTable, profiles: [ColumnProfile], firstIfUnclear: Bool = true) -> OutcomeChoice? {
        let namesRows = profiles[x].role == .category && table.rowCount > categoryBarLimit
        guard why == Self.firstMeasureReason || namesRows else { return nil }
        let measures = profiles.indices.filter {
            profiles[$0].role == .measure && (profiles[$0].distinctCount >= 2 || profiles[$0].presentCount < 10)
        }
        // A first measure in order (a dose, a day) is an axis, as it was written, unless its
        // name says it is the outcome of several measures (Somerville's visits, sorted).
        guard namesRows || !profiles[x].isNondecreasing || (measures.count >= 3 && Self.namedAsOutcome(profiles[x].name)) else { return nil }
        guard var choice = Self.outcome(table: table, profiles: profiles, measures: measures, firstIfUnclear: firstIfUnclear) else {
            // Two measures of rows named one each (mammals' body and brain weights): one against
            // the other, as written, not one measure's bars.
            guard namesRows, measures.count == 2 else { return nil }
            return OutcomeChoice(
                outcome: measures[1], outcomeReason: "the second of two measures", x: measures[0],
                xReason: "measurements: the first of two; \(profiles[x].name) names the rows, one each, too many for bars")
        }
        if namesRows { choice.xReason += "; \(profiles[x].name) names the rows, one each, too many for bars" }
        return choice
    }

    /// The most rows whose names (a text column with a value per row) make a chart's bars when
    /// the table has other measures too; more are charted as a cross-section.
    static let categoryBarLimit = 12

    /// The most values of a code whose rows' one measure is compared in boxes.
    static let comparedCodeLimit = 12
    /// How the reason for such an x begins: its plan has no groups (the boxes are the groups).
    static let comparedCodesReason = "codes of "

    /// The share of the variance of `values` between the values of `codes` (η²): 0 when the
    /// code says nothing about them, 1 when it decides them. Rows where either is missing are
    /// left out. O(rows).
    static func shareBetween(_ values: [Double], by codes: [Double]) -> Double {
        var sums: [Double: (total: Double, count: Double)] = [:]
        var total = 0.0, count = 0.0
        for (v, c) in zip(values, codes) where v.isFinite && c.isFinite {
            sums[c, default: (0, 0)].total += v
            sums[c, default: (0, 0)].count += 1
            total += v
            count += 1
        }
        guard count > 1 else { return 0 }
        let mean = total / count
        var within = 0.0, all = 0.0
        for (v, c) in zip(values, codes) where v.isFinite && c.isFinite {
            let groupMean = sums[c]!.total / sums[c]!.count
            within += (v - groupMean) * (v - groupMean)
            all += (v - mean) * (v - mean)
        }
        return all > 0 ? 1 - within / all : 0
    }

    /// Why x is the first measurement (the fallback for a table of measurements).
    static let firstMeasureReason = "measurements: the first column of numbers"

    /// The x column and why: see the type's documentation.
    static func chooseX(table: DataTable, profiles: [ColumnProfile], kind: ChartKind?, comparesCodes: Bool = false) -> (Int, String) {
        let indices = profiles.indices
        // Text categories when the kind asks for them.
        if let kind, kind.wantsCategories, let c = indices.first(where: { profiles[$0].role == .category }) {
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
            return (t, profiles[t].kind == .date ? "dates" : profiles[t].isYearLike ? "years" : "times of a study's subjects")
        }
        if let c = indices.first(where: { profiles[$0].role == .category }) { return (c, "text with a value per row") }
        // A column named x is x; an increasing key when it comes first or is named as one.
        if let named = indices.first(where: { profiles[$0].name.lowercased() == "x" && profiles[$0].kind != .text }) {
            return (named, "named x")
        }
        // A growing key that is not a row number (flight numbers, ids in order) indexes the rows.
        if let k = indices.first(where: {
            profiles[$0].role == .key && !profiles[$0].isRowNumber && ($0 == 0 || ColumnProfile.keyNames.contains(profiles[$0].name.lowercased()))
        }) {
            return (k, "whole numbers that only grow")
        }
        if let d = indices.first(where: { profiles[$0].role == .datePart && profiles[$0].isNondecreasing }) {
            return (d, "part of a date, in order")
        }
        // A column of one value (colon's study: 1 in every row) is no axis.
        let measures = indices.filter { profiles[$0].role == .measure && (profiles[$0].distinctCount >= 2 || profiles[$0].presentCount < 10) }
        // Kinds that read several columns per record (a trading range's open…close) keep the
        // rows in order along their numbers.
        if let kind, kind.readsRecordsInOrder, let k = indices.first(where: { profiles[$0].role == .key }) {
            return (k, "row numbers: the records in order")
        }
        if measures.count >= 2 { return (measures[0], Self.firstMeasureReason) }
        if let t = bestTime { return (t, profiles[t].kind == .date ? "dates" : "years") }
        // Text of few values repeating (categories to sum or count) before text of many.
        if let text = indices.first(where: { profiles[$0].role == .group }) { return (text, "text of \(profiles[text].distinctCount) values") }
        if let text = indices.first(where: { profiles[$0].kind == .text }) { return (text, "the first text column") }
        // One measure and whole-number codes of a few values with several rows each (Michelson's
        // experiments 1…5, medpar's admission types): the measure's spread in each, a box each.
        // Of several codes, the one that tells the measure's values apart most (the largest share
        // of its variance between the code's values: npk's nitrogen, not its blocks).
        if comparesCodes, kind == nil, measures.count == 1, let values = table.columns[measures[0]].numbers {
            let codes = indices.filter { i in
                let p = profiles[i]
                return p.role == .code && p.kind == .number && !ColumnProfile.namesSubjects(p.name)
                    && (2...comparedCodeLimit).contains(p.distinctCount) && p.presentCount >= 3 * p.distinctCount
            }
            let explained = codes.map { (index: $0, score: Self.shareBetween(values, by: table.columns[$0].numbers ?? [])) }
            if let best = explained.max(by: { $0.score < $1.score || ($0.score == $1.score && $0.index > $1.index) }) {
                return (best.index, comparedCodesReason + "\(profiles[best.index].distinctCount) values: \(profiles[measures[0]].name) compared across them")
            }
        }
        // Growing whole numbers, then row numbers last: the chart of a table's only measure
        // against its rows.
        if let k = indices.first(where: { profiles[$0].role == .key && !profiles[$0].isRowNumber }) {
            return (k, "whole numbers that only grow")
        }
        if let k = indices.first(where: { profiles[$0].role == .key }) { return (k, "row numbers: nothing else to chart along") }
        return (0, "the first column")
    }

    /// Whether a column could be charted as a series of some x: numbers that are not a date, a
    /// year, a row number or a named id.
    static func couldBeSeries(_ p: ColumnProfile) -> Bool {
        guard p.kind == .number else { return false }
        switch p.role {
        case .measure, .datePart, .code: return true
        case .key: return !p.isRowNumber && !ColumnProfile.keyNames.contains(p.name.lowercased())
        case .time, .category, .group, .label, .empty: return false
        }
    }

    /// Whether time column `t` says when each row happened rather than sorting measurements
    /// into a few batches (penguins measured in 2007, 2008 and 2009): dates always do (two or
    /// more of them); years when there are 20 distinct or more, or one for every second row, or
    /// they tell the rows of some text or code column apart (gapminder's years within each country).
    static func indexesRows(_ t: Int, table: DataTable, profiles: [ColumnProfile]) -> Bool {
        let p = profiles[t]
        guard p.distinctCount >= 2 else { return false }
        if p.kind == .date || p.distinctCount >= 20 || p.distinctCount * 2 >= p.presentCount { return true }
        guard let times = table.columns[t].numbers else { return false }
        // Or the subjects of a panel numbered by a code (a firm's years: EmplUK's firm, year).
        for (g, column) in table.columns.enumerated() where g != t && (profiles[g].kind == .text || profiles[g].role == .code || profiles[g].isInRuns) {
            let names = ValueNames.names(of: column)
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

    /// What the rows split by.
    enum GroupChoice {
        /// By this column, for this reason.
        case column(Int, String)
        /// Long format, but by a column of more values than a chart can tell apart.
        case tooMany(Int)
    }

    /// The group column for x column `x`; nil when the rows form no groups. For a time or key
    /// x, long format: a text column of few values (or a column of whole-number codes) across
    /// whose values x repeats, preferring one within whose groups x is unique; `.tooMany` when
    /// only a text column of more values than `groupLimit` does that. For measurements: the
    /// first text column of few values (up to 20, which the palette tells apart), else a code of
    /// up to 10. Never one of `named`, the columns the user named as y.
    static func chooseGroup(table: DataTable, profiles: [ColumnProfile], x: Int, excluding named: Set<Int> = []) -> GroupChoice? {
        guard let xs = table.columns[x].numbers else { return nil }
        let xProfile = profiles[x]
        if xProfile.role == .measure || xProfile.role == .datePart {
            if let g = profiles.indices.first(where: { $0 != x && profiles[$0].role == .group && profiles[$0].distinctCount <= 20 }) {
                return .column(g, "text of \(profiles[g].distinctCount) values")
            }
            if let g = profiles.indices.first(where: {
                $0 != x && !named.contains($0) && profiles[$0].role == .code && profiles[$0].distinctIsExact && profiles[$0].distinctCount <= codeColourLimit
            }) {
                return .column(g, "codes of \(profiles[g].distinctCount) values")
            }
            return nil
        }
        // Long format needs x to repeat.
        guard xProfile.distinctCount < xProfile.presentCount else { return nil }
        let candidates = profiles.indices.filter { g in
            g != x && !named.contains(g)
                && (profiles[g].role == .group
                    || (profiles[g].role == .code && profiles[g].distinctCount >= 2
                        && profiles[g].distinctCount <= entityLineLimit))
        }
        var repeating: [Int] = [], unique: [Int] = []
        for g in candidates {
            let (repeats, isUnique) = Self.repeats(xs, across: table.columns[g])
            if repeats { repeating.append(g) }
            if repeats && isUnique { unique.append(g) }
        }
        if let g = unique.first {
            return .column(g, "long format: \(profiles[x].name) repeats across its \(profiles[g].distinctCount) values, once within each")
        }
        if let g = repeating.first {
            return .column(g, "long format: \(profiles[x].name) repeats across its \(profiles[g].distinctCount) values")
        }
        // Too many to tell apart: 60 symbols over the same dates.
        for g in profiles.indices where g != x && profiles[g].role == .label && profiles[g].kind == .text {
            let (repeats, isUnique) = Self.repeats(xs, across: table.columns[g])
            if repeats && isUnique { return .tooMany(g) }
        }
        return nil
    }

    /// The most values of a column of whole-number codes that colours split measurements by:
    /// more colours than this in one cloud of points tell no story (birth order, family size).
    static let codeColourLimit = 5
    /// The most subjects numbered by a code (a panel's firms, states) drawn as a line each over
    /// time; more are drawn as their mean at each time.
    static let entityLineLimit = 12

    /// Whether an x value appears with two values of `column` (long format), and whether each
    /// x value appears at most once per value of it. O(rows).
    static func repeats(_ xs: [Double], across column: DataColumn) -> (repeats: Bool, unique: Bool) {
        let names = ValueNames.names(of: column)
        var firstName: [Double: String] = [:]
        var pairs = Set<TextAndNumber>()
        var repeats = false, unique = true
        for row in xs.indices where xs[row].isFinite {
            let name = names[row]
            if let seen = firstName[xs[row]] {
                if seen != name { repeats = true }
            } else {
                firstName[xs[row]] = name
            }
            if unique && !pairs.insert(TextAndNumber(text: name, number: xs[row])).inserted { unique = false }
        }
        return (repeats, unique)
    }

    /// The series: those named (numbers only), else the columns of numbers that are measures
    /// (ids, codes, years and parts of a date next to a date left out, in `reasons`); with
    /// groups, the first. Codes when nothing else is left. Throws when there is none.
    static func chooseSeries(
        profiles: [ColumnProfile], x: Int, group: Int?, named: [Int]?, preferred: Int? = nil, countsRows: Bool = false,
        reasons: inout [String], source: String
    ) throws(DataError) -> [Int] {
        if let named {
            for i in named where profiles[i].kind == .text {
                throw DataError.unusable(path: source, message: "column '\(profiles[i].name)' holds text, not numbers")
            }
            guard !named.isEmpty else { throw DataError.unusable(path: source, message: "give at least one column with --y") }
            return named
        }
        let xProfile = profiles[x]
        let noRows = profiles.first.map { $0.rowCount == 0 } ?? true
        func eligible(_ i: Int) -> Bool {
            let p = profiles[i]
            guard i != x, i != group, p.kind == .number else { return false }
            if noRows { return true }
            switch p.role {
            case .measure: return true
            case .key: return !p.isRowNumber && !ColumnProfile.keyNames.contains(p.name.lowercased())
            case .datePart: return xProfile.role != .time && xProfile.role != .datePart
            case .time, .code, .category, .group, .label, .empty: return false
            }
        }
        var series = profiles.indices.filter(eligible)
        // A column of one value says nothing along x, when another column varies.
        // (Over ten rows: in two or three, one value may be chance.)
        func isConstant(_ i: Int) -> Bool { profiles[i].distinctCount < 2 && profiles[i].presentCount >= 10 }
        if series.contains(where: { !isConstant($0) }) { series.removeAll(where: isConstant) }
        // A column named y is y, whatever its values look like (x and y, as people name them).
        if let y = profiles.indices.first(where: { $0 != x && $0 != group && profiles[$0].kind == .number && profiles[$0].name.lowercased() == "y" }) {
            series.removeAll { $0 == y }
            series.insert(y, at: 0)
        }
        if series.isEmpty {
            series = profiles.indices.filter { $0 != x && $0 != group && profiles[$0].role == .code }
        }
        // A cross-section: its outcome alone, against the measure that explains it best (the
        // others would share its axis whatever their units).
        var otherMeasures: [Int] = []
        if let preferred, preferred != group, series.contains(preferred) {
            otherMeasures = series.filter { $0 != preferred }
            if !otherMeasures.isEmpty {
                reasons.append("not charted: " + otherMeasures.map { profiles[$0].name }.joined(separator: ", ") + " (other measures; --y names them)")
            }
            series = [preferred]
        }
        let charted = Set(series).union(otherMeasures)
        let skipped = profiles.indices.filter { $0 != x && $0 != group && profiles[$0].kind != .text && !charted.contains($0) }
        if !skipped.isEmpty {
            reasons.append("not charted: " + skipped.map { "\(profiles[$0].name) (\(profiles[$0].role.phrase))" }.joined(separator: ", "))
        }
        if group != nil && series.count > 1 {
            reasons.append("with groups, one series: \(profiles[series[0]].name); --y names others")
            series = [series[0]]
        }
        // Text categories and nothing to measure: the chart counts their rows.
        if series.isEmpty && countsRows { return [] }
        guard !series.isEmpty else {
            let hasNumbers = profiles.contains { $0.kind == .number && $0.presentCount > 0 }
            throw DataError.unusable(
                path: source,
                message: hasNumbers
                    ? "no column of numbers to chart besides '\(xProfile.name)'; give --y COLUMN"
                    : "no column holds numbers to chart (the columns are: \(profiles.map(\.name).joined(separator: ", ")))")
        }
        return series
    }

    /// The kind for x column `x`, when the user named none, and the reason it adds. A time that
    /// repeats within a series gives a line of its means when `averagesTimes` (groups were
    /// detected, not turned off by the user), else points.
    static func chooseKind(
        table: DataTable, profiles: [ColumnProfile], x: Int, series: [Int], groupOfRow: [Int], tooManyGroups: Bool,
        averagesTimes: Bool = true, comparesCodes: Bool = false, reasons: inout [String]
    ) -> ChartKind {
        let xProfile = profiles[x]
        if xProfile.kind == .text || table.rowCount == 0 {
            reasons.append(xProfile.kind == .text ? "bars: x is text" : "line: no rows")
            return xProfile.kind == .text ? .bar : .line
        }
        if hasTradingColumns(table, x: x) {
            reasons.append("candlestick: columns open, high, low and close")
            return .candlestick
        }
        if tooManyGroups {
            reasons.append("points: x repeats across series too many to draw apart")
            return .scatter
        }
        // One measure across a code's few values, several rows each: a box per value (x is
        // such a code only by `chooseX`'s rule, with nothing named).
        if comparesCodes, xProfile.role == .code, series.count == 1, groupOfRow.isEmpty, (2...comparedCodeLimit).contains(xProfile.distinctCount),
            xProfile.presentCount >= 3 * xProfile.distinctCount
        {
            reasons.append("box: \(profiles[series[0]].name)'s spread at each of the \(xProfile.distinctCount) values of \(xProfile.name)")
            return .box
        }
        // One column of numbers along the row numbers that are no order of its own (a sample:
        // river lengths, survival times sorted by hand): its distribution, not a line.
        // Only along rows numbered by the file's tool (R's row names, pandas' index): a column
        // the user named (x, t, i) orders the rows, and so do live rows.
        if xProfile.role == .key && xProfile.isRowNumber, Self.unnamedRowNumbers.contains(xProfile.name.lowercased()), groupOfRow.isEmpty,
            let values = series.first.flatMap({ table.columns[$0].numbers }),
            series.count == 1, Self.isASampleNotASignal(values)
        {
            reasons.append("histogram: one column of numbers whose row order says nothing (no signal from row to row)")
            return .histogram
        }
        // A line needs an x that does not repeat within its series: through repeated x it is
        // drawn as vertical spikes. Times that repeat are averaged (a panel's years); other
        // numbers are points.
        // Times repeating in a few rows (an hour twice when clocks go back) are no panel: their
        // line is drawn as before, through the rows in order.
        let unique =
            xProfile.role == .time
            ? Self.repeatsAreRare(table.columns[x], groupOfRow: groupOfRow)
            : Self.isUniqueWithinGroups(table.columns[x], groupOfRow: groupOfRow)
        let within = groupOfRow.isEmpty ? "" : " within each group"
        if unique && Self.neverDecreases(table.columns[x], groupOfRow: groupOfRow) {
            // Measurements in x order (cloth's lengths, faults) are points unless each value
            // follows from the one before (a dose-response curve, a spectrum): a line joins
            // neighbours only when they are related.
            if xProfile.role == .measure, groupOfRow.isEmpty, let first = series.first, let values = table.columns[first].numbers,
                Self.isASampleNotASignal(values)
            {
                reasons.append("points: x never decreases, but \(profiles[first].name) does not follow from one row to the next")
                return .scatter
            }
            reasons.append("line: x never decreases\(within)")
            return .line
        }
        if xProfile.role == .time && (unique || averagesTimes) {
            reasons.append(
                unique
                    ? "line: dates that do not repeat\(groupOfRow.isEmpty ? "" : " within a group"), drawn in date order"
                    : "line: \(xProfile.name) is a time")
            return .line
        }
        reasons.append(
            unique || !Self.neverDecreases(table.columns[x], groupOfRow: groupOfRow)
                ? "points: x goes back and forth" : "points: x repeats\(within) (a line through it would be spikes)")
        return .scatter
    }

    /// The names a tool gives the rows' numbers it writes without a name of their own: R's
    /// `write.csv` (an empty name, read as "column 1"), Rdatasets' `rownames`, pandas' index.
    static let unnamedRowNumbers: Set<String> = ["column 1", "rownames", "unnamed: 0"]

    /// Whether `values` (in row order) are a sample whose order says nothing rather than a
    /// signal: with little correlation from one row to the next (|lag-1 autocorrelation| under 0.5: R's river lengths have 0.40, a sensor's signal 0.9).
    /// Ten rows or more. O(n).
    static func isASampleNotASignal(_ values: [Double]) -> Bool {
        let present = values.filter(\.isFinite)
        guard present.count >= 10 else { return false }
        let mean = present.reduce(0, +) / Double(present.count)
        var lagged = 0.0, total = 0.0
        for (a, b) in zip(present, present.dropFirst()) { lagged += (a - mean) * (b - mean) }
        for a in present { total += (a - mean) * (a - mean) }
        guard total > 0 else { return false }
        return abs(lagged / total) < 0.5
    }

    /// Whether columns of numbers besides x are called open, high, low and close (ignoring
    /// case): prices, drawn as candlesticks.
    static func hasTradingColumns(_ table: DataTable, x: Int) -> Bool {
        let names = Set(table.columns.indices.filter { $0 != x && table.columns[$0].numbers != nil }.map { table.columns[$0].name.lowercased() })
        return ["open", "high", "low", "close"].allSatisfy(names.contains)
    }

    /// Whether `column`'s present values never decrease in row order within each group. O(rows),
    /// no allocation but a number per group.
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

    /// The share of rows a time must repeat in, within its series, for its rows to be averaged
    /// at each time (a panel's years, polls of one day) rather than joined as they come: under
    /// it, a long series with a handful of repeated times (an hour twice when clocks go back,
    /// in a year of hours), whose joins are a pixel wide.
    static let panelRepeatShare = 0.01

    /// The fewest rows of a series whose few repeated times are joined as they come.
    static let longSeriesRows = 1_000

    /// How often the present values of `column` repeat an earlier one within their group: the
    /// present values and the repeats among them, or nil when `column` holds no numbers. O(rows)
    /// expected, a set of the values.
    static func repeats(_ column: DataColumn, groupOfRow: [Int]) -> (present: Int, repeated: Int)? {
        guard let values = column.numbers else { return nil }
        struct Key: Hashable {
            var group: Int
            var value: Double
        }
        var seen = Set<Key>()
        var present = 0, repeated = 0
        for (row, v) in values.enumerated() where v.isFinite {
            present += 1
            if !seen.insert(Key(group: groupOfRow.isEmpty ? 0 : groupOfRow[row], value: v)).inserted { repeated += 1 }
        }
        return (present, repeated)
    }

    /// Whether the present values of `column` repeat an earlier one within their group in
    /// under `panelRepeatShare` of `longSeriesRows` rows or more, or never (true for a column
    /// of no numbers). O(rows) expected.
    static func repeatsAreRare(_ column: DataColumn, groupOfRow: [Int]) -> Bool {
        guard let (present, repeated) = repeats(column, groupOfRow: groupOfRow) else { return true }
        return repeated == 0 || (present >= longSeriesRows && Double(repeated) < panelRepeatShare * Double(present))
    }

    /// Whether no present value of `column`, a column of numbers, repeats within a group. O(rows) expected.
    static func isUniqueWithinGroups(_ column: DataColumn, groupOfRow: [Int]) -> Bool {
        repeats(column, groupOfRow: groupOfRow)?.repeated == 0
    }
}

extension ColumnProfile.Role {
    /// The role in words, for messages.
    var phrase: String {
        switch self {
        case .time: "a date or year"
        case .key: "an id"
        case .datePart: "part of a date"
        case .code: "a code"
        case .category: "categories"
        case .group: "groups"
        case .label: "text"
        case .measure: "numbers"
        case .empty: "empty"
        }
    }
}
