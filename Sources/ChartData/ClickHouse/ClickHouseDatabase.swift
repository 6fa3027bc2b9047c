import ChartCore
import Foundation
import Synchronization

/// A ClickHouse server (one node, or the node a `Distributed` table is queried through) read
/// over its HTTP interface, read-only: every query is sent with `readonly=1`, so the server
/// refuses any statement that would write (`INSERT`, `ALTER`, `DROP`, `SELECT … INTO
/// OUTFILE`), whatever the user may do (`DataError.notReadOnly`). Results come in the `Native`
/// format (`ClickHouseNativeReader`): numbers in binary, never parsed from text.
///
/// Every query is bounded by `timeLimit`: the server's `max_execution_time`, and the client's
/// deadline a few seconds later, past which the connection is closed and the query killed by its
/// `query_id`. `interrupt()`, from another thread, does the same to the running query.
/// Queries run one at a time on one connection.
public final class ClickHouseDatabase: @unchecked Sendable {
    /// What messages call the server: `clickhouse://user@host:port/db`, never a password.
    public let name: String
    /// How long one query may run, in seconds (`--timeout`).
    public let timeLimit: Double
    /// The most bytes a `table` or `rows` result may take (the server's `max_result_bytes`, and
    /// the client's count of what it holds).
    public var memoryBudget: Int
    /// A query whose first row changes when the data does (`--watch-query`); nil: not polled.
    public var watchQuery: String?

    let location: ClickHouseLocation
    private let connection: ClickHouseConnection
    private let operationLock = NSLock()
    /// The query running now, by its `query_id`, for `interrupt()`.
    private let running = Mutex<String?>(nil)
    private var lastVersion: Int64 = 0

    /// How long past `timeLimit` the client waits for the server's own timeout, in seconds.
    static let graceSeconds = 5.0

    /// Connects (one `SELECT 1`) within `timeLimit` seconds. Throws `DataError.server`
    /// ("cannot connect") naming the server and the server's words ("Wrong password for user
    /// …"), never the password. `storedCredentials`: whether a password the URL does not write
    /// may come from `CLICKHOUSE_PASSWORD` or clickhouse-client's configuration
    /// (`StoredCredentials`; false for a server only a spec file names).
    public init(
        url: String, timeLimit: Double = 60, memoryBudget: Int = DatabaseOptions.defaultMemoryBudget, storedCredentials: Bool = true
    ) throws(DataError) {
        location = try ClickHouseLocation(url, storedCredentials: storedCredentials)
        name = location.displayName
        self.timeLimit = timeLimit
        self.memoryBudget = memoryBudget
        connection = try ClickHouseConnection()
        do {
            try query("SELECT 1", seconds: timeLimit) { _, _ in true }
        } catch .query(_, let message) {
            throw DataError.server(name: name, what: "cannot connect", message: message, unreachable: false)
        }
    }

    // MARK: - Queries

