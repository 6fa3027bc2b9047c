/// A unit written with every number of a column, as the data spelled it: a percent sign after
/// ("12.5%"), a currency sign before ("$1,250", "€3.40") or after ("3,40 €"). Labels and popups
/// write it back, so that a chart says what the table said.
public struct NumberUnit: Hashable, Sendable {
    /// Written before the digits, after any minus sign ("$" in "-$5").
    public var prefix: String
    /// Written after the digits ("%", " €").
    public var suffix: String

    /// A unit written `prefix` before and `suffix` after the digits; at least one is not empty.
    public init(prefix: String = "", suffix: String = "") {
        precondition(!prefix.isEmpty || !suffix.isEmpty, "A unit is written before or after the digits.")
        self.prefix = prefix
        self.suffix = suffix
    }

    /// "%" after the digits: values that are already percentages (12.5 for 12.5%).
    public static let percent = NumberUnit(suffix: "%")

    /// `number` (as a `NumberFormat` writes it) with the unit: "-$5" for "-5", "12.5%" for
    /// "12.5". A text that is not a number ("–" for a missing value, "∞") is left as it is.
    /// O(length).
    public func written(_ number: String) -> String {
        guard let first = number.first, first.isNumber || first == "-" else { return number }
        if first == "-" { return "-" + prefix + number.dropFirst() + suffix }
        return prefix + number + suffix
    }
}
