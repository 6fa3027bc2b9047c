import ChartCore

/// Views of a table too large to load thinned in a SQL server (`ViewAggregating`), in plain
/// SQL that a few words of the engine's own (`literal`, `aggregate`, `wholeKey`, `isNaN`)
/// adapt: ClickHouse and PostgreSQL adopt it. Each query groups where the rows are (a named
/// table is read directly, so each shard of a `Distributed` table groups its own), and only a
/// few numbers per pixel column travel.
///
/// A line's view (`lineRecords`), of more rows than `rowByRowViews`:
/// 1. per half pixel column (and one group each for the rows within a view's width before and
///    after the view): the rows, those with a value, NaNs, and the extremes of x and of y;
/// 2. every y at the first and last x of each half column and at the neighbours' (a seek by x):
///    the first row in record order (x, then y, NULL last) and the last, and whether the last
///    has a twin;
/// 3. the first x of each lowest and highest value in its half column (only rows holding one
///    of those values are grouped).
/// Half columns with a gap (NULL, NaN, a value the scale cannot show) are read row by row.
/// Points (`scatterRecords`): per device pixel (as `ScatterPixelThinner` computes it, in the
/// same double arithmetic) the first point in record order (`firstPair`).
public protocol SQLViewThinning: NumberStreaming, ViewAggregating {
    /// `value` as a literal the server reads back to the same double.
    func literal(_ value: Double) -> String
    /// `function` (min, max) of `value` over the rows where `condition` holds.
    func aggregate(_ function: String, _ value: String, where condition: String) -> String
    /// The double `expression`, a whole number, as an integer key.
    func wholeKey(_ expression: String) -> String
    /// Whether `value` (a double) is NaN.
    func isNaN(_ value: String) -> String
    /// The x and the y of the first of a group's rows in record order (the least x, then the
    /// least y at it), as two aggregate expressions over one lexicographic minimum.
    func firstPair(_ x: String, _ y: String) -> (x: String, y: String)
}

/// A row as records are ordered: by x, then by y with NaN (NULL) last.
struct OrderedRow: Comparable {
    var x: Double, y: Double

    static func < (a: OrderedRow, b: OrderedRow) -> Bool {
        if a.x != b.x { return a.x < b.x }
        if a.y.isNaN || b.y.isNaN { return !a.y.isNaN && b.y.isNaN }
        return a.y < b.y
    }

    static func == (a: OrderedRow, b: OrderedRow) -> Bool {
        a.x == b.x && (a.y == b.y || (a.y.isNaN && b.y.isNaN))
    }
}

/// A half pixel column without a gap, as the grouping query says of it: its key, its first and
/// last x, its lowest and highest y.
struct HalfColumn { var b: Double, first: Double, last: Double, low: Double, high: Double }

/// The most rows (as the summary's density estimates them) a line's view reads row by row
/// rather than grouped: fewer rows cost less to send than two more passes.
let rowByRowViews = 100_000

