/// Views thinned in the server (`SQLViewThinning`) in ClickHouse's words: `minIf`, `toInt64`,
/// `isNaN`, literals read back exactly.
extension ClickHouseDatabase: SQLViewThinning {
    public func literal(_ value: Double) -> String { Self.literal(value) }

    public func aggregate(_ function: String, _ value: String, where condition: String) -> String {
        "\(function)If(\(value), \(condition))"
    }

    /// Yes: killing a `Distributed` query leaves its parts on the other shards running to their end.
    public var stoppedQueriesLinger: Bool { true }

    public func wholeKey(_ expression: String) -> String { "toInt64(\(expression))" }

    public func isNaN(_ value: String) -> String { "isNaN(\(value))" }

    /// A tuple's minimum (tuples compare element by element).
    public func firstPair(_ x: String, _ y: String) -> (x: String, y: String) {
        ("tupleElement(min((\(x), \(y))), 1)", "tupleElement(min((\(x), \(y))), 2)")
    }
}
