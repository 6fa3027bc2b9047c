import ChartCore
@testable import ChartData
import Foundation
import Testing

/// `PostgresDatabase` against the real server of `.ci/with-postgres`: connection strings as
/// libpq reads them (a URL, key=value pairs, a password file), a session that cannot write,
/// time limits and cancellation, errors that name the server and never a password, and the
/// values of each type as charts read them.
@Suite("PostgreSQL", .enabled(if: PostgresTestServer.isAvailable, PostgresTestServer.unavailable))
struct PostgresTests {
    typealias Server = PostgresTestServer

    /// The reader, connected with its password in the URL.
    static func reader(timeLimit: Double = 30, memoryBudget: Int = SQLiteDatabase.defaultMemoryBudget) throws -> PostgresDatabase {
        try PostgresDatabase(connectionString: Server.urlWithPassword, timeLimit: timeLimit, memoryBudget: memoryBudget)
    }

    /// The numbers of a column (NaN for missing values), or nil for text.
    static func numbers(_ table: DataTable, _ name: String) -> [Double]? { table.column(named: name)?.numbers }

    /// Whether two arrays of numbers are equal, NaN equal to NaN.
    static func same(_ a: [Double]?, _ b: [Double]) -> Bool {
        guard let a, a.count == b.count else { return false }
        return zip(a, b).allSatisfy { $0 == $1 || ($0.isNaN && $1.isNaN) }
    }

    // MARK: - Connecting

    @Test("A URL and key=value pairs connect, and the name is user@socket:port/db without the password")
    func connectionStrings() throws {
        let url = try Self.reader()
        #expect(url.name == Server.readerName)
        #expect(!url.name.contains(Server.password))
        #expect(try url.rows("SELECT current_user") == [[.text("chartview_reader")]])
        let pairs = try PostgresDatabase(connectionString: Server.keyValue("password=\(Server.password)"), timeLimit: 30, memoryBudget: 1 << 30)
        #expect(pairs.name == Server.readerName)
        #expect(try pairs.rows("SELECT 1 + 1") == [[.integer(2)]])
        // postgres:// is the same scheme.
        let short = try PostgresDatabase(
            connectionString: "postgres" + Server.urlWithPassword.dropFirst("postgresql".count), timeLimit: 30, memoryBudget: 1 << 30)
        #expect(short.name == Server.readerName)
        #expect(PostgresDatabase.isConnectionURL("postgresql://x") && PostgresDatabase.isConnectionURL("POSTGRES://x"))
        #expect(!PostgresDatabase.isConnectionURL("sales.sqlite") && !PostgresDatabase.isConnectionURL("host=/tmp"))
    }

