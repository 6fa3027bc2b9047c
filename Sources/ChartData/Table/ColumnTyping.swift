import ChartCore
import Foundation

/// How a column's values become a typed column, the rules CSV files and SQLite results share:
/// text that reads as dates is a date column (through `DateParser`, the CSV reader's), and a
/// SQLite column declared as a date (`DATE`, `DATETIME`, `TIMESTAMP`…) is one whether it holds
/// text or numbers.
///
/// Dates are seconds since 1970-01-01T00:00:00Z, UTC unless a text has an offset.
public enum ColumnTyping {
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
    static func values(_ values: [SQLValue], declaredType: String? = nil, name: String = "") -> DataColumn.Values {
        column(values, declaredType: declaredType, name: name).values
    }

    /// The column called `name` that `values(_:declaredType:name:)` types, with the unit its
    /// texts were written with (`textColumn(_:name:decimalComma:)`). O(values).
    static func column(_ values: [SQLValue], declaredType: String? = nil, name: String = "") -> DataColumn {
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
        if allNumbers { return DataColumn(name: name, values: numberValues(numbers, declaredType: declaredType)) }
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
        if present, let dates = dates(fromTexts: texts) { return DataColumn(name: name, values: .date(dates)) }
        // Missing-value spellings ("NA", "-"…) are missing, as in a CSV file.
        return textColumn(texts.map { $0.flatMap { isMissing($0) ? nil : $0 } }, name: name, decimalComma: false)
    }

    /// A column of texts (nil where missing) as what its texts all are: dates with slashes in
    /// the order the column settles or, when nothing settles it, an assumed one
    /// (`dates(fromSlashedTexts:name:dayFirstByDefault:)`; `typedTextColumn` says which), numbers written as people
    /// write them (`numbers(fromTexts:decimalComma:)`: "1,412,000,000", "12%", "3,5" in a
    /// semicolon file), or text. The last step of typing a CSV column of text, and a SQLite
    /// column of text (`sqlite3 .import` stores every value as text). O(total length).
    /// The column keeps the unit every present number was written with ("12.5%", "$1,250"), so
    /// that labels and popups write it too.
    /// `orDecimalComma`: a tab- or `|`-separated file, written with either convention; a column
    /// that does not read with `decimalComma`'s convention is read with the other ("1,5" with
    /// decimal commas: Excel's "Unicode text" on a German Windows; `decimalCommas(in:…)`
    /// decides the file's convention).
    static func textColumn(_ texts: [String?], name: String, decimalComma: Bool, orDecimalComma: Bool = false) -> DataColumn {
        typedTextColumn(texts, name: name, decimalComma: decimalComma, orDecimalComma: orDecimalComma).column
    }

    /// `textColumn(_:name:decimalComma:orDecimalComma:)`, and what a reader should be told of
    /// how it was read: the order assumed for dates with slashes that no value of the column
    /// decides ("column 'day': dates read month first…"); nil when nothing was assumed.
    static func typedTextColumn(
        _ texts: [String?], name: String, decimalComma: Bool, orDecimalComma: Bool = false
    ) -> (column: DataColumn, note: String?) {
        guard texts.contains(where: { $0 != nil }) else { return (DataColumn(name: name, values: .text(texts)), nil) }
        if let (dates, assumed) = dates(fromSlashedTexts: texts, name: name, dayFirstByDefault: decimalComma) {
            let note = assumed.map { "column '\(name)': \($0)" }
            return (DataColumn(name: name, values: .date(dates)), note)
        }
        if let (numbers, unit) = numbers(fromTexts: texts, decimalComma: decimalComma)
            ?? (orDecimalComma ? numbers(fromTexts: texts, decimalComma: !decimalComma) : nil)
        {
            return (DataColumn(name: name, values: .number(numbers), unit: unit), nil)
        }
        return (DataColumn(name: name, values: .text(texts)), nil)
    }

