import ChartCore

/// A column's values as names (a group's legend entry, a pie slice's, a category's): text as it
/// is, dates at the column's resolution ("2008-03"), whole numbers without separators (zip
/// codes, years and ids are names, not quantities: "10001", never "10,001"), other numbers as a
/// lone value is written. A missing value is named "(missing)".
enum ValueNames {
    static let missing = "(missing)"

    /// Every row's name. O(rows).
    static func names(of column: DataColumn) -> [String] {
        switch column.values {
        case .text(let texts):
            return texts.map { $0 ?? missing }
        case .date(let values):
            let resolution = DateResolution.of(values)
            return values.map { $0.isFinite ? resolution.format($0) : missing }
        case .number(let values):
            return values.map(name(of:))
        }
    }

    /// One number as a name.
    static func name(of value: Double) -> String {
        guard value.isFinite else { return missing }
        if value == value.rounded() && abs(value) < 1e15 { return String(Int64(value)) }
        return NumberFormat.automatic.format(value)
    }

    /// The distinct names in order of first appearance, and each name's place among them per
    /// row. O(rows) expected.
    static func firstAppearance(_ names: [String]) -> (order: [String], placeOfRow: [Int]) {
        var order: [String] = []
        var index: [String: Int] = [:]
        var places: [Int] = []
        places.reserveCapacity(names.count)
        for name in names {
            if let i = index[name] {
                places.append(i)
            } else {
                index[name] = order.count
                places.append(order.count)
                order.append(name)
            }
        }
        return (order, places)
    }

    /// The distinct values of `column` as groups (a legend's series, a box plot's categories),
    /// and each row's place among them: numbers and dates in increasing order (cylinders 4, 6,
    /// 8, not 6, 4, 8 as the rows first have them), text of booleans false first (`FALSE`,
    /// `TRUE`; `no`, `yes`), a survey's answers in their scale's order (`ordinalScales`: Very
    /// Low … Very High, Strongly Disagree … Strongly Agree), other text in order of first appearance, which the data's author
    /// chose. A missing value comes last. O(rows) expected, and O(g log g) for g groups.
    static func groups(of column: DataColumn) -> (order: [String], placeOfRow: [Int]) {
        groupsInOrder(of: column)
    }

    /// Scales whose words say their order (a survey's answers), lowest first; a word's rank is
    /// its place in its scale. Matched without case, spaces, dots, dashes or underscores
    /// ("Strongly Disagree", "StronglyDisagree", "strongly_disagree").
    static let ordinalScales: [[String]] = [
        ["verylow", "low", "fairlylow", "average", "fairlyhigh", "high", "veryhigh"],
        ["verylow", "low", "fairlylow", "medium", "fairlyhigh", "high", "veryhigh"],
        ["verylow", "low", "fairlylow", "moderate", "fairlyhigh", "high", "veryhigh"],
        ["stronglydisagree", "disagree", "neither", "agree", "stronglyagree"],
        ["stronglydisagree", "disagree", "neutral", "agree", "stronglyagree"],
        ["none", "some", "marked"],
        ["none", "mild", "moderate", "severe"],
        ["never", "rarely", "sometimes", "often", "always"],
        ["poor", "fair", "good", "verygood", "excellent"]
    ]

    /// Each name's rank on the first of `ordinalScales` that holds every name but the missing
    /// one (which comes last), when two or more are named; nil otherwise. O(names).
    static func ordinalRanks(_ order: [String]) -> [Double]? {
        let words = order.map { name in name == missing ? nil : String(name.lowercased().filter { !" ._-".contains($0) }) }
        guard words.compactMap({ $0 }).count >= 2 else { return nil }
        for scale in ordinalScales {
            let ranks = words.map { word in word.map { scale.firstIndex(of: $0).map(Double.init) } ?? .some(.infinity) }
            if ranks.allSatisfy({ $0 != nil }) { return ranks.map { $0! } }
        }
        return nil
    }

    /// `groups(of:)`'s work.
    private static func groupsInOrder(of column: DataColumn) -> (order: [String], placeOfRow: [Int]) {
        let names = names(of: column)
        let (order, places) = firstAppearance(names)
        let rank: [Double]
        switch column.values {
        case .number(let values), .date(let values):
            // Each group's value: the first row's that names it (a date's resolution may name several alike).
            var first = [Double](repeating: .infinity, count: order.count)
            for (row, place) in places.enumerated() where first[place] == .infinity && values[row].isFinite { first[place] = values[row] }
            rank = first
        case .text:
            let truth: [String: Double] = ["false": 0, "true": 1, "no": 0, "yes": 1, "f": 0, "t": 1, "n": 0, "y": 1]
            let ranks = order.map { $0 == missing ? Double.infinity : truth[$0.lowercased()] }
            if order.count >= 2, order.count <= 3, ranks.allSatisfy({ $0 != nil }), Set(ranks.compactMap { $0 }).count == order.count {
                rank = ranks.map { $0! }
            } else if let levels = ordinalRanks(order) {
                rank = levels
            } else {
                return (order, places)
            }
        }
        let sorted = order.indices.sorted { rank[$0] < rank[$1] || (rank[$0] == rank[$1] && $0 < $1) }
        guard sorted != Array(order.indices) else { return (order, places) }
        var newPlace = [Int](repeating: 0, count: order.count)
        for (new, old) in sorted.enumerated() { newPlace[old] = new }
        return (sorted.map { order[$0] }, places.map { newPlace[$0] })
    }
}
