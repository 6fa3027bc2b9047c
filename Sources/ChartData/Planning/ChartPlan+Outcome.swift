/// A cross-section's outcome and the measure that explains it: what an analyst puts on y and
/// on x of a table of measurements with no date, key or category to chart along.
extension ChartPlan {
    /// Words of a column's name that say it is what the rows are about (wage, price, score,
    /// a count of visits or deaths…), most telling first: what is spent before the income it
    /// is spent from (Engel's foodexp, ccard's AVGEXP beside INCOME). Matched against the name's words (`ColumnProfile.tokens(of:)`), or
    /// with an `l` before them (`lwage`, `lprice`: a logarithm, as econometrics names it).
    static let outcomeWords = [
        "y", "target", "outcome", "response", "survived", "earnings", "wage", "wages", "salary", "expenditure", "spending", "exp", "income", "price", "sales",
        "score", "gpa", "return", "returns", "yield", "weight", "mpg", "rate", "perf", "performance", "visits", "docvis",
        "doctorco", "numvisit", "deaths"
    ]

    /// Whether column name `name` is outcome word `word`: exactly (and y1 … y4 for y:
    /// responses numbered as their x1 … x4 are), or else as one of its words, or with an `l`
    /// before it (a logarithm); an expenditure (`expenditureNames`) as the word "exp".
    static func name(_ name: String, matches word: String, exactly: Bool) -> Bool {
        let name = name.lowercased()
        if exactly {
            // "exp" alone is years of experience in a wage table.
            return word != "exp" && name == word || (word == "y" && name.count > 1 && name.hasPrefix("y") && name.dropFirst().allSatisfy(\.isNumber))
        }
        if word == "exp" { return expenditureNames.contains(name) }
        return ColumnProfile.tokens(of: name).contains(word) || name == "l" + word
    }

    /// Names of an expenditure, an outcome (years of experience, `yrsexp` or `potexp`, are not).
    static let expenditureNames: Set<String> = [
        "foodexp", "avgexp", "totexp", "medexp", "capexp", "rdexp", "hhexp", "healthexp", "consexp", "lfoodexp", "ltotexp",
        "lmedexp", "lnhhexp", "lhhexp"
    ]

    /// Whether a column's name says it is an outcome (`outcomeWords`).
    static func namedAsOutcome(_ name: String) -> Bool {
        outcomeWords.contains { word in Self.name(name, matches: word, exactly: true) || Self.name(name, matches: word, exactly: false) }
    }

    /// The outcome and its x, with the reasons `--describe` gives.
    struct OutcomeChoice {
        /// The column on y.
        var outcome: Int
        /// Why it is the outcome.
        var outcomeReason: String
        /// The column on x.
        var x: Int
        /// Why it is x.
        var xReason: String
    }

    /// Rows read to weigh the measures against each other: the first ones.
    static let outcomeSampleRows = 20_000
    /// More measures than this are not weighed: the first measure stays x, as without an outcome.
    static let outcomeMeasureLimit = 40

