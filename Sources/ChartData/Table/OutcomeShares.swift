import ChartCore

/// A table whose outcome is a choice among a few values (Participation's `lfp` no/yes, a vote,
/// a mode of travel, a survived 0/1) is about how often each value is chosen and what changes
/// that. Charted as it is, the outcome would only be the colours of a scatter of two other
/// columns, where no share can be read. `OutcomeShares` finds such a table and turns it: a
/// column of the values of the column that tells the outcome's values apart most (its
/// categories, or a measure cut into `binCount` bins of about equal rows), then the share of
/// rows with each outcome value in each (in percent; a binary outcome's "yes" value only).
///
/// A table is one when a column named as an outcome (`outcomeNames`, or `y`) holds 2…`levelLimit`
/// values (text, or whole numbers at most `levelLimit` apart: codes, not counts), each in at least `rarestShare` of the rows, the table has at least `rowMinimum`
/// rows, no dates, and a column that explains the outcome: the largest Goodman–Kruskal τ (the
/// share of the outcome's variation between the column's values or bins, less what chance
/// gives `k` groups of `n` rows: (k − 1) / n) of at least `explainsMinimum` and at most
/// `restatementLimit`, with `cellMinimum` rows or more in each of its values. A column named as
/// a frequency (`Freq`, `count`) weighs its rows (a contingency table as R writes one).
/// O(rows × columns).
struct OutcomeShares {
    /// The outcome column.
    let outcome: Int
    /// The column whose values or bins the shares are taken over.
    let factor: Int
    /// The column of row weights, if any.
    let weight: Int?

    /// Names of an outcome of few values, as econometrics' and R's tables write them, most telling
    /// first (a choice-set table's `choice` before the `mode` each row offers).
    static let outcomeNames: [String] = [
        "y", "outcome", "target", "response", "resp", "r", "choice", "lfp", "inlf", "work", "partic", "participation", "vote", "mode", "survived", "survival",
        "low", "diabetes", "diagnosis", "admit", "admitted", "default", "decision", "approved", "accepted", "passed", "success"
    ]
    /// Names of a column of row weights.
    static let weightNames: Set<String> = ["freq", "frequency", "count", "counts", "n", "weight", "weights", "wt"]
    /// Outcome values that are the "yes" of a binary outcome, whose share alone is drawn.
    static let positiveValues: Set<String> = ["yes", "y", "true", "t", "1", "present", "admitted", "survived", "success", "pass", "passed"]
    /// The most values of an outcome, and of a factor's categories.
    static let levelLimit = 5
    static let factorLimit = 12
    /// The bins a measure (more distinct values than `factorLimit`) is cut into.
    static let binCount = 5
    /// The fewest rows (or the least total weight), and the smallest share of rows the rarest
    /// outcome value has.
    static let rowMinimum = 30
    static let rarestShare = 0.02
    /// The least τ (after chance) of a factor that explains the outcome.
    static let explainsMinimum = 0.01
    /// The fewest rows (or weight) in each of a factor's values or bins.
    static let cellMinimum = 5.0
    /// The largest τ of a factor: more, and it restates the outcome (Mroz's hours worked, 0 for
    /// every woman not working), which explains nothing.
    static let restatementLimit = 0.5
    /// How much better a later column's τ must be to be chosen over an earlier one's: closer
    /// scores are the same story, and the choice must not flip when a row is damaged.
    static let margin = 0.01

    /// The name as a word: lower case, without the quotes some exports keep ('vote').
    static func bare(_ name: String) -> String {
        String(name.lowercased().filter { $0 != "'" && $0 != "\"" })
    }

