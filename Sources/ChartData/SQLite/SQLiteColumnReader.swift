import CSQLite

/// One result column as it is read, row by row: numbers go straight into a `[Double]` while
/// every value is a number or NULL (the common case: 8 bytes a cell, no `SQLValue` per cell); at
/// the first text or blob the values so far become `SQLValue`s, rebuilt exactly
/// (NULL, integers and reals apart, integers beyond 2^53 kept whole), and the column goes on as
/// values. `finish()` then types it as `ColumnTyping.values(_:declaredType:)` would the values.
///
/// O(1) amortized per cell.
struct SQLiteColumnReader {
    private var numbers: [Double] = []
    /// Bit per row: the value was an INTEGER / was NULL (numbers hold 0 for NULL).
    private var integerRows: [UInt64] = []
    private var nullRows: [UInt64] = []
    /// INTEGER values that a Double cannot hold exactly, by row.
    private var wideIntegers: [Int: Int64] = [:]
    /// Every value, once one was text or a blob.
    private var values: [SQLValue]?

    /// Reads the column's cell of the statement's current row.
    mutating func read(_ statement: OpaquePointer, _ column: Int32) {
        let type = sqlite3_column_type(statement, column)
        if values == nil {
            let row = numbers.count
            if row & 63 == 0 {
                integerRows.append(0)
                nullRows.append(0)
            }
            switch type {
            case SQLITE_INTEGER:
                let v = sqlite3_column_int64(statement, column)
                numbers.append(Double(v))
                integerRows[row >> 6] |= 1 << UInt64(row & 63)
                if v.magnitude > 1 << 53 { wideIntegers[row] = v }
                return
            case SQLITE_FLOAT:
                numbers.append(sqlite3_column_double(statement, column))
                return
            case SQLITE_TEXT, SQLITE_BLOB:
                values = rebuiltValues()
            default:
                numbers.append(0)
                nullRows[row >> 6] |= 1 << UInt64(row & 63)
                return
            }
        }
        values?.append(SQLiteDatabase.value(statement, column))
    }

    /// The values read so far as `SQLValue`s, exactly as SQLite gave them. O(rows).
    private func rebuiltValues() -> [SQLValue] {
        numbers.indices.map { row in
            let bit: UInt64 = 1 << UInt64(row & 63)
            if nullRows[row >> 6] & bit != 0 { return .null }
            if integerRows[row >> 6] & bit != 0 { return .integer(wideIntegers[row] ?? Int64(numbers[row])) }
            return .real(numbers[row])
        }
    }

    /// The typed column called `name`; `declaredType` is its type in its table's schema, if any
    /// (a column declared as a date holds dates, text or numbers). O(rows).
    mutating func finish(declaredType: String? = nil, name: String = "") -> DataColumn {
        if let values { return ColumnTyping.column(values, declaredType: declaredType, name: name) }
        // Numbers: NULL, infinities and NaN are missing values.
        for row in numbers.indices where !numbers[row].isFinite || nullRows[row >> 6] & (1 << UInt64(row & 63)) != 0 {
            numbers[row] = .nan
        }
        let result = numbers
        numbers = []
        return DataColumn(name: name, values: ColumnTyping.numberValues(result, declaredType: declaredType))
    }
}
