import CPostgres

/// One result libpq gives for a command (`PGresult`): its status, its rows (one in single-row
/// mode, a chunk for a `FETCH`) and their columns, or the server's error. Owns the result and
/// frees it (`PQclear`) in deinit; the bytes of a cell stay valid as long as the result lives.
///
/// Every accessor is O(1).
final class PostgresResult {
    let handle: OpaquePointer

    /// Takes ownership of `handle`.
    init(_ handle: OpaquePointer) { self.handle = handle }

    deinit { PQclear(handle) }

    var status: ExecStatusType { PQresultStatus(handle) }

    var rowCount: Int { Int(PQntuples(handle)) }

    var columnCount: Int { Int(PQnfields(handle)) }

    /// The column's name, as the query's result names it.
    func columnName(_ column: Int) -> String {
        PQfname(handle, Int32(column)).map { String(cString: $0) } ?? "column\(column + 1)"
    }

    /// The type of the column's values (a domain's base type), by OID (`pg_type.oid`).
    func type(_ column: Int) -> Oid { PQftype(handle, Int32(column)) }

    func isNull(_ row: Int, _ column: Int) -> Bool { PQgetisnull(handle, Int32(row), Int32(column)) != 0 }

    /// The cell's bytes: its text (text format), or its binary form (binary format).
    func bytes(_ row: Int, _ column: Int) -> UnsafeBufferPointer<UInt8> {
        let start = PQgetvalue(handle, Int32(row), Int32(column))
        let count = Int(PQgetlength(handle, Int32(row), Int32(column)))
        return UnsafeBufferPointer(start: UnsafeRawPointer(start)?.assumingMemoryBound(to: UInt8.self), count: count)
    }

    /// Where the cell's bytes start (libpq ends them with a 0 byte, so an empty cell has one).
    func start(_ row: Int, _ column: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(PQgetvalue(handle, Int32(row), Int32(column)))
    }

    /// The cell as text (UTF-8: connections ask for that client encoding).
    func text(_ row: Int, _ column: Int) -> String { String(decoding: bytes(row, column), as: UTF8.self) }

    /// A field of the server's error (`PG_DIAG_*`), if the result is an error that has it.
    func errorField(_ field: Int32) -> String? {
        PQresultErrorField(handle, field).map { String(cString: $0) }
    }

    /// The error's five-character SQLSTATE ("25006"), if the server gave one.
    var sqlState: String? { errorField(chartview_pg_diag_sqlstate) }

    /// The error in one line: the server's primary message, then its hint if any; libpq's
    /// whole message when it is not the server's.
    var errorText: String {
        guard let primary = errorField(chartview_pg_diag_message_primary) else {
            return PostgresFailure.oneLine(String(cString: PQresultErrorMessage(handle)))
        }
        let hint = errorField(chartview_pg_diag_message_hint).map { " (\($0))" } ?? ""
        return PostgresFailure.oneLine(primary + hint)
    }
}
