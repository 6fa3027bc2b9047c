/// An object of the spec format: the keys it takes are its `CodingKeys`, and the keys holding
/// objects (or lists of them) name their types, so that a spec's every object can be checked
/// for keys it does not take before it is decoded (a typo like "tittle" is an error, not
/// ignored).
protocol SpecObject {
    /// The keys the object takes, in its `CodingKeys`' order.
    static var keyNames: [String] { get }
    /// The keys whose value is an object of the format, or a list of them, and its type.
    static var nested: [String: (type: any SpecObject.Type, isList: Bool)] { get }
    /// The keys whose value is a whole number (read as `Int`), and the numbers each takes.
    static var wholeNumbers: [String: ClosedRange<Int>] { get }
}

extension SpecObject {
    static var nested: [String: (type: any SpecObject.Type, isList: Bool)] { [:] }
    static var wholeNumbers: [String: ClosedRange<Int>] { [:] }
}

extension SpecObject where Self: Decodable {
    /// The keys of `CodingKeys`, for `keyNames`.
    static func names<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] { keys.allCases.map(\.stringValue) }
}

extension ChartSpec.File: SpecObject {
    static var keyNames: [String] { names(CodingKeys.self) }
    static var nested: [String: (type: any SpecObject.Type, isList: Bool)] { ["charts": (ChartSpec.self, true), "layout": (ChartSpec.LayoutSpec.self, false)] }
}

extension ChartSpec: SpecObject {
    static var keyNames: [String] { names(CodingKeys.self) }
    static var nested: [String: (type: any SpecObject.Type, isList: Bool)] {
        [
            "data": (DataSource.self, false), "series": (Series.self, true), "xAxis": (AxisSpec.self, false),
            "yAxis": (AxisSpec.self, false), "y2Axis": (AxisSpec.self, false), "pie": (PieSpec.self, false),
            "period": (PeriodSpec.self, false)
        ]
    }
    static var wholeNumbers: [String: ClosedRange<Int>] { ["bins": binCounts] }
}

extension ChartSpec.DataSource: SpecObject { static var keyNames: [String] { names(CodingKeys.self) } }
extension ChartSpec.Series: SpecObject { static var keyNames: [String] { names(CodingKeys.self) } }
extension ChartSpec.AxisSpec: SpecObject {
    static var keyNames: [String] { names(CodingKeys.self) }
    static var wholeNumbers: [String: ClosedRange<Int>] { ["decimals": decimalPlaces] }
}
extension ChartSpec.PieSpec: SpecObject { static var keyNames: [String] { names(CodingKeys.self) } }
extension ChartSpec.PeriodSpec: SpecObject { static var keyNames: [String] { names(CodingKeys.self) } }
extension ChartSpec.LayoutSpec: SpecObject {
    static var keyNames: [String] { names(CodingKeys.self) }
    static var wholeNumbers: [String: ClosedRange<Int>] { ["rows": 1...maxCells, "columns": 1...maxCells] }
}

/// Checks a parsed spec (`JSONSerialization`'s objects) for keys its objects do not take, and
/// whole numbers for fractions (which Foundation's decoder reports without their key path).
enum SpecKeys {
    /// The first unknown key of `json`, read as `type`, depth first in key order: its key path
    /// ("charts[0].tittle") and a message suggesting the nearest key or listing them. Values of
    /// the wrong type are left to the decoder. O(keys × known keys).
    static func firstUnknown(in json: Any, as type: any SpecObject.Type, keyPath: String = "") -> (keyPath: String, message: String)? {
        guard let object = json as? [String: Any] else { return nil }
        let known = type.keyNames
        for key in object.keys.sorted() {
            let path = appending(key, to: keyPath)
            guard known.contains(key) else { return (path, message(unknown: key, known: known)) }
            if type.wholeNumbers[key] != nil, let number = object[key] as? Double, number.isFinite, number != number.rounded() {
                return (path, "expected a whole number")
            }
            guard let child = type.nested[key], let value = object[key] else { continue }
            if child.isList, let list = value as? [Any] {
                for (index, element) in list.enumerated() {
                    if let found = firstUnknown(in: element, as: child.type, keyPath: path + "[\(index)]") { return found }
                }
            } else if !child.isList, let found = firstUnknown(in: value, as: child.type, keyPath: path) {
                return found
            }
        }
        return nil
    }

    /// `keyPath` and then `key`: "charts[0].title", or "charts[0]["a b"]" for a key that is not
    /// a plain name (quoted and escaped, so that the path stays one line).
    static func appending(_ key: String, to keyPath: String) -> String {
        var path = keyPath
        append(key, to: &path)
        return path
    }

    /// Appends `key` to `keyPath` in place, as `appending(_:to:)` writes it. O(key).
    static func append(_ key: String, to keyPath: inout String) {
        let plain =
            !key.isEmpty && key.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        if !plain {
            keyPath += "[" + SpecValueError.quoted(key) + "]"
        } else {
            if !keyPath.isEmpty { keyPath += "." }
            keyPath += key
        }
    }

    /// "must be a whole number from 1 to 100000 (got 0)": the one wording of a whole number
    /// out of its key's range, whether the decoder read it or no `Int` can hold it.
    static func wholeNumberMessage(_ range: ClosedRange<Int>, got text: String) -> String {
        "must be a whole number from \(range.lowerBound) to \(range.upperBound) (got \(text))"
    }

    /// "unknown key; did you mean "title"?" when a known key is at most two edits away (or
    /// differs only in case), else the keys listed.
    static func message(unknown key: String, known: [String]) -> String {
        let scored = known.map { ($0, distance(key.lowercased(), $0.lowercased())) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= min(2, max(1, best.0.count / 2)) {
            return "unknown key; did you mean \"\(best.0)\"?"
        }
        return "unknown key; the keys are: " + known.joined(separator: ", ")
    }

    /// Levenshtein distance between two short texts, by characters. O(a × b), keys being short;
    /// texts over 64 characters count as far from every key.
    static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a), b = Array(b)
        guard a.count <= 64 else { return .max }
        var row = Array(0...b.count)
        for i in 1...max(a.count, 1) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let saved = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = saved
            }
        }
        return row[b.count]
    }
}
