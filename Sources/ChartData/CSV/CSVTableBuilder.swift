/// Collects rows column by column, deciding each column's type at its first non-missing cell.
/// A row is checked completely before any of it is stored, so a skipped row leaves no trace
/// (not even a type decision). A later cell that does not fit its column's type throws, naming
/// the column in `conflictingColumn`: `CSVReader` then reads the file again with that column
/// as text (`textColumns`), so a column is numbers or dates only when every cell is one.
/// O(cells) overall.
struct CSVTableBuilder {
    private enum Kind {
        case undecided, number, date, text
    }

    /// What a cell of an undecided column turned out to be, kept until the row is accepted.
    private enum Pending {
        case missing, number, date, text
    }

    let names: [String]
    let path: String
    let skipBadRows: Bool
    /// Rows set aside and rows filled (with `skipBadRows`).
    private(set) var setAside = CSVSetAside()
    /// Rows set aside.
    var skippedRows: Int { setAside.count }
    private(set) var rowCount = 0
    /// Whether the row being checked was short of trailing fields (its missing cells filled):
    /// such a row with a cell that does not fit is set aside, not a reason to retype a column.
    private var rowIsFilled = false
    /// The column whose cell did not fit its type when `add(_:)` last threw for that; nil when
    /// it threw for the number of fields.
    private(set) var conflictingColumn: Int?
    /// Why `add(_:)` last threw, short ("10 fields, not 9", "'abc' is not a number in
    /// 'price'"), for `CSVSetAside`.
    private(set) var misfitReason: String?

    private var kinds: [Kind]
    /// Values of number and date columns (empty for the others).
    private var numbers: [[Double]]
    /// Values of text columns (empty for the others).
    private var texts: [[String?]]
    /// Per column: rows before the type was known (all missing).
    private var missingPrefix: [Int]
    /// Per date column: the formatter that matched last, -1 for none.
    private var lastFormat: [Int]
    private var undecidedCount: Int
    private let dates = DateParser()

    // The row being checked.
    private var rowNumbers: [Double]
    private var rowTexts: [String?]
    private var rowPending: [Pending]

    /// Whether a text column may hold decimal commas ("3,5"): the file is separated by semicolons.
    let decimalComma: Bool

    /// `textColumns` are text whatever their first cell holds (columns found to hold text
    /// beside numbers or dates).
    /// Whether a text column may hold decimal commas when it does not read otherwise (a tab
    /// file: either convention).
    let orDecimalComma: Bool

    init(
        names: [String], path: String, skipBadRows: Bool, decimalComma: Bool = false, orDecimalComma: Bool = false,
        textColumns: Set<Int> = []
    ) {
        self.decimalComma = decimalComma
        self.orDecimalComma = orDecimalComma
        self.names = names
        self.path = path
        self.skipBadRows = skipBadRows
        let n = names.count
        kinds = Array(repeating: .undecided, count: n)
        numbers = Array(repeating: [], count: n)
        texts = Array(repeating: [], count: n)
        missingPrefix = Array(repeating: 0, count: n)
        lastFormat = Array(repeating: -1, count: n)
        undecidedCount = n
        for index in textColumns where index < n {
            kinds[index] = .text
            undecidedCount -= 1
        }
        rowNumbers = Array(repeating: .nan, count: n)
        rowTexts = Array(repeating: nil, count: n)
        rowPending = Array(repeating: .missing, count: n)
    }

    /// Checks the scanner's current record and stores it, or throws when it has the wrong
    /// number of fields or a cell that does not fit. Empty fields past the header's count are no
    /// fields (a separator at the end of every data row). With `skipBadRows`, a row of two
    /// fields or more short of the header's is kept with its trailing cells missing (counted in
    /// `setAside` as filled), and set aside if one of its cells does not fit. O(cells).
    mutating func add(_ scanner: CSVRecordScanner) throws(DataError) {
        let n = names.count
        let fields = scanner.fields
        var fieldCount = fields.count
        conflictingColumn = nil
        rowIsFilled = false
        if fieldCount > n && fields[n...].allSatisfy({ !$0.quoted && scanner.trimmedBytes(of: $0).isEmpty }) {
            fieldCount = n
        }
        if fieldCount < n && fieldCount >= 2 && skipBadRows {
            rowIsFilled = true
        } else if fieldCount != n {
            let count = fieldCount == 1 ? "1 field" : "\(fieldCount) fields"
            misfitReason = "\(count), not \(n)"
            throw .csv(
                path: path, line: scanner.recordLine, column: nil,
                message: "has \(count), but the header has \(n)")
        }
        for index in 0..<n {
            guard index < fieldCount else {
                // A filled row's missing trailing cell.
                switch kinds[index] {
                case .number, .date: rowNumbers[index] = .nan
                case .text: rowTexts[index] = nil
                case .undecided: rowPending[index] = .missing
                }
                continue
            }
            let field = fields[index]
            let cell = scanner.trimmedBytes(of: field)
            switch kinds[index] {
            case .number:
                if let value = CSVCell.number(cell) {
                    rowNumbers[index] = value
                } else if CSVCell.isMissing(cell) {
                    rowNumbers[index] = .nan
                } else {
                    return try reject(scanner, column: index, cell, "is not a number")
                }
            case .date:
                if CSVCell.isMissing(cell) {
                    rowNumbers[index] = .nan
                } else if let value = dates.seconds(cell, lastFormat: &lastFormat[index]) {
                    rowNumbers[index] = value
                } else {
                    return try reject(scanner, column: index, cell, "is not a date")
                }
            case .text:
                rowTexts[index] = CSVCell.isMissing(cell) ? nil : text(scanner, field, cell)
            case .undecided:
                if CSVCell.isMissing(cell) {
                    rowPending[index] = .missing
                } else if let value = CSVCell.number(cell) {
                    rowPending[index] = .number
                    rowNumbers[index] = value
                } else if let value = dates.seconds(cell, lastFormat: &lastFormat[index]) {
                    rowPending[index] = .date
                    rowNumbers[index] = value
                } else {
                    rowPending[index] = .text
                    rowTexts[index] = text(scanner, field, cell)
                }
            }
        }
        for index in 0..<n {
            switch kinds[index] {
            case .number, .date:
                numbers[index].append(rowNumbers[index])
            case .text:
                texts[index].append(rowTexts[index])
                rowTexts[index] = nil
            case .undecided:
                decide(index)
            }
        }
        if rowIsFilled { setAside.fill(line: scanner.recordLine) }
        rowCount += 1
    }

