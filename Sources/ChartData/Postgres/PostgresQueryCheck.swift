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
/// 3. Every name the plan's expressions and the statement mention (functions, operators,
///    identifiers: `PostgresQueryNames`) is looked up in the catalogs, and followed to all the
///    code it can run (`reachLookup`): an aggregate's support functions, an operator's function,
///    a type's input and output functions and casts, a domain's constraints (over domains too),
///    a view's whole definition. A volatile function reached (the only kind PostgreSQL lets
///    change anything: stable and immutable functions "cannot modify the database") is refused
///    unless it is the server's own in `harmlessVolatile`, which only read a clock, make random
///    numbers or wait; so is one in `runningSQL`.
///
/// A plan that reads a foreign table is refused: what its wrapper runs (file_fdw's `program`, a
/// query on another server) is not in these catalogs. Row-level security policies are in the
/// plan (as filters), so they are checked as the query is; column defaults and triggers do not
/// run on a `SELECT`.
///
/// What this does not stop: a function written in C, or one whose body builds the name it calls
/// as text (`EXECUTE 'lo_' || 'export(…)'`), that a role able to create functions declared
/// stable or immutable while it has effects: the server trusts that declaration as well, and
/// holds no record of what such a body calls. README says so.
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
        "ts_stat", "ts_rewrite"
    ]

    /// The input functions that take the type to read as a value (`domain_in('7',
    /// 'a_domain'::regtype, -1)`, an oid computed at run time): called from a query, they run
    /// any type's input code and a domain's checks, which no name in the query leads to. Refused
    /// when the query or its plan calls them by name; a type's own input function (`array_in`
    /// behind every array type) is reached as its type's, and stays allowed.
    static let runningTypeCode: Set<String> = [
        "domain_in", "domain_recv", "array_in", "array_recv", "record_in", "record_recv", "range_in", "range_recv",
        "multirange_in", "multirange_recv", "pg_input_is_valid", "pg_input_error_info"
    ]

    /// Plan keys whose values are names as they are, not expressions.
    static let nameKeys: Set<String> = ["Relation Name", "Schema", "Alias", "Function Name", "CTE Name", "Index Name"]

    /// What a plan (`EXPLAIN (VERBOSE, FORMAT JSON)`'s text) says: whether it writes, whether
    /// it reads a foreign table (a `Foreign Scan` node: file_fdw's `program` runs a command on
    /// the server, postgres_fdw a query on another one, neither of which the catalogs here
    /// show), and the names its expressions mention (`PostgresQueryNames`: functions,
    /// identifiers, operators). nil when the text is not such a plan. O(length).
    public static func planSummary(_ json: String) -> (writes: Bool, foreign: Bool, names: PostgresQueryNames)? {
        guard let data = json.data(using: .utf8), let root = try? JSONSerialization.jsonObject(with: data) else { return nil }
        var writes = false
        var foreign = false
        var names = PostgresQueryNames()
        func visit(_ value: Any, key: String?) {
            if let object = value as? [String: Any] {
                for (k, v) in object { visit(v, key: k) }
            } else if let array = value as? [Any] {
                for v in array { visit(v, key: key) }
            } else if let text = value as? String {
                if key == "Node Type" {
                    if text == "ModifyTable" { writes = true }
                    if text == "Foreign Scan" { foreign = true }
                } else if key == "Function Name" {
                    names.add(function: text)
                } else if let key, nameKeys.contains(key) {
                    names.add(identifier: text)
                } else {
                    names.read(expression: text)
                }
            }
        }
        visit(root, key: nil)
        return (writes, foreign, names)
    }

    /// The names of the functions an expression calls (`PostgresQueryNames.functions`). Keywords
    /// written like calls (`ANY (`, `COALESCE(`) come back too: looked up in `pg_proc`, they
    /// match no volatile function. O(length).
    public static func functionNames(inExpression text: String) -> [String] {
        PostgresQueryNames(expression: text).functions
    }

    /// `names` as a PostgreSQL text array literal (`{"a","b\"c"}`), to pass as one parameter.
    static func arrayLiteral(_ names: [String]) -> String {
        let items = names.map { name in
            "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        }
        return "{" + items.joined(separator: ",") + "}"
    }

    /// The catalog query that finds every function a query can reach from the names it
    /// mentions (`$1` functions, `$2` operators, `$3` identifiers: text arrays), and returns
    /// those that may act: volatile ones other than `$4` (harmless, when they are the server's
    /// own in `pg_catalog` or uuid-ossp's and pgcrypto's C functions: a function of the same name
    /// in another schema is not), `$5` (functions that run SQL), and `$6` when the query names
    /// them itself (`runningTypeCode`), one row per function, with the name it was reached from
    /// first when `paths`.
    ///
    /// From a function named in the query: itself, its arguments' and result's types (an
    /// implicit cast into one runs unprinted). From a function: an aggregate's support functions
    /// (transition, final, combine, serial, deserial, and the moving-aggregate ones); what its
    /// body names, when it is not the server's own nor written in C (a plpgsql or SQL function
    /// that is declared immutable but calls a volatile one: each word of its source that names a
    /// function, type or relation, each run of operator characters), and what it depends on (a
    /// `BEGIN ATOMIC` body). From an operator: its function, its estimators, its operands'
    /// types, and the support functions of every operator family it is in (`ORDER BY x USING
    /// op` sorts, and a merge or hash join compares, through them). From a type: its input,
    /// output, receive, send and modifier functions, the support functions of its default
    /// operator classes' families (`DISTINCT`, `GROUP BY`, `ORDER BY`), a domain's base type and the functions,
    /// operators and types its constraints use (a domain over a domain walks on), an array's
    /// element type, a range's subtype and its canonical and difference functions (a
    /// multirange's range), a composite type's columns, and every cast into it through a function.
    /// From a relation: its columns' types, and all a view's rule calls, names and reads (the
    /// plan of a view over `VALUES` prints none of it). Run with JIT off: the recursive union's
    /// estimate would have the server compile it, which takes seconds.
    static func reachLookup(paths: Bool) -> String {
        let via = paths ? ", via" : ""
        func from(_ name: String) -> String { paths ? ", \(name)::text" : "" }
        let proc = "'pg_catalog.pg_proc'::regclass", oper = "'pg_catalog.pg_operator'::regclass"
        let type = "'pg_catalog.pg_type'::regclass", rel = "'pg_catalog.pg_class'::regclass"
        return """
            WITH RECURSIVE start(kind, id\(via)) AS (
              SELECT 'c', p.oid\(from("p.proname")) FROM pg_catalog.pg_proc p WHERE p.proname = ANY ($1::name[])
              UNION SELECT 'o', o.oid\(from("o.oprname")) FROM pg_catalog.pg_operator o WHERE o.oprname = ANY ($2::name[])
              UNION SELECT 't', t.oid\(from("t.typname")) FROM pg_catalog.pg_type t WHERE t.typname = ANY ($3::name[])
              UNION SELECT 'r', c.oid\(from("c.relname")) FROM pg_catalog.pg_class c
                WHERE c.relname = ANY ($3::name[]) AND c.relkind IN ('r', 'v', 'm', 'p', 'f', 'c')
            ), reach(kind, id\(via)) AS (
              SELECT * FROM start
              UNION
              SELECT e.kind, e.id\(paths ? ", r.via" : "") FROM reach r CROSS JOIN LATERAL (
                SELECT 'f'::text, p.oid FROM pg_catalog.pg_proc p WHERE r.kind = 'c' AND p.oid = r.id
                UNION ALL SELECT 't', a.t FROM pg_catalog.pg_proc p, unnest(p.proargtypes::oid[] || p.prorettype) a(t)
                  WHERE r.kind = 'c' AND p.oid = r.id
                UNION ALL SELECT 'f', s.f FROM pg_catalog.pg_aggregate a, LATERAL (VALUES (a.aggtransfn::oid), (a.aggfinalfn::oid),
                    (a.aggcombinefn::oid), (a.aggserialfn::oid), (a.aggdeserialfn::oid), (a.aggmtransfn::oid),
                    (a.aggminvtransfn::oid), (a.aggmfinalfn::oid)) s(f)
                  WHERE r.kind = 'f' AND a.aggfnoid = r.id AND s.f <> 0
                UNION ALL SELECT w.kind, w.id FROM pg_catalog.pg_proc p
                  JOIN pg_catalog.pg_language l ON l.oid = p.prolang AND l.lanname NOT IN ('c', 'internal')
                  CROSS JOIN LATERAL (
                    WITH word(name) AS (
                      SELECT lower(m[1]) FROM regexp_matches(p.prosrc, '([[:alpha:]_][[:alnum:]_$]*)', 'g') m
                      UNION SELECT m[1] FROM regexp_matches(p.prosrc, '"([^"]+)"', 'g') m
                    )
                    SELECT 'f'::text, q.oid FROM pg_catalog.pg_proc q WHERE q.proname IN (SELECT name FROM word)
                    UNION ALL SELECT 't', t.oid FROM pg_catalog.pg_type t WHERE t.typname IN (SELECT name FROM word)
                    UNION ALL SELECT 'r', c.oid FROM pg_catalog.pg_class c WHERE c.relname IN (SELECT name FROM word)
                      AND c.relkind IN ('r', 'v', 'm', 'p', 'f', 'c')
                    UNION ALL SELECT 'o', o.oid FROM pg_catalog.pg_operator o
                      WHERE o.oprname IN (SELECT m[1] FROM regexp_matches(p.prosrc, '([-+*/<>=~!@#%^&|`?]+)', 'g') m)
                  ) w(kind, id)
                  WHERE r.kind = 'f' AND p.oid = r.id AND p.pronamespace <> 'pg_catalog'::regnamespace
                UNION ALL SELECT CASE d.refclassid WHEN \(proc) THEN 'f' WHEN \(oper) THEN 'o' WHEN \(type) THEN 't' ELSE 'r' END, d.refobjid
                  FROM pg_catalog.pg_depend d WHERE r.kind = 'f' AND d.classid = \(proc) AND d.objid = r.id
                    AND d.refclassid IN (\(proc), \(oper), \(type), \(rel))
                UNION ALL SELECT 'f', s.f FROM pg_catalog.pg_operator o, LATERAL (VALUES (o.oprcode::oid), (o.oprrest::oid), (o.oprjoin::oid)) s(f)
                  WHERE r.kind = 'o' AND o.oid = r.id AND s.f <> 0
                UNION ALL SELECT 'f', f.amproc::oid FROM pg_catalog.pg_amop m JOIN pg_catalog.pg_amproc f ON f.amprocfamily = m.amopfamily
                  WHERE r.kind = 'o' AND m.amopopr = r.id
                UNION ALL SELECT 'f', f.amproc::oid FROM pg_catalog.pg_opclass c JOIN pg_catalog.pg_amproc f ON f.amprocfamily = c.opcfamily
                  WHERE r.kind = 't' AND c.opcintype = r.id AND c.opcdefault
                UNION ALL SELECT 't', s.t FROM pg_catalog.pg_operator o, LATERAL (VALUES (o.oprleft), (o.oprright), (o.oprresult)) s(t)
                  WHERE r.kind = 'o' AND o.oid = r.id AND s.t <> 0
                UNION ALL SELECT 'f', s.f FROM pg_catalog.pg_type t, LATERAL (VALUES (t.typinput::oid), (t.typoutput::oid),
                    (t.typreceive::oid), (t.typsend::oid), (t.typmodin::oid), (t.typmodout::oid)) s(f)
                  WHERE r.kind = 't' AND t.oid = r.id AND s.f <> 0
                UNION ALL SELECT 't', s.t FROM pg_catalog.pg_type t, LATERAL (VALUES (t.typbasetype), (t.typelem)) s(t)
                  WHERE r.kind = 't' AND t.oid = r.id AND s.t <> 0
                UNION ALL SELECT 'r', t.typrelid FROM pg_catalog.pg_type t WHERE r.kind = 't' AND t.oid = r.id AND t.typrelid <> 0
                UNION ALL SELECT 't', g.rngsubtype FROM pg_catalog.pg_range g WHERE r.kind = 't' AND g.rngtypid = r.id
                UNION ALL SELECT 't', g.rngtypid FROM pg_catalog.pg_range g WHERE r.kind = 't' AND g.rngmultitypid = r.id
                UNION ALL SELECT 'f', s.f FROM pg_catalog.pg_range g, LATERAL (VALUES (g.rngcanonical::oid), (g.rngsubdiff::oid)) s(f)
                  WHERE r.kind = 't' AND g.rngtypid = r.id AND s.f <> 0
                UNION ALL SELECT 'f', k.castfunc FROM pg_catalog.pg_cast k WHERE r.kind = 't' AND k.casttarget = r.id AND k.castfunc <> 0
                UNION ALL SELECT CASE d.refclassid WHEN \(proc) THEN 'f' WHEN \(oper) THEN 'o' ELSE 't' END, d.refobjid
                  FROM pg_catalog.pg_constraint k JOIN pg_catalog.pg_depend d
                    ON d.classid = 'pg_catalog.pg_constraint'::regclass AND d.objid = k.oid
                  WHERE r.kind = 't' AND k.contypid = r.id AND d.refclassid IN (\(proc), \(oper), \(type))
                UNION ALL SELECT 't', a.atttypid FROM pg_catalog.pg_attribute a
                  WHERE r.kind = 'r' AND a.attrelid = r.id AND a.attnum > 0 AND NOT a.attisdropped
                UNION ALL SELECT CASE d.refclassid WHEN \(proc) THEN 'f' WHEN \(oper) THEN 'o' WHEN \(type) THEN 't' ELSE 'r' END, d.refobjid
                  FROM pg_catalog.pg_rewrite w JOIN pg_catalog.pg_depend d ON d.classid = 'pg_catalog.pg_rewrite'::regclass AND d.objid = w.oid
                  WHERE r.kind = 'r' AND w.ev_class = r.id AND d.refobjid <> r.id AND d.refclassid IN (\(proc), \(oper), \(type), \(rel))
              ) e(kind, id)
            )
            SELECT DISTINCT p.proname::text\(paths ? ", r.via" : "") FROM reach r JOIN pg_catalog.pg_proc p ON r.kind IN ('f', 'c') AND p.oid = r.id
            WHERE (p.provolatile = 'v' AND NOT (p.proname = ANY ($4::name[]) AND (p.pronamespace = 'pg_catalog'::regnamespace
                OR coalesce(p.probin IN ('$libdir/uuid-ossp', '$libdir/pgcrypto'), false))))
              OR p.proname = ANY ($5::name[]) OR (r.kind = 'c' AND p.proname = ANY ($6::name[]))
            ORDER BY 1\(paths ? ", 2" : "")
            """
    }

    /// Turns JIT compilation off for the rest of the transaction (`reachLookup`'s cost would
    /// start it), where the server has it; `jitRestored` puts the session's value back.
    static let jitOff = "SELECT pg_catalog.set_config(name, 'off', true) FROM pg_catalog.pg_settings WHERE name = 'jit'"

    /// Puts JIT back as the session has it, for the query that follows.
    static let jitRestored = "SELECT pg_catalog.set_config(name, reset_val, true) FROM pg_catalog.pg_settings WHERE name = 'jit'"

    /// Why a query that reaches `reached` (`reachLookup(paths: true)`'s rows: a function, and
    /// the name the query mentions that leads to it) cannot run; nil when it reaches none.
    /// Names up to three. O(count).
    static func refusal(reached: [(function: String, via: String)]) -> String? {
        guard !reached.isEmpty else { return nil }
        var items: [String] = []
        for (function, via) in reached {
            let item = function + "()" + (function == via ? "" : " (through \(via))")
            if !items.contains(item) { items.append(item) }
        }
        let list = items.prefix(3).joined(separator: ", ") + (items.count > 3 ? " and \(items.count - 3) more" : "")
        return
            "the query calls \(list), which may change the server, its files or other sessions (a volatile function, or one that runs SQL); chartview runs only queries that read"
    }
}
