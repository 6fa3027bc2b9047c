/// A table whose columns are one name with increasing numbers (`t0 … t99` of a spectrum or a
/// daily profile, `V1 … V60` of a sonar return, `X1 … X128` of a leaf's outline) holds one series
/// per row laid out sideways: each row is a curve, each numbered column a point of it. Charted
/// as it is, it would be a scatter of `t0` against `t1`. `SeriesPerRow` finds such a table and
/// turns it: a column of the numbers (x), then a line per row (up to `rowLimit` rows), else the
/// mean curve of each class (a text column, or whole-number codes, of 2…`rowLimit` values), else,
/// for a table of nothing but the block (a grid of one quantity: volcano's elevations), a heatmap
/// of every cell, else the mean curve of all rows.
///
/// A table is one series per row when at least `blockMinimum` columns share a name before
/// their numbers, with the numbers increasing, those columns hold numbers (or nothing), they
/// are at least half of the table's columns, and each row's values follow from one column to
/// the next: the median over rows of von Neumann's ratio along the row (the mean squared step
/// from one column to the next over twice the values' variance: about 1 for unrelated values,
/// near 0 for a smooth curve) is at most `continuity`. A regression table's `x1 … x10`,
/// unrelated measures, are no curve (biopsy's V1 … V9: 1.06; phosphate's t0 … t5: 0.47).
/// O(rows × columns).
struct SeriesPerRow {
    /// The numbered columns, in order, and each one's number.
    let columns: [(index: Int, number: Double)]
    /// The shared part of their names ("t", "V", "X").
    let prefix: String
    /// The column naming each row differently (text), if any: the lines' names.
    let label: Int?
    /// The column of 2…`rowLimit` classes the rows fall in, if any: a mean curve each.
    let classes: Int?

    /// The fewest numbered columns that make a table one series per row.
    static let blockMinimum = 8
    /// The most lines drawn, one per row or one per class.
    static let rowLimit = 12
    /// The largest median von Neumann ratio along the rows that makes their values curves.
    static let continuity = 0.5
    /// How many times the mean size of the block's largest column may be its smallest (but
    /// zero): more, and the columns are measures of different units, not points of one curve.
    static let magnitudeSpread = 1_000.0
    /// The rows read to measure `continuity`: evenly spaced through the table.
    static let sampledRows = 200

    /// The block and the label and class columns of `table`, when it is one series per row;
    /// nil otherwise.
    init?(_ table: DataTable) {
        guard table.rowCount >= 1 else { return nil }
        // The largest block of columns named by one prefix and a number.
        var blocks: [String: [(index: Int, number: Double)]] = [:]
        for (i, column) in table.columns.enumerated() {
            guard let (prefix, number) = Self.numbered(column.name) else { continue }
            blocks[prefix, default: []].append((i, number))
        }
        guard let (prefix, block) = blocks.max(by: { $0.value.count < $1.value.count || ($0.value.count == $1.value.count && $0.key > $1.key) }),
            block.count >= Self.blockMinimum, block.count * 2 >= table.columns.count,
            zip(block, block.dropFirst()).allSatisfy({ $0.number < $1.number })
        else { return nil }
        var values: [[Double]] = []
        for entry in block {
            switch table.columns[entry.index].values {
            case .number(let numbers): values.append(numbers)
            case .text(let texts) where texts.allSatisfy({ $0 == nil }): values.append(Array(repeating: .nan, count: table.rowCount))
            default: return nil
            }
        }
        // Columns of one magnitude: shares beside dollar amounts would look like a rising curve.
        let sizes = values.map { column -> Double in
            let present = column.filter(\.isFinite)
            return present.isEmpty ? 0 : present.reduce(0) { $0 + abs($1) } / Double(present.count)
        }
        if let largest = sizes.max(), let smallest = sizes.filter({ $0 > 0 }).min(), largest > Self.magnitudeSpread * smallest { return nil }
        // Each row a curve: its values follow from one column to the next.
        let step = max(1, table.rowCount / Self.sampledRows)
        var ratios: [Double] = []
        for row in stride(from: 0, to: table.rowCount, by: step) {
            if let r = Self.vonNeumannRatio(values.map { $0[row] }) { ratios.append(r) }
        }
        guard !ratios.isEmpty, ratios.sorted()[ratios.count / 2] <= Self.continuity else { return nil }
        let inBlock = Set(block.map(\.index))
        let others = table.columns.indices.filter { !inBlock.contains($0) }
        self.columns = block
        self.prefix = prefix
        self.label = others.first { i in
            guard case .text(let texts) = table.columns[i].values else { return false }
            let present = texts.compactMap { $0 }
            return present.count == texts.count && Set(present).count == present.count
        }
        self.classes = others.first { i in
            let distinct: Int
            switch table.columns[i].values {
            case .text(let texts): distinct = Set(texts.compactMap { $0 }).count
            case .number(let numbers):
                let present = numbers.filter(\.isFinite)
                guard present.allSatisfy({ $0 == $0.rounded() }) else { return false }
                distinct = Set(present).count
            case .date: return false
            }
            return distinct >= 2 && distinct <= Self.rowLimit && distinct < table.rowCount
        }
    }

