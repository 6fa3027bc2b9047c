import Foundation

/// How an axis or a popup turns a number into text.
public enum NumberFormat: Hashable, Sendable {
    /// As many decimals as the tick step needs; scientific notation past 10¹⁵ or below 10⁻⁵;
    /// thousands separated ("12,500") from 10,000 up, and from 1,000 up among values that reach
    /// 10,000 ("5,000" beside "10,000": one format for all the labels shown together). Grouping is written by hand: Foundation's
    /// NumberFormatter depends on the locale, and labels must not change with it.
    case automatic
    /// Exactly `decimals` decimals.
    case fixed(decimals: Int)
    /// `value × 100` with `decimals` decimals and a "%" sign.
    case percent(decimals: Int)
    /// Mantissa with `digits` decimals and a power of ten ("1.5e+06").
    case scientific(digits: Int)
    /// A format's text with a unit the data wrote ("12.5%", "$1,250"): see `NumberUnit`.
    indirect case withUnit(NumberFormat, NumberUnit)

    /// This format writing `unit` around its numbers; itself for nil. A format that has a unit
    /// already gets `unit` instead.
    public func withUnit(_ unit: NumberUnit?) -> NumberFormat {
        guard let unit else { return self }
        if case .withUnit(let base, _) = self { return .withUnit(base, unit) }
        return .withUnit(self, unit)
    }

    /// The unit this format writes, if any.
    public var unit: NumberUnit? {
        if case .withUnit(_, let unit) = self { return unit }
        return nil
    }

    /// The text for `value`.
    ///
    /// `step` is the spacing of the values shown together (an axis's tick step) and `magnitude`
    /// the largest absolute value among them: `.automatic` chooses one notation and one number
    /// of decimals from them, so that every label of an axis reads alike. Pass nil for both for
    /// a lone value, which gets up to 2 decimals with trailing zeros dropped. Every format groups
    /// thousands alike across values of one `magnitude`: from 1,000 up when it reaches 10,000.
    public func format(_ value: Double, step: Double? = nil, magnitude: Double? = nil) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        let groupsThousands = max(abs(value), magnitude.flatMap { $0.isFinite ? abs($0) : nil } ?? 0) >= 10_000
        switch self {
        case .withUnit(let base, let unit):
            return unit.written(base.format(value, step: step, magnitude: magnitude))
        case .fixed(let decimals):
            // Past 10^15 digits stop meaning anything: a power of ten, as axes write them.
            if abs(value) >= 1e15 { return Self.trimmed(String(format: "%.3e", value)) }
            return Self.grouped(value, decimals: max(0, min(decimals, 15)), groupsThousands: groupsThousands)
        case .percent(let decimals):
            return Self.grouped(
                value * 100, decimals: max(0, min(decimals, 15)),
                groupsThousands: max(abs(value), magnitude ?? 0) * 100 >= 10_000) + "%"
        case .scientific(let digits):
            return String(format: "%.\(max(0, min(digits, 15)))e", value)
        case .automatic:
            let scale = magnitude.flatMap { $0.isFinite ? $0 : nil } ?? abs(value)
            let usableStep = step.flatMap { $0 > 0 && $0.isFinite ? $0 : nil }
            if scale != 0 && (scale >= 1e15 || scale < 1e-5) {
                guard let usableStep else { return Self.trimmed(String(format: "%.2e", value)) }
                // Zero among powers of ten reads as itself, not "0.0e+00".
                if value == 0 { return "0" }
                // Enough mantissa digits to tell neighbouring ticks apart.
                let digits = Int(floor(log10(scale))) - Int(floor(log10(usableStep)))
                return String(format: "%.\(max(0, min(digits, 12)))e", value)
            }
            guard let usableStep else { return Self.trimmed(Self.grouped(value, decimals: 2, groupsThousands: groupsThousands)) }
            return Self.grouped(value, decimals: Self.decimals(for: usableStep), groupsThousands: groupsThousands)
        }
    }

    /// `.fixed` with the fewest decimals, at most `limit`, that write every finite value of
    /// `values` exactly (2.5 and 7.25 need 2; 3 and 4 none): values rounded in SQL to one
    /// decimal read "7.1", not "7.10". O(n).
    public static func fewestDecimals<S: Sequence>(for values: S, limit: Int = 2) -> NumberFormat where S.Element == Double {
        var needed = 0
        for v in values where v.isFinite && needed < limit {
            while needed < limit {
                let scaled = v * pow(10, Double(needed))
                if abs(scaled - scaled.rounded()) <= max(1e-9, abs(scaled) * 1e-12) { break }
                needed += 1
            }
        }
        return .fixed(decimals: needed)
    }

    /// The fewest decimals (at most 12) that show every multiple of `step` exactly:
    /// 1 for 0.5, 2 for 0.25, 0 for 2.5e3.
    static func decimals(for step: Double) -> Int {
        for d in 0...12 {
            let scaled = step * pow(10, Double(d))
            if abs(scaled - scaled.rounded()) <= max(1e-9, scaled * 1e-9) { return d }
        }
        return 12
    }

    /// Drops trailing zeros of the fraction (and a bare point): "1.50" → "1.5", "1.50e+06" → "1.5e+06".
    private static func trimmed(_ text: String) -> String {
        let exponentStart = text.firstIndex(of: "e") ?? text.endIndex
        var mantissa = String(text[..<exponentStart])
        guard mantissa.contains(".") else { return text }
        while mantissa.hasSuffix("0") { mantissa.removeLast() }
        if mantissa.hasSuffix(".") { mantissa.removeLast() }
        return mantissa + text[exponentStart...]
    }

    /// `value` with `decimals` decimals, "," between thousands: from 10,000 up, or from 1,000
    /// up with `groupsThousands` (the value sits among others that reach 10,000).
    private static func grouped(_ value: Double, decimals: Int, groupsThousands: Bool) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        // Grouping follows the printed number, so 9999.7 shown as "10000" groups like 10000.
        guard let printed = Double(text), abs(printed) >= (groupsThousands ? 1000 : 10_000) else { return text }
        let negative = text.hasPrefix("-")
        if negative { text.removeFirst() }
        let parts = text.split(separator: ".", maxSplits: 1)
        var integer = String(parts[0])
        var groupedDigits = ""
        while integer.count > 3 {
            groupedDigits = "," + integer.suffix(3) + groupedDigits
            integer.removeLast(3)
        }
        groupedDigits = integer + groupedDigits
        return (negative ? "-" : "") + groupedDigits + (parts.count > 1 ? "." + parts[1] : "")
    }
}
