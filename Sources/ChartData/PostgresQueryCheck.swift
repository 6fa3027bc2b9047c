import Foundation

/// Whether a query may run: what chartview sends a PostgreSQL server must read and nothing
/// else, as the server's parser and planner see it, not as its first word looks.
///
/// A read-only transaction stops writes to tables, but not what a function does outside them:
/// `lo_export` and `pg_file_write` write server files, `COPY … TO PROGRAM` inside `DO` runs a
/// command, `dblink_exec` commits through a second session, `pg_terminate_backend` ends other
/// sessions. So a query is checked in three steps before it runs:
///
/// 1. Its first word must be `SELECT`, `WITH`, `VALUES`, `TABLE` or a parenthesis (no `DO`,
///    `COPY`, `CALL`, `EXPLAIN ANALYZE`…), and it must be one statement (`PostgresStatement`).
/// 2. The server plans it without running it: `EXPLAIN (VERBOSE, FORMAT JSON)`. A plan with a
///    `ModifyTable` node writes (a data-modifying `WITH`). The plan's expressions are the ones
///    that will run, views and inlined SQL functions expanded, as the server prints them back.
/// 3. Every function those expressions call is looked up in `pg_proc`: a volatile one (the only
///    kind PostgreSQL lets change anything: stable and immutable functions "cannot modify the
///    database") is refused unless it is in `harmlessVolatile`, which only read a clock, make
///    random numbers or wait.
///
/// What this does not stop: a stable or immutable function that a role able to create functions
/// declared so while it has effects (the server trusts that declaration as well), and operators
/// such a role defined over volatile functions. README says so.
public enum PostgresQueryCheck {
    /// The first words a query may start with (upper-cased); a parenthesis gives none.
    static let readingWords: Set<String> = ["SELECT", "WITH", "VALUES", "TABLE", ""]

    /// Volatile functions that change nothing: clocks, random numbers, waiting (bounded by the
    /// time limit like any query).
    static let harmlessVolatile: Set<String> = [
        "random", "random_normal", "clock_timestamp", "timeofday", "gen_random_uuid",
        "uuid_generate_v1", "uuid_generate_v1mc", "uuid_generate_v4",
        "pg_sleep", "pg_sleep_for", "pg_sleep_until"
    ]

    /// Functions that run SQL given as text or name (`query_to_xml('DELETE …')`,
    /// `table_to_xml('a_view')`): stable by their declaration, they do whatever that SQL does,
    /// so they are refused whatever their volatility.
    static let runningSQL: Set<String> = [
        "query_to_xml", "query_to_xmlschema", "query_to_xml_and_xmlschema", "table_to_xml", "table_to_xmlschema",
        "table_to_xml_and_xmlschema", "schema_to_xml", "schema_to_xmlschema", "schema_to_xml_and_xmlschema",
        "database_to_xml", "database_to_xmlschema", "database_to_xml_and_xmlschema", "cursor_to_xml", "cursor_to_xmlschema",
        "ts_stat"
    ]

    /// What a plan (`EXPLAIN (VERBOSE, FORMAT JSON)`'s text) says: whether it writes, and the
    /// names of the functions its expressions call (lower-cased unless they were quoted), in
    /// order of first appearance. nil when the text is not such a plan. O(length).
    public static func planSummary(_ json: String) -> (writes: Bool, functions: [String])? {
        guard let data = json.data(using: .utf8), let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        var writes = false
        var names: [String] = []
        var seen: Set<String> = []
        func visit(_ value: Any, key: String?) {
            if let object = value as? [String: Any] {
                for (k, v) in object { visit(v, key: k) }
            } else if let array = value as? [Any] {
                for v in array { visit(v, key: key) }
            } else if let text = value as? String {
                if key == "Node Type" {
                    if text == "ModifyTable" { writes = true }
                    return
                }
                let called = key == "Function Name" ? [text] : functionNames(inExpression: text)
                for name in called where seen.insert(name).inserted { names.append(name) }
            }
        }
        visit(root, key: nil)
        return (writes, names)
    }

