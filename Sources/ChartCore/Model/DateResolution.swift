/// The finest calendar unit at which a set of dates differ: yearly data (every value a
/// January 1st at midnight) reads "2013", monthly data "2008-03", daily data "2008-03-01",
/// hourly or minute data "2008-03-01 14:00", anything finer "2008-03-01 14:00:05". Popups,
/// the readout and `--dump-layout` write a date at its data's resolution, so a click on a
/// monthly bar never says "00:00:00" and never says 1,204,329,600 (seconds since 1970).
///
/// Dates are seconds since 1970-01-01T00:00:00Z, read in UTC, as the CSV and SQLite readers
/// store them; the calendar is the proleptic Gregorian one. Pure Swift arithmetic (Hinnant's
/// civil-from-days), because Foundation's formatters cost tens of microseconds per call.
public enum DateResolution: Int, Hashable, Sendable, Comparable, CaseIterable {
    /// The finest calendar unit that varies in the data.
    case year, month, day, minute, second

    public static func < (a: DateResolution, b: DateResolution) -> Bool { a.rawValue < b.rawValue }

    /// The resolution of `values` (NaN and infinities ignored): the finest unit any of them
    /// needs. `.day` when there are none. O(n), stopping early once `.second` is reached.
    public static func of<S: Sequence>(_ values: S) -> DateResolution where S.Element == Double {
        var finest = DateResolution.year
        var any = false
        for value in values where value.isFinite {
            any = true
            let needed = resolution(of: value)
            if needed > finest {
                finest = needed
                if finest == .second { break }
            }
        }
        return any ? finest : .day
    }

    /// The unit one date needs.
    static func resolution(of seconds: Double) -> DateResolution {
        guard seconds == seconds.rounded(), abs(seconds) < 1e15 else { return .second }
        let whole = Int64(seconds)
        let (days, secondOfDay) = whole.floorDivided(by: 86_400)
        if secondOfDay % 60 != 0 { return .second }
        if secondOfDay != 0 { return .minute }
        let (_, month, day) = civil(days: days)
        if day != 1 { return .day }
        return month == 1 ? .year : .month
    }

    /// `seconds` as text at this resolution: "2013", "2008-03", "2008-03-01",
    /// "2008-03-01 14:00", "2008-03-01 14:00:05" (a fraction of a second is cut).
    public func format(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "–" }
        let whole = Int64(seconds.rounded(.down))
        let (days, secondOfDay) = whole.floorDivided(by: 86_400)
        let (year, month, day) = Self.civil(days: days)
        let y = year < 0 ? "-" + Self.padded(-year, 4) : Self.padded(year, 4)
        switch self {
        case .year: return y
        case .month: return "\(y)-\(Self.padded(month, 2))"
        case .day: return "\(y)-\(Self.padded(month, 2))-\(Self.padded(day, 2))"
        case .minute:
            return
                "\(y)-\(Self.padded(month, 2))-\(Self.padded(day, 2)) \(Self.padded(Int(secondOfDay / 3600), 2)):\(Self.padded(Int(secondOfDay / 60 % 60), 2))"
        case .second:
            return "\(y)-\(Self.padded(month, 2))-\(Self.padded(day, 2)) \(Self.padded(Int(secondOfDay / 3600), 2)):"
                + "\(Self.padded(Int(secondOfDay / 60 % 60), 2)):\(Self.padded(Int(secondOfDay % 60), 2))"
        }
    }

    /// The typical length of one step of data at this resolution, in seconds: what a bar on a
    /// date axis is a share of. A year is 365.2425 days and a month 30.436875 (the Gregorian
    /// means); finer resolutions have no calendar length of their own (nil).
    public var calendarLength: Double? {
        switch self {
        case .year: 31_556_952
        case .month: 2_629_746
        case .day, .minute, .second: nil
        }
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return text.count >= width ? text : String(repeating: "0", count: width - text.count) + text
    }

    /// Year, month (1–12) and day (1–31) of the day `days` after 1970-01-01. O(1).
    static func civil(days: Int64) -> (year: Int, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }

    /// Seconds since 1970 of midnight UTC on January 1st of `year` (proleptic Gregorian). O(1).
    public static func startOfYear(_ year: Int) -> Double {
        let y = Int64(year) - 1
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear: Int64 = 306  // March 1st-based day of January 1st
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return Double(era * 146_097 + dayOfEra - 719_468) * 86_400
    }
}

extension Int64 {
    /// Floor division: the quotient rounded down and a remainder in 0..<divisor.
    func floorDivided(by divisor: Int64) -> (Int64, Int64) {
        let q = self / divisor, r = self % divisor
        return r < 0 ? (q - 1, r + divisor) : (q, r)
    }
}
