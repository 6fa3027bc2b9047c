import ChartCore

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
    /// The input holds more bytes than the memory budget (`InputLimits.memoryBudget`) allows.
    case tooLarge(path: String, budget: Int)
    /// Memory ran out while the input was read.
    case outOfMemory(path: String)
    /// Another process held a lock on the database for all of the time limit (`seconds`):
    /// `reason` is SQLite's ("database is locked"). A failure at run time, not bad input.
    case busy(path: String, reason: String, seconds: Double)
    /// A query's rows would take more memory than `budget` (bytes) allows.
    case resultTooLarge(path: String, budget: Int)
    /// A database server (`name`: `postgresql://user@host:port/db`, never a password) could not
    /// be used: `what` failed ("cannot connect", "lost the connection"), in the server's or the
    /// client library's words (`message`). `unreachable`: the server could not be reached or
    /// went away (a failure at run time: trying again later may work), rather than refusing
    /// what it was given (a password, a database's name: bad input).
    case server(name: String, what: String, message: String, unreachable: Bool)

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
        case .tooLarge(let path, let budget): "\(path): is larger than the memory budget (\(Self.megabytes(budget)) MB)"
        case .outOfMemory(let path): "out of memory reading \(path)"
        case .busy(let path, let reason, let seconds):
            "\(path): busy: \(reason) by another process; gave up after \(NumberFormat.automatic.format(seconds)) s (--timeout), try again later"
        case .resultTooLarge(let path, let budget):
            "\(path): the query's result is larger than the memory budget (\(Self.megabytes(budget)) MB); select fewer rows or columns, aggregate them in SQL, or raise --max-memory"
        case .server(let name, let what, let message, _): "\(name): \(what): \(message)"
        }
    }

    /// Whole megabytes (MiB), rounded down, at least 1 when `bytes` > 0.
    static func megabytes(_ bytes: Int) -> Int { bytes > 0 ? max(1, bytes >> 20) : 0 }

    /// A query, script or copy stopped by the time limit (`--timeout`, `seconds`).
    static func timedOut(path: String, seconds: Double, what: String = "the query") -> DataError {
        .query(path: path, message: "\(what) ran longer than \(NumberFormat.automatic.format(seconds)) s and was stopped")
    }

    /// Whether this is `timedOut(path:seconds:what:)`'s error: running it again would only say
    /// the same, later.
    var isTimeout: Bool {
        if case .query(_, let message) = self { message.hasSuffix(" s and was stopped") } else { false }
    }

    /// Whether this is a failure at run time (exit status 1: trying again, or on a machine with
    /// more memory, may work) rather than bad input (status 2).
    public var isRunTimeFailure: Bool {
        switch self {
        case .busy, .outOfMemory: true
        case .server(_, _, _, let unreachable): unreachable
        default: false
        }
    }
}
