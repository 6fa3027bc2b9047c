import Foundation

/// Parses dates and date-times to seconds since 1970-01-01T00:00:00Z.
///
/// ISO 8601 with numbers only — `2026-11-29`, `2026/11/29`, `2026-11` (the 1st of the month),
/// each with `T` or a space and `HH:mm`, `HH:mm:ss` or `HH:mm:ss.fff`, then optionally `Z`,
/// `±hh`, `±hhmm` or `±hh:mm` — is read directly from the bytes (two-digit fields, a four-digit
/// year from 0001, a real calendar day, hours 00–23, proleptic Gregorian calendar), because
/// Foundation's formatters cost 20–45 µs per call on Linux. Everything else goes to
/// `DateFormatter`s (en_US_POSIX, UTC unless the text has an offset, not lenient), created
/// lazily and kept for the parse, trying the format that matched last first: unpadded ISO
/// (`2026-1-5`), `29 Nov 2026`, `29-Nov-2026`, `Nov 29 2026`, `Nov 29, 2026` and the full
/// month names, `Nov 2026`, `Jan-1-1995`, `1995-Jan`, `Jan-1995`, with optional times, and RFC
/// 2822 (`Sun, 29 Nov 2026 14:30:00 +0000`). Quarters (`1974Q1`, `1974 Q1`, `Q1 1974`) are read
/// by hand as their first day.
/// These need a run of exactly four digits (the year), so "29 Nov 26" is not a date.
/// Dates with numbers only and slashes (29/11/2026, 11/29/2026) are ambiguous one by one: this
/// parser leaves them to `ColumnTyping.dates(fromSlashedTexts:name:dayFirstByDefault:)`, which
/// reads a whole column in the order its values allow, or in an order it assumes and says.
final class DateParser {
    /// The formats tried after the byte-level ISO reader, in order.
    static let formats: [String] = [
        "yyyy-MM-dd", "yyyy/MM/dd", "yyyy-MM",
        "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss",
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy/MM/dd HH:mm", "yyyy/MM/dd HH:mm:ss",
        "d MMM yyyy", "d MMM yyyy HH:mm", "d MMM yyyy HH:mm:ss", "d-MMM-yyyy",
        "MMM d, yyyy", "MMM d, yyyy HH:mm", "MMM d, yyyy HH:mm:ss", "MMM yyyy",
        "EEEE, MMMM d, yyyy", "EEE, d MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss zzz",
        "MMM-d-yyyy", "yyyy-MMM", "MMM-yyyy", "yyyy MMM"
    ]

    private var formatters: [DateFormatter?] = Array(repeating: nil, count: formats.count)
    /// Values already parsed by a formatter, so that repeated dates cost one dictionary lookup.
    private var cache: [String: Double] = [:]
    private static let cacheLimit = 100_000

    private func formatter(_ index: Int) -> DateFormatter {
        if let formatter = formatters[index] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.isLenient = false
        formatter.dateFormat = Self.formats[index]
        formatters[index] = formatter
        return formatter
    }

    /// Seconds since 1970 for a (trimmed) cell, or nil when it is not a date. `lastFormat` is the
    /// index of the formatter that matched in this column before (-1: none yet); it is tried
    /// first and updated. O(length) for ISO numbers, a formatter call otherwise.
    func seconds(_ cell: UnsafeBufferPointer<UInt8>, lastFormat: inout Int) -> Double? {
        if let value = Self.isoSeconds(cell) { return value }
        if let value = Self.quarterSeconds(cell) { return value }
        guard Self.mayBeFormatted(cell) else { return nil }
        let text = String(decoding: cell, as: UTF8.self)
        if let value = cache[text] { return value }
        var found: Double?
        if lastFormat >= 0, let date = formatter(lastFormat).date(from: text) {
            found = date.timeIntervalSince1970
        } else {
            for index in Self.formats.indices where index != lastFormat {
                if let date = formatter(index).date(from: text) {
                    lastFormat = index
                    found = date.timeIntervalSince1970
                    break
                }
            }
        }
        if let found, cache.count < Self.cacheLimit { cache[text] = found }
        return found
    }

    /// Whether a formatter could read the cell: 6…64 printable ASCII bytes with a run of exactly
    /// four digits (the year).
    private static func mayBeFormatted(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard cell.count >= 6 && cell.count <= 64 else { return false }
        var run = 0, hasYear = false
        for b in cell {
            guard b >= 0x20 && b < 0x7F else { return false }
            if CSVByte.isDigit(b) {
                run += 1
            } else {
                if run == 4 { hasYear = true }
                run = 0
            }
        }
        return hasYear || run == 4
    }