    @Test("libpq reads the password from a password file (0600), and asks for one without it")
    func passwordFile() throws {
        let dir = NSTemporaryDirectory() + "chartview-pgpass-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/pgpass"
        // host:port:database:user:password, the socket's folder as the host.
        try "\(Server.socket):\(Server.port):chartview_test:chartview_reader:\(Server.password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        let db = try PostgresDatabase(connectionString: Server.keyValue("passfile=\(file)"), timeLimit: 30, memoryBudget: 1 << 30)
        #expect(try db.rows("SELECT current_user") == [[.text("chartview_reader")]])
        let withURL = try PostgresDatabase(connectionString: Server.url + "&passfile=\(file)", timeLimit: 30, memoryBudget: 1 << 30)
        #expect(withURL.name == Server.readerName)
        // No password anywhere: the server asks for one, and the message says where to give it.
        #expect(
            throws: DataError.server(
                name: Server.readerName, what: "cannot connect",
                message: "the server asks for a password; give it in ~/.pgpass, PGPASSWORD or the connection string",
                unreachable: false)
        ) {
            try PostgresDatabase(connectionString: Server.keyValue("passfile=\(dir)/none"), timeLimit: 30, memoryBudget: 1 << 30)
        }
    }

    @Test("A wrong password: one line naming the user and the server, never the password; status 2")
    func wrongPassword() throws {
        let secret = "not-the-Password-4711"
        let url = Server.url.replacingOccurrences(of: "chartview_reader@", with: "chartview_reader:\(secret)@")
        do {
            _ = try PostgresDatabase(connectionString: url, timeLimit: 30, memoryBudget: 1 << 30)
            Issue.record("connected with a wrong password")
        } catch {
            #expect(
                error
                    == .server(
                        name: Server.readerName, what: "cannot connect",
                        message: "password authentication failed for user \"chartview_reader\"", unreachable: false))
            #expect(error.description == "\(Server.readerName): cannot connect: password authentication failed for user \"chartview_reader\"")
            #expect(!error.description.contains(secret))
            #expect(!error.isRunTimeFailure)
        }
        // A password libpq cannot read is not repeated either (its message quotes the token).
        let garbled = "postgresql://chartview_reader:se%ZZcret-word@/chartview_test?host=\(Server.socket)"
        do {
            _ = try PostgresDatabase(connectionString: garbled, timeLimit: 30, memoryBudget: 1 << 30)
            Issue.record("connected with a garbled URL")
        } catch {
            #expect(!error.description.contains("se%ZZcret-word"))
            #expect(!error.description.contains("cret-word"))
            #expect(error.description.hasPrefix("postgresql://chartview_reader@/chartview_test: cannot connect: "))
        }
    }

    @Test("A server that cannot be reached is a failure at run time, naming it")
    func unreachable() throws {
        let dir = NSTemporaryDirectory() + "chartview-nothing-\(UUID().uuidString)"
        do {
            _ = try PostgresDatabase(
                connectionString: "postgresql://chartview_reader@/chartview_test?host=\(dir)&port=5999", timeLimit: 5, memoryBudget: 1 << 30)
            Issue.record("connected to nothing")
        } catch {
            guard case .server(let name, "cannot connect", let message, true) = error else {
                Issue.record("not an unreachable server: \(error)")
                return
            }
            #expect(name == "postgresql://chartview_reader@\(dir):5999/chartview_test")
            #expect(message.contains("No such file or directory"))
            #expect(error.isRunTimeFailure)
            #expect(!error.description.contains("\n"))
        }
        // A database that does not exist: the server answered, so it is bad input.
        do {
            _ = try PostgresDatabase(
                connectionString: Server.keyValue("password=\(Server.password)").replacingOccurrences(of: "dbname=chartview_test", with: "dbname=nope"),
                timeLimit: 30, memoryBudget: 1 << 30)
            Issue.record("connected to a missing database")
        } catch {
            #expect(error.description == "postgresql://chartview_reader@\(Server.socket):\(Server.port)/nope: cannot connect: database \"nope\" does not exist")
            #expect(!error.isRunTimeFailure)
        }
        // Connection strings libpq cannot use are bad input too.
        for bad in [Server.keyValue("port=abc"), Server.keyValue("nosuchoption=1"), "postgresql://a@/db?host=/tmp&bogus=1"] {
            do {
                _ = try PostgresDatabase(connectionString: bad, timeLimit: 5, memoryBudget: 1 << 30)
                Issue.record("connected with \(bad)")
            } catch {
                #expect(!error.isRunTimeFailure, "\(error)")
                #expect(error.description.contains(": cannot connect: "), "\(error)")
            }
        }
    }

    @Test("The session: read-only, the time limit, UTC, application_name chartview")
    func session() throws {
        let db = try Self.reader(timeLimit: 1.5)
        let settings = try db.rows(
            """
            SELECT current_setting('default_transaction_read_only'), current_setting('transaction_read_only'),
                   current_setting('statement_timeout'), current_setting('TimeZone'), current_setting('DateStyle'),
                   current_setting('application_name'), current_setting('client_encoding')
            """)
        #expect(settings == [["on", "on", "1500ms", "UTC", "ISO, YMD", "chartview", "UTF8"].map { .text($0) }])
        // A query cannot change the session: set_config is volatile, refused before it runs.
        #expect(throws: DataError.self) { try db.rows("SELECT set_config('TimeZone', 'Asia/Tokyo', false)") }
        #expect(try db.rows("SELECT current_setting('TimeZone')") == [[.text("UTC")]])
    }

    // MARK: - Read-only

    @Test("Writes, DDL and several statements are refused, as the reader and as a superuser")
    func refusesWrites() throws {
        let table = Server.uniqueName("w")
        try Server.admin("CREATE TABLE \(table) (k text, v int); INSERT INTO \(table) VALUES ('a', 1); CREATE SEQUENCE \(table)_seq;")
        defer { _ = try? Server.admin("DROP TABLE \(table); DROP SEQUENCE \(table)_seq;") }
        let reader = try Self.reader()
        let admin = try PostgresDatabase(connectionString: Server.adminURL, timeLimit: 30, memoryBudget: 1 << 30)
        for db in [reader, admin] {
            for sql in [
                "INSERT INTO \(table) VALUES ('b', 2)", "UPDATE \(table) SET v = 3", "DELETE FROM \(table)",
                "CREATE TABLE \(table)_x (a int)", "DROP TABLE \(table)",
                "WITH d AS (DELETE FROM \(table) RETURNING *) SELECT * FROM d", "TRUNCATE \(table)"
            ] {
                // The reader may not even plan a write to a table it cannot write.
                let refusal =
                    db === reader && sql.hasPrefix("WITH")
                    ? DataError.query(path: db.name, message: "permission denied for table \(table)") : DataError.notReadOnly(path: db.name, sql: sql)
                #expect(throws: refusal, "\(sql)") { try db.table(sql) }
            }
            // A function that writes is refused before it runs, whoever may call it.
            #expect(
                throws: DataError.query(
                    path: db.name,
                    message:
                        "the query calls nextval(), which may change the server, its files or other sessions (a volatile function, or one that runs SQL); chartview runs only queries that read"
                )
            ) {
                try db.table("SELECT nextval('\(table)_seq')")
            }
            #expect(throws: DataError.query(path: db.name, message: "give one statement, not several")) {
                try db.table("SELECT * FROM \(table); DELETE FROM \(table)")
            }
            #expect(throws: DataError.query(path: db.name, message: "give one statement, not several")) {
                try db.rows("SELECT 1; SELECT 2")
            }
            // COPY is refused before it is sent (as a superuser it would write a server file).
            #expect(throws: DataError.query(path: db.name, message: "COPY gives no rows to chart; use SELECT")) {
                try db.table("COPY \(table) TO STDOUT")
            }
            // A trailing semicolon and comments are one statement.
            #expect(try db.rows("SELECT v FROM \(table); -- the end\n") == [[.integer(1)]])
            // Turning read-only off within the statement is refused (its snapshot is taken).
            #expect(throws: DataError.self) {
                try db.rows("SELECT set_config('transaction_read_only', 'off', true), count(*) FROM \(table)")
            }
            #expect(try db.rows("SELECT v FROM \(table)") == [[.integer(1)]])
        }
        #expect(try Server.admin("SELECT count(*) FROM \(table)") == "1")
    }

    // MARK: - Time limits and cancellation

    @Test("statement_timeout stops a long query with the time limit's message; the connection goes on")
    func timeLimit() throws {
        let db = try Self.reader(timeLimit: 0.5)
        // Stopped, or pg_sleep(5) would end without an error: no clock needed.
        #expect(throws: DataError.timedOut(path: db.name, seconds: 0.5)) { try db.table("SELECT pg_sleep(5)") }
        #expect(
            DataError.timedOut(path: db.name, seconds: 0.5).description == "\(Server.readerName): query failed: the query ran longer than 0.5 s and was stopped"
        )
        #expect(try db.rows("SELECT 42") == [[.integer(42)]])
        // The client's deadline bounds the fetching of rows too (each row is quick, all are not).
        #expect(throws: DataError.timedOut(path: db.name, seconds: 0.5)) {
            try db.rows("SELECT pg_sleep(0.1), i FROM generate_series(1, 100) i")
        }
        #expect(try db.rows("SELECT 43") == [[.integer(43)]])
    }

    /// Runs `action` on a thread of its own once `pg_stat_activity` (polled as the superuser,
    /// for at most a minute) shows another session where `condition` holds; runs it then even if
    /// none showed, so that the test ends. The flag says whether one showed.
    static func once(activity condition: String, _ action: @escaping @Sendable () -> Void) -> SharedFlag {
        let seen = SharedFlag()
        let query = "SELECT count(*) FROM pg_stat_activity WHERE pid <> pg_backend_pid() AND \(condition)"
        Thread {
            let deadline = Date().addingTimeInterval(60)
            while !seen.value && Date() < deadline {
                seen.value = (try? Server.admin(query)).flatMap { Int($0) } ?? 0 > 0
                if !seen.value { usleep(10_000) }
            }
            action()
        }.start()
        return seen
    }

    /// `once(activity:)`'s condition for a query whose text holds `marker` running on the server.
    static func running(_ marker: String) -> String { "state = 'active' AND query LIKE '%\(marker)%'" }

    @Test("interrupt() from another thread stops pg_sleep, as cancelled; the next query runs")
    func interruptFromAnotherThread() throws {
        let db = try Self.reader(timeLimit: 60)
        let box = UnsafeSendable(db)
        let marker = Server.uniqueName("interrupted")
        // Interrupted while it runs: it fails as cancelled, not after 20 s (the limit is 60).
        let seen = Self.once(activity: Self.running(marker)) { box.value.interrupt() }
        #expect(throws: DataError.cancelled(path: db.name)) { try db.table("SELECT pg_sleep(20) AS \(marker)") }
        #expect(seen.value, "the query never showed as running on the server")
        #expect(try db.rows("SELECT 'after'") == [[.text("after")]])
        // An interrupt with nothing running stops nothing later.
        db.interrupt()
        #expect(try db.rows("SELECT pg_sleep(0.2), 1")[0][1] == .integer(1))
    }

    @Test("A cancellation flag raised from another thread stops the query; one raised before stops it at once")
    func cancellationFlag() throws {
        let db = try Self.reader(timeLimit: 60)
        let flag = CancellationFlag()
        let marker = Server.uniqueName("flagged")
        let seen = Self.once(activity: Self.running(marker)) { flag.cancel() }
        #expect(throws: DataError.cancelled(path: db.name)) { try db.table("SELECT pg_sleep(20) AS \(marker)", cancellation: flag) }
        #expect(seen.value, "the query never showed as running on the server")
        #expect(throws: DataError.cancelled(path: db.name)) { try db.table("SELECT 1", cancellation: flag) }
        #expect(try db.table("SELECT 1 AS one", cancellation: CancellationFlag()).rowCount == 1)
        // A flag raised while the rows stream in (one every 10 ms) stops the query too.
        let streaming = CancellationFlag()
        let streamed = Server.uniqueName("streamed")
        let streamSeen = Self.once(activity: Self.running(streamed)) { streaming.cancel() }
        #expect(throws: DataError.cancelled(path: db.name)) {
            try db.table("SELECT i AS \(streamed), pg_sleep(0.01) FROM generate_series(1, 100000) i", cancellation: streaming)
        }
        #expect(streamSeen.value, "the query never showed as running on the server")
        #expect(try db.rows("SELECT 2") == [[.integer(2)]])
    }

    @Test("A session the server ended is connected again")
    func reconnects() throws {
        let db = try Self.reader()
        let pid = try db.rows("SELECT pg_backend_pid()")
        guard case .integer(let backend)? = pid.first?.first else { Issue.record("no pid"); return }
        #expect(try Server.admin("SELECT pg_terminate_backend(\(backend), 5000)") == "t")
        #expect(try db.rows("SELECT 7") == [[.integer(7)]])
        #expect(try db.rows("SELECT pg_backend_pid()") != pid)
    }

    // MARK: - Values

    @Test("Types: numbers, numerics of many digits, booleans, NULLs, dates, timestamps with and without zones")
    func values() throws {
        let table = Server.uniqueName("types")
        try Server.admin(
            """
            CREATE TABLE \(table) (n int, i2 int2, i4 int4, i8 int8, f4 float4, f8 float8, num numeric, b bool,
                                   d date, ts timestamp, tz timestamptz, t text, v varchar(20), c char(6), u uuid, iv interval);
            INSERT INTO \(table) VALUES
              (1, 1, -2147483648, 9007199254740993, 1.5, 1e300, 123456789012345678901234567890.123456789, true,
               '2024-03-01', '2024-03-01 12:00:00.25', '2024-03-01 12:00:00+05:30', 'a', 'x', 'ab', '00000000-0000-0000-0000-000000000001', '1 day'),
              (2, NULL, NULL, NULL, NULL, 'NaN', 'NaN', false, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL),
              (3, -3, 7, -1, 'Infinity', '-0.1', '-0.000000000000000000001', NULL,
               '0044-03-15 BC', '1900-02-28 23:59:59', '1969-12-31 23:00:00-01', 'b', 'y', 'cd', NULL, '-2 hours'),
              (4, 4, 8, 2, -1, 3.141592653589793, 1e-20, true,
               '12000-01-01', '2262-04-11 23:47:16.854775', '2024-07-01 00:00:00+00:19:32', 'c', 'z', 'ef', NULL, NULL);
            """)
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let db = try Self.reader()
        let rows = try db.table("SELECT * FROM \(table) ORDER BY n")
        #expect(rows.rowCount == 4)
        #expect(Self.same(Self.numbers(rows, "i2"), [1, .nan, -3, 4]))
        #expect(Self.same(Self.numbers(rows, "i4"), [-2147483648, .nan, 7, 8]))
        #expect(Self.same(Self.numbers(rows, "i8"), [9007199254740992, .nan, -1, 2]))
        #expect(Self.same(Self.numbers(rows, "f4"), [1.5, .nan, .nan, -1]))
        #expect(Self.same(Self.numbers(rows, "f8"), [1e300, .nan, -0.1, 3.141592653589793]))
        // numeric: the nearest Double to its decimal text; NaN is missing.
        #expect(Self.same(Self.numbers(rows, "num"), [Double("123456789012345678901234567890.123456789")!, .nan, -1e-21, 1e-20]))
        #expect(Self.same(Self.numbers(rows, "b"), [1, 0, .nan, 1]))
        #expect(rows.column(named: "d")?.isDate == true && rows.column(named: "ts")?.isDate == true && rows.column(named: "tz")?.isDate == true)
        // Seconds since 1970 UTC, as the server itself counts them.
        let epochs = try db.rows(
            "SELECT extract(epoch FROM d)::float8, extract(epoch FROM ts)::float8, extract(epoch FROM tz)::float8 FROM \(table) ORDER BY n")
        for (c, name) in ["d", "ts", "tz"].enumerated() {
            let expected = epochs.map { row -> Double in
                switch row[c] {
                case .real(let v): v
                case .integer(let v): Double(v)
                default: .nan
                }
            }
            #expect(Self.same(Self.numbers(rows, name), expected), "\(name)")
        }
        #expect(Self.same(Self.numbers(rows, "d").map { Array($0.prefix(2)) }, [1_709_251_200, .nan]))
        #expect(Self.numbers(rows, "ts")?[0] == 1_709_294_400.25)
        #expect(Self.numbers(rows, "tz")?[0] == 1_709_274_600)
        #expect(Self.numbers(rows, "tz")?[2] == 0)
        // Text: as it is (char(n) without its padding), other types as the server writes them.
        #expect(rows.column(named: "t")?.values == .text(["a", nil, "b", "c"]))
        #expect(rows.column(named: "c")?.values == .text(["ab", nil, "cd", "ef"]))
        #expect(rows.column(named: "u")?.values == .text(["00000000-0000-0000-0000-000000000001", nil, nil, nil]))
        #expect(rows.column(named: "iv")?.values == .text(["1 day", nil, "-02:00:00", nil]))
        // Text that reads as dates or numbers is typed as a CSV file's would be.
        let typed = try db.table("SELECT * FROM (VALUES ('2024-01-01'::text, '1,234'::varchar, 'x'), ('2024-01-02', '5', NULL)) v(day, amount, label)")
        #expect(typed.column(named: "day")?.values == .date([1_704_067_200, 1_704_153_600]))
        #expect(typed.column(named: "amount")?.values == .number([1234, 5]))
        #expect(typed.column(named: "label")?.values == .text(["x", nil]))
        // A result with no rows still has its columns.
        let empty = try db.table("SELECT n, t FROM \(table) WHERE false")
        #expect(empty.columns.map(\.name) == ["n", "t"] && empty.rowCount == 0)
    }

    @Test("rows(): integers, reals, NULL and text; tableNames() lists tables and views, not the system's")
    func rowsAndTables() throws {
        let table = Server.uniqueName("r")
        try Server.admin(
            "CREATE TABLE \(table) (k text, v float8); INSERT INTO \(table) VALUES ('a', 1.5), (NULL, NULL); CREATE VIEW \(table)_view AS SELECT k FROM \(table);"
        )
        defer { _ = try? Server.admin("DROP VIEW \(table)_view; DROP TABLE \(table);") }
        let db = try Self.reader()
        #expect(try db.rows("SELECT k, v FROM \(table) ORDER BY k") == [[.text("a"), .real(1.5)], [.null, .null]])
        #expect(
            try db.rows("SELECT 2::numeric, 2.5::numeric, 'NaN'::numeric, true, DATE '2024-03-01'")
                == [[.integer(2), .real(2.5), .null, .integer(1), .text("2024-03-01")]])
        let names = try db.tableNames()
        #expect(names.contains(table) && names.contains(table + "_view"))
        #expect(!names.contains("pg_class") && !names.contains("tables"))
    }

    @Test("Named parameters become $1…: the same name twice, casts, strings and comments left alone")
    func namedParameters() throws {
        let db = try Self.reader()
        let table = try db.table(
            """
            SELECT :period AS p, :period::text || ':not' AS q, ':notaparameter' AS s, $$:neither$$ AS d /* :no */, :other::text AS o -- :nor
            """, parameters: ["period": "2024-05", "other": "x"])
        #expect(table.column(named: "p")?.values == .date([1_714_521_600]))
        #expect(table.column(named: "q")?.values == .text(["2024-05:not"]))
        #expect(table.column(named: "s")?.values == .text([":notaparameter"]))
        #expect(table.column(named: "d")?.values == .text([":neither"]))
        #expect(table.column(named: "o")?.values == .text(["x"]))
        #expect(throws: DataError.query(path: db.name, message: "the query needs a value for :period")) {
            try db.table("SELECT :period")
        }
        let statement = PostgresStatement("SELECT a::int, E'\\':x', \"a:b\", $tag$ ; :y $tag$, :z; ")
        #expect(statement.text == "SELECT a::int, E'\\':x', \"a:b\", $tag$ ; :y $tag$, $1; ")
        #expect(statement.names == ["z"] && !statement.hasSeveralStatements)
        #expect(PostgresStatement("SELECT 1; /* */ SELECT 2").hasSeveralStatements)
        #expect(PostgresStatement(" -- a note\n /* and */ copy t TO '/tmp/x'").firstWord == "COPY")
        #expect(PostgresStatement("(SELECT 1)").firstWord == "" && PostgresStatement("WITH x AS (SELECT 1) SELECT * FROM x").firstWord == "WITH")
        #expect(!PostgresStatement("SELECT ';' -- ; x\n;").hasSeveralStatements)
    }

    @Test("Rows past the memory budget end in one line; the connection goes on")
    func memoryBudget() throws {
        let db = try Self.reader(memoryBudget: 1 << 20)
        #expect(throws: DataError.resultTooLarge(path: db.name, budget: 1 << 20)) {
            try db.table("SELECT repeat('x', 1000) FROM generate_series(1, 5000)")
        }
        #expect(throws: DataError.resultTooLarge(path: db.name, budget: 1 << 20)) {
            try db.rows("SELECT i FROM generate_series(1, 1000000) i")
        }
        #expect(try db.table("SELECT i FROM generate_series(1, 1000) i").rowCount == 1000)
    }

    @Test("Timestamps as PostgreSQL writes them, to seconds since 1970")
    func timestampText() {
        func seconds(_ text: String) -> Double? {
            Array(text.utf8).withUnsafeBufferPointer { PostgresTimestamp.seconds($0) }
        }
        #expect(seconds("1970-01-01") == 0)
        #expect(seconds("2024-03-01 12:34:56.5") == 1_709_296_496.5)
        #expect(seconds("2024-03-01 12:34:56+01") == 1_709_292_896)
        #expect(seconds("2024-03-01 12:34:56-03:30") == 1_709_309_096)
        #expect(seconds("1900-01-01 00:00:00+00:19:32") == -2_208_989_972)
        #expect(seconds("0001-01-01 BC") == Double(DateParser.days(year: 0, month: 1, day: 1) * 86_400))
        #expect(seconds("10000-01-01") == 253_402_300_800)
        for bad in ["infinity", "-infinity", "2024-02-30", "2024-03-01T12:00:00", "2024-03-01 12:00", "x"] {
            #expect(seconds(bad) == nil, "\(bad)")
        }
    }

    // MARK: - Streaming

    @Test("streamNumbers: every row as doubles, float8 parameters, NULL as NaN, an early stop")
    func streamNumbers() throws {
        let db = try Self.reader()
        var count = 0
        var sum = 0.0
        var first: [Double] = []
        try db.streamNumbers(
            "SELECT i::float8, (i * 2)::int8, CASE WHEN i = 50000 THEN NULL ELSE 1 END::int4 FROM generate_series(1, 100000) i WHERE i > $1 AND i <= $2",
            parameters: [10, 99_990.5]
        ) { row in
            if count == 0 { first = Array(row) }
            count += 1
            sum += row[0] + row[1] + (row[2].isNaN ? 1000 : row[2])
            return true
        }
        #expect(count == 99_980)
        #expect(first == [11, 22, 1])
        let values = (11...99_990).map(Double.init)
        #expect(sum == values.reduce(0, +) * 3 + 99_979 + 1000)
        // Stopping early: the rest is dropped and the connection serves the next query.
        var seen = 0
        try db.streamNumbers("SELECT i::float8 FROM generate_series(1, 10000000) i") { _ in
            seen += 1
            return seen < 5
        }
        #expect(seen == 5)
        #expect(try db.rows("SELECT 3") == [[.integer(3)]])
        #expect(throws: DataError.query(path: db.name, message: "column 2 ('t') is not a number; cast it with ::float8")) {
            try db.streamNumbers("SELECT 1::float8, 'x'::text AS t") { _ in true }
        }
    }

    @Test("streamNumbers stops at the time limit and at interrupt()")
    func streamBounds() throws {
        let db = try Self.reader(timeLimit: 0.5)
        #expect(throws: DataError.timedOut(path: db.name, seconds: 0.5)) {
            try db.streamNumbers("SELECT (i + 0 * length(pg_sleep(0.001)::text))::float8 FROM generate_series(1, 100000) i") { _ in true }
        }
        let patient = try Self.reader(timeLimit: 60)
        let box = UnsafeSendable(patient)
        guard case .integer(let backend)? = try patient.rows("SELECT pg_backend_pid()").first?.first else {
            Issue.record("no pid")
            return
        }
        // The stream is under way once its session fetches from the query's cursor.
        let seen = Self.once(activity: "pid = \(backend) AND query LIKE 'FETCH%'") { box.value.interrupt() }
        #expect(throws: DataError.cancelled(path: patient.name)) {
            try patient.streamNumbers("SELECT i::float8 FROM generate_series(1, 1000000000) i") { _ in true }
        }
        #expect(seen.value, "the query never showed as running on the server")
        #expect(try patient.rows("SELECT 4") == [[.integer(4)]])
    }

    // MARK: - Watching

    @Test("dataVersion: 0 without a watch query; with one, it changes when its first row does")
    func dataVersion() throws {
        let table = Server.uniqueName("watch")
        try Server.admin("CREATE TABLE \(table) (v int); INSERT INTO \(table) VALUES (1);")
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let db = try Self.reader()
        #expect(db.dataVersion() == 0)
        db.watchQuery = "SELECT max(v), count(*) FROM \(table)"
        let before = db.dataVersion()
        #expect(before != 0 && db.dataVersion() == before)
        try Server.admin("INSERT INTO \(table) VALUES (2)")
        let after = db.dataVersion()
        #expect(after != before && db.dataVersion() == after)
        // A watch query that fails keeps the last version.
        db.watchQuery = "SELECT nosuch FROM \(table)"
        #expect(db.dataVersion() == after)
    }

    @Test("A spec's postgres key, at the chart's level and the file's")
    func specSources() throws {
        let table = Server.uniqueName("spec")
        try Server.admin("CREATE TABLE \(table) (day date, v float8); INSERT INTO \(table) VALUES ('2024-01-01', 1), ('2024-01-02', 3);")
        defer { _ = try? Server.admin("DROP TABLE \(table)") }
        let json = """
            {"postgres": "\(Server.urlWithPassword)",
             "charts": [{"name": "a", "data": {"table": "\(table)"}},
                        {"name": "b", "data": {"postgres": "\(Server.keyValue("password=\(Server.password)"))", "query": "SELECT day, v * 2 AS w FROM \(table)"}}]}
            """
        let file = try ChartSpec.File.decode(Data(json.utf8), path: "spec.json")
        let databases = DatabaseCache(timeLimit: 30)
        let sources = try file.charts.map { spec throws(DataError) in
            try ChartSource(spec: spec, baseDirectory: "/nowhere", defaultDatabase: file.database, databases: databases, defaultServer: file.postgres)
        }
        #expect(sources.map(\.sourceName) == [Server.readerName, Server.readerName])
        #expect(try sources[0].table().column(named: "v")?.values == .number([1, 3]))
        #expect(try sources[1].table().column(named: "w")?.values == .number([2, 6]))
        #expect(databases.hasServers)
        #expect(throws: DataError.spec(path: "x.json", keyPath: "charts[0].data", message: "give a database or a postgres server, not both")) {
            try ChartSpec.File.decode(
                Data(#"{"charts": [{"name": "a", "data": {"table": "t", "database": "d.sqlite", "postgres": "dbname=x"}}]}"#.utf8), path: "x.json")
        }
    }
}
