import ChartCore

/// A closed set of names a spec file can write for one key (a chart kind, a symbol, a scale):
/// decoded from a JSON string, and anything else a `SpecValueError` that lists the accepted
/// names. The names are the type's own (`ChartKind`, `PlotSymbol.Shape`, …), never a second list.
protocol SpecChoice: Decodable, Sendable {
    /// Every name the key accepts, in the order messages and the JSON Schema list them.
    static var specNames: [String] { get }
    /// The value a name stands for; nil when it is not one of `specNames`.
    init?(specName: String)
}

extension SpecChoice {
    /// Decodes a string and looks it up; a name that is not one throws a `SpecValueError`
    /// at the decoder's coding path.
    init(decodingSpecName decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let value = Self(specName: text) else {
            throw SpecValueError(
                codingPath: decoder.codingPath,
                message: "\(SpecValueError.quoted(text)) is not one of \(Self.specNames.joined(separator: ", "))")
        }
        self = value
    }
}

extension SpecChoice where Self: RawRepresentable<String> & CaseIterable {
    static var specNames: [String] { allCases.map(\.rawValue) }
    init?(specName: String) { self.init(rawValue: specName) }
}

/// A value of a spec file that decodes as JSON but that chartview does not accept (an unknown
/// name, an unknown key): where it is and what is wrong, for `DataError.spec`.
struct SpecValueError: Error {
    var codingPath: [any CodingKey]
    var message: String

    /// `text` in double quotes, control characters escaped and cut to 60 characters, so that
    /// a message stays one line.
    static func quoted(_ text: String) -> String {
        let cut = text.count > 60 ? String(text.prefix(60)) + "…" : text
        var out = "\""
        for scalar in cut.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case _
            where scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                || scalar == "\u{2028}" || scalar == "\u{2029}":
                out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}

extension ChartKind: SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension GridLink: Decodable, SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension Aggregation: SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension PlotSymbol.Shape: Decodable, SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension ScatterPlot.Interpolation: Decodable, SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension PieChart.Direction: Decodable, SpecChoice {
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension Theme: Decodable, SpecChoice {
    /// The built-in themes' names, as `Theme.builtIn` has them.
    static var specNames: [String] { Theme.builtIn.map(\.name) }
    init?(specName: String) {
        guard let theme = Theme.builtIn.first(where: { $0.name == specName }) else { return nil }
        self = theme
    }
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension ColorMap: Decodable, SpecChoice {
    /// The built-in maps' names, as `ColorMap.builtIn` has them.
    static var specNames: [String] { ColorMap.names }
    init?(specName: String) {
        guard let map = ColorMap.named(specName) else { return nil }
        self = map
    }
    public init(from decoder: any Decoder) throws { try self.init(decodingSpecName: decoder) }
}

extension Color: Decodable {
    /// A spec's color: a string `#rrggbb` or `#rrggbbaa` (the `#` optional, as `Color(hex:)`
    /// reads it); anything else throws a `SpecValueError`.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = Color(hex: text) else {
            throw SpecValueError(codingPath: decoder.codingPath, message: "\(SpecValueError.quoted(text)) is not a color; write #rrggbb or #rrggbbaa")
        }
        self = color
    }
}
