/// Why data could not be loaded, naming the file and the place so the user can fix it.
/// `description` is the one line chartview prints.
public enum DataError: Error, Equatable, CustomStringConvertible {
    /// The file could not be opened.
    case cannotOpen(path: String, reason: String)
    /// SQLite rejected a statement.
    case query(path: String, message: String)
    /// A statement would change the database, which chartview never does.
    case notReadOnly(path: String, sql: String)
    /// A CSV file is malformed at `line` (1-based, counting the header), in `column` if known.
    case csv(path: String, line: Int, column: String?, message: String)
    /// The data has no rows, or not the columns a chart needs.
    case unusable(path: String, message: String)
    /// A chart spec file is wrong at `keyPath` ("charts[2].kind").
    case spec(path: String, keyPath: String, message: String)
    /// Reading was cancelled (Escape in the window, another chart): a query, or a CSV file's parse.
    case cancelled(path: String)

    public var description: String {
        switch self {
        case .cannotOpen(let path, let reason): "\(path): cannot open: \(reason)"
        case .query(let path, let message): "\(path): query failed: \(message)"
        case .notReadOnly(let path, let sql): "\(path): refusing a statement that would change the database: \(sql)"
        case .csv(let path, let line, let column?, let message): "\(path):\(line): column '\(column)': \(message)"
        case .csv(let path, let line, nil, let message): "\(path):\(line): \(message)"
        case .unusable(let path, let message): "\(path): \(message)"
        case .spec(let path, let keyPath, let message): "\(path): \(keyPath.isEmpty ? "" : keyPath + ": ")\(message)"
        case .cancelled(let path): "\(path): loading cancelled"
        }
    }
}
