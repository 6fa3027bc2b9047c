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
    static func values(_ values: [SQLiteDatabase.Value], declaredType: String? = nil, name: String = "") -> DataColumn.Values {
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
        if present, let dates = dates(fromSlashedTexts: texts, name: name) { return .date(dates) }
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

    /// A column of dates written with slashes in day-month or month-day order ("10/14/2018",
    /// "29/11/2026 14:30"), which a single cell cannot tell apart: the order is the one the
    /// column's own values allow (a first part above 12 is a day, a second part above 12 is a
    /// day), or the one `name` spells ("DATE (MM/DD/YYYY)"). nil when a present text is not such a
    /// date, or the order stays open or contradicts itself. Seconds since 1970, UTC; NaN for nil.
    /// O(total length).
    static func dates(fromSlashedTexts texts: [String?], name: String) -> [Double]? {
        var parts: [(Int, Int, Int, Int)] = []   // first, second, year, seconds of the day
        parts.reserveCapacity(texts.count)
        var firstIsDay = false, secondIsDay = false, any = false
        for text in texts {
            guard let text else { parts.append((0, 0, 0, -1)); continue }
            guard let p = slashedDate(text) else { return nil }
            any = true
            if p.0 > 12 { firstIsDay = true }
            if p.1 > 12 { secondIsDay = true }
            parts.append(p)
        }
        guard any, !(firstIsDay && secondIsDay) else { return nil }
        let upper = name.uppercased()
        let dayFirst: Bool
        if firstIsDay || secondIsDay {
            dayFirst = firstIsDay
        } else if upper.contains("DD/MM") {
            dayFirst = true
        } else if upper.contains("MM/DD") {
            dayFirst = false
        } else {
            return nil
        }
        var result: [Double] = []
        result.reserveCapacity(parts.count)
        for (a, b, year, seconds) in parts {
            guard seconds >= 0 else { result.append(.nan); continue }
            let (day, month) = dayFirst ? (a, b) : (b, a)
            guard (1...12).contains(month), day >= 1, day <= DateParser.daysIn(month: month, year: year) else { return nil }
            result.append(Double(DateParser.days(year: year, month: month, day: day) * 86_400 + seconds))
        }
        return result
    }

    /// "d/m/yyyy" or "m/d/yyyy", one or two digits each, with an optional " H:mm" or " H:mm:ss":
    /// (first, second, year, seconds of the day); nil for anything else.
    private static func slashedDate(_ text: String) -> (Int, Int, Int, Int)? {
        let bytes = Array(text.utf8)
        var i = 0
        func number(maxDigits: Int) -> Int? {
            var value = 0, digits = 0
            while i < bytes.count, digits < maxDigits, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                value = value * 10 + Int(bytes[i] - 0x30)
                digits += 1
                i += 1
            }
            return digits > 0 ? value : nil
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < bytes.count, bytes[i] == byte else { return false }
            i += 1
            return true
        }
        guard let a = number(maxDigits: 2), expect(0x2F), let b = number(maxDigits: 2), expect(0x2F) else { return nil }
        let yearStart = i
        guard let year = number(maxDigits: 4), i - yearStart == 4, year >= 1 else { return nil }
        var seconds = 0
        if i < bytes.count {
            guard expect(0x20) || expect(0x54), let hour = number(maxDigits: 2), hour <= 23, expect(0x3A),
                  let minute = number(maxDigits: 2), minute <= 59 else { return nil }
            seconds = hour * 3600 + minute * 60
            if i < bytes.count {
                guard expect(0x3A), let second = number(maxDigits: 2), second <= 59 else { return nil }
                seconds += second
            }
        }
        guard i == bytes.count, a >= 1, b >= 1, a <= 31, b <= 31 else { return nil }
        return (a, b, year, seconds)
    }

    /// `table` with each column of dates at midnight that is followed by a column of times of
    /// day as text ("13:45", "01:00:30", "24:00" for the next midnight) made one column of date
    /// and time, named by the date column, and the time column dropped: the way weather
    /// stations and solar data export their rows (TMY3's "Date (MM/DD/YYYY)", "Time (HH:MM)").
    /// O(rows × columns).
    public static func combiningDatesAndTimes(_ table: DataTable) -> DataTable {
        var columns = table.columns
        var index = 0
        while index + 1 < columns.count {
            defer { index += 1 }
            guard case .date(let days) = columns[index].values,
                  days.allSatisfy({ !$0.isFinite || $0.truncatingRemainder(dividingBy: 86_400) == 0 }),
                  case .text(let times) = columns[index + 1].values,
                  let seconds = secondsOfDay(times) else { continue }
            let combined = zip(days, seconds).map { day, second in day.isFinite && second.isFinite ? day + second : .nan }
            columns[index] = DataColumn(name: columns[index].name, values: .date(combined))
            columns.remove(at: index + 1)
        }
        return columns.count == table.columns.count ? table : DataTable(columns: columns)
    }

    /// Each text as seconds since midnight when every present one is "H:MM" or "HH:MM:SS"
    /// (hours 0–24, "24:00" only on the hour); NaN for nil; nil otherwise or when none is present.
    static func secondsOfDay(_ texts: [String?]) -> [Double]? {
        var result: [Double] = []
        result.reserveCapacity(texts.count)
        var any = false
        for text in texts {
            guard let text else { result.append(.nan); continue }
            let parts = text.split(separator: ":", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
                  let hour = Int(parts[0]), let minute = Int(parts[1]), parts[1].count == 2,
                  (0...24).contains(hour), (0...59).contains(minute) else { return nil }
            let second = parts.count == 3 ? Int(parts[2]) : 0
            guard let second, (0...59).contains(second), parts.count == 2 || parts[2].count == 2 else { return nil }
            guard hour < 24 || (minute == 0 && second == 0) else { return nil }
            result.append(Double(hour * 3600 + minute * 60 + second))
            any = true
        }
        return any ? result : nil
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
