/// A table whose columns are years (World Bank indicators: `Country Name, …, 1960, 1961, …,
/// 2013`; R's `X1856, X1860, …`; `1940, 1945, …` of expenditures by category) holds series over
/// time laid out sideways: each row is a series, each year column a point of it. Charted as it
/// is, its years would be 54 bar series over 219 countries. `WideYears` finds such a table and
/// turns it: a column of the years (x), then one column per row, named by the row's label.
///
/// A table is wide in years when at least 3 columns are named by years (1700…2100, optionally
/// prefixed with `X` as R's `read.csv` writes names that start with a digit) in increasing
/// order, those columns hold numbers (or nothing), they are at least half of the table's columns,
/// and one text column names every row differently (the series' names). O(rows × columns).
struct WideYears {
    /// The year columns, in order, and each one's year.
    let columns: [(index: Int, year: Int)]
    /// The column that names the rows (the series).
    let label: Int

    /// The years and the label of `table`, when it is wide in years; nil otherwise.
    init?(_ table: DataTable) {
        var years: [(index: Int, year: Int)] = []
        for (i, column) in table.columns.enumerated() {
            guard let year = Self.year(named: column.name) else { continue }
            let holdsNumbers: Bool
            switch column.values {
            case .number: holdsNumbers = true
            case .text(let texts): holdsNumbers = texts.allSatisfy { $0 == nil }
            case .date: holdsNumbers = false
            }
            guard holdsNumbers else { return nil }
            years.append((i, year))
        }
        guard years.count >= 3, years.count * 2 >= table.columns.count, table.rowCount >= 1,
            zip(years, years.dropFirst()).allSatisfy({ $0.year < $1.year })
        else { return nil }
        let yearIndices = Set(years.map(\.index))
        let label = table.columns.indices.first { i in
            guard !yearIndices.contains(i), case .text(let texts) = table.columns[i].values else { return false }
            let present = texts.compactMap { $0 }
            return present.count == texts.count && Set(present).count == present.count
        }
        guard let label else { return nil }
        self.columns = years
        self.label = label
    }

    /// The year a column's name is: "1960", "X1960"; nil for other names.
    static func year(named name: String) -> Int? {
        let digits = name.hasPrefix("X") ? name.dropFirst() : Substring(name)
        guard digits.count == 4, digits.allSatisfy(\.isASCII), let year = Int(digits), (1700...2100).contains(year) else { return nil }
        return year
    }

    /// The table turned: a column `year` of the years, then one column per row of `table` named
    /// by its label, holding that row's values year by year; the other columns are left out, as
    /// the notes say.
    func turned(_ table: DataTable) -> DataTable {
        guard case .text(let names) = table.columns[label].values else { return table }
        var columns = [DataColumn(name: "year", values: .number(columns.map { Double($0.year) }))]
        let values: [[Double]] = self.columns.map { column in
            table.columns[column.index].numbers ?? Array(repeating: .nan, count: table.rowCount)
        }
        for row in 0..<table.rowCount {
            columns.append(DataColumn(name: names[row] ?? "", values: .number(values.map { $0[row] })))
        }
        let left = table.columns.indices.filter { i in i != label && !self.columns.contains { $0.index == i } }
        var note = "a wide table: its \(self.columns.count) year columns read as years along x, one series per \(table.columns[label].name) (\(table.rowCount))"
        if !left.isEmpty {
            note += "; not charted: " + left.prefix(4).map { table.columns[$0].name }.joined(separator: ", ") + (left.count > 4 ? "…" : "")
        }
        var result = DataTable(columns: columns, notes: table.notes + [note])
        result.turning = DataTable.Turning(along: "year", rows: table.rowCount, columns: table.columns.count)
        return result
    }
}