    /// Runs `sql` (one statement, read-only) and hands each block of its result to `block` (its
    /// rows, its columns), which returns false to stop reading. Bounded by `seconds`,
    /// `cancellation` and `interrupt()`; `resultBytes`, when given, bounds what the server may send.
    func query(
        _ sql: String, seconds: Double, cancellation: CancellationFlag? = nil, resultBytes: Int? = nil,
        block: (Int, [ClickHouseNativeReader.Column]) throws(DataError) -> Bool
    ) throws(DataError) {
        operationLock.lock()
        defer { operationLock.unlock() }
        let id = "chartview-" + UUID().uuidString.lowercased()
        var settings: [(String, String)] = [
            ("query_id", id), ("max_execution_time", String(Int(max(1, seconds.rounded(.up))))),
            ("timeout_overflow_mode", "throw")
        ]
        if let resultBytes { settings += [("max_result_bytes", String(resultBytes)), ("result_overflow_mode", "throw")] }
        // Last: once read-only, a session may change no setting after it.
        settings.append(("readonly", "1"))
        running.withLock { $0 = id }
        defer { running.withLock { $0 = nil } }
        var buffer: [UInt8] = []
        var consumed = 0
        var failure: DataError?
        var stoppedByReader = false
        var malformed = false
        var retryAt = 1 << 16
        // The columns of the first block: every later block must have the same (a server that
        // changes them mid-answer is not trusted to mean anything by it).
        var schema: [(String, ClickHouseType)]?
        // What an unfinished block may hold before it is refused: an eighth of the memory
        // budget, since decoding may take 8 bytes of memory per byte read (a UInt8 as a Double).
        let pendingLimit = max(memoryBudget / 8, 4 << 20)
        func readBlocks() {
            buffer.withUnsafeBytes { bytes in
                while consumed < bytes.count && failure == nil && !stoppedByReader && !malformed {
                    var offset = consumed
                    let parsed: (rows: Int, columns: [ClickHouseNativeReader.Column])
                    do throws(ClickHouseNativeReader.Failure) {
                        parsed = try ClickHouseNativeReader.block(bytes, offset: &offset)
                    } catch .incomplete {
                        return
                    } catch .unsupported(let column, let type) {
                        // A server's error text after the rows reads as a "column" of no known
                        // type: it is the server's error, said as such.
                        if bytes[consumed...].starts(with: Array("Code: ".utf8)) {
                            malformed = true
                            return
                        }
                        // A server's names, cut: a type 6 MB long is one line of a readable size.
                        func cut(_ text: String) -> String { text.count > 200 ? text.prefix(200) + "…" : text }
                        let (column, type) = (cut(column), cut(type))
                        failure = .query(
                            path: name,
                            message:
                                "column '\(column)' is of type \(type), which chartview does not read; convert it in the query (toString(\(column)), toFloat64(…))"
                        )
                        return
                    } catch {
                        malformed = true
                        return
                    }
                    consumed = offset
                    let columns = parsed.columns.map { ($0.name, $0.type) }
                    if columns.isEmpty {
                        // An empty block carries nothing; one of rows without columns is no answer.
                        if parsed.rows > 0 { malformed = true }
                        continue
                    }
                    if let schema {
                        guard schema.count == columns.count, zip(schema, columns).allSatisfy({ $0.0 == $1.0 && $0.1 == $1.1 }) else {
                            failure = .query(path: name, message: "the server's answer changed its columns between blocks")
                            return
                        }
                    } else {
                        schema = columns
                    }
                    do throws(DataError) {
                        if try !block(parsed.rows, parsed.columns) { stoppedByReader = true }
                    } catch {
                        failure = error
                    }
                }
            }
            // What was read is dropped once it is a good part of the buffer.
            if consumed > 1 << 20 && consumed * 2 > buffer.count {
                buffer.removeFirst(consumed)
                consumed = 0
            }
        }
        let status: Int
        do {
            status = try connection.post(
                Self.statement(sql) + "\nFORMAT Native", to: location.endpoint(settings: settings), user: location.user, password: location.password,
                seconds: seconds + Self.graceSeconds, shouldStop: { cancellation?.isCancelled ?? false }
            ) { piece in
                buffer.append(contentsOf: piece)
                // A block is read once all of it is here: tried again only once the bytes
                // waiting have doubled, so a large block costs O(its size) in all.
                if buffer.count - consumed >= retryAt {
                    readBlocks()
                    retryAt = max(1 << 16, 2 * (buffer.count - consumed))
                }
                // A block that never ends (a huge column, a 2⁴⁰-byte string) is refused at the
                // budget, not buffered until memory runs out.
                if buffer.count - consumed > pendingLimit {
                    failure = .resultTooLarge(path: name, budget: memoryBudget)
                    return false
                }
                return failure == nil && !stoppedByReader && !malformed
            }
        } catch {
            if failure == nil && !stoppedByReader && !malformed {
                kill(id)
                switch error {
                case .stopped: throw .cancelled(path: name)
                case .timedOut: throw .timedOut(path: name, seconds: seconds)
                case .transport(let message, let unreachable):
                    throw .server(
                        name: name, what: unreachable ? "cannot connect" : "lost the connection", message: redacting(message), unreachable: true)
                }
            }
            status = 200
        }
        // (Blocks only in an answer that says it holds them: another status's body is the
        // server's error text.)
        if failure == nil && !stoppedByReader && !malformed && status == 200 { readBlocks() }
        // (After the last blocks: a column of a type chartview does not read, in an answer
        // smaller than a retry's bytes, is named, not taken for an answer that broke off.)
        if let failure { kill(id); throw failure }
        if stoppedByReader { kill(id); return }
        if status != 200 || malformed || consumed < buffer.count {
            throw buffer.withUnsafeBytes { bytes in
                serverFailure(ClickHouseNativeReader.serverError(in: bytes, from: status == 200 ? consumed : 0), status: status, sql: sql, seconds: seconds)
            }
        }
    }

    /// `sql` without the semicolons and blanks that may end it (the format follows it). O(length).
    static func statement(_ sql: String) -> String {
        var text = Substring(sql)
        while let last = text.last, last == ";" || last.isWhitespace { text = text.dropLast() }
        return String(text)
    }