    /// Whether a file's columns of text (`columns`) take decimal commas: always with
    /// `decimalComma` (a `;` file), never without `orDecimalComma`; in a tab or `|` file, when
    /// one of them reads as numbers only with decimal commas ("0,5", "3,25"), so that a column
    /// that reads either way ("60,323") is read as the file is written. O(total length).
    static func decimalCommas(in columns: [[String?]], decimalComma: Bool, orDecimalComma: Bool) -> Bool {
        guard !decimalComma else { return true }
        guard orDecimalComma else { return false }
        return columns.contains { texts in
            numbers(fromTexts: texts, decimalComma: false) == nil && numbers(fromTexts: texts, decimalComma: true) != nil
        }
    }

    /// Every text as a number (NaN for nil) when each present one is a decimal number as the
    /// CSV reader reads one, or written with thousands separators ("1,412,000,000",
    /// "-12,500.75"), or a percentage ("12%", "12.5 %": 12 and 12.5), or an amount of money
    /// ("$1,250", "-$5", "€3.40", "3,40 €"), or, with `decimalComma` (a semicolon-separated file,
    /// as European spreadsheets write them), with a decimal comma and optional dot separators
    /// ("3,5", "1.234,56"); nil otherwise, and nil when two cells name different currencies
    /// (their sum would mean nothing). Spaces around are ignored. `unit` is the one every present
    /// number was written with, nil when some have none ("5%" beside "5"). O(total length).
    static func numbers(fromTexts texts: [String?], decimalComma: Bool) -> (numbers: [Double], unit: NumberUnit?)? {
        var result: [Double] = []
        result.reserveCapacity(texts.count)
        var unit: NumberUnit?
        var unitIsShared = true
        var seenNumber = false
        var currency: NumberUnit?
        for text in texts {
            guard let text else { result.append(.nan); continue }
            guard let (value, written) = spelledNumber(text, decimalComma: decimalComma) else { return nil }
            if let written, written != .percent {
                if let currency, currency != written { return nil }
                currency = written
            }
            if !seenNumber {
                unit = written
                seenNumber = true
            } else if written != unit {
                unitIsShared = false
            }
            result.append(value)
        }
        return (result, unitIsShared ? unit : nil)
    }

    /// Whether a text spells a missing value, as a CSV cell does (`CSVCell.isMissing`).
    static func isMissing(_ text: String) -> Bool {
        var trimmed = String(trimmed(Substring(text)))
        return trimmed.withUTF8 { CSVCell.isMissing($0) }
    }

    /// `text` without spaces and tabs around it.
    static func trimmed(_ text: Substring) -> Substring {
        var body = text
        while let first = body.first, first == " " || first == "\t" { body.removeFirst() }
        while let last = body.last, last == " " || last == "\t" { body.removeLast() }
        return body
    }

    /// One text as `numbers(fromTexts:decimalComma:)` reads it (a percentage as its number).
    /// The longest text read as a number, in UTF-8 bytes: past it a cell is text at once (a
    /// 200 MB cell was split and scanned character by character before it was found not to be
    /// one), and no finite Double needs more digits than this to be written.
    static let longestNumberText = 1_100

    static func number(fromText text: String, decimalComma: Bool) -> Double? {
        spelledNumber(text, decimalComma: decimalComma)?.value
    }

    /// The signs of money read before or after a number's digits.
    static let currencySigns: Set<Character> = ["$", "€", "£", "¥", "₹", "₩", "₽"]

    /// One text as `numbers(fromTexts:decimalComma:)` reads it, with the unit it was written
    /// with (nil for a plain number). O(length).
    static func spelledNumber(_ text: String, decimalComma: Bool) -> (value: Double, unit: NumberUnit?)? {
        guard text.utf8.count <= longestNumberText else { return nil }
        var body = trimmed(Substring(text))
        var unit: NumberUnit?
        if body.hasSuffix("%") {
            body = trimmed(body.dropLast())
            unit = .percent
        } else if let last = body.last, currencySigns.contains(last) {
            body = trimmed(body.dropLast())
            unit = NumberUnit(suffix: " " + String(last))
        }
        var negative = false
        if body.hasPrefix("-") || body.hasPrefix("+") {
            negative = body.hasPrefix("-")
            body = body.dropFirst()
        }
        // "$5", "-$5" and "$-5" alike.
        if unit == nil, let first = body.first, currencySigns.contains(first) {
            unit = NumberUnit(prefix: String(first))
            body = trimmed(body.dropFirst())
            if !negative, body.hasPrefix("-") || body.hasPrefix("+") {
                negative = body.hasPrefix("-")
                body = body.dropFirst()
            }
        }
        guard let value = plainNumber(body, decimalComma: decimalComma) else { return nil }
        return (negative ? -value : value, unit)
    }

