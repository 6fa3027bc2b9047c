import ChartCore

/// Views thinned in the server: one `GROUP BY` per view over the rows of its x range, which a
/// `Distributed` table runs on every shard at once (each shard groups its own rows, the node
/// asked merges the groups), so what travels is a few records per pixel column.
extension ClickHouseDatabase: ViewAggregating {
    /// One pass over the table (the engine's own `min`, `max`, `count`); a second over the
    /// columns concerned when a series holds NaN (whose `min` and `max` depend on where it
    /// lies) or rows without a value (the x extent counts only rows with one).
    public func summary(of table: AggregatedTable) throws(DataError) -> AggregatedTable.Summary {
        let x = numberExpression(table.x, isDate: table.xIsDate)
        let ys = table.ys.map { "toFloat64(\($0))" }
        let from = "FROM \(table.source) WHERE \(table.x) IS NOT NULL"
        let list = ys.map { "min(\($0)), max(\($0)), toFloat64(count(\($0))), toFloat64(sum(isNaN(\($0))))" }
        guard var row = try numbers("SELECT min(\(x)), max(\(x)), toFloat64(count()), \(list.joined(separator: ", ")) \(from)").first, row[2] > 0 else {
            throw DataError.unusable(path: name, message: "the query returned no rows with an x value")
        }
        let hasNaN = ys.indices.map { row[6 + 4 * $0] > 0 }
        if hasNaN.contains(true) {
            let finite = ys.map { "minIf(\($0), isFinite(\($0))), maxIf(\($0), isFinite(\($0)))" }
            if let again = try numbers("SELECT \(finite.joined(separator: ", ")) \(from)").first {
                for s in ys.indices { (row[3 + 4 * s], row[4 + 4 * s]) = (again[2 * s], again[2 * s + 1]) }
            }
        }
        // The x range of the rows with a value, as a plot that loads every row fits.
        if ys.indices.contains(where: { row[5 + 4 * $0] < row[2] }) {
            let valued = table.ys.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
            guard let ends = try numbers("SELECT min(\(x)), max(\(x)), toFloat64(count()) \(from) AND (\(valued))").first, ends[2] > 0 else {
                throw DataError.unusable(path: name, message: "the query returned no rows with an x value and a y value")
            }
            (row[0], row[1]) = (ends[0], ends[1])
        }
        let values = ys.indices.map { s in row[3 + 4 * s] <= row[4 + 4 * s] ? PlotRange(row[3 + 4 * s], row[4 + 4 * s]) : nil }
        return AggregatedTable.Summary(x: PlotRange(row[0], row[1]), values: values, rows: Int(row[2]), hasNaN: hasNaN)
    }

