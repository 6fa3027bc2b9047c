import ChartCore

/// Views thinned in the server: one `GROUP BY` per view over the rows of its x range, which a
/// `Distributed` table runs on every shard at once (each shard groups its own rows, the node
/// asked merges the groups), so what travels is a few records per pixel column.
extension ClickHouseDatabase: ViewAggregating {
    public func summary(of table: AggregatedTable) throws(DataError) -> AggregatedTable.Summary {
        let x = numberExpression(table.x, isDate: table.xIsDate)
        let ys = table.ys.map { "minIf(toFloat64(\($0)), isFinite(toFloat64(\($0)))), maxIf(toFloat64(\($0)), isFinite(toFloat64(\($0))))" }
        // The x range of the rows with a value, as a plot that loads every row fits.
        let valued = table.ys.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
        let row = try numbers(
            "SELECT minIf(\(x), \(valued)), maxIf(\(x), \(valued)), toFloat64(count()), \(ys.joined(separator: ", "))"
                + " FROM (\(table.sql)) AS chartview_rows WHERE \(table.x) IS NOT NULL"
        ).first
        guard let row, row[2] > 0, row[0] <= row[1] else {
            throw DataError.unusable(path: name, message: "the query returned no rows with an x value")
        }
        let values = table.ys.indices.map { s in row[3 + 2 * s] <= row[4 + 2 * s] ? PlotRange(row[3 + 2 * s], row[4 + 2 * s]) : nil }
        return AggregatedTable.Summary(x: PlotRange(row[0], row[1]), values: values, rows: Int(row[2]))
    }

