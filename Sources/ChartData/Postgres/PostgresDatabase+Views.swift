import Foundation

/// Views thinned in the server (`SQLViewThinning`) in PostgreSQL's words: `FILTER`, `::int8`,
/// `'NaN'::float8`, an array's minimum (arrays compare element by element).
extension PostgresDatabase: SQLViewThinning {
    /// A double as text cast to float8, which PostgreSQL reads back exactly.
    public func literal(_ value: Double) -> String {
        if value.isNaN { return "'NaN'::float8" }
        if value.isInfinite { return value > 0 ? "'Infinity'::float8" : "'-Infinity'::float8" }
        return "'\(value)'::float8"
    }

    public func aggregate(_ function: String, _ value: String, where condition: String) -> String {
        "\(function)(\(value)) FILTER (WHERE \(condition))"
    }

    public func wholeKey(_ expression: String) -> String { "(\(expression))::int8" }

    public func isNaN(_ value: String) -> String { "(\(value) = 'NaN'::float8)" }

    /// What `checkReads` remembers a passed statement by: the statement with each double literal
    /// written as `literal(_:)` writes it (`'1.5'::float8`), and each list of them, as one `?`.
    /// Such literals run nothing but float8's own input function, so a statement that differs
    /// from a passed one only in them reaches the same functions: a view's queries, whose x
    /// range and lists change with every view, are checked once per shape, not at every view.
    static func approvalKey(_ sql: String) -> String {
        guard sql.contains("'::float8") else { return sql }
        let literal = #"'(-?Infinity|NaN|[-+0-9.eE]+)'::float8"#
        return sql.replacingOccurrences(of: literal, with: "?", options: .regularExpression)
            .replacingOccurrences(of: #"\?(, \?)+"#, with: "?", options: .regularExpression)
    }

    public func firstPair(_ x: String, _ y: String) -> (x: String, y: String) {
        ("(min(ARRAY[\(x), \(y)]))[1]", "(min(ARRAY[\(x), \(y)]))[2]")
    }
}