    init?(_ table: DataTable) {
        let n = table.rowCount
        guard n >= 2, !table.columns.contains(where: { if case .date = $0.values { true } else { false } }) else { return nil }
        let names = table.columns.map { Self.bare($0.name) }
        let weight = names.indices.first { Self.weightNames.contains(names[$0]) && table.columns[$0].numbers != nil }
        let weights = weight.flatMap { table.columns[$0].numbers }.map { $0.map { $0.isFinite && $0 > 0 ? $0 : 0 } } ?? Array(repeating: 1.0, count: n)
        guard weights.reduce(0, +) >= Double(Self.rowMinimum),
            let outcome = Self.outcomeNames.lazy.compactMap({ wanted in names.firstIndex(of: wanted) }).first(where: { i in
                guard i != weight else { return false }
                // Numbers are codes of a choice (0/1, 1…5), not counts (eagles' y of 1 to 29).
                if let numbers = table.columns[i].numbers {
                    let present = numbers.filter(\.isFinite)
                    guard let low = present.min(), let high = present.max(), high - low <= Double(Self.levelLimit),
                        present.allSatisfy({ $0 == $0.rounded() })
                    else { return false }
                }
                let (order, places) = ValueNames.groups(of: table.columns[i])
                let present = order.filter { $0 != ValueNames.missing }
                guard (2...Self.levelLimit).contains(present.count) else { return false }
                var counts = [Double](repeating: 0, count: order.count)
                for row in 0..<n { counts[places[row]] += weights[row] }
                let total = present.indices.reduce(0.0) { $0 + counts[order.firstIndex(of: present[$1])!] }
                return total > 0 && present.allSatisfy { counts[order.firstIndex(of: $0)!] >= Self.rarestShare * total }
            })
        else { return nil }
        let (outcomeOrder, outcomeOfRow) = ValueNames.groups(of: table.columns[outcome])
        var best: (index: Int, score: Double)?
        for i in table.columns.indices where i != outcome && i != weight && !Self.isKey(table.columns[i], name: names[i]) {
            guard let cells = Self.cells(of: table.columns[i]) else { continue }
            // Every cell a share of its own: a value of a few rows (birthwt's 3 earlier premature
            // labours, one mother) would be a share of noise.
            var sizes = [Double](repeating: 0, count: cells.labels.count)
            for row in 0..<n where cells.cellOfRow[row] >= 0 { sizes[cells.cellOfRow[row]] += weights[row] }
            let total = sizes.reduce(0, +)
            guard let smallest = sizes.min(), smallest >= max(Self.cellMinimum, Self.rarestShare * total) else { continue }
            let score = Self.tau(
                outcomeOfRow: outcomeOfRow, outcomeLevels: outcomeOrder.count, missing: outcomeOrder.firstIndex(of: ValueNames.missing),
                cellOfRow: cells.cellOfRow, cellCount: cells.labels.count, weights: weights)
            if score >= Self.explainsMinimum, score <= Self.restatementLimit, score > (best?.score ?? -1) + (best == nil ? 0 : Self.margin) {
                best = (i, score)
            }
        }
        guard let best else { return nil }
        self.outcome = outcome
        self.factor = best.index
        self.weight = weight
    }

    /// Whether a column names rows rather than describing them: a row number, an id, a
    /// subject's number, or text with a value per row.
    static func isKey(_ column: DataColumn, name: String) -> Bool {
        if ColumnProfile.keyNames.contains(name) || ColumnProfile.namesSubjects(name) || name.isEmpty || name == "rownames" { return true }
        let present = SeriesPerRow.presentRows(column).filter { $0 }.count
        switch column.values {
        case .text(let texts): return Set(texts.compactMap { $0 }).count * 2 > present
        case .number(let values):
            let finite = values.filter(\.isFinite)
            // Numbers that only grow, each once (row numbers, ids in order).
            return finite.count > Self.factorLimit && zip(finite, finite.dropFirst()).allSatisfy { $0 < $1 }
        case .date: return true
        }
    }

    /// A column's cells: its values when it has at most `factorLimit` (in `ValueNames.groups`'
    /// order), else for numbers `binCount` bins of about equal rows, labelled by their
    /// smallest and largest values; each row's cell (-1 for none). nil for text of more values.
    static func cells(of column: DataColumn) -> (labels: [String], cellOfRow: [Int])? {
        let (order, places) = ValueNames.groups(of: column)
        let present = order.filter { $0 != ValueNames.missing }
        if (2...factorLimit).contains(present.count) {
            let missing = order.firstIndex(of: ValueNames.missing)
            return (present, places.map { $0 == missing ? -1 : present.firstIndex(of: order[$0])! })
        }
        guard case .number(let values) = column.values else { return nil }
        let sorted = values.filter(\.isFinite).sorted()
        guard sorted.count >= binCount * 2 else { return nil }
        // Each bin's upper edge: the value at its share of the rows; ties stay in one bin, and
        // a value that fills a bin or more (the zeros of hours worked) is a bin of its own.
        var edges: [Double] = []
        for k in 1..<binCount {
            var edge = sorted[sorted.count * k / binCount]
            if edge <= (edges.last ?? sorted[0]) {
                guard let above = sorted.first(where: { $0 > (edges.last ?? sorted[0]) }) else { break }
                edge = above
            }
            if edge > (edges.last ?? -.infinity) && edge > sorted[0] { edges.append(edge) }
        }
        var bins: [(low: Double, high: Double)] = Array(repeating: (.infinity, -.infinity), count: edges.count + 1)
        var cellOfRow = [Int](repeating: -1, count: values.count)
        for (row, v) in values.enumerated() where v.isFinite {
            // The first bin whose upper edge is above v.
            var b = 0
            while b < edges.count && v >= edges[b] { b += 1 }
            cellOfRow[row] = b
            bins[b].low = min(bins[b].low, v)
            bins[b].high = max(bins[b].high, v)
        }
        let labels = bins.map { bin in
            bin.low == bin.high ? ValueNames.name(of: bin.low) : "\(ValueNames.name(of: bin.low))–\(ValueNames.name(of: bin.high))"
        }
        return labels.count >= 2 ? (labels, cellOfRow) : nil
    }

