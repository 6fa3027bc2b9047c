import Foundation
import Testing

/// `chartview 'postgresql://…'` against the private server of `.ci/with-postgres`, through the
/// real binary: the password from `~/.pgpass` or the PG* variables (never in the URL), a chart
/// as PNG and as a dump, errors on one line that name the server and never a password, the
/// exit statuses, and a database that stays as it was.
@Suite("chartview and PostgreSQL", .enabled(if: PostgresFixture.isAvailable, PostgresFixture.unavailable))
struct PostgresCommandTests {
    typealias Server = PostgresFixture

    /// A table of 60 days of a price, made as the superuser (the reader may read it).
    static func prices() throws -> String {
        let table = Server.uniqueName("prices")
        try Server.admin(
            """
            CREATE TABLE \(table) (day date, price float8);
            INSERT INTO \(table) SELECT DATE '2024-01-01' + i, 100 + 10 * sin(i / 5.0) FROM generate_series(0, 59) i;
            """)
        return table
    }

    static func drop(_ table: String) { _ = try? Server.admin("DROP TABLE IF EXISTS \(table)") }

    /// Runs chartview with `HOME` set to `home` (an empty folder when nil: no password file).
    static func run(_ arguments: [String], home: String? = nil, environment: [String: String] = [:], in directory: String? = nil) throws
        -> ChartviewProcess.Result
    {
        let empty = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: empty) }
        return try ChartviewProcess.run(arguments, in: directory, environment: ["HOME": home ?? empty].merging(environment) { _, new in new })
    }

    @Test("A line chart from a table, the password from ~/.pgpass: PNG and dump")
    func lineChartFromATable() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let png = home + "/prices.png"
        let drawn = try Self.run([Server.url, "--table", table, "--output", png, "--dump-layout", home + "/prices.json"], home: home)
        #expect(drawn.status == 0, "\(drawn.stderr)")
        #expect(drawn.stderr.isEmpty)
        let bytes = try Data(contentsOf: URL(fileURLWithPath: png))
        #expect(bytes.prefix(8) == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(contentsOf: URL(fileURLWithPath: home + "/prices.json")))
        #expect(dump.plots.map(\.kind) == ["line"])
        #expect(dump.plots.first?.items.count == 60)
        #expect(dump.spaces?.first?.xScale == "date")
        // The chart is named after the database; its title is the table's.
        let list = try Self.run([Server.url, "--table", table, "--list"], home: home)
        #expect(list.stdout == "chartview_test\n")
        let described = try Self.run([Server.url, "--table", table, "--describe"], home: home)
        #expect(described.status == 0)
        #expect(described.stdout.hasPrefix("\(Server.readerName): 60 rows, 2 columns\n"), "\(described.stdout)")
        #expect(described.stdout.contains("chart: x day · y price · line (detected)"))
    }

    @Test("libpq's PG* variables fill in a bare postgresql:// URL")
    func environmentVariables() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        let environment = [
            "PGHOST": Server.socket, "PGPORT": Server.port, "PGUSER": "chartview_reader",
            "PGDATABASE": "chartview_test", "PGPASSWORD": Server.password
        ]
        let result = try Self.run(["postgresql://", "--table", table, "--describe"], environment: environment)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(Server.readerName + ": 60 rows"))
        // PGAPPNAME names the session instead of chartview; a query sees it.
        let named = try Self.run(
            ["postgresql://", "--query", "SELECT current_setting('application_name') AS app, 1 AS x", "--dump-layout", "-"],
            environment: environment.merging(["PGAPPNAME": "nightly-report"]) { _, new in new })
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("nightly-report"), "\(named.stdout)")
    }

    @Test("--timeout stops pg_sleep: one line, status 2")
    func timeout() throws {
        // No bound on the wall time: the error says the query was stopped, which pg_sleep(5)
        // ending on its own would not.
        let result = try Self.run(
            [Server.url, "--query", "SELECT pg_sleep(5)", "--timeout", "0.5", "--output", "/dev/null"],
            environment: ["PGPASSWORD": Server.password])
        #expect(result.status == 2)
        #expect(result.stderr == "chartview: \(Server.readerName): query failed: the query ran longer than 0.5 s and was stopped\n")
    }

    @Test("A wrong or missing password: one line naming the user and the server, never the password")
    func badPasswords() throws {
        let secret = "Wrong-Secret-9731"
        let wrongURL = Server.url.replacingOccurrences(of: "chartview_reader@", with: "chartview_reader:\(secret)@")
        for (arguments, environment) in [([wrongURL], [:]), ([Server.url], ["PGPASSWORD": secret])] {
            let result = try Self.run(arguments + ["--table", "t", "--output", "/dev/null"], environment: environment)
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(Server.readerName): cannot connect: password authentication failed for user \"chartview_reader\"\n")
            #expect(!result.stderr.contains(secret) && !result.stdout.contains(secret))
        }
        let none = try Self.run([Server.url, "--table", "t", "--output", "/dev/null"])
        #expect(none.status == 2)
        #expect(
            none.stderr
                == "chartview: \(Server.readerName): cannot connect: the server asks for a password; give it in ~/.pgpass, PGPASSWORD or the connection string\n"
        )
    }

    /// PGPASSWORD is the user's for the servers the user names: libpq would send it to any host
    /// a spec file someone sent names. chartview takes it out of the environment and gives it
    /// only to the command line's servers (or every server, with --trust-spec-servers).
    @Test("PGPASSWORD goes to a server a spec file names only with --trust-spec-servers")
    func storedPasswordOnlyForNamedServers() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = dir + "/sent.json"
        let json: [String: Any] = ["postgres": Server.url, "charts": [["name": "a", "data": ["table": table]]]]
        try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: spec))
        let environment = ["PGPASSWORD": Server.password]
        let refused = try Self.run([spec, "--output", dir + "/a.png"], environment: environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("the server asks for a password"), "\(refused.stderr)")
        #expect(!refused.stderr.contains(Server.password))
        let trusted = try Self.run([spec, "--trust-spec-servers", "--output", dir + "/b.png"], environment: environment)
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let named = try Self.run([Server.url, "--table", table, "--output", dir + "/c.png"], environment: environment)
        #expect(named.status == 0, "\(named.stderr)")
        // ~/.pgpass is looked up by host: a spec may not send its password elsewhere with hostaddr.
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let elsewhere: [String: Any] = [
            "postgres": "host=\(Server.socket) port=\(Server.port) hostaddr=127.0.0.1 dbname=chartview_test user=chartview_reader",
            "charts": [["name": "a", "data": ["table": table]]]
        ]
        try JSONSerialization.data(withJSONObject: elsewhere).write(to: URL(fileURLWithPath: dir + "/elsewhere.json"))
        let moved = try Self.run([dir + "/elsewhere.json", "--output", dir + "/d.png"], home: home)
        #expect(moved.status == 2)
        #expect(moved.stderr.contains("may not use hostaddr"), "\(moved.stderr)")
        // An entry for any host (`*:…`) is not read for a spec's server: it would go wherever
        // the spec says. The command line's server still gets it.
        let anyHost = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: anyHost) }
        try "*:*:*:chartview_reader:\(Server.password)\n".write(toFile: anyHost + "/.pgpass", atomically: true, encoding: .utf8)
        chmod(anyHost + "/.pgpass", 0o600)
        let wildcard = try Self.run([spec, "--output", dir + "/e.png"], home: anyHost)
        #expect(wildcard.status == 2)
        #expect(wildcard.stderr.contains("the server asks for a password"), "\(wildcard.stderr)")
        let typed = try Self.run([Server.url, "--table", table, "--output", dir + "/f.png"], home: anyHost)
        #expect(typed.status == 0, "\(typed.stderr)")
    }

    @Test("A server that cannot be reached: one line, status 1")
    func unreachable() throws {
        let result = try Self.run([
            "postgresql://chartview_reader@/chartview_test?host=/nonexistent-chartview&port=5999", "--table", "t", "--output", "/dev/null"
        ])
        #expect(result.status == 1)
        #expect(
            result.stderr.hasPrefix(
                "chartview: postgresql://chartview_reader@/nonexistent-chartview:5999/chartview_test: cannot connect: No such file or directory"))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }

    @Test("Writes are refused whatever the role may do, and the table stays as it was")
    func writesRefused() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        for sql in ["DELETE FROM \(table)", "UPDATE \(table) SET price = 0", "DROP TABLE \(table)", "CREATE TABLE x_\(table) (a int)"] {
            let result = try Self.run([Server.adminURL, "--query", sql, "--output", "/dev/null"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(Server.adminName): refusing a statement that would change the database: \(sql)\n")
        }
        let several = try Self.run([Server.adminURL, "--query", "SELECT * FROM \(table); DELETE FROM \(table)", "--output", "/dev/null"])
        #expect(several.status == 2)
        #expect(several.stderr == "chartview: \(Server.adminName): query failed: give one statement, not several\n")
        #expect(try Server.admin("SELECT count(*) FROM \(table)") == "60")
    }

    @Test("Passwords libpq reads (a '?' in a URL's, key=value pairs given as a file, a spec's postgres key) are in no message")
    func passwordsInNoMessage() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let spec = dir + "/s.json"
        try Data(#"{"postgres": "postgresql://reader:Hunter2?Secret@[::1/t", "charts": [{"name": "a", "data": {"table": "t"}}]}"#.utf8)
            .write(to: URL(fileURLWithPath: spec))
        for arguments in [
            ["postgresql://reader:Hunter2?Secret@[::1/t", "--table", "t"],
            ["postgresql://reader:Hunter2%3FSecret@[::1/t", "--table", "t"],
            ["postgresql://reader:Hunter2Secret@/t?host=\(Server.socket)&bogus=1", "--table", "t"],
            ["postgresql://reader:Hunter2Secret@/t?host=/nonexistent&port=x", "--table", "t"],
            ["host=/tmp password=Hunter2Secret dbname=x", "--table", "t"],
            ["postgresql://odd:Hunter2Secret/", "--query", "SELECT 1"],
            ["postgresql://odd:Hunter2/Secret@/db?host=\(Server.socket)", "--query", "SELECT 1"],
            ["postgresql://odd:Hunter2@Secret@localhost/db", "--query", "SELECT 1"],
            ["postgresql://u:p?a#s@s%2F/Hunter2[y] z&w=q@/db?host=\(Server.socket)", "--query", "SELECT 1"],
            ["host=/tmp password='Hunter2 Secret' dbname=x"],
            [spec]
        ] {
            let result = try Self.run(arguments + ["--output", dir + "/o.png"])
            // 2 for what libpq cannot read, 1 for a server it cannot reach.
            #expect(result.status == 2 || result.status == 1, "\(arguments)")
            #expect(!result.stderr.contains("Hunter2"), "\(arguments): \(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(arguments)")
        }
    }

    @Test("The superuser's password is in no output: chart, dump, describe, errors")
    func passwordInNoOutput() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        let secret = Server.adminPassword
        #expect(secret.count >= 8)
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let runs = [
            [Server.adminURL, "--table", table, "--dump-layout", "-"],
            [Server.adminURL, "--table", table, "--describe"],
            [Server.adminURL, "--table", table, "--output", dir + "/x.svg"],
            [Server.adminURL, "--table", "nosuch", "--output", dir + "/y.png"],
            [Server.adminURL, "--query", "SELECT nosuch", "--output", dir + "/y.png"],
            [Server.adminURL, "--list"],
            [dir + "/x.csv", Server.adminURL, "--dump-layout", "/dev/null"]
        ]
        for arguments in runs {
            let result = try Self.run(arguments)
            #expect(!result.stdout.contains(secret) && !result.stderr.contains(secret), "\(arguments.dropFirst())")
            #expect(
                result.stdout.contains(Server.adminName) || result.stderr.contains(Server.adminName) || result.status == 0
                    || result.stderr.contains("x.csv: cannot open"), "\(result.stderr)")
        }
        let svg = try String(contentsOfFile: dir + "/x.svg", encoding: .utf8)
        #expect(!svg.contains(secret))
        let missing = try Self.run([Server.adminURL, "--table", "nosuch", "--output", dir + "/y.png"])
        #expect(missing.stderr == "chartview: \(Server.adminName): query failed: relation \"nosuch\" does not exist\n")
    }

    @Test("A spec file's postgres connection string, for the file and for one chart")
    func specFile() throws {
        let table = try Self.prices()
        defer { Self.drop(table) }
        let home = try Server.homeWithPassword()
        defer { try? FileManager.default.removeItem(atPath: home) }
        let spec: [String: Any] = [
            "postgres": Server.url,
            "charts": [
                ["name": "prices", "data": ["table": table]],
                [
                    "name": "weekly", "kind": "bar",
                    "data": [
                        "postgres": "host=\(Server.socket) port=\(Server.port) dbname=chartview_test user=chartview_reader",
                        "query": "SELECT date_trunc('week', day)::date AS week, avg(price) AS price FROM \(table) GROUP BY 1 ORDER BY 1"
                    ]
                ]
            ]
        ]
        try JSONSerialization.data(withJSONObject: spec).write(to: URL(fileURLWithPath: home + "/charts.json"))
        let list = try Self.run([home + "/charts.json", "--list"], home: home)
        #expect(list.status == 0, "\(list.stderr)")
        #expect(list.stdout == "prices\nweekly\n")
        let weekly = try Self.run([home + "/charts.json", "--chart", "weekly", "--dump-layout", "-"], home: home)
        #expect(weekly.status == 0, "\(weekly.stderr)")
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(weekly.stdout.utf8))
        #expect(dump.plots.map(\.kind) == ["bar"])
        #expect(dump.plots.first?.items.count == 9)
    }

    @Test("--watch-query is for servers; --help names it and the URL")
    func watchQueryAndHelp() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n".write(toFile: dir + "/a.csv", atomically: true, encoding: .utf8)
        let csv = try Self.run([dir + "/a.csv", "--watch-query", "SELECT 1", "--output", "/dev/null"])
        #expect(csv.status == 2)
        #expect(
            csv.stderr
                == "chartview: --watch-query is for PostgreSQL or ClickHouse servers (SQLite databases and CSV files are watched as they are) (see 'chartview --help')\n"
        )
        // A watch query that fails says so at once.
        let bad = try Self.run(
            [Server.url, "--query", "SELECT 1 AS x", "--watch-query", "SELECT nosuch", "--output", "/dev/null"],
            environment: ["PGPASSWORD": Server.password])
        #expect(bad.status == 2)
        #expect(bad.stderr == "chartview: \(Server.readerName): query failed: column \"nosuch\" does not exist\n")
        let help = try Self.run(["--help"])
        #expect(help.stdout.contains("--watch-query SQL") && help.stdout.contains("postgresql://USER@HOST:PORT/DATABASE"))
    }
}