    /// The error the server's own `Code: N, … DB::Exception: …` text (or its HTTP status alone) says.
    private func serverFailure(_ error: (code: Int, message: String)?, status: Int, sql: String, seconds: Double) -> DataError {
        guard let (code, said) = error else {
            return .server(name: name, what: "lost the connection", message: "the server's answer broke off (HTTP status \(status))", unreachable: true)
        }
        // The server may quote anything it was sent, a password too (its own or a stored one).
        let message = redacting(said)
        switch code {
        // READONLY; INTO OUTFILE refused; a setting a read-only session may not change.
        case 164 where message.contains("unctions are forbidden"):
            // numbers(), file(), url(): the server forbids table functions to a read-only session.
            return .query(path: name, message: message)
        case 164, 358, 452:
            let statement = sql.split(whereSeparator: \.isNewline).first.map(String.init) ?? sql
            return .notReadOnly(path: name, sql: statement.count > 80 ? String(statement.prefix(77)) + "..." : statement)
        // TIMEOUT_EXCEEDED
        case 159: return .timedOut(path: name, seconds: seconds)
        // QUERY_WAS_CANCELLED
        case 394: return .cancelled(path: name)
        // UNKNOWN_USER, WRONG_PASSWORD, REQUIRED_PASSWORD, IP_ADDRESS_NOT_ALLOWED, UNKNOWN_DATABASE
        case 192, 193, 194, 195, 81: return .server(name: name, what: "cannot connect", message: message, unreachable: false)
        // TOO_MANY_ROWS_OR_BYTES (max_result_bytes)
        case 396: return .resultTooLarge(path: name, budget: memoryBudget)
        default: return .query(path: name, message: message)
        }
    }

    /// `text` (a server's or libcurl's words) with this server's password and every stored one
    /// redacted (`StoredCredentials.redacting`).
    private func redacting(_ text: String) -> String {
        StoredCredentials.redacting(text, more: location.password.map { [$0] } ?? [])
    }

    /// The kill requests (`kill(_:)`) on their threads, which a process waits for before it
    /// exits (`DatabaseEngine.finishBackgroundWork(seconds:)`).
    static let pendingKills = DispatchGroup()

    /// Asks the server to stop query `id` (`KILL QUERY`), from another connection, without
    /// waiting: the client has already closed the query's own.
    private func kill(_ id: String) {
        let location = location
        Self.pendingKills.enter()
        Thread.detachNewThread {
            defer { Self.pendingKills.leave() }
            guard let connection = try? ClickHouseConnection() else { return }
            _ = try? connection.post(
                "KILL QUERY WHERE query_id = '\(id)' ASYNC", to: location.endpoint(settings: []), user: location.user,
                password: location.password, seconds: Self.graceSeconds
            ) { _ in true }
        }
    }

    /// Runs one read-only statement into a typed table: numbers as numbers, `Date` and
    /// `DateTime` as dates (seconds since 1970, UTC), text through `ColumnTyping` (text that reads
    /// as dates or numbers), NULL as a missing value. At most `memoryBudget` bytes. O(rows × columns).
    public func table(_ sql: String, parameters: [String: String] = [:], cancellation: CancellationFlag? = nil) throws(DataError) -> DataTable {
        var columns: [ClickHouseNativeReader.Column] = []
        var used = 0
        let budget = memoryBudget
        try query(try bound(sql, parameters), seconds: timeLimit, cancellation: cancellation, resultBytes: budget) { (rows, block) throws(DataError) in
            if columns.isEmpty {
                columns = block
            } else {
                for c in columns.indices where c < block.count {
                    columns[c].numbers += block[c].numbers
                    columns[c].texts += block[c].texts
                }
            }
            used += rows * 8 * block.count + block.reduce(0) { $0 + $1.texts.reduce(0) { $0 + ($1?.utf8.count ?? 0) } }
            if used > budget { throw DataError.resultTooLarge(path: name, budget: budget) }
            return true
        }
        return DataTable(
            columns: columns.map { column in
                if column.type.isText { return ColumnTyping.column(column.texts.map { $0.map { .text($0) } ?? .null }, name: column.name) }
                return DataColumn(name: column.name, values: column.type.isDate ? .date(column.numbers) : .number(column.numbers))
            })
    }

    /// Runs one read-only statement and returns every row: whole numbers as integers, other
    /// numbers as reals, NULL and NaN as NULL, text (and dates, as the server writes them) as text.
    public func rows(_ sql: String, parameters: [String: String] = [:]) throws(DataError) -> [[SQLValue]] {
        var rows: [[SQLValue]] = []
        try query(try bound(sql, parameters), seconds: timeLimit, resultBytes: memoryBudget) { count, columns in
            for r in 0..<count {
                rows.append(
                    columns.map { column in
                        if column.type.isText { return column.texts[r].map { .text($0) } ?? .null }
                        let v = column.numbers[r]
                        guard v.isFinite else { return .null }
                        if column.type.isDate { return .text(ISO8601DateFormatter().string(from: Date(timeIntervalSince1970: v))) }
                        return v == v.rounded() && abs(v) < 9e15 ? .integer(Int64(v)) : .real(v)
                    })
            }
            return true
        }
        return rows
    }