    /// Digits with optional separators of thousands and a decimal point (a comma with
    /// `decimalComma`), and an optional exponent ("3,1e-05", "2e-04": R writes small numbers
    /// so), no sign. O(length).
    private static func plainNumber(_ text: Substring, decimalComma: Bool) -> Double? {
        var body = text
        var exponent = ""
        if let e = body.lastIndex(where: { $0 == "e" || $0 == "E" }) {
            var digits = body[body.index(after: e)...]
            if digits.first == "-" || digits.first == "+" { digits = digits.dropFirst() }
            guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            exponent = "e" + body[body.index(after: e)...]
            body = body[..<e]
        }
        let group: Character = decimalComma ? "." : ","
        let point: Character = decimalComma ? "," : "."
        let parts = body.split(separator: point, maxSplits: 1, omittingEmptySubsequences: false)
        guard let whole = parts.first, !whole.isEmpty else { return nil }
        let groups = whole.split(separator: group, omittingEmptySubsequences: false)
        guard groups.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }) else { return nil }
        // Separators every three digits after the first group of one to three, which does not
        // start with 0 ("0,462" is no thousands: it is a decimal comma's).
        if groups.count > 1 {
            guard groups[0].count <= 3, groups[0].first != "0", groups.dropFirst().allSatisfy({ $0.count == 3 }) else { return nil }
        }
        var plain = groups.joined()
        if parts.count == 2 {
            let fraction = parts[1]
            guard !fraction.isEmpty, fraction.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
            plain += "." + fraction
        }
        return Double(plain + exponent)
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
    /// day), or the one `name` spells ("DATE (MM/DD/YYYY)"); dotted dates are day first. When
    /// nothing decides (no part passes 12), the order in which the dates run in time when only
    /// one does, else day first with `dayFirstByDefault` (a file of decimal commas) and month
    /// first otherwise, as pandas reads them; `assumed` then says which, for the reader's notes.
    /// nil when a present text is not such a date, or the order contradicts itself. Seconds
    /// since 1970, UTC; NaN for nil. O(total length).
    static func dates(
        fromSlashedTexts texts: [String?], name: String, dayFirstByDefault: Bool = false
    ) -> (dates: [Double], assumed: String?)? {
        var parts: [(Int, Int, Int, Int)] = []  // first, second, year, seconds of the day
        parts.reserveCapacity(texts.count)
        var firstIsDay = false, secondIsDay = false, any = false, allDotted = true
        for text in texts {
            guard let text else { parts.append((0, 0, 0, -1)); continue }
            guard let (p, dotted) = slashedDate(text) else { return nil }
            any = true
            allDotted = allDotted && dotted
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
        } else if allDotted {
            // Dotted dates (01.03.2024) are written day first wherever they are written.
            dayFirst = true
        } else {
            // No value decides: the order in which the dates run in time, when only one does.
            let dayFirstDates = Self.dates(of: parts, dayFirst: true), monthFirstDates = Self.dates(of: parts, dayFirst: false)
            let dayFirstRuns = dayFirstDates.map(Self.runsInOrder) ?? false
            let monthFirstRuns = monthFirstDates.map(Self.runsInOrder) ?? false
            let chosen = dayFirstRuns != monthFirstRuns ? dayFirstRuns : dayFirstByDefault
            guard let dates = chosen ? dayFirstDates : monthFirstDates else { return nil }
            let order = chosen ? "day first (01/03/2024 is 1 March)" : "month first (01/03/2024 is 3 January)"
            let why = dayFirstRuns != monthFirstRuns ? "they run in time only that way" : chosen ? "as with decimal commas" : "as pandas reads them"
            return (dates, "dates read \(order): no value passes 12, \(why)")
        }
        return Self.dates(of: parts, dayFirst: dayFirst).map { ($0, nil) }
    }

    /// The seconds since 1970 of `parts` (first, second, year, seconds of the day; −1 for
    /// missing: NaN) read day first or month first; nil when one is no date. O(parts).
    private static func dates(of parts: [(Int, Int, Int, Int)], dayFirst: Bool) -> [Double]? {
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

    /// Whether the present values never fall, or never rise. O(values).
    private static func runsInOrder(_ values: [Double]) -> Bool {
        let present = values.filter { !$0.isNaN }
        let pairs = zip(present, present.dropFirst())
        return pairs.allSatisfy { $0 <= $1 } || pairs.allSatisfy { $0 >= $1 }
    }

    /// "d/m/yyyy" or "m/d/yyyy", one or two digits each, or the same with dots ("01.03.2024"),
    /// with an optional " H:mm" or " H:mm:ss" (or with dots: " 14.30.15"; or " 14h30"): (first, second, year, seconds of the day) and
    /// whether it had dots; nil for anything else.
    private static func slashedDate(_ text: String) -> ((Int, Int, Int, Int), dotted: Bool)? {
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
        guard let a = number(maxDigits: 2), i < bytes.count, bytes[i] == 0x2F || bytes[i] == 0x2E else { return nil }
        let separator = bytes[i]
        i += 1
        guard let b = number(maxDigits: 2), expect(separator) else { return nil }
        let yearStart = i
        guard let year = number(maxDigits: 4), i - yearStart == 4, year >= 1 else { return nil }
        var seconds = 0
        if i < bytes.count {
            // Hours and minutes apart by ":", "." (Finnish, Danish) or "h" (French: "14h30").
            guard expect(0x20) || expect(0x54), let hour = number(maxDigits: 2), hour <= 23, i < bytes.count,
                [0x3A, 0x2E, 0x68].contains(bytes[i])
            else { return nil }
            let timeSeparator = bytes[i]
            i += 1
            guard let minute = number(maxDigits: 2), minute <= 59 else { return nil }
            seconds = hour * 3600 + minute * 60
            if i < bytes.count {
                guard timeSeparator != 0x68, expect(timeSeparator), let second = number(maxDigits: 2), second <= 59 else { return nil }
                seconds += second
            }
        }
        guard i == bytes.count, a >= 1, b >= 1, a <= 31, b <= 31 else { return nil }
        return ((a, b, year, seconds), separator == 0x2E)
    }

    /// `table` with dates read from the parts people split them into: a column of dates at
    /// midnight followed by a column of times of day whose name says so ("13:45", "24:00" for
    /// the next midnight; named time, hour, clock, HH:MM or a time zone such as MST) becomes one
    /// column of dates and times, named by the date column, the time column dropped (TMY3's
    /// "Date (MM/DD/YYYY)", "Time (HH:MM)"); a column of whole numbers named date of the form
    /// yyyymmdd (20200101) becomes dates; a column of decimal years with a regular step named
    /// time, year, date or period becomes dates (`dates(fromDecimalYears:)`); and whole-number
    /// columns named year and month (and day), or year and quarter, gain, before the year, a
    /// column of their dates. Each change is said in the table's
    /// notes. O(rows × columns).
    public static func combiningDatesAndTimes(_ table: DataTable) -> DataTable {
        var columns = table.columns
        var notes = table.notes
        var index = 0
        while index + 1 < columns.count {
            defer { index += 1 }
            guard case .date(let days) = columns[index].values,
                days.allSatisfy({ !$0.isFinite || $0.truncatingRemainder(dividingBy: 86_400) == 0 }),
                case .text(let times) = columns[index + 1].values, namesATime(columns[index + 1].name),
                let seconds = secondsOfDay(times)
            else { continue }
            let combined = zip(days, seconds).map { day, second in day.isFinite && second.isFinite ? day + second : .nan }
            notes.append("\(columns[index].name) and \(columns[index + 1].name) read as one column of dates and times")
            columns[index] = DataColumn(name: columns[index].name, values: .date(combined))
            columns.remove(at: index + 1)
        }
        for i in columns.indices where ColumnProfile.tokens(of: columns[i].name).contains("date") {
            guard case .number(let values) = columns[i].values, let dates = dates(fromYearMonthDay: values) else { continue }
            notes.append("\(columns[i].name) read as dates (yyyymmdd)")
            columns[i] = DataColumn(name: columns[i].name, values: .date(dates))
        }
        for i in columns.indices where namesADecimalYear(columns[i].name) {
            guard case .number(let values) = columns[i].values, let dates = dates(fromDecimalYears: values) else { continue }
            notes.append("\(columns[i].name) read as dates (decimal years, \(dates.perYear) a year)")
            columns[i] = DataColumn(name: columns[i].name, values: .date(dates.seconds))
        }
        if !columns.contains(where: \.isDate), let year = columns.firstIndex(where: { $0.name.lowercased() == "year" }),
            let (month, monthsPerStep) = columns.indices.lazy.compactMap({ i -> (Int, Double)? in
                let name = columns[i].name.lowercased()
                return name == "month" ? (i, 1) : ["quarter", "qtr"].contains(name) ? (i, 3) : nil
            }).first,
            case .number(let years) = columns[year].values, case .number(var months) = columns[month].values,
            monthsPerStep == 1 || months.allSatisfy({ !$0.isFinite || (1...4).contains($0) })
        {
            // Quarters 1…4 as the months they start with.
            if monthsPerStep == 3 { months = months.map { ($0 - 1) * 3 + 1 } }
            let dayColumn = columns.firstIndex { $0.name.lowercased() == "day" }
            let days: [Double]? = dayColumn.flatMap { if case .number(let d) = columns[$0].values { d } else { nil } }
            var dates: [Double] = []
            dates.reserveCapacity(years.count)
            var valid = true
            for row in years.indices {
                let y = years[row], m = months[row], d = days?[row] ?? 1
                guard y.isFinite, m.isFinite, d.isFinite else { dates.append(.nan); continue }
                guard y == y.rounded(), m == m.rounded(), d == d.rounded(), (1...12).contains(Int(m)), abs(y) <= 9999,
                    d >= 1, Int(d) <= DateParser.daysIn(month: Int(m), year: Int(y))
                else { valid = false; break }
                dates.append(Double(DateParser.days(year: Int(y), month: Int(m), day: Int(d)) * 86_400))
            }
            if valid && dates.contains(where: \.isFinite) {
                let parts = [columns[year].name, columns[month].name] + (dayColumn.map { [columns[$0].name] } ?? [])
                let name = parts.joined(separator: "-")
                notes.append("\(parts.joined(separator: ", ")) read as the dates of a column '\(name)'")
                columns.insert(DataColumn(name: name, values: .date(dates)), at: year)
            }
        }
        // Nothing read anew: the table as it came (comparing ten million values would cost).
        return notes.count == table.notes.count ? table : DataTable(columns: columns, notes: notes)
    }

    /// Whether a column's name allows decimal years: time, year, date, period, yr (R's `ts`
    /// objects write their times so: AirPassengers' `time`).
    static func namesADecimalYear(_ name: String) -> Bool {
        !ColumnProfile.tokens(of: name).isDisjoint(with: ["time", "year", "date", "period", "yr"])
    }

    /// Decimal years with a regular step (1949, 1949.083…, 1949.917: months as twelfths of a
    /// year; quarters, halves, weeks as 4ths, 2nds, 52nds) as the dates each step starts, and
    /// the steps per year; nil unless every present value lies within 1000…2999, some is not
    /// whole, and each one's fraction of a year is a whole number of steps (within 1% of a step). O(n).
    static func dates(fromDecimalYears values: [Double]) -> (seconds: [Double], perYear: Int)? {
        var fractional = false
        for v in values where v.isFinite {
            guard v >= 1000, v < 3000 else { return nil }
            if v != v.rounded() { fractional = true }
        }
        guard fractional else { return nil }
        for perYear in [2, 4, 12, 52] {
            var seconds: [Double] = []
            seconds.reserveCapacity(values.count)
            var fits = true
            for v in values {
                guard v.isFinite else { seconds.append(.nan); continue }
                let year = v.rounded(.down), steps = (v - year) * Double(perYear)
                guard abs(steps - steps.rounded()) < 0.01 else { fits = false; break }
                let step = Int(steps.rounded())
                let y = Int(year) + step / perYear, k = step % perYear
                switch perYear {
                case 52: seconds.append(Double((DateParser.days(year: y, month: 1, day: 1) + 7 * k) * 86_400))
                default: seconds.append(Double(DateParser.days(year: y, month: k * 12 / perYear + 1, day: 1) * 86_400))
                }
            }
            if fits { return (seconds, perYear) }
        }
        return nil
    }

    /// Whether a column's name says it holds times of day: time, hour, clock, hh:mm, or a time
    /// zone's abbreviation (UTC, MST, CET…), as weather stations name the column.
    static func namesATime(_ name: String) -> Bool {
        let lower = name.lowercased()
        if lower.contains("time") || lower.contains("hh:mm") || lower.contains("clock") || lower.contains("hour") { return true }
        return ["utc", "gmt", "mst", "mdt", "est", "edt", "cst", "cdt", "pst", "pdt", "cet", "cest", "eet", "wet", "lst", "ast"]
            .contains(lower.trimmingCharacters(in: .whitespaces))
    }

    /// Whole numbers of the form yyyymmdd (20200101) as dates; nil unless every present value
    /// is a real day from the year 1000 to 2999. O(n).
    static func dates(fromYearMonthDay values: [Double]) -> [Double]? {
        var result: [Double] = []
        result.reserveCapacity(values.count)
        var any = false
        for v in values {
            guard v.isFinite else { result.append(.nan); continue }
            guard v == v.rounded(), v >= 10_000_101, v <= 29_991_231 else { return nil }
            let whole = Int(v), year = whole / 10_000, month = whole / 100 % 100, day = whole % 100
            guard (1...12).contains(month), day >= 1, day <= DateParser.daysIn(month: month, year: year) else { return nil }
            result.append(Double(DateParser.days(year: year, month: month, day: day) * 86_400))
            any = true
        }
        return any ? result : nil
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
                (0...24).contains(hour), (0...59).contains(minute)
            else { return nil }
            let second = parts.count == 3 ? Int(parts[2]) : 0
            guard let second, (0...59).contains(second), parts.count == 2 || parts[2].count == 2 else { return nil }
            guard hour < 24 || (minute == 0 && second == 0) else { return nil }
            result.append(Double(hour * 3600 + minute * 60 + second))
            any = true
        }
        return any ? result : nil
    }

    /// Numbers stored in a date column as seconds since 1970: years (whole numbers from 1000 to
    /// 2999), days written as yyyymmdd, Julian day numbers (what SQLite's
    /// `julianday()` gives: every value from 1,000,000 to 4,000,000, which as Unix seconds would
    /// all fall in January 1970) are converted; values of 10^11 and more (past the year 5138 in
    /// seconds) are milliseconds; others are Unix seconds, as `strftime('%s')` writes them.
    /// nil when no value is finite. O(n).
    static func dates(fromNumbers numbers: [Double]) -> [Double]? {
        var lo = Double.infinity, hi = -Double.infinity, whole = true
        for v in numbers where v.isFinite {
            lo = min(lo, v)
            hi = max(hi, abs(v))
            if v != v.rounded() { whole = false }
        }
        guard lo.isFinite else { return nil }
        // Years (2013) and days written as yyyymmdd (20200101) before anything else.
        if whole && lo >= 1000 && hi <= 2999 { return numbers.map { $0.isFinite ? DateResolution.startOfYear(Int($0)) : .nan } }
        if whole, let days = dates(fromYearMonthDay: numbers) { return days }
        if lo >= 1_000_000 && hi <= 4_000_000 {
            return numbers.map { $0.isFinite ? ($0 - 2_440_587.5) * 86_400 : .nan }
        }
        if hi >= 1e11 { return numbers.map { $0.isFinite ? $0 / 1000 : .nan } }
        return numbers
    }
}