    /// Three queries, each grouping where the rows are: per half column of the view (and one
    /// group each for the rows within a view's width before and after it) the count, NULLs,
    /// the extremes of x and of y and the x of a lowest and a highest row; the rows at the first
    /// and last x of each half column (a seek by x), whose y settles ties in x and who has a
    /// twin; and the first x of each lowest and highest value (the server's `argMin` picks any
    /// of several rows holding it). Half columns with a gap are read row by row.
    public func lineRecords(
        of table: AggregatedTable, series s: Int, for request: ViewDataRequest, record: (Double, Double) -> Void
    ) throws(DataError) -> Int {
        let x = numberExpression(table.x, isDate: table.xIsDate), y = "toFloat64(\(table.ys[s]))"
        let lo = request.xRange.lower, hi = request.xRange.upper
        let from = "FROM \(table.source) WHERE \(table.x) IS NOT NULL"
        // Rows in the order of records: x, then y with NULL and NaN last.
        var records: [Candidate] = []
        let extent = table.summary?.x
        let width = max(hi - lo, abs(hi) * 1e-12, 1e-300)
        func neighbours() throws(DataError) -> (Candidate?, Candidate?) {
            (
                extent.map { $0.lower >= lo } ?? false ? nil : try neighbour(x: x, y: y, from: from, beyond: lo, below: true, width: width),
                extent.map { $0.upper <= hi } ?? false ? nil : try neighbour(x: x, y: y, from: from, beyond: hi, below: false, width: width)
            )
        }
        guard !request.x.isLogarithmic else {
            // log10 in the server need not round as Swift's does: every row in view is read.
            let (before, after) = try neighbours()
            try rawRows(x: x, y: y, from: from, in: (lo, hi), buckets: nil) { records.append($0) }
            for candidate in [before].compactMap({ $0 }) + records + [after].compactMap({ $0 }) { record(candidate.x, candidate.y) }
            return records.count + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
        }
        // A view of few rows is read row by row, with a view's width of rows on each side for
        // its neighbours: one query that the table's order on x answers with a seek.
        if let summary = table.summary, summary.x.upper > summary.x.lower,
            Double(summary.rows) * (hi - lo) / (summary.x.upper - summary.x.lower) <= Double(Self.rowByRowViews)
        {
            var before: Candidate?, after: Candidate?
            try rawRows(x: x, y: y, from: from, in: (lo - width, hi + width), buckets: nil) { row in
                if row.x < lo {
                    before = row
                } else if row.x > hi {
                    if after == nil { after = row }
                } else {
                    records.append(row)
                }
            }
            if before == nil || after == nil {
                let (b, a) = try neighbours()
                before = before ?? b
                after = after ?? a
            }
            for candidate in [before].compactMap({ $0 }) + records + [after].compactMap({ $0 }) { record(candidate.x, candidate.y) }
            return records.count + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
        }
        let bucket =
            "toInt64(multiIf(\(x) < \(Self.literal(lo)), -4e18, \(x) > \(Self.literal(hi)), 4e18, "
            + "floor(2 * (\(x) * \(Self.literal(request.x.factor)) + \(Self.literal(request.x.offset))))))"
        let countsNaN = table.summary?.hasNaN[s] ?? true
        let sql = """
            SELECT toFloat64(\(bucket) AS chartview_b), toFloat64(count()), toFloat64(count(\(y))),
              min(\(x)), max(\(x)), min(\(y)), max(\(y)), argMin(\(x), \(y)), argMax(\(x), \(y)),
              \(countsNaN ? "toFloat64(countIf(isNaN(\(y))))" : "0.")
            \(from) AND \(x) >= \(Self.literal(lo - width)) AND \(x) <= \(Self.literal(hi + width))
            GROUP BY chartview_b
            """
        struct Column { var b: Double, first: Double, last: Double, low: Double, high: Double, lowX: Double, highX: Double }
        var columns: [Column] = []
        var gapBuckets: [Double] = []
        var inView = 0
        var beforeX: Double?, afterX: Double?
        for row in try numbers(sql) {
            let b = row[0]
            if b < -1e18 { beforeX = row[4]; continue }
            if b > 1e18 { afterX = row[3]; continue }
            inView += Int(row[1])
            // A gap: NULL, NaN, or a value a scale cannot show (a log scale's zero and below).
            if row[2] < row[1] || row[9] > 0 || !(row[5] > request.y.floor) || !(row[3] > request.x.floor) {
                gapBuckets.append(b)
            } else {
                columns.append(Column(b: b, first: row[3], last: row[4], low: row[5], high: row[6], lowX: row[7], highX: row[8]))
            }
        }
        // Every y at the first and last x of each half column and at the neighbours' (a seek by x).
        var at: [Double: [Double]] = [:]
        let edges = Set(columns.flatMap { [$0.first, $0.last] } + [beforeX, afterX].compactMap { $0 })
        if !edges.isEmpty {
            for row in try numbers(
                "SELECT \(x) AS chartview_x, groupArray(ifNull(\(y), nan)) \(from) AND chartview_x IN (\(edges.sorted().map(Self.literal).joined(separator: ", ")))"
                    + " GROUP BY chartview_x")
            {
                at[row[0]] = Array(row.dropFirst())
            }
        }
        // The first x of each lowest and highest value where a row before the one the server
        // named could hold it too: the rows in view holding one of those values (few), grouped
        // by half column and value.
        var firstTied: [Double: [Double: Double]] = [:]
        let ties = columns.flatMap { c in [(c.low, c.lowX), (c.high, c.highX)].filter { $0.1 > c.first }.map(\.0) }
        if !ties.isEmpty {
            for row in try numbers(
                "SELECT toFloat64(\(bucket) AS chartview_b), \(y) AS chartview_y, min(\(x)) \(from) AND \(x) >= \(Self.literal(lo)) AND \(x) <= \(Self.literal(hi))"
                    + " AND chartview_y IN (\(Set(ties).sorted().map(Self.literal).joined(separator: ", "))) GROUP BY chartview_b, chartview_y")
            {
                firstTied[row[0], default: [:]][row[1]] = row[2]
            }
        }
        /// The ys at `x` in record order (NaN last).
        func ys(_ x: Double) -> [Double] {
            let values = at[x] ?? []
            return values.filter { !$0.isNaN }.sorted() + values.filter(\.isNaN)
        }
        for c in columns {
            // First, lowest and highest are each the first of the rows equal to it (in record
            // order equal rows are neighbours): the same record when equal. Last is the last of
            // them: another record than an equal first, lowest or highest when it has a twin.
            let firstY = ys(c.first).first ?? c.low
            let lastYs = ys(c.last)
            let lastY = lastYs.last ?? c.high
            // The first x holding `value`: the server's, another row's before it, or an edge's.
            func firstX(holding value: Double, serverX: Double) -> Double {
                var found = min(serverX, firstTied[c.b]?[value] ?? serverX)
                for edge in [c.first, c.last] where edge < found && ys(edge).contains(value) { found = edge }
                return found
            }
            var picks: [Candidate] = []
            for p in [
                Candidate(x: c.first, y: firstY), Candidate(x: firstX(holding: c.low, serverX: c.lowX), y: c.low),
                Candidate(x: firstX(holding: c.high, serverX: c.highX), y: c.high)
            ] where !picks.contains(p) {
                picks.append(p)
            }
            let last = Candidate(x: c.last, y: lastY)
            if !picks.contains(last) || lastYs.filter({ $0 == lastY }).count > 1 { picks.append(last) }
            records += picks
        }
        // Half columns with a gap: every row (runs between gaps are thinned on their own).
        if !gapBuckets.isEmpty {
            try rawRows(x: x, y: y, from: from, in: (lo, hi), buckets: (bucket, gapBuckets)) { records.append($0) }
        }
        // The rows beyond the view's edges: the last before it, the first after it.
        var before = beforeX.map { Candidate(x: $0, y: ys($0).last ?? .nan) }
        var after = afterX.map { Candidate(x: $0, y: ys($0).first ?? .nan) }
        if before == nil || after == nil {
            let (b, a) = try neighbours()
            before = before ?? b
            after = after ?? a
        }
        // (Equal rows cannot be told apart: their order among themselves does not matter.)
        records.sort()
        if let before { record(before.x, before.y) }
        for candidate in records { record(candidate.x, candidate.y) }
        if let after { record(after.x, after.y) }
        return inView + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
    }