    /// The prefix and number of a numbered column's name: "t17" → ("t", 17), "V_3" → ("V_", 3),
    /// "t0.5" → ("t", 0.5) (hours after a dose); nil for names without digits at the end or with
    /// nothing but a number (years, "1", "2").
    static func numbered(_ name: String) -> (String, Double)? {
        let tail = name.reversed().prefix(while: { $0.isASCII && ($0.isNumber || $0 == ".") })
        // A number: digits, at most one point between them ("t1." is a name, not 1).
        let written = String(tail.reversed()).drop(while: { $0 == "." })
        guard let first = written.first, first.isNumber, written.last?.isNumber == true, written.count <= 8,
            written.filter({ $0 == "." }).count <= 1, written.count < name.count, let number = Double(written)
        else { return nil }
        return (String(name.dropLast(written.count)), number)
    }

    /// Von Neumann's ratio of `values`' present neighbours: the mean squared difference of
    /// successive values over twice their variance. nil for fewer than 4 or no spread. O(values).
    static func vonNeumannRatio(_ values: [Double]) -> Double? {
        let present = values.filter(\.isFinite)
        guard present.count >= 4 else { return nil }
        let mean = present.reduce(0, +) / Double(present.count)
        var steps = 0.0, total = 0.0
        for (a, b) in zip(present, present.dropFirst()) { steps += (b - a) * (b - a) }
        for a in present { total += (a - mean) * (a - mean) }
        guard total > 0 else { return nil }
        return (steps / Double(present.count - 1)) / (2 * total / Double(present.count))
    }

