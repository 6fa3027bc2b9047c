import ChartCore
import Foundation

/// How an option's value is read from its text: a typed value, or a usage error naming the
/// option as it was written (`spelling`). Its `choices`, for a closed set, are what the help
/// lists and `--values` prints (swift-argument-parser's `ExpressibleByArgument`, as values).
struct OptionValue<Value>: Sendable {
    /// The values taken, by name, when they are a closed set; nil for any other.
    let choices: [String]?
    /// Reads `text`, given to the option written `spelling`.
    let read: @Sendable (_ text: String, _ spelling: String) throws(CommandError) -> Value

    init(choices: [String]? = nil, read: @escaping @Sendable (_ text: String, _ spelling: String) throws(CommandError) -> Value) {
        self.choices = choices
        self.read = read
    }

    /// One of `names`, read by `value` (nil for a text it does not take); anything else is
    /// "unknown WHAT 'text'; choose one of: a, b, c".
    static func choice(_ what: String, names: [String], _ value: @escaping @Sendable (String) -> Value?) -> OptionValue {
        OptionValue(choices: names) { (text, _) throws(CommandError) in
            guard let chosen = value(text) else { throw .usage("unknown \(what) '\(text)'; choose one of: \(names.joined(separator: ", "))") }
            return chosen
        }
    }
}

extension OptionValue where Value == String {
    /// Any text of at most `limit` characters.
    static func text(upTo limit: Int) -> OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in try capped(text, flag: spelling, limit: limit) }
    }

    /// A title.
    static var title: OptionValue { text(upTo: Options.maxTitleLength) }
    /// A column's, table's or chart's name.
    static var name: OptionValue { text(upTo: Options.maxNameLength) }
    /// A query.
    static var query: OptionValue { text(upTo: Options.maxQueryLength) }

    /// Text that is not empty ("--group needs a column name", `what` being "a column name"),
    /// of at most `limit` characters when there is a limit.
    static func nonEmpty(_ what: String, upTo limit: Int? = nil) -> OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard !text.isEmpty else { throw .usage("\(spelling) needs \(what)") }
            return try limit.map { (limit) throws(CommandError) in try capped(text, flag: spelling, limit: limit) } ?? text
        }
    }

    /// `text` when it has at most `limit` characters; else a usage error naming the flag.
    /// O(limit): a longer text is not counted to its end.
    static func capped(_ text: String, flag: String, limit: Int) throws(CommandError) -> String {
        // A character is at least one UTF-8 byte, so a short enough byte count settles it at once.
        if text.utf8.count > limit, text.index(text.startIndex, offsetBy: limit, limitedBy: text.endIndex).map({ $0 < text.endIndex }) ?? false {
            throw .usage("\(flag): longer than \(limit) characters")
        }
        return text
    }
}

extension OptionValue where Value == [String] {
    /// Comma-separated names, each trimmed of spaces, of at most `Options.maxQueryLength` characters in all.
    static var names: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            try OptionValue<String>.capped(text, flag: spelling, limit: Options.maxQueryLength)
                .split(separator: ",").map { String($0).trimmingCharacters(in: .whitespaces) }
        }
    }
}

extension OptionValue where Value == Int {
    /// A whole number in `range` ("--bins takes a whole number from 1 to 100000 (got 'x')").
    static func whole(in range: ClosedRange<Int>) -> OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let number = Int(text), range.contains(number) else {
                throw .usage("\(spelling) takes a whole number from \(range.lowerBound) to \(range.upperBound) (got '\(text)')")
            }
            return number
        }
    }

    /// A number of rows, 0 or more.
    static var rows: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let rows = Int(text), rows >= 0 else { throw .usage("\(spelling) takes a number of rows, like 2000000 (got '\(text)')") }
            return rows
        }
    }

    /// A size in bytes: a whole number, optionally followed by K, M, G or T (powers of 1024,
    /// with an optional B or iB: 512M, 4GiB), at least 1 MB and at most 1 PB.
    static var bytes: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            let usage = CommandError.usage("\(spelling) takes a size in bytes or with K, M, G or T, like 512M or 4G (got '\(text)')")
            var digits = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
            for suffix in ["IB", "B"] where digits.hasSuffix(suffix) {
                digits = digits.dropLast(suffix.count)
                break
            }
            var multiplier = 1
            if let last = digits.last, let power = ["K": 1, "M": 2, "G": 3, "T": 4][String(last)] {
                multiplier = 1 << (10 * power)
                digits = digits.dropLast()
            }
            guard !digits.isEmpty, digits.allSatisfy(\.isASCII), let number = Int(digits), number >= 0 else { throw usage }
            let (bytes, overflow) = number.multipliedReportingOverflow(by: multiplier)
            guard !overflow, bytes <= 1 << 50 else { throw .usage("\(spelling) \(text) is more than 1 PB") }
            guard bytes >= 1 << 20 else { throw .usage("\(spelling) \(text) is less than 1 MB") }
            return bytes
        }
    }
}

extension OptionValue where Value == Double {
    /// A finite number above 0 ("--bin-width takes a number above 0 (got 'x')").
    static var positive: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let number = Double(text), number.isFinite, number > 0 else { throw .usage("\(spelling) takes a number above 0 (got '\(text)')") }
            return number
        }
    }

    /// Seconds, more than 0 and at most a day.
    static var seconds: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 86_400 else {
                throw .usage("\(spelling) takes seconds, more than 0 and at most 86400 (got '\(text)')")
            }
            return seconds
        }
    }

    /// Device pixels per layout pixel, 0.5 to 8.
    static var scale: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            guard let scale = Double(text), scale.isFinite, (0.5...8).contains(scale) else {
                throw .usage("\(spelling) takes a number from 0.5 to 8 (got '\(text)')")
            }
            return scale
        }
    }
}

extension OptionValue where Value == Size {
    /// `WxH` with whole numbers from 1 to 16384 (Cairo's image limit is 32767; beyond 16384 a
    /// PNG would take gigabytes).
    static var pixels: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2, let width = Int(parts[0]), let height = Int(parts[1]) else {
                throw .usage("\(spelling) takes WIDTHxHEIGHT in pixels, like 1024x768 (got '\(text)')")
            }
            guard (1...16384).contains(width), (1...16384).contains(height) else {
                throw .usage("\(spelling) \(text) is out of range; width and height must be 1 to 16384 pixels")
            }
            return Size(width: Double(width), height: Double(height))
        }
    }
}

extension OptionValue where Value == RangeOption {
    /// `A:B`, either end empty (`RangeOption`).
    static var range: OptionValue {
        OptionValue { (text, spelling) throws(CommandError) in
            try RangeOption(flag: spelling, text: OptionValue<String>.capped(text, flag: spelling, limit: Options.maxNameLength))
        }
    }
}
