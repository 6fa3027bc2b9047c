@testable import ChartData
import Testing

/// The parts of the PostgreSQL query check that read text: function calls in expressions as
/// the server prints them back, plans, and the refusals' words. The server's side is tested
/// through the binary (ChartviewTests' PostgresQueryCheckTests).
struct PostgresQueryCheckTests {
    @Test("Calls are found in printed expressions: plain, quoted, schema-qualified, after blanks; strings and numbers are not calls")
    func functionNames() {
        #expect(PostgresQueryCheck.functionNames(inExpression: "lo_export('1'::oid, '/tmp/x'::text)") == ["lo_export"])
        #expect(PostgresQueryCheck.functionNames(inExpression: "public.\"My Fn\"(x) + LO_EXPORT (1)") == ["My Fn", "lo_export"])
        #expect(PostgresQueryCheck.functionNames(inExpression: "'lo_export(1)'::text || E'a\\'b(' || 'it''s f(x)'") == [])
        #expect(PostgresQueryCheck.functionNames(inExpression: "InitPlan 1 (returns $0)") == [])
        #expect(PostgresQueryCheck.functionNames(inExpression: "(t.x = ANY ('{1,2}'::integer[]))") == ["any"])
        #expect(PostgresQueryCheck.functionNames(inExpression: "\"a\"\"b\"(1), e(2), 1e5") == ["a\"b", "e"])
        #expect(
            PostgresQueryCheck.functionNames(inExpression: "count(*) FILTER (WHERE (random() > '0.5'::double precision))") == [
                "count", "filter", "where", "random"
            ])
    }

    @Test("A plan: writes when it has a ModifyTable node; its functions from every expression and Function Name, once each")
    func planSummary() throws {
        let plan = """
            [{"Plan": {"Node Type": "CTE Scan", "Output": ["d.x", "random()"], "Plans": [
              {"Node Type": "ModifyTable", "Operation": "Delete", "Output": ["t.x"], "Filter": "(lo_export(t.x, '/x'::text) > 0)"},
              {"Node Type": "Function Scan", "Function Name": "dblink_exec", "Function Call": "dblink_exec('a'::text, 'b'::text)"}
            ]}}]
            """
        let summary = try #require(PostgresQueryCheck.planSummary(plan))
        #expect(summary.writes)
        #expect(Set(summary.names.functions) == ["random", "lo_export", "dblink_exec"])
        #expect(PostgresQueryCheck.planSummary("not json") == nil)
        #expect(PostgresQueryCheck.planSummary(#"[{"Plan": {"Node Type": "Result", "Output": ["1"]}}]"#)?.writes == false)
    }

    @Test("The refusal names up to three functions, and what led to one the query does not name")
    func refusals() {
        #expect(PostgresQueryCheck.refusal(reached: []) == nil)
        let many = PostgresQueryCheck.refusal(reached: ["a", "b", "c", "d", "e"].map { ($0, $0) })
        #expect(many?.hasPrefix("the query calls a(), b(), c() and 2 more, which may change the server") == true)
        let through = PostgresQueryCheck.refusal(reached: [("log_row", "write_agg")])
        #expect(through?.hasPrefix("the query calls log_row() (through write_agg), which") == true)
        #expect(PostgresQueryCheck.arrayLiteral(["a", "b\"c", "d\\e"]) == #"{"a","b\"c","d\\e"}"#)
    }

    @Test("Operators by symbol as the lexer splits them, identifiers quoted or folded, outside strings")
    func operatorsAndIdentifiers() {
        let names = PostgresQueryNames(expression: "((1)::public.\"My Dom\" <%> 2), 1<%>-2, 2 OPERATOR(public.##) 3, 'a <#> b', x--c")
        #expect(names.operators.contains("<%>"))
        #expect(names.operators.contains("##"))
        #expect(names.operators.contains("-"))
        #expect(!names.operators.contains("<#>"))
        #expect(names.identifiers.starts(with: ["public", "My Dom"]))
        #expect(names.identifiers.contains("operator"))
        #expect(names.functions == ["operator"])
    }

    @Test("Comments and dollar quotes lexed as the server lexes them, and every word of the text read as well")
    func quotesInCommentsHideNothing() {
        let hidden = [
            "SELECT 1 /* ' */ , 2 LIMIT length(f(1)::text) -- '",
            "VALUES ($$'$$), (f(1)), ($$'$$)",
            "SELECT 1 LIMIT length($q$'$q$ || f(1)::text || $q$'$q$)",
            "SELECT 1 LIMIT length(/* /* */ ' */ f(1)::text) -- '",
            "SELECT 1 +-- '\n, f(1) -- '",
            "SELECT 1 -- '\r, f(1) -- '",
            "SELECT 1 </* ' */ 2, f(1) -- '"
        ]
        for sql in hidden {
            #expect(PostgresQueryNames(expression: sql).functions.contains("f"), "\(sql)")
        }
        var words = PostgresQueryNames()
        words.read(everyWordIn: "SELECT 'x' || $a$x$a$lo_export(1) /* \"Mark\"(2) */, 1pg_file_write(3), '1' <%> 2")
        for name in ["lo_export", "pg_file_write", "Mark", "mark", "select", "x"] {
            #expect(words.functions.contains(name), "\(name)")
        }
        #expect(words.operators.contains("<%>"))
        #expect(!PostgresQueryNames(expression: "SELECT $1, a$b$c FROM t").functions.contains("c"))
    }
}

