import Foundation
import Testing

/// A plain `SELECT` reaches code of the database's that the plan's function names do not show
/// (the fourth attack): an aggregate's support functions (EXPLAIN prints the aggregate, which
/// PostgreSQL declares immutable), a domain's constraints (a cast prints as `::my_domain`, and
/// a literal cast runs them while the server parses the query for EXPLAIN), an operator's
/// function (printed as its symbol), a cast's function (printed as a cast, or not at all when
/// implicit), a view over `VALUES` (its plan prints no expression), a function of another
/// schema named like a harmless one, an immutable wrapper over a volatile function, an
/// operator class's comparison function (`ORDER BY x USING op`), a foreign table whose
/// file_fdw program runs a command. Each is
/// refused with status 2 before anything runs, as the superuser and from a spec file; each case
/// checks that the volatile function, which commits a row through dblink (a read-only
/// transaction stops no second session), never ran. Queries over tables with a row-level
/// security policy, a column default or a trigger still chart.
@Suite(
    "PostgreSQL: code a query reaches through aggregates, domains, operators, casts and views",
    .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct PostgresUserCodeTests {
    typealias Server = PostgresFixture

    /// Objects named `p_…` made as the superuser; `p_act(int)` commits a row to `p_log` through
    /// dblink whenever it runs, and everything else leads to it.
    struct Fixture {
        let p: String
        /// The operator over `p_op`: a symbol of its own, as fixtures of parallel tests share the server.
        let op: String
        /// An ordering operator of a btree operator class whose comparison function reaches `p_act`.
        let lt: String
        /// The file that file_fdw's program of `p_prog` would create.
        let marker: String

        init() throws {
            p = Server.uniqueName("reach")
            // file_fdw, whose `program` option runs a command when the table is read.
            _ = try? Server.admin("CREATE EXTENSION IF NOT EXISTS file_fdw")
            op = "<%" + String((0..<8).map { _ in "~!@#%^&|".randomElement()! }) + "%>"
            lt = "<#" + String((0..<8).map { _ in "~!@#%^&|".randomElement()! }) + "#<"
            marker = "/tmp/chartview-pwned-" + p
            let dblink = "dbname=chartview_test host=\(Server.socket) port=\(Server.port) user=postgres password=\(Server.adminPassword)"
            try Server.admin(
                """
                CREATE TABLE \(p)_log (note text);
                CREATE FUNCTION \(p)_act(v int) RETURNS bool LANGUAGE plpgsql VOLATILE STRICT AS $$
                  BEGIN PERFORM dblink_exec('\(dblink)', 'INSERT INTO \(p)_log VALUES (''ran'')'); RETURN true; END $$;
                CREATE FUNCTION \(p)_step(s int, v int) RETURNS int LANGUAGE plpgsql VOLATILE STRICT AS $$
                  BEGIN PERFORM \(p)_act(v); RETURN s + v; END $$;
                CREATE FUNCTION \(p)_final(s int) RETURNS int LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM \(p)_act(s); RETURN s; END $$;
                CREATE AGGREGATE \(p)_agg(int) (SFUNC = \(p)_step, STYPE = int, INITCOND = '0');
                CREATE AGGREGATE \(p)_fagg(int) (SFUNC = int4pl, STYPE = int, FINALFUNC = \(p)_final);
                CREATE AGGREGATE \(p)_magg(int) (SFUNC = int4pl, STYPE = int, MSFUNC = \(p)_step, MINVFUNC = int4mi, MSTYPE = int);
                CREATE DOMAIN \(p)_dom AS int CHECK (\(p)_act(VALUE));
                CREATE DOMAIN \(p)_outer AS \(p)_dom;
                CREATE TYPE \(p)_rng AS RANGE (subtype = \(p)_dom);
                CREATE FUNCTION \(p)_imm(v int) RETURNS bool LANGUAGE sql IMMUTABLE AS $$ SELECT \(p)_act(v) $$;
                CREATE FUNCTION \(p)_plimm(v int) RETURNS bool LANGUAGE plpgsql IMMUTABLE AS $$ BEGIN RETURN \(p)_act(v); END $$;
                CREATE FUNCTION \(p)_atomic(v int) RETURNS bool IMMUTABLE BEGIN ATOMIC SELECT \(p)_act(v); END;
                CREATE DOMAIN \(p)_immdom AS int CHECK (\(p)_imm(VALUE));
                CREATE FUNCTION \(p)_op(a int, b int) RETURNS int LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM \(p)_act(a); RETURN a + b; END $$;
                CREATE OPERATOR \(op) (LEFTARG = int, RIGHTARG = int, FUNCTION = \(p)_op);
                CREATE TYPE \(p)_row AS (a int);
                CREATE FUNCTION \(p)_to_row(a int) RETURNS \(p)_row LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM \(p)_act(a); RETURN ROW(a); END $$;
                CREATE CAST (int AS \(p)_row) WITH FUNCTION \(p)_to_row(int) AS IMPLICIT;
                CREATE FUNCTION \(p)_takes(r \(p)_row) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT (r).a $$;
                CREATE TYPE \(p)_domrow AS (a \(p)_dom);
                CREATE FUNCTION \(p)_takes_domrow(r \(p)_domrow) RETURNS int LANGUAGE sql IMMUTABLE AS $$ SELECT 1 $$;
                CREATE VIEW \(p)_values AS VALUES (\(p)_act(1)), (\(p)_act(2));
                CREATE VIEW \(p)_nested AS SELECT column1 AS x FROM \(p)_values;
                CREATE VIEW \(p)_opview AS SELECT 1 \(op) 2 AS x;
                CREATE VIEW \(p)_aggview AS SELECT \(p)_agg(x) AS x FROM (VALUES (1), (2)) v(x);
                CREATE SCHEMA \(p)_s;
                CREATE FUNCTION \(p)_s.timeofday(v int) RETURNS text LANGUAGE plpgsql VOLATILE AS $$ BEGIN PERFORM \(p)_act(v); RETURN ''; END $$;
                CREATE DOMAIN \(p)_pd AS int;
                CREATE FUNCTION \(p)_pd_lt(a \(p)_pd, b \(p)_pd) RETURNS bool LANGUAGE sql IMMUTABLE AS $$ SELECT a::int < b::int $$;
                CREATE FUNCTION \(p)_pd_cmp(a \(p)_pd, b \(p)_pd) RETURNS int LANGUAGE plpgsql VOLATILE AS $$
                  BEGIN PERFORM \(p)_act(1); RETURN btint4cmp(a, b); END $$;
                CREATE OPERATOR \(lt) (LEFTARG = \(p)_pd, RIGHTARG = \(p)_pd, FUNCTION = \(p)_pd_lt);
                CREATE OPERATOR CLASS \(p)_pd_ops FOR TYPE \(p)_pd USING btree AS OPERATOR 1 \(lt), FUNCTION 1 \(p)_pd_cmp(\(p)_pd, \(p)_pd);
                CREATE TABLE \(p)_pdt (x \(p)_pd, y int); INSERT INTO \(p)_pdt VALUES (3, 1), (1, 2), (2, 3);
                CREATE SERVER \(p)_files FOREIGN DATA WRAPPER file_fdw;
                CREATE FOREIGN TABLE \(p)_prog (x int, y int) SERVER \(p)_files OPTIONS (program 'touch \(marker); echo 1,2', format 'csv');
                CREATE VIEW \(p)_progview AS SELECT x, y FROM \(p)_prog;
                CREATE TABLE \(p)_rls (x int, y int); INSERT INTO \(p)_rls VALUES (1, 2), (2, 3);
                ALTER TABLE \(p)_rls ENABLE ROW LEVEL SECURITY;
                CREATE POLICY \(p)_policy ON \(p)_rls USING (x > 0);
                CREATE TABLE \(p)_default (x int DEFAULT \(p)_op(1, 2), y int); INSERT INTO \(p)_default VALUES (1, 2), (2, 3);
                CREATE FUNCTION \(p)_trigger() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN PERFORM \(p)_act(1); RETURN NULL; END $$;
                CREATE TABLE \(p)_trig (x int, y int); INSERT INTO \(p)_trig VALUES (1, 2), (2, 3);
                CREATE TRIGGER \(p)_t AFTER INSERT OR UPDATE OR DELETE ON \(p)_trig FOR EACH STATEMENT EXECUTE FUNCTION \(p)_trigger();
                """)
        }

        func remove() {
            _ = try? Server.admin(
                """
                DROP SCHEMA IF EXISTS \(p)_s CASCADE; DROP OPERATOR IF EXISTS \(op) (int, int) CASCADE;
                DROP FUNCTION IF EXISTS \(p)_act(int) CASCADE; DROP FUNCTION IF EXISTS \(p)_op(int, int) CASCADE;
                DROP TYPE IF EXISTS \(p)_row CASCADE; DROP TYPE IF EXISTS \(p)_domrow CASCADE;
                DROP FUNCTION IF EXISTS \(p)_trigger() CASCADE;
                DROP TABLE IF EXISTS \(p)_log, \(p)_rls, \(p)_default, \(p)_trig, \(p)_pdt CASCADE;
                DROP OPERATOR FAMILY IF EXISTS \(p)_pd_ops USING btree CASCADE; DROP DOMAIN IF EXISTS \(p)_pd CASCADE;
                DROP SERVER IF EXISTS \(p)_files CASCADE;
                """)
            try? FileManager.default.removeItem(atPath: marker)
        }

        /// Whether `p_act` never ran (`p_log` has no row), nor `p_prog`'s program.
        func untouched() throws -> Bool {
            try Server.admin("SELECT count(*) FROM \(p)_log") == "0" && !FileManager.default.fileExists(atPath: marker)
        }
    }

    /// The queries that reach `p_act`, with how their refusal names it (among the other
    /// functions reached: `dblink_exec`, the support function).
    static func attacks(_ f: Fixture) -> [(sql: String, refusal: String)] {
        let p = f.p, op = f.op, lt = f.lt
        let foreign = "the query reads a foreign table"
        return [
            ("SELECT 1 AS a, \(p)_agg(x) AS b FROM generate_series(1, 3) x", "\(p)_act() (through \(p)_agg)"),
            ("SELECT 1 AS a, \(p)_fagg(x) AS b FROM generate_series(1, 3) x", "\(p)_act() (through \(p)_fagg)"),
            (
                "SELECT x, \(p)_magg(x) OVER (ORDER BY x ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) AS b FROM generate_series(1, 3) x",
                "\(p)_act() (through \(p)_magg)"
            ),
            ("SELECT x, \(p)_agg(x) OVER () AS b FROM generate_series(1, 3) x", "\(p)_act() (through \(p)_agg)"),
            ("SELECT 1 AS a, 1::\(p)_dom AS b", "\(p)_act() (through \(p)_dom)"),
            ("SELECT 1 AS a, CAST(1 AS public.\"\(p)_dom\") AS b", "\(p)_act() (through \(p)_dom)"),
            ("SELECT 1 AS a, '1'::\(p)_dom AS b", "\(p)_act() (through \(p)_dom)"),
            ("SELECT 1 AS a, '{1,2}'::\(p)_dom[] AS b", "\(p)_act() (through \(p)_dom)"),
            ("SELECT 1 AS a, 1::\(p)_outer AS b", "\(p)_act() (through \(p)_outer)"),
            ("SELECT 1 AS a, 1::\(p)_immdom AS b", "\(p)_act() (through \(p)_immdom)"),
            ("SELECT 1 AS a, \(p)_imm(1) AS b", "\(p)_act() (through \(p)_imm)"),
            ("SELECT 1 AS a, \(p)_plimm(1) AS b", "\(p)_act() (through \(p)_plimm)"),
            ("SELECT 1 AS a, \(p)_atomic(1) AS b", "\(p)_act() (through \(p)_atomic)"),
            ("SELECT 1 AS a, 2 \(op) 3 AS b", "\(p)_act() (through \(op))"),
            ("SELECT 1 AS a, 2 OPERATOR(public.\(op)) 3 AS b", "\(p)_act() (through \(op))"),
            ("SELECT 1 AS a, 2\(op)-3 AS b", "\(p)_act() (through \(op))"),
            ("SELECT x AS a, x AS b FROM generate_series(1, 3) x WHERE x \(op) 1 > 0", "\(p)_act() (through \(op))"),
            ("VALUES (1, 2 \(op) 3)", "\(p)_act() (through \(op))"),
            ("SELECT 1 AS a, \(p)_takes(5) AS b", "\(p)_act() (through \(p)_takes)"),
            ("SELECT 1 AS a, (5::\(p)_row).a AS b", "\(p)_act() (through \(p)_row)"),
            ("SELECT 1 AS a, \(p)_takes_domrow('(1)') AS b", "\(p)_act() (through \(p)_takes_domrow)"),
            ("SELECT 1 AS a, column1 AS b FROM \(p)_values", "\(p)_act() (through \(p)_values)"),
            ("SELECT 1 AS a, x AS b FROM \(p)_nested", "\(p)_act() (through \(p)_nested)"),
            ("SELECT 1 AS a, x AS b FROM \(p)_opview", "\(p)_act() (through \(p)_opview)"),
            ("SELECT 1 AS a, x AS b FROM \(p)_aggview", "\(p)_act() (through \(p)_aggview)"),
            ("SELECT 1 AS a, length(\(p)_s.timeofday(1)) AS b", "\(p)_act() (through timeofday)"),
            ("SELECT x, y FROM \(p)_pdt ORDER BY x USING \(lt)", "\(p)_act() (through \(lt))"),
            ("SELECT DISTINCT ON (x) x, y FROM \(p)_pdt ORDER BY x USING \(lt)", "\(p)_act() (through \(lt))"),
            ("SELECT x, y FROM \(p)_prog", foreign),
            ("SELECT x, y FROM \(p)_progview", foreign),
            ("SELECT x, (SELECT max(y) FROM \(p)_prog) AS y FROM generate_series(1, 2) x", foreign),
            // The fifth attack: a quote in a comment or a dollar-quoted string, where EXPLAIN
            // prints nothing (LIMIT, OFFSET, a window frame, VALUES rows), hid a call.
            ("SELECT 1 AS a /* ' */ , 2 AS b LIMIT length(\(p)_act(1)::text) -- '", "\(p)_act()"),
            ("VALUES ($$'$$, 1), (\(p)_act(1)::text, 2), ($$'$$, 3)", "\(p)_act()"),
            ("SELECT 1 AS a, 2 AS b LIMIT length($$'$$ || \(p)_act(1)::text || $$'$$)", "\(p)_act()"),
            ("SELECT 1 AS a, 2 AS b OFFSET length($$'$$ || \(p)_act(1)::text || $$'$$)", "\(p)_act()"),
            (
                "SELECT x AS a, sum(x) OVER (ORDER BY x ROWS BETWEEN length(/* ' */ \(p)_act(1)::text) PRECEDING AND CURRENT ROW) AS b FROM generate_series(1, 3) x -- '",
                "\(p)_act()"
            ),
            ("WITH q AS (VALUES ($$'$$), (\(p)_act(1)::text), ($$'$$)) SELECT 1 AS a, 2 AS b FROM q", "\(p)_act()"),
            ("SELECT 1 AS a, 2 AS b LIMIT length(/* /* */ ' */ \(p)_act(1)::text) -- '", "\(p)_act()"),
            ("SELECT $$'$$ AS a, $q${9}$q$::\(p)_dom[] AS b, $$'$$ AS c", "\(p)_act() (through \(p)_dom)"),
            // A range over a domain runs the domain's check as the literal is parsed.
            ("SELECT 1 AS a, upper('[1,2]'::\(p)_rng) AS b", "\(p)_act() (through \(p)_rng)"),
            // Input functions given the type as a value computed at run time.
            (
                "SELECT 1 AS a, domain_in('7'::cstring, (SELECT oid FROM pg_type WHERE typname = '\(p)' || '_dom')::regtype, -1) IS NULL AS b",
                "domain_in()"
            ),
            (
                "SELECT 1 AS a, array_in('{8}'::cstring, (SELECT oid FROM pg_type WHERE typname = '\(p)' || '_dom')::regtype, -1) IS NULL AS b",
                "array_in()"
            )
        ]
    }

    /// The attacks in this many batches, each a test case with a fixture of its own, so that
    /// they run side by side (a case is a few seconds; all in one were half a minute).
    static let batches = 4

    @Test(
        "Each way into the database's code is refused before it runs, as the superuser and from a spec; nothing ran",
        arguments: 0..<batches)
    func attacksRefused(batch: Int) throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let attacks = Self.attacks(fixture)
        // Every attack is in exactly one batch: the k-th goes to batch k % batches.
        let mine = attacks.indices.filter { $0 % Self.batches == batch }.map { attacks[$0] }
        #expect(!mine.isEmpty)
        try Server.expectRefused(mine, leading: { _ in "query failed: the query " }, untouched: fixture.untouched)
    }

    @Test("Tables with a row-level security policy, a column default calling the code, or a trigger chart; nothing ran")
    func tablesStillChart() throws {
        let fixture = try Fixture()
        defer { fixture.remove() }
        let p = fixture.p
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        for table in ["\(p)_rls", "\(p)_default", "\(p)_trig"] {
            let sql = "SELECT x, y FROM \(table) ORDER BY x"
            let admin = try ChartviewProcess.run([Server.adminURL, "--query", sql, "--output", dir + "/ok.png"])
            #expect(admin.status == 0, "\(sql): \(admin.stderr)")
            // The reader's plan holds the policy's filter, which is checked as the query is.
            let reader = try ChartviewProcess.run(
                [Server.url, "--query", sql, "--output", dir + "/ok.png"], environment: ["HOME": home, "PGPASSFILE": home + "/.pgpass"])
            #expect(reader.status == 0, "reader: \(sql): \(reader.stderr)")
        }
        #expect(try fixture.untouched())
    }
}
