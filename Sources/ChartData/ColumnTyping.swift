/// How a column's values become a typed column, the rules CSV files and SQLite results share:
/// text that reads as dates is a date column (through `DateParser`, the CSV reader's), and a
/// SQLite column declared as a date (`DATE`, `DATETIME`, `TIMESTAMP`…) is one whether it holds
/// text or numbers.
///
/// Dates are seconds since 1970-01-01T00:00:00Z, UTC unless a text has an offset.
enum ColumnTyping {
    /// Whether a SQLite declared type names a date or a date and time (`DATE`, `DATETIME`,
    /// `TIMESTAMP`, `TIMESTAMPTZ`, "date of birth" …), case-insensitive. A bare `TIME` (a time of
    /// day) is not a date.
    static func declaresDate(_ declaredType: String?) -> Bool {
        guard let upper = declaredType?.uppercased() else { return false }
        return upper.contains("DATE") || upper.contains("TIMESTAMP")
    }

    /// SQLite result values as a typed column: numbers when every value is a number or NULL
    /// (dates, read by `dates(fromNumbers:)`, when the column is declared as a date); dates when
    /// every text reads as a date; text otherwise. Infinities and NaN become missing values.
    /// O(values).
    static func values(_ values: [SQLiteDatabase.Value], declaredType: String? = nil) -> DataColumn.Values {
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        var allNumbers = true
        for value in values {
            switch value {
            case .integer(let v): numbers.append(Double(v))
            case .real(let v): numbers.append(v.isFinite ? v : .nan)
            case .null: numbers.append(.nan)
            case .text, .blob: allNumbers = false
            }
            if !allNumbers { break }
        }
        if allNumbers { return numberValues(numbers, declaredType: declaredType) }
        let texts: [String?] = values.map {
            switch $0 {
            case .null: nil
            case .text(let t): t
            case .integer(let v): String(v)
            case .real(let v): String(v)
            case .blob(let n): "<\(n) bytes>"
            }
        }
        let present = texts.contains { $0 != nil }
        if present, let dates = dates(fromTexts: texts) { return .date(dates) }
        return .text(texts)
    }

    /// A column of numbers (NaN where missing), as dates when it is declared as one. O(n).
    static func numberValues(_ numbers: [Double], declaredType: String?) -> DataColumn.Values {
        guard declaresDate(declaredType), let dates = dates(fromNumbers: numbers) else { return .number(numbers) }
        return .date(dates)
    }

    /// Every text as seconds since 1970 (NaN for nil or empty), or nil when any present text is
    /// not a date. O(total length).
    static func dates(fromTexts texts: [String?]) -> [Double]? {
        let parser = DateParser()
        var lastFormat = -1
        var result: [Double] = []
        result.reserveCapacity(texts.count)
        for text in texts {
            guard var text, !text.isEmpty else {
                result.append(.nan)
                continue
            }
            let seconds = text.withUTF8 { parser.seconds($0, lastFormat: &lastFormat) }
            guard let seconds else { return nil }
            result.append(seconds)
        }
        return result
    }

    /// Numbers stored in a date column as seconds since 1970: Julian day numbers (what SQLite's
    /// `julianday()` gives: every value from 1,000,000 to 4,000,000, which as Unix seconds would
    /// all fall in January 1970) are converted; values of 10^11 and more (past the year 5138 in
    /// seconds) are milliseconds; others are Unix seconds, as `strftime('%s')` writes them.
    /// nil when no value is finite. O(n).
    static func dates(fromNumbers numbers: [Double]) -> [Double]? {
        var lo = Double.infinity, hi = -Double.infinity
        for v in numbers where v.isFinite {
            lo = min(lo, v)
            hi = max(hi, abs(v))
        }
        guard lo.isFinite else { return nil }
        if lo >= 1_000_000 && hi <= 4_000_000 {
            return numbers.map { $0.isFinite ? ($0 - 2_440_587.5) * 86_400 : .nan }
        }
        if hi >= 1e11 { return numbers.map { $0.isFinite ? $0 / 1000 : .nan } }
        return numbers
    }
}