    /// Sets aside the row on `line` for `reason` (a row the reader will not store).
    mutating func setRowAside(line: Int, reason: String) {
        setAside.add(line: line, reason: reason)
    }

    /// Notes that `count` more tables follow the one read, the first from `line`.
    mutating func noteLaterTables(line: Int, count: Int) {
        setAside.laterTablesLine = line
        setAside.laterTableCount = count
    }

    /// Sets aside the rows `rows` lists.
    mutating func setRowsAside(_ rows: CSVSetAside) {
        setAside.merge(rows)
    }

    /// Stores the accepted row's cell of undecided column `index`, fixing its type.
    private mutating func decide(_ index: Int) {
        switch rowPending[index] {
        case .missing:
            missingPrefix[index] += 1
            return
        case .number, .date:
            kinds[index] = rowPending[index] == .number ? .number : .date
            numbers[index] = Array(repeating: .nan, count: missingPrefix[index])
            numbers[index].append(rowNumbers[index])
        case .text:
            kinds[index] = .text
            texts[index] = Array(repeating: nil, count: missingPrefix[index])
            texts[index].append(rowTexts[index])
            rowTexts[index] = nil
        }
        undecidedCount -= 1
    }

    /// A text cell's value: unquoted cells trimmed, quoted ones as written.
    private func text(_ scanner: CSVRecordScanner, _ field: CSVField, _ trimmed: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field.quoted ? scanner.bytes(of: field) : trimmed, as: UTF8.self)
    }

    /// Throws that `cell` in column `index` `problem`, naming the column in `conflictingColumn`
    /// (even with `skipBadRows`: a column of numbers and text is text, not a reason to drop rows).
    private mutating func reject(
        _ scanner: CSVRecordScanner, column index: Int,
        _ cell: UnsafeBufferPointer<UInt8>, _ problem: String
    ) throws(DataError) {
        if rowIsFilled {
            // A row cut short whose cells no longer fit: a misfit, not a reason to retype.
            misfitReason = "a short row whose '\(Self.quoted(cell))' \(problem) in '\(names[index])'"
            throw .csv(path: path, line: scanner.recordLine, column: nil, message: "has \(scanner.fields.count) fields, but the header has \(names.count)")
        }
        misfitReason = "'\(Self.quoted(cell))' \(problem) in '\(names[index])'"
        conflictingColumn = index
        throw .csv(
            path: path, line: scanner.recordLine, column: names[index],
            message: "'\(Self.quoted(cell))' \(problem)")
    }

    /// A cell for an error message: control characters escaped, cut after 40 characters.
    static func quoted(_ cell: UnsafeBufferPointer<UInt8>) -> String {
        var result = ""
        for (count, character) in String(decoding: cell, as: UTF8.self).enumerated() {
            if count == 40 {
                result += "…"
                break
            }
            switch character {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    /// The table, or `.unusable` when no row was stored. O(columns); the value arrays move.
    mutating func finish() throws(DataError) -> DataTable {
        guard rowCount > 0 else {
            let message = skippedRows > 0 ? "has no data rows: \(setAside.summary ?? "")" : "has no data rows"
            throw .unusable(path: path, message: message)
        }
        var columns: [DataColumn] = []
        var notes: [String] = []
        columns.reserveCapacity(names.count)
        // A tab or `|` file's convention, from all its columns of text.
        let decimalComma = ColumnTyping.decimalCommas(
            in: names.indices.filter { kinds[$0] == .text }.map { texts[$0] }, decimalComma: decimalComma, orDecimalComma: orDecimalComma)
        for index in names.indices {
            let column: DataColumn
            switch kinds[index] {
            case .number: column = DataColumn(name: names[index], values: .number(numbers[index]))
            case .date: column = DataColumn(name: names[index], values: .date(numbers[index]))
            case .text:
                // Dates with slashes, numbers as people write them ("12%", "1,412,000"), or text.
                let typed = ColumnTyping.typedTextColumn(texts[index], name: names[index], decimalComma: decimalComma, orDecimalComma: orDecimalComma)
                column = typed.column
                if let note = typed.note { notes.append(note) }
            case .undecided: column = DataColumn(name: names[index], values: .number(Array(repeating: .nan, count: rowCount)))
            }
            numbers[index] = []
            texts[index] = []
            columns.append(column)
        }
        return DataTable(columns: columns, notes: notes)
    }
}
