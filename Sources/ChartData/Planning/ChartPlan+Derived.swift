/// Derived copies: a column that is a log, lag, change, growth or square of another (`lwage`
/// beside `wage`, `gwage_1 … gwage_12`, `exper_sq`), or a near-copy of an earlier one. Drawn
/// beside its source it says the same thing twice, on an axis stretched for both.
extension ChartPlan {
    /// Prefixes of a name that make it a derived copy of the rest: logs (`l`, `ln`, `log`), a
    /// lag, growth (`g`), a change, a square, an estimate or prediction of it (`estperf`).
    static let derivedPrefixes = ["l", "ln", "log", "lag", "g", "chg", "sq", "est", "pred", "fitted"]
    /// Suffixes that do the same (`wagesq`, `price_lag`, `income_log`, `yhat`).
    static let derivedSuffixes = ["sq", "squared", "lag", "log", "ln", "chg", "diff", "hat", "pred", "fit"]

    /// A name as derived copies are compared: lowercase letters and digits.
    static func bareName(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { ($0 >= "a" && $0 <= "z") || ($0 >= "0" && $0 <= "9") }.map(Character.init))
    }

    /// Rows read to find near-copies (rank correlation): the first ones.
    static let derivedSampleRows = 20_000
    /// The fewest rows on which a rank correlation says two columns are copies: on a handful
    /// of rows, any two columns that rise together rank alike.
    static let derivedMinimumRows = 20

    /// The bare names (`bareName(_:)`) column name `derived` is a copy of by its name: the name
    /// without each of `derivedPrefixes` or `derivedSuffixes`, with and without lag numbers
    /// after it (`gwage_3` of `wage`). Sources of one letter never count (`lp` is no log of `p`).
    static func possibleSources(of derived: String) -> Set<String> {
        let d = bareName(derived)
        let withoutLag = String(d.reversed().drop(while: \.isNumber).reversed())
        var sources = Set<String>()
        for candidate in Set([d, withoutLag]) {
            for prefix in derivedPrefixes where candidate.hasPrefix(prefix) { sources.insert(String(candidate.dropFirst(prefix.count))) }
            for suffix in derivedSuffixes where candidate.hasSuffix(suffix) { sources.insert(String(candidate.dropLast(suffix.count))) }
        }
        return sources.filter { $0.count >= 2 && $0 != d }
    }

    /// The most series compared pairwise by rank correlation: past it, names alone decide.
    static let derivedCorrelationLimit = 40

    /// `series` without derived copies: a series whose name derives from x's or an earlier
    /// series' name, and (when x is not a time, along which any two trends rank alike, and
    /// for at most `derivedCorrelationLimit` series) one whose rank correlation with an earlier
    /// series is 0.99 or more over at least `derivedMinimumRows` rows. What is left out is said
    /// in `reasons`. The first series always stays. O(s) names, then O(s² · n) for s series
    /// and n ≤ `derivedSampleRows` rows.
    static func withoutDerived(_ series: [Int], x: Int, table: DataTable, profiles: [ColumnProfile], reasons: inout [String]) -> [Int] {
        guard series.count >= 2 else { return series }
        let byTime = profiles[x].role == .time || profiles[x].kind == .date
        let rows = min(table.rowCount, derivedSampleRows)
        var ranked: [Int: [Double]] = [:]
        func ranks(_ i: Int) -> [Double]? {
            if let r = ranked[i] { return r }
            guard let values = table.columns[i].numbers else { return nil }
            let r = Self.ranks(Array(values.prefix(rows)))
            ranked[i] = r
            return r
        }
        var kept: [Int] = []
        var left: [String] = []
        var keptNames: [String: Int] = [bareName(profiles[x].name): x]
        for s in series {
            let name = profiles[s].name
            if !kept.isEmpty, let source = possibleSources(of: name).compactMap({ keptNames[$0] }).min() {
                left.append("\(name) (derived from \(profiles[source].name))")
                continue
            }
            if !kept.isEmpty, !byTime, series.count <= derivedCorrelationLimit, rows >= derivedMinimumRows, let mine = ranks(s),
                let source = kept.first(where: { k in
                    guard let theirs = ranks(k) else { return false }
                    let rho = correlation(mine, theirs)
                    return rho.isFinite && abs(rho) >= 0.99
                })
            {
                left.append("\(name) (a near-copy of \(profiles[source].name): rank correlation 0.99 or more)")
                continue
            }
            kept.append(s)
            if keptNames[bareName(name)] == nil { keptNames[bareName(name)] = s }
        }
        if !left.isEmpty { reasons.append("not charted: " + left.joined(separator: ", ")) }
        return kept
    }
}
