/// A table of counts out of totals (menarche's girls who had reached it out of those of each
/// age, Down's syndrome cases out of births by mother's age, deaths out of cases) is about the
/// rate, which neither count shows: drawn side by side, the totals' sizes hide it.
/// `RateTable` finds such a table and turns it: the count is replaced by its percentage of
/// the total, and the total left out; the other columns stay, and the plan charts the rate
/// (an outcome by its name) against them as any table's.
///
/// A table is one when a column is named as a total (`totalNames`: `Total`, `n`, `trials`,
/// `births`, `size`…; `size`, `m` and `cases` only beside a count named as events) holding whole
/// numbers above 0, and exactly one other column of whole
/// numbers, not in increasing order (that would be an x: a mother's age) nor named as a time, an
/// age or an id (`notCountNames`), never exceeds it and
/// is not always equal to it, or several do and one is named as events (`eventNames`: `r`,
/// `deaths`, `die`, `incidence`…). O(rows × columns).
struct RateTable {
    /// The column of counts, and the column of totals.
    let count: Int, total: Int

    /// Names of a column of totals (trials, the population at risk).
    static let totalNames: Set<String> = [
        "total", "n", "trials", "births", "size", "m", "exposed", "atrisk", "at.risk", "cases", "tested", "herdsize"
    ]
    /// Of those, the names that say a total only beside a count named as events (`eventNames`):
    /// a committee's size beside its subcommittees is no total of them.
    static let weakTotalNames: Set<String> = ["size", "m", "cases"]
    /// Names of whole numbers that are no counts of events: times, ages, ids.
    static let notCountNames: Set<String> = [
        "year", "yr", "age", "month", "day", "week", "hour", "time", "period", "id", "date", "visit", "dose", "level"
    ]
    /// Names of a column of events out of a total.
    static let eventNames: Set<String> = [
        "r", "y", "dead", "deaths", "death", "die", "died", "events", "successes", "success", "incidence", "positive", "yes",
        "affected", "killed", "infected", "low", "lowbw"
    ]
    /// The fewest rows.
    static let rowMinimum = 5

    init?(_ table: DataTable) {
        guard table.rowCount >= Self.rowMinimum else { return nil }
        let names = table.columns.map { $0.name.lowercased() }
        func wholeCounts(_ i: Int) -> [Double]? {
            guard let numbers = table.columns[i].numbers, !table.columns[i].isDate else { return nil }
            let present = numbers.filter(\.isFinite)
            guard present.count >= Self.rowMinimum, present.allSatisfy({ $0 >= 0 && $0 == $0.rounded() }) else { return nil }
            return numbers
        }
        for total in names.indices where Self.totalNames.contains(names[total]) {
            guard let totals = wholeCounts(total), totals.allSatisfy({ !$0.isFinite || $0 > 0 }), Set(totals.filter(\.isFinite)).count >= 2
            else { continue }
            let candidates = names.indices.filter { i in
                guard i != total, !Self.notCountNames.contains(names[i]), let counts = wholeCounts(i) else { return false }
                var equalEverywhere = true, increasing = true, previous = -Double.infinity
                for row in counts.indices where counts[row].isFinite {
                    if counts[row] <= previous { increasing = false }
                    previous = counts[row]
                    guard totals[row].isFinite else { continue }
                    if counts[row] > totals[row] { return false }
                    if counts[row] != totals[row] { equalEverywhere = false }
                }
                // Counts, not a 0/1 flag (bladder's event beside a tumour's size).
                return !equalEverywhere && !increasing && Set(counts.filter(\.isFinite)).count >= 2 && (counts.filter(\.isFinite).max() ?? 0) >= 2
            }
            let named = candidates.filter { Self.eventNames.contains(names[$0]) }
            if Self.weakTotalNames.contains(names[total]) {
                guard named.count == 1 else { continue }
                self.count = named[0]
            } else if candidates.count == 1 {
                self.count = candidates[0]
            } else if named.count == 1 {
                self.count = named[0]
            } else {
                continue
            }
            self.total = total
            return
        }
        return nil
    }

    /// The table turned: every column but the total, the count replaced by its rate of the total
    /// in percent ("rate of r (%)"; its total is named in the notes).
    func turned(_ table: DataTable) -> DataTable {
        let counts = table.columns[count].numbers ?? [], totals = table.columns[total].numbers ?? []
        let rates = zip(counts, totals).map { c, t in c.isFinite && t.isFinite && t > 0 ? 100 * c / t : .nan }
        let countName = table.columns[count].name, totalName = table.columns[total].name
        var columns: [DataColumn] = []
        for (i, column) in table.columns.enumerated() where i != total {
            // Named so that no word of it reads as a total to add up (`Aggregation.defaultFor`).
            columns.append(i == count ? DataColumn(name: "rate of \(countName) (%)", values: .number(rates)) : column)
        }
        let note = "counts out of totals: \(countName) out of \(totalName), charted as its rate (\(countName) / \(totalName), in percent)"
        var result = DataTable(columns: columns, notes: table.notes + [note])
        result.turning = DataTable.Turning(along: nil, rows: table.rowCount, columns: table.columns.count)
        return result
    }
}
