import Foundation
@testable import ChartCore
import Testing

/// Date axis labels are written by hand from the Gregorian calendar's components; they must
/// read exactly as `DateFormatter` with the en_US_POSIX locale writes the same patterns, which
/// is what they replaced: 20,000 seeded instants from 3000 BC to AD 12000, in five time zones.
@Suite struct DateLabelFormatterTests {
    @Test(
        "The hand-written labels equal DateFormatter's (en_US_POSIX)",
        arguments: ["UTC", "America/New_York", "Asia/Kolkata", "Pacific/Chatham", "Europe/Berlin"])
    func sameAsDateFormatter(zone: String) throws {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = try #require(TimeZone(identifier: zone))
        calendar.firstWeekday = 2
        let patterns: [(DateTickGenerator.LabelPattern, String)] = [
            (.timeWithSeconds, "HH:mm:ss"), (.time, "HH:mm"), (.monthDay, "MMM d"), (.month, "MMM"), (.year, "u"), (.monthYear, "MMM u")
        ]
        // One formatter a pattern (making one is what costs, not formatting).
        let formatters = patterns.map { pattern, format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.calendar = calendar
            formatter.timeZone = calendar.timeZone
            formatter.dateFormat = format
            return (pattern, format, formatter)
        }
        var state: UInt64 = 2026
        for _ in 0..<4_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            // -3000-01-01 ... 12000-01-01, in seconds, with whole days and round hours often.
            var seconds = -156_903_000_000 + Double(state >> 11) / Double(1 << 53) * 535_600_000_000
            if state & 3 == 0 { seconds = (seconds / 86_400).rounded() * 86_400 } else if state & 3 == 1 { seconds = (seconds / 3_600).rounded() * 3_600 }
            let date = Date(timeIntervalSince1970: seconds.rounded())
            for (pattern, format, formatter) in formatters {
                let expected = formatter.string(from: date)
                let written = DateTickGenerator.LabelFormatter(pattern: pattern, calendar: calendar).string(from: date)
                #expect(written == expected, "\(format) of \(seconds.rounded()) in \(zone)")
                if written != expected { return }
            }
        }
    }
}