extension SQLViewThinning {
    /// One pass over the table (the engine's own `min`, `max`, `count`); a second over the
    /// columns concerned when a series holds NaN (whose `min` and `max` an engine may take as
    /// a value) or rows without a value (the x extent counts only rows with one).
    public func summary(of table: AggregatedTable) throws(DataError) -> AggregatedTable.Summary {
        let x = numberExpression(table.x, isDate: table.xIsDate)
        let ys = table.ys.map { numberExpression($0, isDate: false) }
        // Rows whose x no axis holds (±infinity, NaN: a float column's) are no rows of the chart,
        // as loading the table would have them.
        let from = "FROM \(table.source) WHERE \(table.x) IS NOT NULL AND \(finite(x: table))"
        let list = ys.map { "min(\($0)), max(\($0)), count(\($0)), sum(CASE WHEN \(isNaN($0)) THEN 1 ELSE 0 END)" }
        guard var row = try numbers("SELECT min(\(x)), max(\(x)), count(*), \(list.joined(separator: ", ")) \(from)", columns: 3 + 4 * ys.count).first,
            row[2] > 0
        else {
            throw DataError.unusable(path: name, message: "the query returned no rows with an x value")
        }
        // A server's answer, not trusted: a count is a whole number a table can have.
        guard row[2] <= 9e15, row[2] == row[2].rounded() else {
            throw DataError.query(path: name, message: "the server counted \(row[2]) rows, which is no count of rows")
        }
        let hasNaN = ys.indices.map { row[6 + 4 * $0] > 0 }
        if hasNaN.contains(true) {
            let finite = ys.map { y in
                let finite = "NOT \(isNaN(y)) AND \(y) > \(literal(-.infinity)) AND \(y) < \(literal(.infinity))"
                return "\(aggregate("min", y, where: finite)), \(aggregate("max", y, where: finite))"
            }
            if let again = try numbers("SELECT \(finite.joined(separator: ", ")) \(from)", columns: 2 * ys.count).first {
                for s in ys.indices { (row[3 + 4 * s], row[4 + 4 * s]) = (again[2 * s], again[2 * s + 1]) }
            }
        }
        // The x range of the rows with a value, as a plot that loads every row fits.
        if ys.indices.contains(where: { row[5 + 4 * $0] < row[2] }) {
            let valued = table.ys.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
            guard let ends = try numbers("SELECT min(\(x)), max(\(x)), count(*) \(from) AND (\(valued))", columns: 3).first, ends[2] > 0 else {
                throw DataError.unusable(path: name, message: "the query returned no rows with an x value and a y value")
            }
            (row[0], row[1]) = (ends[0], ends[1])
        }
        // Infinite or NaN ends (a server's, or a column of ±inf) are no extent to lay out.
        let finite = { (a: Double, b: Double) in a.isFinite && b.isFinite && a <= b }
        guard finite(row[0], row[1]) else {
            throw DataError.unusable(path: name, message: "the x values have no finite extent (from \(row[0]) to \(row[1]))")
        }
        let values = ys.indices.map { s in finite(row[3 + 4 * s], row[4 + 4 * s]) ? PlotRange(row[3 + 4 * s], row[4 + 4 * s]) : nil }
        return AggregatedTable.Summary(x: PlotRange(row[0], row[1]), values: values, rows: Int(row[2]), hasNaN: hasNaN)
    }