    public func scatterRecords(
        of table: AggregatedTable, series s: Int, for request: ViewDataRequest, record: (Double, Double) -> Void
    ) throws(DataError) -> (values: PlotRange, locations: PlotRange)? {
        guard case .scatterPixels(let area, let reach, let snapHalf) = request.thinning else {
            preconditionFailure("scatterRecords answers points' requests")
        }
        let x = numberExpression(table.x, isDate: table.xIsDate), y = "toFloat64(\(table.ys[s]))"
        let reached = request.reachedXRange, view = request.xRange
        let from = "FROM \(table.source) WHERE \(table.x) IS NOT NULL"
        let valid = "\(y) > \(Self.literal(request.y.floor)) AND \(x) > \(Self.literal(request.x.floor))"
        let inView = "chartview_x >= \(Self.literal(view.lower)) AND chartview_x <= \(Self.literal(view.upper)) AND isFinite(chartview_y)"
        // The pixel of each point, computed in steps (the server names a column by its whole
        // expression: nested, it would grow with every use of a part).
        let devices: String, keys: String, groups: String
        if request.x.isLogarithmic || request.y.isLogarithmic {
            // log10 in the server need not round as Swift's does: one group per row.
            (devices, keys, groups) = ("", "", "chartview_x, chartview_y")
        } else {
            let half = Self.literal(snapHalf ?? 0)
            func device(_ value: String, _ mapping: AxisMapping, _ name: String) -> String {
                ", (\(value) * \(Self.literal(mapping.factor)) + \(Self.literal(mapping.offset))) - \(half) AS \(name)"
            }
            func pixel(_ v: String, _ edge: Double) -> String {
                guard snapHalf != nil else { return "floor(\(v) - \(Self.literal(edge)))" }
                // ScatterPlot.snapped: (device - half) rounded half away from zero, + half.
                let rounded = "if(\(v) >= 0, floor(\(v)) + (\(v) - floor(\(v)) >= 0.5), -(floor(-\(v)) + (-\(v) - floor(-\(v)) >= 0.5)))"
                return "floor((\(rounded) + \(half)) - \(Self.literal(edge)))"
            }
            devices = device("chartview_x", request.x, "chartview_vx") + device("chartview_y", request.y, "chartview_vy")
            // Points above or below the grid fall into one group per column on each side.
            let rows = Int(area.height.rounded(.up)) + 2 * max(1, reach) + 2
            keys =
                ", \(pixel("chartview_vx", area.minX)) AS chartview_kx, least(greatest(\(pixel("chartview_vy", area.minY)), -\(rows)), \(rows)) AS chartview_ky"
            groups = "chartview_kx, chartview_ky"
        }
        let sql = """
            SELECT tupleElement(min((chartview_x, chartview_y)) AS chartview_first, 1), tupleElement(chartview_first, 2),
              minIf(chartview_y, chartview_in), maxIf(chartview_y, chartview_in), minIf(chartview_x, chartview_in), maxIf(chartview_x, chartview_in),
              toFloat64(countIf(chartview_in))
            FROM (
              SELECT chartview_x, chartview_y, \(inView) AS chartview_in\(keys)
              FROM (
                SELECT chartview_x, chartview_y\(devices)
                FROM (
                  SELECT \(x) AS chartview_x, assumeNotNull(\(y)) AS chartview_y
                  \(from) AND \(y) IS NOT NULL AND \(valid)
                    AND \(x) >= \(Self.literal(reached.lower)) AND \(x) <= \(Self.literal(reached.upper))
                )
              )
            )
            GROUP BY \(groups)
            """
        var records: [Candidate] = []
        var low = Double.infinity, high = -Double.infinity, first = Double.infinity, last = -Double.infinity
        for row in try numbers(sql) {
            records.append(Candidate(x: row[0], y: row[1]))
            if row[6] > 0 {
                low = min(low, row[2]); high = max(high, row[3])
                first = min(first, row[4]); last = max(last, row[5])
            }
        }
        records.sort()
        for candidate in records { record(candidate.x, candidate.y) }
        return low <= high ? (PlotRange(low, high), PlotRange(first, last)) : nil
    }