    /// The table turned: a column of the numbers (named by the prefix, else "index"), then a
    /// column per row (named by its label, else "row N"), per class (the class's mean curve) or
    /// the mean curve of all rows; the notes say which and what was left out.
    func turned(_ table: DataTable) -> DataTable {
        let rows = table.rowCount
        let values: [[Double]] = columns.map { table.columns[$0.index].numbers ?? Array(repeating: .nan, count: rows) }
        let trimmed = String(prefix.reversed().drop(while: { !$0.isLetter && !$0.isNumber }).reversed())
        let xName = trimmed.contains(where: \.isLetter) ? trimmed : "index"
        var turned = [DataColumn(name: xName, values: .number(columns.map(\.number)))]
        let first = table.columns[columns.first!.index].name, last = table.columns[columns.last!.index].name
        var note = "one series per row: its \(columns.count) columns \(first) … \(last) read as \(xName) along x, "
        var shown: Set<Int> = []
        if rows <= Self.rowLimit {
            var names = (1...rows).map { "row \($0)" }
            if let label, case .text(let texts) = table.columns[label].values { names = texts.map { $0 ?? "" } }
            for row in 0..<rows { turned.append(DataColumn(name: names[row], values: .number(values.map { $0[row] }))) }
            note += "a line per row"
            shown = Set([label].compactMap { $0 })
        } else if let classes {
            let (classNames, classOfRow) = ValueNames.groups(of: table.columns[classes])
            // Codes are named with their column (workingday 1); text names itself (setosa).
            let named = table.columns[classes].numbers != nil ? table.columns[classes].name + " " : ""
            // Rows without a class are in no class's curve (nor one of their own).
            let classified = Self.presentRows(table.columns[classes])
            for (k, name) in classNames.enumerated() {
                let members = classOfRow.indices.filter { classOfRow[$0] == k && classified[$0] }
                if members.isEmpty { continue }
                turned.append(
                    DataColumn(
                        name: "\(named)\(name) (mean of \(members.count))", values: .number(values.map { Self.mean(of: $0, rows: members) })))
            }
            note += "the mean of each \(table.columns[classes].name) (\(classNames.count))"
            shown = [classes]
        } else if isGrid(table) {
            // A grid of one quantity (volcano's elevations, a table of counts whose header was
            // lost): its picture is a heatmap of every cell, not one mean curve.
            let rowNames = label.map { ValueNames.names(of: table.columns[$0]) } ?? (1...rows).map(String.init)
            var xs: [Double] = [], ys: [String?] = [], cells: [Double] = []
            for row in 0..<rows {
                for (k, column) in columns.enumerated() {
                    xs.append(column.number)
                    ys.append(rowNames[row])
                    cells.append(values[k][row])
                }
            }
            let rowName = label.map { table.columns[$0].name }.flatMap { $0 == "column 1" || $0.isEmpty ? nil : $0 } ?? "row"
            note = "a grid: its \(columns.count) columns \(first) … \(last) (\(xName) along x) by its \(rows) rows, a heatmap of every cell"
            var result = DataTable(
                columns: [
                    DataColumn(name: xName, values: .number(xs)), DataColumn(name: rowName, values: .text(ys)),
                    DataColumn(name: "value", values: .number(cells))
                ], notes: table.notes + [note])
            result.turning = DataTable.Turning(along: xName, rows: table.rowCount, columns: table.columns.count, kind: .heatmap)
            return result
        } else {
            turned.append(DataColumn(name: "mean of \(rows) rows", values: .number(values.map { Self.mean(of: $0, rows: 0..<rows) })))
            note += "the mean of its \(rows) rows (more than \(Self.rowLimit) lines)"
        }
        let inBlock = Set(columns.map(\.index))
        let left = table.columns.indices.filter { !inBlock.contains($0) && !shown.contains($0) }
        if !left.isEmpty {
            note += "; not charted: " + left.prefix(4).map { table.columns[$0].name }.joined(separator: ", ") + (left.count > 4 ? "…" : "")
        }
        var result = DataTable(columns: turned, notes: table.notes + [note])
        result.turning = DataTable.Turning(along: xName, rows: table.rowCount, columns: table.columns.count)
        return result
    }

    /// Whether the table is nothing but the block, its rows' names and row numbers: a grid of one
    /// quantity (more rows than `rowLimit`, no classes), drawn whole as a heatmap. O(rows).
    func isGrid(_ table: DataTable) -> Bool {
        guard classes == nil, table.rowCount > Self.rowLimit else { return false }
        let inBlock = Set(columns.map(\.index))
        return table.columns.indices.allSatisfy { i in
            if inBlock.contains(i) || i == label { return true }
            // Row numbers 1, 2, 3…
            guard let numbers = table.columns[i].numbers else { return false }
            return numbers.enumerated().allSatisfy { $0.element == Double($0.offset + 1) }
        }
    }

    /// Whether each row of `column` has a value. O(rows).
    static func presentRows(_ column: DataColumn) -> [Bool] {
        switch column.values {
        case .number(let v), .date(let v): v.map(\.isFinite)
        case .text(let v): v.map { $0 != nil }
        }
    }

    /// The mean of the present values of `values` at `rows`; NaN when none is. O(rows).
    static func mean<Rows: Sequence<Int>>(of values: [Double], rows: Rows) -> Double {
        var total = 0.0, count = 0
        for row in rows where values[row].isFinite {
            total += values[row]
            count += 1
        }
        return count == 0 ? .nan : total / Double(count)
    }
}