/// Passwords found as libpq finds them, and the one redaction of messages.
struct PostgresRedactionTests {
    @Test("A URL's user information ends at the first '@' before any '/', '?' included; key=value passwords, quoted or not")
    func passwordsAsLibpqReadsThem() {
        #expect(PostgresConnectionString.passwords(in: "postgresql://writer:Hunter2?Secret@[::1/t").first == "Hunter2?Secret")
        #expect(Set(PostgresConnectionString.passwords(in: "postgresql://r:Hunter2%3FS@h/db?password=Other1")) == ["Hunter2%3FS", "Hunter2?S", "Other1"])
        #expect(PostgresConnectionString.passwords(in: "postgresql://host/db?x=b") == [])
        // libpq percent-decodes a parameter's key: `pass%77ord` is `password`.
        #expect(PostgresConnectionString.passwords(in: "postgresql://h/db?pass%77ord=Hunter2%zz").contains("Hunter2%zz"))
        #expect(PostgresConnectionString.passwords(in: "postgresql://h/db?PASSWORD=Hunter2").contains("Hunter2"))
        // Where libpq reads a host and port, or the '@' comes after a '/': taken for passwords.
        #expect(PostgresConnectionString.passwords(in: "postgresql://odd:SECRETPW/").contains("SECRETPW"))
        #expect(PostgresConnectionString.passwords(in: "postgresql://odd:sec/RETPW@/db").contains("sec/RETPW"))
        #expect(PostgresConnectionString.passwords(in: "postgresql://odd:sec@RETPW@localhost").contains("RETPW"))
        #expect(PostgresConnectionString.passwords(in: "postgresql://h:5432/db") == [])
        // The value libpq reads, and its text as written (a message may quote either).
        #expect(PostgresConnectionString.passwords(in: "host=/tmp password='a \\'b' dbname=x") == ["a \\'b", "a 'b"])
        #expect(PostgresConnectionString.passwords(in: "password=se\\ cret port=5") == ["se\\ cret", "se cret"])
        // Only C's isspace ends an unquoted value: a no-break space is part of it, as for libpq.
        #expect(PostgresConnectionString.passwords(in: "password=ab\u{A0}cd port=5") == ["ab\u{A0}cd"])
        #expect(PostgresConnectionString.displayName("postgresql://writer:Hunter2?Secret@[::1/t") == "postgresql://writer@[::1/t")
        #expect(PostgresConnectionString.displayName("postgresql://r:pw@/t?host=/tmp&password=x") == "postgresql://r@/t")
    }

    @Test("libpq quoting the whole URL, or pieces of it, leaves no password")
    func messagesRedacted() {
        let url = "postgresql://reader:Hunter2?Secret@[::1/t"
        let message = "end of string reached when looking for matching \"]\" in IPv6 host address in URI: \"\(url)\" near Hunter2?Secret"
        let redacted = PostgresConnectionString.redacting(message, connectionString: url, secrets: [])
        #expect(!redacted.contains("Hunter2"))
        #expect(redacted.contains("in URI: \"postgresql://reader@[::1/t\""))
        #expect(
            PostgresDatabase.redactingPasswords("/x/host=/tmp password=Hunter2 dbname=x: cannot open", writtenIn: ["host=/tmp password=Hunter2 dbname=x"])
                == "/x/host=/tmp password=******** dbname=x: cannot open")
    }

    @Test("Redaction is one pass: passwords of '*' do not grow the message, NUL characters are text, the longest password wins")
    func redactionOnePass() {
        #expect(PostgresConnectionString.redacting("a***b****c", secrets: ["***", "****"]) == "a********b********c")
        #expect(PostgresConnectionString.redacting("x\u{0}Hunter2\u{0}", secrets: ["Hunter2"]) == "x\u{0}********\u{0}")
        #expect(PostgresConnectionString.redacting("Hunter2?Secret", secrets: ["Hunter2", "Hunter2?Secret"]) == "********")
        // Two passwords overlapping in the text: neither leaves a tail.
        #expect(PostgresConnectionString.redacting("<xxabyyyy>", secrets: ["xxab", "abyyyy"]) == "<********>")
        let many = String(repeating: "**:", count: 300)
        #expect(
            PostgresConnectionString.redacting(many, connectionString: "postgresql://u:\(many)@h/d", secrets: [many, "**:**", "***"]).utf8.count <= many.utf8
                .count * 3)
    }
}