    /// The most rows (as the summary's density estimates them) a line's view reads row by row
    /// rather than grouped: fewer rows than this cost less to send than two more passes.
    static let rowByRowViews = 100_000

    /// A row as records are ordered: by x, then by y with NaN (NULL) last.
    private struct Candidate: Comparable {
        var x: Double, y: Double

        static func < (a: Candidate, b: Candidate) -> Bool {
            if a.x != b.x { return a.x < b.x }
            if a.y.isNaN || b.y.isNaN { return !a.y.isNaN && b.y.isNaN }
            return a.y < b.y
        }

        static func == (a: Candidate, b: Candidate) -> Bool {
            a.x == b.x && (a.y == b.y || (a.y.isNaN && b.y.isNaN))
        }
    }

    /// The last row before `edge` (`below`) or the first after it, searched in windows of
    /// `width` growing 16-fold (each a range the table's key can seek), as a candidate; nil when
    /// there is none.
    private func neighbour(x: String, y: String, from: String, beyond edge: Double, below: Bool, width: Double) throws(DataError) -> Candidate? {
        let order = below ? "DESC" : "ASC"
        var window = max(width, 1e-300)
        for _ in 0..<64 {
            let bound = below ? edge - window : edge + window
            let range =
                below ? "\(x) < \(Self.literal(edge)) AND \(x) >= \(Self.literal(bound))" : "\(x) > \(Self.literal(edge)) AND \(x) <= \(Self.literal(bound))"
            let rows = try numbers(
                "SELECT \(x) AS chartview_x, \(y) AS chartview_y \(from) AND \(range) ORDER BY chartview_x \(order), isNull(chartview_y) \(order), chartview_y \(order) LIMIT 1"
            )
            if let row = rows.first { return Candidate(x: row[0], y: row[1]) }
            // Past every row: nothing more to find.
            let beyond = try numbers("SELECT toFloat64(count()) \(from) AND \(below ? "\(x) < \(Self.literal(bound))" : "\(x) > \(Self.literal(bound))")")
            if beyond.first?.first ?? 0 == 0 { return nil }
            window *= 16
        }
        return nil
    }

    /// Every row with x in `range` (in record order), or only those of half columns `buckets`
    /// (the expression that computes one, and its values).
    private func rawRows(
        x: String, y: String, from: String, in range: (Double, Double), buckets: (expression: String, values: [Double])?,
        _ body: (Candidate) -> Void
    ) throws(DataError) {
        var filter = "\(x) >= \(Self.literal(range.0)) AND \(x) <= \(Self.literal(range.1))"
        if let buckets {
            filter +=
                " AND \(buckets.expression.replacingOccurrences(of: "chartview_x", with: x)) IN (\(buckets.values.map(Self.literal).joined(separator: ", ")))"
        }
        try query(
            "SELECT \(x) AS chartview_x, \(y) AS chartview_y \(from) AND \(filter) ORDER BY chartview_x, isNull(chartview_y), chartview_y",
            seconds: timeLimit
        ) { count, columns in
            for r in 0..<count { body(Candidate(x: columns[0].numbers[r], y: columns[1].numbers[r])) }
            return true
        }
    }

    /// The rows of `sql`, whose columns are all numbers (or, last, an array of numbers, whose
    /// values end the row), as doubles (NaN for NULL).
    func numbers(_ sql: String) throws(DataError) -> [[Double]] {
        var rows: [[Double]] = []
        try query(sql, seconds: timeLimit) { count, columns in
            for r in 0..<count {
                var row: [Double] = []
                for column in columns {
                    if column.ends.isEmpty {
                        row.append(column.numbers.isEmpty ? .nan : column.numbers[r])
                    } else {
                        row += column.numbers[(r == 0 ? 0 : column.ends[r - 1])..<column.ends[r]]
                    }
                }
                rows.append(row)
            }
            return true
        }
        return rows
    }
}
