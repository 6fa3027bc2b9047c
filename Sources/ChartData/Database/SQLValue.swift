/// One value of a result row, as every database gives it to a chart: by SQLite's storage
/// classes, which the other engines map their types onto (PostgreSQL's through `PostgresType`).
public enum SQLValue: Equatable, Sendable {
    /// SQL NULL: a missing value.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// A blob, by its length in bytes (its bytes are not charted).
    case blob(Int)
}
