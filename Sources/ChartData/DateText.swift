import Foundation

/// Reads dates written as text: ISO-8601 dates and date-times (with or without an offset) and
/// the common unambiguous spellings ("2026/11/29", "29 Nov 2026", "Nov 29, 2026", "2026-11").
/// Foundation's formatters do the reading; this only knows which formats to try, and tries the
/// one that matched last first. Seconds since 1970, UTC unless the text has an offset.
enum DateText {
    private static let formats = [
        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mm:ss",
        "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ssXXXXX",
        "yyyy/MM/dd", "yyyy/MM/dd HH:mm:ss", "yyyy/MM/dd HH:mm", "d MMM yyyy", "MMM d yyyy", "MMM d, yyyy", "yyyy-MM",
    ]

    /// One formatter per format, made once (formatters are expensive to create).
    private static func formatters() -> [DateFormatter] {
        formats.map { format in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            formatter.isLenient = false
            return formatter
        }
    }

    /// Every text as seconds since 1970 (NaN for nil), or nil when any present text is not a
    /// date in one of the formats. Tries the last matching format first: O(n) for uniform data.
    static func parseAll(_ texts: [String?]) -> [Double]? {
        let all = formatters()
        var last = 0
        var result: [Double] = []
        result.reserveCapacity(texts.count)
        for text in texts {
            guard let text, !text.isEmpty else {
                result.append(.nan)
                continue
            }
            // A plain number is not a date, even where a format would accept it.
            guard text.contains(where: { $0 == "-" || $0 == "/" || $0.isLetter }), text.count >= 7 else { return nil }
            if let date = all[last].date(from: text) {
                result.append(date.timeIntervalSince1970)
                continue
            }
            guard let index = all.indices.first(where: { all[$0].date(from: text) != nil }) else { return nil }
            last = index
            result.append(all[index].date(from: text)!.timeIntervalSince1970)
        }
        return result
    }
}