    /// The tables and views of the database, by name.
    public func tableNames() throws(DataError) -> [String] {
        try rows("SELECT name FROM system.tables WHERE database = currentDatabase() ORDER BY name").compactMap {
            if case .text(let name)? = $0.first { name } else { nil }
        }
    }

    /// `sql` with each named parameter (`:period`) replaced by its value as a string literal.
    private func bound(_ sql: String, _ parameters: [String: String]) throws(DataError) -> String {
        parameters.reduce(sql) { sql, parameter in
            let literal = "'" + parameter.value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
            return sql.replacingOccurrences(of: ":" + parameter.key, with: literal)
        }
    }

    /// Stops the running query from another thread: its connection is closed and the server
    /// told to kill it; it then fails as cancelled.
    public func interrupt() {
        guard running.withLock({ $0 }) != nil else { return }
        connection.stop()
    }

    /// 0 unless `watchQuery` is set: then a hash of its first row's values. The last version
    /// read when the query fails, or while another query runs.
    public func dataVersion() -> Int64 {
        guard let watchQuery, let rows = try? rows(watchQuery) else { return lastVersion }
        var hasher = Hasher()
        for value in rows.first ?? [] { hasher.combine(String(describing: value)) }
        // Hasher is seeded per process: the version only has to change within one.
        lastVersion = Int64(hasher.finalize())
        return lastVersion
    }
}

extension ClickHouseDatabase: WatchedServer {
    /// Itself: ClickHouse streams numbers.
    public var numberStreaming: (any NumberStreaming)? { self }
}

extension ClickHouseDatabase: NumberStreaming {
    /// Dates and times are read as seconds (`numberExpression`).
    public var readsEveryDateAsSeconds: Bool { true }

    /// A date or time as seconds since 1970 (the server's time zone for a `Date`); anything
    /// else as a Float64.
    public func numberExpression(_ column: String, isDate: Bool) -> String {
        isDate ? "toFloat64(toUInt32(toDateTime(\(column))))" : "toFloat64(\(column))"
    }

    /// A Float64 (ClickHouse 18.16 knows no `DOUBLE PRECISION`), exactly.
    public func realLiteral(_ x: Double) -> String { "toFloat64(" + String(format: "%.17e", x) + ")" }

    /// Truncated to an Int64.
    public func integer(_ expression: String) -> String { "toInt64(\(expression))" }

    /// Seconds since 1970 compared as a number with a date or time column's seconds.
    public func parameter(_ index: Int, isDate: Bool) -> String { "$\(index)" }

    /// Runs `sql` with `$1`, `$2`, … replaced by `parameters` written as exact literals, and
    /// hands each row's values to `row` as doubles (NaN for NULL). O(rows × columns).
    public func streamNumbers(
        _ sql: String, parameters: [Double], row: (UnsafeBufferPointer<Double>) throws(DataError) -> Bool
    ) throws(DataError) {
        var text = sql
        for (i, value) in parameters.enumerated().reversed() { text = text.replacingOccurrences(of: "$\(i + 1)", with: Self.literal(value)) }
        var values: [Double] = []
        try query(text, seconds: timeLimit) { (count, columns) throws(DataError) in
            guard let bad = columns.first(where: { $0.type.isText }) else {
                values = Array(repeating: .nan, count: columns.count)
                for r in 0..<count {
                    for c in columns.indices { values[c] = columns[c].numbers[r] }
                    guard try values.withUnsafeBufferPointer({ (buffer) throws(DataError) in try row(buffer) }) else { return false }
                }
                return true
            }
            throw DataError.query(path: name, message: "column '\(bad.name)' is not a number; convert it with toFloat64()")
        }
    }

    /// `value` as a SQL literal the server reads back to the same double (shortest round trip);
    /// infinities and NaN as their functions.
    static func literal(_ value: Double) -> String {
        if value.isNaN { return "nan" }
        if value.isInfinite { return value > 0 ? "inf" : "-inf" }
        // The parser refuses subnormal literals: they are as good as zero on any axis.
        if value != 0 && abs(value) < Double.leastNormalMagnitude { return "0." }
        let text = "\(value)"
        return value < 0 ? "(\(text))" : text
    }
}
