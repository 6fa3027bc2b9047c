/// Why data could not be loaded, naming the file and the place so the user can fix it.
public enum DataError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened as a database.
    case cannotOpen(path: String, reason: String)
    /// SQLite rejected a statement.
    case query(path: String, message: String)
    /// A statement would change the database, which chartview never does.
    case notReadOnly(path: String, sql: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .query(let path, let message): "\(path): query failed: \(message)"
        case .notReadOnly(let path, let sql): "\(path): refusing a statement that would change the database: \(sql)"
        }
    }
}
