import CPostgres

/// One result column of a PostgreSQL query as it is read, row by row, by its type
/// (`PostgresType`): numbers, booleans and dates straight into a `[Double]` (NaN for NULL), text
/// into `[String?]`. `finish()` then gives the typed column: text types through `ColumnTyping`
/// (text that reads as dates or numbers, as a CSV file's), other types as text.
///
/// O(1) amortized per cell, plus the cell's length for text.
struct PostgresColumnReader {
    let type: PostgresType
    /// bpchar (`char(n)`) pads its text with spaces, which are dropped.
    private let trimsPadding: Bool
    private var numbers: [Double] = []
    private var texts: [String?] = []

    init(oid: Oid) {
        type = PostgresType(oid: oid)
        trimsPadding = oid == PostgresType.bpchar
    }

    /// Reads the cell of `row` in `column` of `result`.
    mutating func read(_ result: PostgresResult, row: Int, column: Int) {
        let isNull = result.isNull(row, column)
        if type.isText {
            guard !isNull else { texts.append(nil); return }
            var cell = result.bytes(row, column)
            if trimsPadding {
                while let last = cell.last, last == 0x20 { cell = UnsafeBufferPointer(rebasing: cell.dropLast()) }
            }
            texts.append(String(decoding: cell, as: UTF8.self))
        } else {
            numbers.append(isNull ? .nan : type.number(result.bytes(row, column)))
        }
    }

    /// The typed column called `name` (a name may say a text column's date order).
    /// O(rows).
    mutating func finish(name: String) -> DataColumn {
        defer {
            numbers = []
            texts = []
        }
        switch type {
        case .integer, .real, .boolean: return DataColumn(name: name, values: .number(numbers))
        case .date: return DataColumn(name: name, values: .date(numbers))
        case .text: return ColumnTyping.column(texts.map { $0.map { .text($0) } ?? .null }, name: name)
        case .other: return DataColumn(name: name, values: .text(texts))
        }
    }
}
