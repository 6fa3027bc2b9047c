/// PostgreSQL's text of a `date`, `timestamp` or `timestamptz` in the ISO `DateStyle` (which
/// chartview's sessions set) as seconds since 1970-01-01T00:00:00Z: `2024-03-01`,
/// `2024-03-01 12:34:56.789012`, `2024-03-01 12:34:56+01`, `…-03:30`, `…+00:19:32` (a zone's
/// local mean time), a year of five digits or more, ` BC` after it (1 BC is the year 0), in the
/// proleptic Gregorian calendar. A timestamp without a zone is read as UTC. `infinity` and
/// `-infinity`, and anything else, are nil (a missing value). O(length).
enum PostgresTimestamp {
    static func seconds(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        var n = cell.count
        guard n >= 10 else { return nil }
        var bc = false
        if n >= 13, cell[n - 3] == 0x20, cell[n - 2] == UInt8(ascii: "B"), cell[n - 1] == UInt8(ascii: "C") {
            bc = true
            n -= 3
        }
        var i = 0
        func digits(_ count: Int) -> Int? {
            guard i + count <= n else { return nil }
            var value = 0
            for k in i..<(i + count) {
                let b = cell[k]
                guard b >= 0x30 && b <= 0x39 else { return nil }
                value = value * 10 + Int(b - 0x30)
            }
            i += count
            return value
        }
        func expect(_ byte: UInt8) -> Bool {
            guard i < n, cell[i] == byte else { return false }
            i += 1
            return true
        }
        // The year: four digits or more.
        var year = 0, yearDigits = 0
        while i < n, cell[i] >= 0x30, cell[i] <= 0x39, yearDigits < 9 {
            year = year * 10 + Int(cell[i] - 0x30)
            yearDigits += 1
            i += 1
        }
        guard yearDigits >= 4, expect(UInt8(ascii: "-")), let month = digits(2), (1...12).contains(month),
            expect(UInt8(ascii: "-")), let day = digits(2)
        else { return nil }
        if bc { year = 1 - year }
        guard day >= 1, day <= DateParser.daysIn(month: month, year: year) else { return nil }
        var seconds = Double(DateParser.days(year: year, month: month, day: day)) * 86_400
        guard i < n else { return seconds }
        guard expect(0x20), let hour = digits(2), hour <= 24, expect(UInt8(ascii: ":")), let minute = digits(2), minute <= 59,
            expect(UInt8(ascii: ":")), let second = digits(2), second <= 60
        else { return nil }
        seconds += Double(hour * 3600 + minute * 60 + second)
        if expect(UInt8(ascii: ".")) {
            var fraction = 0.0, scale = 1.0, count = 0
            while i < n, cell[i] >= 0x30, cell[i] <= 0x39 {
                fraction = fraction * 10 + Double(cell[i] - 0x30)
                scale *= 10
                count += 1
                i += 1
            }
            guard count > 0 else { return nil }
            seconds += fraction / scale
        }
        guard i < n else { return seconds }
        // The zone's offset east of UTC: ±hh, ±hh:mm, ±hh:mm:ss.
        guard cell[i] == UInt8(ascii: "+") || cell[i] == UInt8(ascii: "-") else { return nil }
        let sign = cell[i] == UInt8(ascii: "-") ? -1.0 : 1.0
        i += 1
        guard let hours = digits(2) else { return nil }
        var offset = hours * 3600
        if expect(UInt8(ascii: ":")) {
            guard let minutes = digits(2) else { return nil }
            offset += minutes * 60
            if expect(UInt8(ascii: ":")) {
                guard let secs = digits(2) else { return nil }
                offset += secs
            }
        }
        guard i == n else { return nil }
        return seconds - sign * Double(offset)
    }
}
