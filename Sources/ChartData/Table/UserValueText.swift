/// A value a user types (an end of `--x-range`): a number, or a date read as the CSV reader
/// reads dates (ISO 8601 with or without a time, `29 Nov 2026`, `Nov 2026`…), to seconds since
/// 1970-01-01T00:00:00Z.
public enum UserValueText {
    /// The finite number `text` spells (Swift's syntax: `-1.5`, `2e6`), nil otherwise.
    public static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingCharacters(in: .whitespaces)), value.isFinite else { return nil }
        return value
    }

    /// The date `text` spells, in seconds since 1970; nil when it is not one. A bare year
    /// ("2008") is January 1st of it.
    public static func date(_ text: String) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed.count == 4, let year = Int(trimmed), year > 0 {
            return Double(DateParser.days(year: year, month: 1, day: 1)) * 86_400
        }
        var bytes = Array(trimmed.utf8)
        var format = -1
        return bytes.withUnsafeMutableBufferPointer { DateParser().seconds(UnsafeBufferPointer($0), lastFormat: &format) }
    }
}