    /// The names of the functions an expression, as PostgreSQL prints one back (`lo_export('1'::oid,
    /// '/tmp/x'::text)`, `public."My fn"(x)`), calls: each identifier followed by `(`, without
    /// its schema; an unquoted name lower-cased as the server folds it. Strings (`'…'`, `E'…'`)
    /// and numbers are skipped. Keywords written like calls (`ANY (`, `COALESCE(`) come back too:
    /// looked up in `pg_proc`, they match no volatile function. Written by hand: PostgreSQL
    /// offers no parser to a client. O(length).
    public static func functionNames(inExpression text: String) -> [String] {
        let bytes = Array(text.utf8)
        let n = bytes.count
        var names: [String] = []
        var i = 0
        func isStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F || b >= 0x80 }
        func isPart(_ b: UInt8) -> Bool { isStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x24 }
        /// After an identifier ending before `j`: whether `(` follows, blanks allowed.
        func callFollows(_ j: Int) -> Bool {
            var k = j
            while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x09 { k += 1 }
            return k < n && bytes[k] == 0x28
        }
        while i < n {
            let b = bytes[i]
            if b == 0x27 {
                // '…' ('' inside); E'…' also takes backslash escapes.
                let escaped = i > 0 && (bytes[i - 1] | 0x20) == 0x65 && (i < 2 || !isPart(bytes[i - 2]))
                i += 1
                while i < n {
                    if escaped && bytes[i] == 0x5C {
                        i += 2
                        continue
                    }
                    if bytes[i] == 0x27 {
                        if i + 1 < n && bytes[i + 1] == 0x27 {
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
                i += 1
            } else if b == 0x22 {
                var name: [UInt8] = []
                i += 1
                while i < n {
                    if bytes[i] == 0x22 {
                        if i + 1 < n && bytes[i + 1] == 0x22 {
                            name.append(0x22)
                            i += 2
                            continue
                        }
                        break
                    }
                    name.append(bytes[i])
                    i += 1
                }
                i += 1
                if callFollows(i) { names.append(String(decoding: name, as: UTF8.self)) }
            } else if isStart(b) {
                let start = i
                while i < n && isPart(bytes[i]) { i += 1 }
                // E'…' is a string, not a name.
                if i == start + 1, (b | 0x20) == 0x65, i < n, bytes[i] == 0x27 { continue }
                if callFollows(i) {
                    names.append(String(decoding: bytes[start..<i].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
                }
            } else if b >= 0x30 && b <= 0x39 {
                while i < n && (isPart(bytes[i]) || bytes[i] == 0x2E) { i += 1 }
            } else {
                i += 1
            }
        }
        return names
    }

    /// `names` as a PostgreSQL text array literal (`{"a","b\"c"}`), to pass as one parameter.
    static func arrayLiteral(_ names: [String]) -> String {
        let items = names.map { name in
            "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + items.joined(separator: ",") + "}"
    }

    /// The query that names which of `$1` (a text array of function names) are volatile
    /// functions: one row per name.
    static let volatileLookup = """
        SELECT DISTINCT p.proname::text FROM pg_catalog.pg_proc p
        WHERE p.provolatile = 'v' AND p.proname = ANY ($1::text[]) ORDER BY 1
        """

    /// Why a plan that calls the volatile functions `volatile` (from `volatileLookup`) cannot
    /// run; nil when each of them is harmless.
    static func refusal(volatile: [String], called: [String] = []) -> String? {
        let refused = called.filter { runningSQL.contains($0) } + volatile.filter { !harmlessVolatile.contains($0) }
        guard !refused.isEmpty else { return nil }
        let list = refused.prefix(3).map { $0 + "()" }.joined(separator: ", ") + (refused.count > 3 ? " and \(refused.count - 3) more" : "")
        return
            "the query calls \(list), which may change the server, its files or other sessions (a volatile function, or one that runs SQL); chartview runs only queries that read"
    }
}
