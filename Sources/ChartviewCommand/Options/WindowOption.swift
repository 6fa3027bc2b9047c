import ChartCore
import ChartData
import Foundation

/// `--window`'s value: how much of live data the view follows, a count of the newest rows
/// ("5000") or a span of x ending at the newest row, in seconds for a date or time x (and in
/// x's own units otherwise): "60s", "10m", "2h", "1d".
enum WindowOption: Sendable, Equatable {
    /// The newest rows.
    case rows(Int)
    /// A span of x, in seconds (x units for an x of numbers).
    case span(Double)

    /// Seconds per suffix.
    private static let units: [Character: Double] = ["s": 1, "m": 60, "h": 3_600, "d": 86_400]

    /// The window `text` names: whole digits for rows (at least 2), a positive number with a
    /// suffix s, m, h or d for a span; nil for anything else.
    init?(_ text: String) {
        let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let rows = Int(trimmed) {
            guard rows >= 2 else { return nil }
            self = .rows(rows)
            return
        }
        guard let unit = trimmed.last, let seconds = Self.units[unit], let amount = Double(trimmed.dropLast()), amount.isFinite,
            amount > 0
        else { return nil }
        self = .span(amount * seconds)
    }

    /// The session's window: rows as a count, a span in x units (seconds for a date x).
    var liveWindow: LiveWindow {
        switch self {
        case .rows(let rows): .count(rows)
        case .span(let span): .span(span)
        }
    }
}

extension OptionValue where Value == WindowOption {
    /// A window: "60s", "10m", "2h", "1d" or a count of rows ("--window takes … (got 'x')").
    static var window: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let window = WindowOption(text) else {
                throw .usage("\(spelling) takes a duration like 60s, 10m, 2h or 1d, or a count of rows like 5000 (got '\(text)')")
            }
            return window
        }
    }
}

extension OptionValue where Value == LiveDelimiter {
    /// A live input's delimiter (`LiveDelimiter(name:)`).
    static var delimiter: OptionValue {
        OptionValue(choices: ["comma", "tab", "semicolon", "space"]) { (text, spelling) throws(CommandError) in
            guard let delimiter = LiveDelimiter(name: text) else {
                throw .usage("\(spelling) takes ',' (comma), tab, ';' (semicolon) or ' ' (space: runs of blanks) (got '\(text)')")
            }
            return delimiter
        }
    }
}