    /// A quarter as its first day: `1974Q1`, `1974 Q1`, `1974-Q1`, `1974q1`, `Q1 1974`, `Q1-1974`
    /// (what statsmodels, pandas' `Period` and spreadsheets write); nil for anything else. No
    /// formatter reads quarters, hence by hand. O(length).
    static func quarterSeconds(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        guard cell.count >= 6, cell.count <= 7 else { return nil }
        let bytes = Array(cell)
        func year(_ at: Int) -> Int? {
            guard at + 4 <= bytes.count else { return nil }
            var value = 0
            for b in bytes[at..<(at + 4)] {
                guard CSVByte.isDigit(b) else { return nil }
                value = value * 10 + Int(b &- 0x30)
            }
            return value >= 1 ? value : nil
        }
        func quarter(_ at: Int) -> Int? {
            guard at + 2 <= bytes.count, bytes[at] | 0x20 == UInt8(ascii: "q"), (0x31...0x34).contains(bytes[at + 1]) else { return nil }
            return Int(bytes[at + 1] &- 0x30)
        }
        func isSeparator(_ at: Int) -> Bool { bytes[at] == CSVByte.space || bytes[at] == UInt8(ascii: "-") }
        let gap = bytes.count - 6  // 0, or 1 for a separator
        if let y = year(0), let q = quarter(4 + gap), gap == 0 || isSeparator(4) {
            return Double(days(year: y, month: (q - 1) * 3 + 1, day: 1) * 86_400)
        }
        if let q = quarter(0), let y = year(2 + gap), gap == 0 || isSeparator(2) {
            return Double(days(year: y, month: (q - 1) * 3 + 1, day: 1) * 86_400)
        }
        return nil
    }

    /// The days of `month` (1–12) in `year`, proleptic Gregorian.
    static func daysIn(month: Int, year: Int) -> Int {
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        return [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's days_from_civil). O(1).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The ISO 8601 number layouts described above, read from bytes; nil if the cell is not
    /// one of them (it may still be a date another way). O(length).
    static func isoSeconds(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let p = cell.baseAddress, cell.count >= 7 else { return nil }
        let n = cell.count
        @inline(__always) func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= n else { return nil }
            var value = 0
            for k in at..<(at + count) {
                guard CSVByte.isDigit(p[k]) else { return nil }
                value = value * 10 + Int(p[k] &- 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), year >= 1 else { return nil }
        let separator = p[4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/"),
            let month = digits(5, 2), month >= 1, month <= 12
        else { return nil }
        if n == 7 {
            guard separator == UInt8(ascii: "-") else { return nil }
            return Double(days(year: year, month: month, day: 1) * 86_400)
        }
        guard p[7] == separator, let day = digits(8, 2), day >= 1 else { return nil }
        guard day <= daysIn(month: month, year: year) else { return nil }
        var seconds = days(year: year, month: month, day: day) * 86_400
        if n == 10 { return Double(seconds) }
        guard p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: " "),
            let hour = digits(11, 2), hour <= 23, n > 13, p[13] == UInt8(ascii: ":"),
            let minute = digits(14, 2), minute <= 59
        else { return nil }
        seconds += hour * 3600 + minute * 60
        var i = 16
        var fraction = 0.0
        if i < n && p[i] == UInt8(ascii: ":") {
            guard let second = digits(i + 1, 2), second <= 59 else { return nil }
            seconds += second
            i += 3
            if i < n && p[i] == UInt8(ascii: ".") {
                i += 1
                var value = 0, scale = 1, count = 0
                while i < n && CSVByte.isDigit(p[i]) {
                    if count < 9 {
                        value = value * 10 + Int(p[i] &- 0x30)
                        scale *= 10
                    }
                    count += 1
                    i += 1
                }
                guard count > 0 else { return nil }
                fraction = Double(value) / Double(scale)
            }
        }
        if i < n {
            if p[i] == UInt8(ascii: "Z") {
                i += 1
            } else if n - i == 4, p[i] == CSVByte.space,
                (p[i + 1], p[i + 2], p[i + 3]) == (0x55, 0x54, 0x43) || (p[i + 1], p[i + 2], p[i + 3]) == (0x47, 0x4D, 0x54)
            {
                // " UTC" or " GMT", as databases and logs write them.
                i += 4
            } else if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
                guard let hours = digits(i + 1, 2), hours <= 23 else { return nil }
                i += 3
                var minutes = 0
                if i < n {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard let m = digits(i, 2), m <= 59 else { return nil }
                    minutes = m
                    i += 2
                }
                seconds -= sign * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard i == n else { return nil }
        return Double(seconds) + fraction
    }
}
