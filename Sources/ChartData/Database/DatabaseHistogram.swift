import ChartCore
import Foundation

/// A histogram of a column counted in the database, for a query too large to load: the rows
/// never leave it, only a few numbers per bin do. SQLite and PostgreSQL alike (`ChartDatabase`,
/// plain SQL in double precision).
///
/// The passes, each one scan of the query's rows in the database:
/// 1. the least and greatest finite value and their count;
/// 2. for numpy's `auto` rule only, the quartiles, exactly: a `GROUP BY` into 4096 fine bins
///    finds the bin holding each quartile's rank, then `ORDER BY … LIMIT 2 OFFSET` within that
///    bin alone reads the values at the rank and the next (so the bins equal numpy's on the
///    same values);
/// 3. `SELECT b, COUNT(*) … GROUP BY b` with the placement `HistogramBinning` uses in memory
///    (`HistogramBinning.sqlCountQuery`), so the counts equal loading every row.
/// Memory: O(bins).
struct DatabaseHistogram {
    let database: any ChartDatabase
    /// The user's query (one SELECT), read as a subquery.
    let query: String
    /// How a column reads as a double in this database (PostgreSQL casts, SQLite takes it as it is).
    let number: (String) -> String
    /// A double as a literal of this database's SQL, and a double expression as an integer
    /// (`NumberStreaming.realLiteral`, `integer`).
    var real: (Double) -> String = HistogramBinning.sqlReal
    var integer: (String) -> String = HistogramBinning.sqlInteger

    /// The bounds no finite double passes: NULL, text (SQLite), NaN and infinities (PostgreSQL)
    /// fail them.
    private static let finite = "BETWEEN -1.7976931348623157e308 AND 1.7976931348623157e308"

    /// The value column's expression.
    private func value(_ column: String) -> String { number(BigTable.quoted(column)) }

    /// The values of `columns` in the query (all of them, one after the other), as SQL of one
    /// column `chartview_v` of finite values.
    private func values(_ columns: [String]) -> String {
        columns.map { "SELECT \(value($0)) AS chartview_v FROM (\(query)) AS chartview_rows WHERE \(value($0)) \(Self.finite)" }
            .joined(separator: " UNION ALL ")
    }

    /// The least, the greatest and how many finite values `columns` have, and whether they are
    /// all whole numbers; nil for none. One scan.
    func extent(of columns: [String]) throws(DataError) -> (lower: Double, upper: Double, count: Int, whole: Bool)? {
        let rows = try database.rows(
            "SELECT MIN(chartview_v), MAX(chartview_v), COUNT(*), SUM(CASE WHEN chartview_v = ROUND(chartview_v) THEN 0 ELSE 1 END) "
                + "FROM (\(values(columns))) AS chartview_values")
        guard let row = rows.first, row.count == 4, let lo = Self.double(row[0]), let hi = Self.double(row[1]),
            let n = Self.double(row[2]), n > 0, n <= 9e15, n == n.rounded(), lo.isFinite, hi.isFinite, lo <= hi
        else { return nil }
        return (lo, hi, Int(n), Self.double(row[3]) == 0)
    }

    /// The counts per bin of the values of `columns` together in `binning`. One scan.
    func counts(of columns: [String], in binning: HistogramBinning) throws(DataError) -> [Int] {
        var counts = [Int](repeating: 0, count: binning.count)
        let sql = binning.sqlCountQuery(value: "chartview_v", from: values(columns), real: real, integer: integer)
        for row in try database.rows(sql) {
            // A server's numbers, not trusted: a bin index and a count in range, or the row is no bin.
            guard row.count == 2, let b = Self.double(row[0]), let c = Self.double(row[1]), b >= 0, b < Double(counts.count),
                c >= 0, c <= 9e15, c == c.rounded()
            else { continue }
            let bin = Int(b)
            counts[bin] = counts[bin].addingReportingOverflow(Int(c)).overflow ? Int.max : counts[bin] + Int(c)
        }
        return counts
    }

    /// The quartiles (numpy's linear definition) of `columns`' `count` finite values within
    /// `lower…upper`: exact, from a fine `GROUP BY` and a sort of one fine bin's rows each.
    func quartiles(of columns: [String], lower: Double, upper: Double, count n: Int) throws(DataError) -> (Double, Double) {
        let fine = HistogramBinning(lower: lower, upper: upper, count: 4096)
        let counts = try counts(of: columns, in: fine)
        func valueAt(rank k: Int) throws(DataError) -> Double {
            var below = 0, j = 0
            while j < counts.count - 1 && below + counts[j] <= k { below += counts[j]; j += 1 }
            let upperTest = j == fine.count - 1 ? "<= \(real(fine.edge(j + 1)))" : "< \(real(fine.edge(j + 1)))"
            let rows = try database.rows(
                "SELECT chartview_v FROM (\(values(columns))) AS chartview_values "
                    + "WHERE chartview_v >= \(real(fine.edge(j))) AND chartview_v \(upperTest) "
                    + "ORDER BY chartview_v LIMIT 1 OFFSET \(k - below)")
            guard let v = rows.first.flatMap({ $0.first }).flatMap(Self.double) else {
                throw DataError.unusable(path: database.name, message: "the quartiles of \(columns.joined(separator: ", ")) changed while they were read")
            }
            return v
        }
        func quantile(_ p: Double) throws(DataError) -> Double {
            let h = Double(n - 1) * p
            let k = Int(h.rounded(.down))
            let a = try valueAt(rank: k)
            let fraction = h - Double(k)
            guard fraction > 0, k + 1 < n else { return a }
            return a + fraction * (try valueAt(rank: k + 1) - a)
        }
        return (try quantile(0.25), try quantile(0.75))
    }

    /// The bins `rule` gives for `columns` together, as `HistogramBinning.bins(for:rule:)` gives them in
    /// memory; nil when it has no finite value.
    func binning(of columns: [String], rule: HistogramBinning.Rule) throws(DataError) -> HistogramBinning? {
        guard let (lo, hi, n, whole) = try extent(of: columns) else { return nil }
        switch rule {
        case .count(let bins): return HistogramBinning(lower: lo, upper: hi, count: min(max(bins, 1), HistogramBinning.maximumCount))
        case .width(let width): return HistogramBinning.aligned(lower: lo, upper: hi, width: width)
        case .automatic:
            guard lo < hi else { return HistogramBinning(lower: lo, upper: hi, count: 1) }
            let (q1, q3) = try quartiles(of: columns, lower: lo, upper: hi, count: n)
            return HistogramBinning.automatic(lower: lo, upper: hi, count: n, iqr: q3 - q1, whole: whole)
        }
    }

    static func double(_ value: SQLValue) -> Double? {
        switch value {
        case .integer(let v): Double(v)
        case .real(let v): v
        case .text(let t): Double(t)
        default: nil
        }
    }
}
