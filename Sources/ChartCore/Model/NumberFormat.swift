import Foundation

/// How an axis or a popup turns a number into text.
public enum NumberFormat: Hashable, Sendable {
    /// As many decimals as the tick step needs; scientific notation past 10¹⁵ or below 10⁻⁵;
    /// thousands separated ("12,500") from 10,000 up.
    case automatic
    /// Exactly `decimals` decimals.
    case fixed(decimals: Int)
    /// `value × 100` with `decimals` decimals and a "%" sign.
    case percent(decimals: Int)
    /// Mantissa with `digits` decimals and a power of ten ("1.5e+06").
    case scientific(digits: Int)

    /// The text for `value`. `step` is the spacing of the values shown together (tick step),
    /// used by `.automatic` to choose decimals; pass nil for a lone value.
    public func format(_ value: Double, step: Double? = nil) -> String {
        guard value.isFinite else { return value.isNaN ? "–" : (value > 0 ? "∞" : "-∞") }
        switch self {
        case .fixed(let decimals):
            return Self.grouped(value, decimals: max(0, min(decimals, 15)))
        case .percent(let decimals):
            return Self.grouped(value * 100, decimals: max(0, min(decimals, 15))) + "%"
        case .scientific(let digits):
            return String(format: "%.\(max(0, min(digits, 15)))e", value)
        case .automatic:
            let magnitude = abs(value)
            if magnitude != 0 && (magnitude >= 1e15 || magnitude < 1e-5) {
                return Self.trimmedScientific(value, step: step)
            }
            let decimals: Int
            if let step, step > 0, step.isFinite {
                decimals = max(0, min(12, -Int(floor(log10(step) + 1e-9))))
            } else {
                decimals = magnitude == 0 || magnitude >= 100 ? (value == value.rounded() ? 0 : 2) : 2
            }
            var text = Self.grouped(value, decimals: decimals)
            if step == nil, text.contains(".") {
                while text.hasSuffix("0") { text.removeLast() }
                if text.hasSuffix(".") { text.removeLast() }
            }
            return text
        }
    }

    private static func trimmedScientific(_ value: Double, step: Double?) -> String {
        var text = String(format: "%.2e", value)
        // 1.50e+06 → 1.5e+06; 1.00e+06 → 1e+06.
        if let e = text.firstIndex(of: "e") {
            var mantissa = String(text[..<e])
            let exponent = String(text[e...])
            if mantissa.contains(".") {
                while mantissa.hasSuffix("0") { mantissa.removeLast() }
                if mantissa.hasSuffix(".") { mantissa.removeLast() }
            }
            text = mantissa + exponent
        }
        return text
    }

    /// `value` with `decimals` decimals, "," between thousands from 10,000 up.
    private static func grouped(_ value: Double, decimals: Int) -> String {
        var text = String(format: "%.\(decimals)f", value)
        if text.hasPrefix("-"), Double(text) == 0 { text.removeFirst() }
        guard abs(value) >= 10_000 else { return text }
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