    public func lineRecords(
        of table: AggregatedTable, series s: Int, for request: ViewDataRequest, cancellation: CancellationFlag?,
        record: (Double, Double) -> Void
    ) throws(DataError) -> Int {
        let stop = cancellation
        let x = numberExpression(table.x, isDate: table.xIsDate), y = numberExpression(table.ys[s], isDate: false)
        let lo = request.xRange.lower, hi = request.xRange.upper
        // Rows whose x no axis holds (±infinity, NaN: a float column's) are no rows of the chart,
        // as loading the table would have them.
        let from = "FROM \(table.source) WHERE \(table.x) IS NOT NULL AND \(finite(x: table))"
        var records: [OrderedRow] = []
        let extent = table.summary?.x
        let width = max(hi - lo, abs(hi) * 1e-12, 1e-300)
        func neighbours() throws(DataError) -> (OrderedRow?, OrderedRow?) {
            (
                extent.map { $0.lower >= lo } ?? false ? nil : try neighbour(x: x, y: y, from: from, beyond: lo, below: true, width: width, stop),
                extent.map { $0.upper <= hi } ?? false ? nil : try neighbour(x: x, y: y, from: from, beyond: hi, below: false, width: width, stop)
            )
        }
        // A y no axis holds (±infinity) is a missing value, as loading the table has it.
        func send(_ before: OrderedRow?, _ rows: [OrderedRow], _ after: OrderedRow?) {
            if let before { record(before.x, before.y.isInfinite ? .nan : before.y) }
            for row in rows { record(row.x, row.y.isInfinite ? .nan : row.y) }
            if let after { record(after.x, after.y.isInfinite ? .nan : after.y) }
        }
        // A log scale's x (whose log10 the server need not round as Swift does), or a view of
        // few rows: read row by row, with a view's width of rows on each side for the
        // neighbours (a seek through the table's order on x).
        let few =
            extent.map { e in
                e.upper > e.lower && Double(table.summary?.rows ?? 0) * (hi - lo) / (e.upper - e.lower) <= Double(rowByRowViews)
            } ?? false
        if request.x.isLogarithmic || few {
            var before: OrderedRow?, after: OrderedRow?
            try rows(x: x, y: y, from: from, in: (lo - width, hi + width), stop) { row in
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
            send(before, records, after)
            return records.count + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
        }
        let bucket = wholeKey(
            "CASE WHEN \(x) < \(literal(lo)) THEN -4e18 WHEN \(x) > \(literal(hi)) THEN 4e18 "
                + "ELSE floor(2 * (\(x) * \(literal(request.x.factor)) + \(literal(request.x.offset)))) END")
        let countsNaN = table.summary?.hasNaN[s] ?? true
        let sql = """
            SELECT \(bucket) AS chartview_b, count(*), count(\(y)), min(\(x)), max(\(x)), min(\(y)), max(\(y)),
              \(countsNaN ? "sum(CASE WHEN \(isNaN(y)) THEN 1 ELSE 0 END)" : "0")
            \(from) AND \(x) >= \(literal(lo - width)) AND \(x) <= \(literal(hi + width))
            GROUP BY chartview_b
            """
        var columns: [HalfColumn] = []
        var gapBuckets: [Double] = []
        var inView = 0
        var beforeX: Double?, afterX: Double?
        for row in try numbers(sql, columns: 8, stop) {
            let b = row[0]
            if b < -1e18 { beforeX = row[4]; continue }
            if b > 1e18 { afterX = row[3]; continue }
            // A server's count, not trusted: a whole number a table can hold, or none.
            guard let counted = Self.count(row[1]) else {
                throw DataError.query(path: name, message: "the server counted \(row[1]) rows, which is no count of rows")
            }
            inView = inView.addingReportingOverflow(counted).overflow ? Int.max : inView + counted
            // A gap: NULL, NaN, or a value a scale cannot show (a log scale's zero and below).
            if row[2] < row[1] || row[7] > 0 || !(row[5] > request.y.floor) || !(row[3] > request.x.floor) {
                gapBuckets.append(b)
            } else {
                columns.append(HalfColumn(b: b, first: row[3], last: row[4], low: row[5], high: row[6]))
            }
        }
        // Every y at the first and last x of each half column and at the neighbours' (a seek by x).
        var at: [Double: [Double]] = [:]
        let edges = Set(columns.flatMap { [$0.first, $0.last] } + [beforeX, afterX].compactMap { $0 })
        if !edges.isEmpty {
            for row in try numbers("SELECT \(x), \(y) \(from) AND \(x) IN (\(edges.sorted().map(literal).joined(separator: ", ")))", columns: 2, stop) {
                at[row[0], default: []].append(row[1])
            }
        }
        // The first x of each lowest and highest value in its half column: the rows in view
        // holding one of those values (few), grouped by half column and value.
        var firstHolding: [Double: [Double: Double]] = [:]
        let values = Set(columns.flatMap { [$0.low, $0.high] })
        if !values.isEmpty {
            for row in try numbers(
                "SELECT \(bucket) AS chartview_b, \(y), min(\(x)) \(from) AND \(x) >= \(literal(lo)) AND \(x) <= \(literal(hi))"
                    + " AND \(y) IN (\(values.sorted().map(literal).joined(separator: ", "))) GROUP BY chartview_b, \(y)", columns: 3, stop)
            {
                firstHolding[row[0], default: [:]][row[1]] = row[2]
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
            var picks: [OrderedRow] = []
            for p in [
                OrderedRow(x: c.first, y: firstY), OrderedRow(x: firstHolding[c.b]?[c.low] ?? c.first, y: c.low),
                OrderedRow(x: firstHolding[c.b]?[c.high] ?? c.first, y: c.high)
            ] where !picks.contains(p) {
                picks.append(p)
            }
            let last = OrderedRow(x: c.last, y: lastY)
            if !picks.contains(last) || lastYs.filter({ $0 == lastY }).count > 1 { picks.append(last) }
            records += picks
        }
        // Half columns with a gap: every row (runs between gaps are thinned on their own).
        if !gapBuckets.isEmpty {
            try rows(x: x, y: y, from: from, in: (lo, hi), stop, where: "\(bucket) IN (\(gapBuckets.map { String(Int64($0)) }.joined(separator: ", ")))") {
                records.append($0)
            }
        }
        // The rows beyond the view's edges: the last before it, the first after it.
        var before = beforeX.map { OrderedRow(x: $0, y: ys($0).last ?? .nan) }
        var after = afterX.map { OrderedRow(x: $0, y: ys($0).first ?? .nan) }
        if before == nil || after == nil {
            let (b, a) = try neighbours()
            before = before ?? b
            after = after ?? a
        }
        // (Equal rows cannot be told apart: their order among themselves does not matter.)
        records.sort()
        send(before, records, after)
        return inView + (before == nil ? 0 : 1) + (after == nil ? 0 : 1)
    }

    public func scatterRecords(
        of table: AggregatedTable, series s: Int, for request: ViewDataRequest, cancellation: CancellationFlag?,
        record: (Double, Double) -> Void
    ) throws(DataError) -> (values: PlotRange, locations: PlotRange)? {
        let stop = cancellation
        guard case .scatterPixels(let area, let reach, let snapHalf) = request.thinning else {
            preconditionFailure("scatterRecords answers points' requests")
        }
        let x = numberExpression(table.x, isDate: table.xIsDate), y = numberExpression(table.ys[s], isDate: false)
        let reached = request.reachedXRange, view = request.xRange
        let from =
            "FROM \(table.source) WHERE \(table.x) IS NOT NULL AND \(table.ys[s]) IS NOT NULL AND \(y) > \(literal(request.y.floor))"
            + " AND \(x) > \(literal(request.x.floor)) AND \(x) >= \(literal(reached.lower)) AND \(x) <= \(literal(reached.upper))"
            // NaN and infinite y are missing values (PostgreSQL orders NaN above every number,
            // and its pixel cast to a whole number fails).
            + " AND NOT \(isNaN(y)) AND \(y) < \(literal(.infinity))"
        let inView = "\(x) >= \(literal(view.lower)) AND \(x) <= \(literal(view.upper)) AND NOT \(isNaN(y)) AND \(y) < \(literal(.infinity))"
        // The pixel of each point (`ScatterPixelThinner`: ScatterPlot.snapped, then the grid's
        // floor), in the same double arithmetic; on a log scale (whose log10 the server need not
        // round as Swift does) one group per point.
        let keys: [String]
        if request.x.isLogarithmic || request.y.isLogarithmic {
            keys = [x, y]
        } else {
            func pixel(_ value: String, _ mapping: AxisMapping, _ edge: Double) -> String {
                let device = "(\(value) * \(literal(mapping.factor)) + \(literal(mapping.offset)))"
                guard let half = snapHalf else { return wholeKey("floor(\(device) - \(literal(edge)))") }
                // (device - half) rounded half away from zero, + half.
                let v = "(\(device) - \(literal(half)))"
                let rounded =
                    "CASE WHEN \(v) >= 0 THEN floor(\(v)) + CASE WHEN \(v) - floor(\(v)) >= 0.5 THEN 1 ELSE 0 END"
                    + " ELSE -(floor(-\(v)) + CASE WHEN -\(v) - floor(-\(v)) >= 0.5 THEN 1 ELSE 0 END) END"
                return wholeKey("floor((\(rounded) + \(literal(half))) - \(literal(edge)))")
            }
            // Points above or below the grid fall into one group per column on each side.
            let rows = Int(area.height.rounded(.up)) + 2 * max(1, reach) + 2
            keys = [pixel(x, request.x, area.minX), "least(greatest(\(pixel(y, request.y, area.minY)), -\(rows)), \(rows))"]
        }
        let firstPoint = firstPair(x, y)
        let sql = """
            SELECT \(keys[0]) AS chartview_kx, \(keys[1]) AS chartview_ky, \(firstPoint.x), \(firstPoint.y),
              \(aggregate("min", y, where: inView)), \(aggregate("max", y, where: inView)),
              \(aggregate("min", x, where: inView)), \(aggregate("max", x, where: inView)),
              sum(CASE WHEN \(inView) THEN 1 ELSE 0 END)
            \(from)
            GROUP BY chartview_kx, chartview_ky
            """
        var low = Double.infinity, high = -Double.infinity, first = Double.infinity, last = -Double.infinity
        var points: [OrderedRow] = []
        for row in try numbers(sql, columns: 9, stop) {
            points.append(OrderedRow(x: row[2], y: row[3]))
            // (A group without a row in view has no extremes: ClickHouse says 0, SQL NULL.)
            if row[8] > 0 {
                low = min(low, row[4]); high = max(high, row[5])
                first = min(first, row[6]); last = max(last, row[7])
            }
        }
        points.sort()
        for point in points { record(point.x, point.y) }
        return low <= high ? (PlotRange(low, high), PlotRange(first, last)) : nil
    }

    /// The last row before `edge` (`below`) or the first after it, searched in windows of
    /// `width` growing 16-fold (each a range the table's order on x can seek); nil when there is none.
    private func neighbour(
        x: String, y: String, from: String, beyond edge: Double, below: Bool, width: Double, _ stop: CancellationFlag?
    ) throws(DataError) -> OrderedRow? {
        let order = below ? "DESC NULLS FIRST" : "ASC NULLS LAST"
        var window = max(width, 1e-300)
        for _ in 0..<64 {
            let bound = below ? edge - window : edge + window
            let range = below ? "\(x) < \(literal(edge)) AND \(x) >= \(literal(bound))" : "\(x) > \(literal(edge)) AND \(x) <= \(literal(bound))"
            if let row = try numbers("SELECT \(x), \(y) \(from) AND \(range) ORDER BY \(x) \(order), \(y) \(order) LIMIT 1", columns: 2, stop).first {
                return OrderedRow(x: row[0], y: row[1])
            }
            // Past every row: nothing more to find.
            let beyond = try numbers("SELECT count(*) \(from) AND \(x) \(below ? "<" : ">") \(literal(bound))", columns: 1, stop)
            if beyond.first?.first ?? 0 == 0 { return nil }
            window *= 16
        }
        return nil
    }

    /// Every row with x in `range` (and `condition`, when given), in record order.
    private func rows(
        x: String, y: String, from: String, in range: (Double, Double), _ stop: CancellationFlag?, where condition: String? = nil,
        _ body: (OrderedRow) -> Void
    ) throws(DataError) {
        if stop?.isCancelled == true { throw DataError.cancelled(path: name) }
        let filter = "\(x) >= \(literal(range.0)) AND \(x) <= \(literal(range.1))" + (condition.map { " AND " + $0 } ?? "")
        try streamNumbers("SELECT \(x), \(y) \(from) AND \(filter) ORDER BY \(x) ASC, \(y) ASC NULLS LAST", parameters: [], columns: 2) { row in
            body(OrderedRow(x: row[0], y: row[1]))
            return true
        }
    }

    /// `value` as a count of rows: a whole number from 0 to 9e15; nil for anything else a
    /// hostile server may say (NaN, infinity, 1e300, -1, 2.5).
    static func count(_ value: Double) -> Int? {
        value >= 0 && value <= 9e15 && value == value.rounded() ? Int(value) : nil
    }

    /// The condition that `table`'s x is a finite number (not ±infinity, not NaN), in SQL.
    func finite(x table: AggregatedTable) -> String {
        let x = numberExpression(table.x, isDate: table.xIsDate)
        return "NOT \(isNaN(x)) AND \(x) > \(literal(-.infinity)) AND \(x) < \(literal(.infinity))"
    }

    /// The rows of `sql`, whose `columns` columns are all numbers, as doubles (NaN for NULL);
    /// none once `stop` is raised (it throws `.cancelled`). A row of another width throws.
    func numbers(_ sql: String, columns: Int, _ stop: CancellationFlag? = nil) throws(DataError) -> [[Double]] {
        if stop?.isCancelled == true { throw DataError.cancelled(path: name) }
        var rows: [[Double]] = []
        try streamNumbers(sql, parameters: [], columns: columns) { row in
            rows.append(Array(row))
            return true
        }
        return rows
    }
}