    /// Goodman–Kruskal's τ of the outcome given the cells, less chance's (k − 1) / n: the share
    /// of the outcome's variation (as indicators of its values) between the cells. Rows without
    /// an outcome or a cell are left out. O(rows).
    static func tau(outcomeOfRow: [Int], outcomeLevels: Int, missing: Int?, cellOfRow: [Int], cellCount: Int, weights: [Double]) -> Double {
        var joint = [[Double]](repeating: [Double](repeating: 0, count: outcomeLevels), count: cellCount)
        var total = 0.0
        for row in outcomeOfRow.indices where cellOfRow[row] >= 0 && outcomeOfRow[row] != missing {
            joint[cellOfRow[row]][outcomeOfRow[row]] += weights[row]
            total += weights[row]
        }
        guard total > 0 else { return 0 }
        let levelTotals = (0..<outcomeLevels).map { l in joint.reduce(0) { $0 + $1[l] } }
        let overall = levelTotals.reduce(0) { $0 + ($1 / total) * ($1 / total) }
        guard overall < 1 else { return 0 }
        var within = 0.0
        for cell in joint {
            let size = cell.reduce(0, +)
            guard size > 0 else { continue }
            within += cell.reduce(0) { $0 + $1 * $1 } / size
        }
        let between = within / total - overall
        let cells = joint.filter { $0.reduce(0, +) > 0 }.count
        return between / (1 - overall) - Double(max(0, cells - 1)) / total
    }

    /// The table turned: the factor's values or bins (text), then the share of each outcome
    /// value in each, in percent (a binary outcome's "yes", or its second value, only); the
    /// notes say what was read.
    func turned(_ table: DataTable) -> DataTable {
        let n = table.rowCount
        let weights = weight.flatMap { table.columns[$0].numbers }.map { $0.map { $0.isFinite && $0 > 0 ? $0 : 0 } } ?? Array(repeating: 1.0, count: n)
        let (order, outcomeOfRow) = ValueNames.groups(of: table.columns[outcome])
        let missing = order.firstIndex(of: ValueNames.missing)
        let levels = order.indices.filter { $0 != missing }
        let (labels, cellOfRow) = Self.cells(of: table.columns[factor]) ?? ([], [])
        var joint = [[Double]](repeating: [Double](repeating: 0, count: order.count), count: labels.count)
        for row in 0..<n where cellOfRow[row] >= 0 && outcomeOfRow[row] != missing {
            joint[cellOfRow[row]][outcomeOfRow[row]] += weights[row]
        }
        let shown: [Int]
        if levels.count == 2 {
            shown = [levels.first { Self.positiveValues.contains(order[$0].lowercased()) } ?? levels[1]]
        } else {
            shown = levels
        }
        let outcomeName = table.columns[outcome].name
        let factorName = table.columns[factor].name
        let kept = labels.indices.filter { joint[$0].reduce(0, +) > 0 }
        var columns = [DataColumn(name: factorName, values: .text(kept.map { labels[$0] }))]
        for level in shown {
            let shares = kept.map { cell -> Double in
                let size = joint[cell].reduce(0, +)
                return 100 * joint[cell][level] / size
            }
            columns.append(DataColumn(name: "\(outcomeName) = \(order[level]) (%)", values: .number(shares)))
        }
        let counted = levels.map { level in
            let count = joint.reduce(0) { $0 + $1[level] }
            return "\(order[level]) \(ValueNames.name(of: count))"
        }
        let binned =
            table.columns[factor].numbers != nil
            && Self.cells(of: table.columns[factor]).map { $0.labels.count }
                != Set(ValueNames.names(of: table.columns[factor])).subtracting([ValueNames.missing]).count
        let by = binned ? "\(factorName) (\(labels.count) bins of about equal \(weight == nil ? "rows" : "weight"))" : factorName
        let note =
            "an outcome of few values: \(outcomeName) (\(counted.joined(separator: ", "))\(weight.map { ", weighted by \(table.columns[$0].name)" } ?? "")): "
            + "the share of each by \(by), the column that tells them apart most"
        var result = DataTable(columns: columns, notes: table.notes + [note])
        result.turning = DataTable.Turning(along: factorName, rows: table.rowCount, columns: table.columns.count)
        return result
    }
}