    /// For `measures` (two or more columns of the `.measure` role): the outcome — the first
    /// whose name says so (`outcomeWords`), else the one most correlated with the others, by
    /// `outcomeMargin` at least more than any other — and
    /// as x the measure that explains it best: the highest absolute rank correlation with it
    /// (Spearman's, over the first `outcomeSampleRows` rows), near-copies left out (|ρ| ≥ 0.99:
    /// a logarithm, a square of it); of scores within `outcomeMargin`, the first column's; nil
    /// when none explains it at all (|ρ| under 0.1). nil when no measure correlates with another, and for two
    /// measures of which neither is named as an outcome.
    /// O(m² · n) for m measures (at most `outcomeMeasureLimit`) and n rows (at most
    /// `outcomeSampleRows`), after O(m · n log n) to rank them.
    static func outcome(table: DataTable, profiles: [ColumnProfile], measures: [Int], firstIfUnclear: Bool = true) -> OutcomeChoice? {
        guard measures.count >= 2, measures.count <= outcomeMeasureLimit else { return nil }
        let rows = min(table.rowCount, outcomeSampleRows)
        var ranks: [Int: [Double]] = [:]
        for m in measures {
            guard let values = table.columns[m].numbers else { return nil }
            ranks[m] = Self.ranks(Array(values.prefix(rows)))
        }
        func rho(_ a: Int, _ b: Int) -> Double { Self.correlation(ranks[a]!, ranks[b]!) }

        var outcome: Int?
        var outcomeReason = ""
        // A name that is the word before one that holds it (Price before Min.Price).
        named: for word in outcomeWords {
            for exact in [true, false] {
                if let m = measures.first(where: { Self.name(profiles[$0].name, matches: word, exactly: exact) }) {
                    outcome = m
                    outcomeReason = "the outcome, by its name"
                    break named
                }
            }
        }
        // Two measures and neither named: either explains the other; they stay as written.
        if outcome == nil && measures.count == 2 { return nil }
        if outcome == nil {
            var scores: [(index: Int, score: Double)] = []
            for m in measures {
                let others = measures.filter { $0 != m }.map { abs(rho(m, $0)) }.filter { $0 < 0.99 }
                guard !others.isEmpty else { continue }
                scores.append((m, others.reduce(0, +) / Double(others.count)))
            }
            // Only a clear one: when two are as central, neither is the table's outcome; then
            // the first measure, where R's and econometrics' tables put their response
            // (Hedonic's mv, Icecream's cons, rwm1984's docvis), when there are three or more.
            let sorted = scores.map(\.score).sorted(by: >)
            if let best = Self.firstNearBest(scores), best.score > 0, sorted.count < 2 || sorted[0] - sorted[1] >= outcomeMargin {
                outcome = best.index
                outcomeReason = "the measure most correlated with the others"
            } else if firstIfUnclear {
                outcome = measures[0]
                outcomeReason = "the outcome: the first measure, where tables put their response"
            }
        }
        guard let outcome else { return nil }
        var candidates: [(index: Int, score: Double)] = []
        // Variants of the outcome (Min.Price and Max.Price of Price; its log, lag or square:
        // y1lag of y1) explain nothing about it.
        let outcomeName = profiles[outcome].name.lowercased()
        // Responses numbered beside numbered inputs (pulpfiber's Y1 … Y4 and X1 … X4): an input
        // explains a response, another response does not.
        func numbered(_ letter: Character, _ name: String) -> Bool {
            let lower = name.lowercased()
            return lower.count > 1 && lower.first == letter && lower.dropFirst().allSatisfy(\.isNumber)
        }
        let responsesBesideInputs = numbered("y", outcomeName) && measures.contains { numbered("x", profiles[$0].name) }
        for m in measures
        where m != outcome && !ColumnProfile.tokens(of: profiles[m].name).contains(outcomeName)
            && !Self.possibleSources(of: profiles[m].name).contains(Self.bareName(outcomeName))
            && !(responsesBesideInputs && numbered("y", profiles[m].name))
        {
            let r = rho(outcome, m)
            guard r.isFinite, abs(r) < 0.99 else { continue }
            candidates.append((m, abs(r)))
        }
        guard let best = Self.firstNearBest(candidates), best.score >= 0.1 else { return nil }
        let x = (index: best.index, rho: rho(outcome, best.index))
        let shown = (x.rho * 100).rounded() / 100
        return OutcomeChoice(
            outcome: outcome, outcomeReason: outcomeReason, x: x.index,
            xReason: "measurements: explains \(profiles[outcome].name) best (rank correlation \(shown))")
    }

    /// How much better than an earlier column a later one must score to be chosen over it:
    /// correlations that close are the same story, and the choice must not flip when a row of
    /// the file is damaged or set aside.
    static let outcomeMargin = 0.1

    /// The first of `scores` (in column order) within `outcomeMargin` of the best; nil for none.
    static func firstNearBest(_ scores: [(index: Int, score: Double)]) -> (index: Int, score: Double)? {
        guard let top = scores.map(\.score).max() else { return nil }
        return scores.first { $0.score >= top - outcomeMargin }
    }

    /// The ranks of `values` (1 for the smallest; ties share their mean rank; NaN stays NaN).
    /// O(n log n).
    static func ranks(_ values: [Double]) -> [Double] {
        let order = values.indices.filter { values[$0].isFinite }.sorted { values[$0] < values[$1] }
        var ranks = [Double](repeating: .nan, count: values.count)
        var start = 0
        while start < order.count {
            var end = start
            while end + 1 < order.count && values[order[end + 1]] == values[order[start]] { end += 1 }
            let rank = Double(start + end) / 2 + 1
            for k in start...end { ranks[order[k]] = rank }
            start = end + 1
        }
        return ranks
    }

    /// Pearson's correlation of `a` and `b` over the rows where both are present; NaN with
    /// fewer than three such rows or no spread. O(n).
    static func correlation(_ a: [Double], _ b: [Double]) -> Double {
        var n = 0.0, sa = 0.0, sb = 0.0
        for i in a.indices where a[i].isFinite && b[i].isFinite {
            n += 1
            sa += a[i]
            sb += b[i]
        }
        guard n >= 3 else { return .nan }
        let ma = sa / n, mb = sb / n
        var cov = 0.0, va = 0.0, vb = 0.0
        for i in a.indices where a[i].isFinite && b[i].isFinite {
            cov += (a[i] - ma) * (b[i] - mb)
            va += (a[i] - ma) * (a[i] - ma)
            vb += (b[i] - mb) * (b[i] - mb)
        }
        guard va > 0, vb > 0 else { return .nan }
        return cov / (va * vb).squareRoot()
    }
}