    public func lineRecords(
        of table: AggregatedTable, series s: Int, for request: ViewDataRequest, record: (Double, Double) -> Void
    ) throws(DataError) -> Int {
        let x = numberExpression(table.x, isDate: table.xIsDate), y = "toFloat64(\(table.ys[s]))"
        let lo = request.xRange.lower, hi = request.xRange.upper
        let from = "FROM (\(table.sql)) AS chartview_rows WHERE \(table.x) IS NOT NULL"
        // Rows in the order of records: x, then y with NULL and NaN last.
        var records: [Candidate] = []
        guard !request.x.isLogarithmic else {
            // log10 in the server need not round as Swift's does: every row in view is read.
            let before = try neighbour(x: x, y: y, from: from, beyond: lo, below: true, width: hi - lo)
            let after = try neighbour(x: x, y: y, from: from, beyond: hi, below: false, width: hi - lo)
            try rawRows(x: x, y: y, from: from, in: (before?.x ?? lo, after?.x ?? hi), buckets: nil) { records.append($0) }
            for candidate in records { record(candidate.x, candidate.y) }
            return records.count
        }
        let f = Self.literal(request.x.factor), o = Self.literal(request.x.offset)
        let bucket = "floor(2 * (chartview_x * \(f) + \(o)))"
        // A gap: NULL, NaN, or a value the scales cannot show (a log scale's zero and below).
        let gap = "NOT (chartview_y > \(Self.literal(request.y.floor))) OR NOT (chartview_x > \(Self.literal(request.x.floor)))"
        let width = max(hi - lo, abs(hi) * 1e-12, 1e-300)
        let sql = """
            SELECT chartview_b, toFloat64(count()), toFloat64(countIf(chartview_g)),
              tupleElement(minIf((chartview_x, chartview_y), NOT chartview_g) AS chartview_first, 1), tupleElement(chartview_first, 2),
              tupleElement(minIf((chartview_y, chartview_x), NOT chartview_g) AS chartview_low, 2), tupleElement(chartview_low, 1),
              -tupleElement(maxIf((chartview_y, -chartview_x), NOT chartview_g) AS chartview_high, 2), tupleElement(chartview_high, 1),
              tupleElement(maxIf((chartview_x, chartview_y), NOT chartview_g) AS chartview_last, 1), tupleElement(chartview_last, 2),
              tupleElement(min((chartview_x, chartview_null, chartview_y)) AS chartview_any_first, 1), tupleElement(chartview_any_first, 3),
              toFloat64(tupleElement(chartview_any_first, 2)),
              tupleElement(max((chartview_x, chartview_null, chartview_y)) AS chartview_any_last, 1), tupleElement(chartview_any_last, 3),
              toFloat64(tupleElement(chartview_any_last, 2))
            FROM (
              SELECT \(x) AS chartview_x, \(y) AS chartview_yn, isNull(chartview_yn) AS chartview_null,
                ifNull(chartview_yn, nan) AS chartview_y, \(gap) AS chartview_g,
                multiIf(chartview_x < \(Self.literal(lo)), -inf, chartview_x > \(Self.literal(hi)), inf, \(bucket)) AS chartview_b
              \(from) AND \(x) >= \(Self.literal(lo - width)) AND \(x) <= \(Self.literal(hi + width))
            )
            GROUP BY chartview_b
            """
        var gapBuckets: [Double] = []
        /// Last rows equal to another pick of their half column, whose twins are counted below.
        var twinless: [Candidate] = []
        var inView = 0
        var before: Candidate?, after: Candidate?
        for row in try numbers(sql) {
            let b = row[0], n = row[1], gaps = row[2]
            if b == -.infinity {
                before = Candidate(x: row[14], y: row[16] != 0 ? .nan : row[15])
                continue
            }
            if b == .infinity {
                after = Candidate(x: row[11], y: row[13] != 0 ? .nan : row[12])
                continue
            }
            inView += Int(n)
            if gaps > 0 {
                gapBuckets.append(b)
                continue
            }
            // First, lowest and highest are each the first of the rows equal to it (in record
            // order equal rows are neighbours): the same record when equal. Last is the last of
            // them: another record than an equal first, lowest or highest when it has a twin.
            var picks: [Candidate] = []
            for c in [Candidate(x: row[3], y: row[4]), Candidate(x: row[5], y: row[6]), Candidate(x: row[7], y: row[8])] where !picks.contains(c) {
                picks.append(c)
            }
            let last = Candidate(x: row[9], y: row[10])
            if picks.contains(last) { twinless.append(last) } else { picks.append(last) }
            records += picks
        }
        if !twinless.isEmpty {
            let xs = Set(twinless.map(\.x)).map(Self.literal).joined(separator: ", ")
            let keys = twinless.map { "(\(Self.literal($0.x)), \(Self.literal($0.y)))" }.joined(separator: ", ")
            for row in try numbers(
                "SELECT chartview_x, chartview_y, toFloat64(count()) FROM (SELECT \(x) AS chartview_x, \(y) AS chartview_y \(from) AND \(x) IN (\(xs)))"
                    + " WHERE (chartview_x, chartview_y) IN (\(keys)) GROUP BY chartview_x, chartview_y")
            where row[2] > 1 {
                records.append(Candidate(x: row[0], y: row[1]))
            }
        }
        // Half columns with a gap: every row (runs between gaps are thinned on their own).
        if !gapBuckets.isEmpty {
            try rawRows(x: x, y: y, from: from, in: (lo, hi), buckets: (bucket, gapBuckets)) { records.append($0) }
        }
        // The rows beyond the view's edges, when none lay within a view's width of them.
        if before == nil { before = try neighbour(x: x, y: y, from: from, beyond: lo - width, below: true, width: width) }
        if after == nil { after = try neighbour(x: x, y: y, from: from, beyond: hi + width, below: false, width: width) }
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
        let from = "FROM (\(table.sql)) AS chartview_rows WHERE \(table.x) IS NOT NULL"
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

    /// The rows of `sql`, whose columns are all numbers, as doubles (NaN for NULL).
    func numbers(_ sql: String) throws(DataError) -> [[Double]] {
        var rows: [[Double]] = []
        try query(sql, seconds: timeLimit) { count, columns in
            for r in 0..<count { rows.append(columns.map { $0.numbers.isEmpty ? .nan : $0.numbers[r] }) }
            return true
        }
        return rows
    }
}
