/// What libpq and a PostgreSQL server say when something fails, as the `DataError` a user can
/// act on: one line, naming the server (never a password), the server's own words kept.
enum PostgresFailure {
    /// The SQLSTATE of a statement refused because the transaction is read-only.
    static let readOnlyTransaction = "25006"
    /// The SQLSTATE of a statement stopped by a cancel request or by `statement_timeout`.
    static let queryCanceled = "57014"

    /// libpq's message on one line: each line trimmed, empty ones dropped, joined with "; ",
    /// without the "FATAL:" or "ERROR:" libpq writes before a server's words. O(length).
    static func oneLine(_ message: String) -> String {
        message.split(whereSeparator: \.isNewline)
            .map { line in
                // libpq writes a server's severity with two spaces after it.
                line.replacingOccurrences(of: "FATAL:  ", with: "").replacingOccurrences(of: "ERROR:  ", with: "")
                    .trimmingCharacters(in: .whitespaces)
            }
            .filter { !$0.isEmpty }
            .joined(separator: "; ")
    }

    /// A failed connection's message, on one line and without passwords: when libpq tried one
    /// server, without its "connection to server on socket "…" failed: " (the name says which).
    static func connectionMessage(_ raw: String, connectionString: String = "", secrets: [String]) -> String {
        var text = oneLine(raw)
        let attempts = text.components(separatedBy: "connection to server ").count - 1
        if attempts == 1, text.hasPrefix("connection to server "), let failed = text.range(of: " failed: ") {
            text = String(text[failed.upperBound...])
        }
        if text.isEmpty { text = "the connection failed, and libpq did not say why" }
        return PostgresConnectionString.redacting(text, connectionString: connectionString, secrets: secrets)
    }

    /// The error a failed statement's result stands for (stops by cancel or time limit are the
    /// caller's to tell apart): a connection that failed with it (`connectionLost`), a statement
    /// the read-only transaction refused, or the server's message.
    static func statementError(
        _ result: PostgresResult, name: String, sql: String, secrets: [String],
        connectionLost: Bool
    ) -> DataError {
        let state = result.sqlState ?? ""
        let message = PostgresConnectionString.redacting(result.errorText, secrets: secrets)
        if connectionLost {
            return .server(name: name, what: "lost the connection", message: message, unreachable: true)
        }
        if state == readOnlyTransaction {
            return .notReadOnly(path: name, sql: sql.trimmingCharacters(in: .whitespacesAndNewlines))
        }
        if state == "42601" && message.contains("multiple commands") {
            return .query(path: name, message: "give one statement, not several")
        }
        // "bind message supplies 0 parameters, but prepared statement "" requires 1"
        if state == "08P01" && message.contains("bind message supplies") {
            return .query(path: name, message: "use named parameters such as :period, not $1 (\(message))")
        }
        return .query(path: name, message: message)
    }
}
