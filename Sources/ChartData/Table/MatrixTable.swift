/// A table whose rows and columns name the same things (a correlation matrix such as psych's
/// `neo` or `Thurstone`, a distance table between cities, a mobility table of fathers' by sons'
/// classes) is one quantity per pair, not rows of observations: charted as it is, two of its
/// columns would be a scatter of correlations against correlations. `MatrixTable` finds such a
/// table and turns it into one row per cell (the column's name, the row's name, the value),
/// which is a heatmap: the columns along x, the rows down, in the table's order.
///
/// A table is one when it has `sizeMinimum` or more columns of numbers and as many rows (or one
/// fewer: a damaged row set aside), a column naming the rows (the first), and either the rows'
/// names are the columns' (or begin with them: neo's "N1Anxiety" of N1) for all but one, or
/// rows and columns are numbered each by one name (R1 … R20 by C1 … C20), or the numbers are
/// symmetric (a correlation or distance matrix with rows named otherwise).
/// O(columns²).
struct MatrixTable {
    /// The column naming the rows.
    let label: Int
    /// The columns of numbers, in order.
    let columns: [Int]

    /// The fewest columns (and rows) of a matrix.
    static let sizeMinimum = 3

    init?(_ table: DataTable) {
        let n = table.rowCount
        guard n >= Self.sizeMinimum, let first = table.columns.first else { return nil }
        let names = ValueNames.names(of: first)
        let others = Array(table.columns.indices.dropFirst())
        guard others.count == n || others.count == n + 1, others.count >= Self.sizeMinimum,
            others.allSatisfy({ table.columns[$0].numbers != nil && !table.columns[$0].isDate })
        else { return nil }
        let columnNames = others.map { table.columns[$0].name }
        // Rows named as columns, in any order (a row set aside as damaged leaves one out).
        let matching = names.filter { row in
            columnNames.contains { column in
                row == column || (!column.isEmpty && row.hasPrefix(column)) || (!row.isEmpty && column.hasPrefix(row))
            }
        }.count
        // Rows and columns numbered, each by one name (YeastD.mat's R1 … R20 by C1 … C20): a grid.
        func numberedByOne(_ names: [String]) -> Bool {
            let parts = names.map(SeriesPerRow.numbered)
            return parts.allSatisfy { $0 != nil } && Set(parts.map { $0!.0 }).count == 1
        }
        if matching < others.count - 1 && !(numberedByOne(names) && numberedByOne(columnNames)) {
            // Symmetric numbers, every one present.
            guard others.count == n else { return nil }
            let values = others.map { table.columns[$0].numbers! }
            for i in 0..<n {
                for j in 0..<n where !(values[j][i].isFinite && values[j][i] == values[i][j]) { return nil }
            }
        }
        self.label = 0
        self.columns = others
    }

    /// The table turned: a row per cell, `column` (text, in the columns' order), the rows'
    /// name (text, in the rows' order) and `value`; the notes say what was read.
    func turned(_ table: DataTable) -> DataTable {
        let n = table.rowCount
        let rowNames = ValueNames.names(of: table.columns[label])
        var xs: [String?] = [], rows: [String?] = [], values: [Double] = []
        for r in 0..<n {
            for c in columns {
                xs.append(table.columns[c].name)
                rows.append(rowNames[r])
                values.append(table.columns[c].numbers![r])
            }
        }
        let labelName = table.columns[label].name
        let rowName = labelName.isEmpty || labelName == "column 1" ? "row" : labelName
        let note = "a matrix: its \(n) rows and \(columns.count) columns name the same things, a value per pair: a heatmap of them"
        var result = DataTable(
            columns: [
                DataColumn(name: "column", values: .text(xs)), DataColumn(name: rowName, values: .text(rows)),
                DataColumn(name: "value", values: .number(values))
            ], notes: table.notes + [note])
        result.turning = DataTable.Turning(along: "column", rows: n, columns: table.columns.count, kind: .heatmap)
        return result
    }
}
