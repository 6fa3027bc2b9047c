import Foundation
import Testing

/// A bad flag fails before any data is read: each check that needs no data runs first, so that
/// it answers at once over an input that would take long to read (here one that never comes:
/// a FIFO no one writes, a server that never answers, each waited on for all of `--timeout
/// 600`), with status 2 and the message it gives after a load.
@Suite struct FlagsBeforeDataTests {
    /// Seconds a run may take: far less than the input's `--timeout`.
    static let deadline = 30.0

    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    @Test func anAggregateForAKindThatDrawsEveryRowFailsBeforeTheFileIsRead() throws {
        try withDirectory { dir in
            let refusal = "--aggregate is for bar, hbar, stacked, pie, combined, line and scatter charts, not histogram"
            // The message after reading a file…
            try "x,y\n1,2\n".write(toFile: dir + "/small.csv", atomically: true, encoding: .utf8)
            let small = try ChartviewProcess.run([dir + "/small.csv", "--kind", "histogram", "--aggregate", "sum", "--output", dir + "/x.png"])
            #expect(small.status == 2)
            #expect(small.stderr == "chartview: \(dir)/small.csv: \(refusal)\n")
            // …is the message before reading one that never comes.
            #expect(mkfifo(dir + "/never.csv", 0o600) == 0)
            let never = try ChartviewProcess.run(
                [dir + "/never.csv", "--kind", "histogram", "--aggregate", "sum", "--timeout", "600", "--output", dir + "/x.png"],
                deadline: Self.deadline)
            #expect(never.status == 2)
            #expect(never.stderr == "chartview: \(dir)/never.csv: \(refusal)\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    /// A spec file whose database is a script on a FIFO no one writes: binding its charts
    /// would wait for the script.
    func neverLoadingSpec(in dir: String) throws -> String {
        #expect(mkfifo(dir + "/never.sql", 0o600) == 0)
        let spec = #"{"database": "never.sql", "charts": [{"name": "a", "data": {"table": "t"}}, {"name": "b", "data": {"table": "t"}}]}"#
        try spec.write(toFile: dir + "/spec.json", atomically: true, encoding: .utf8)
        return dir + "/spec.json"
    }

    /// A chart name the spec file does not have, and a watch query without a server, each
    /// with its message.
    static let specCases: [([String], String)] = [
        (["--chart", "c"], "no chart named 'c'; the charts are: a, b (see 'chartview --help')"),
        (
            ["--watch-query", "SELECT 1"],
            "--watch-query is for PostgreSQL or ClickHouse servers (SQLite databases and CSV files are watched as they are) (see 'chartview --help')"
        )
    ]

    @Test(arguments: specCases)
    func aFlagTheSpecFileRefusesFailsBeforeItsDatabaseIsRead(flags: [String], message: String) throws {
        try withDirectory { dir in
            let spec = try neverLoadingSpec(in: dir)
            let result = try ChartviewProcess.run([spec] + flags + ["--timeout", "600", "--output", dir + "/x.png"], deadline: Self.deadline)
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(message)\n")
        }
    }

    /// A query and a table, or a `:period` query, for a server that takes connections and never
    /// answers: said before connecting, naming the server without its password.
    @Test func aQueryAndATableForAServerFailBeforeConnecting() throws {
        let server = try SilentServer()
        defer { server.close() }
        let url = "postgresql://reader:hunter2@127.0.0.1:\(server.port)/sales"
        let both = try ChartviewProcess.run(
            [url, "--query", "SELECT 1", "--table", "t", "--timeout", "600", "--output", "/dev/null"], deadline: Self.deadline)
        #expect(both.status == 2)
        #expect(both.stderr == "chartview: postgresql://reader@127.0.0.1:\(server.port)/sales: give --query or --table, not both\n")
        let period = try ChartviewProcess.run(
            [url, "--query", "SELECT :period", "--timeout", "600", "--output", "/dev/null"], deadline: Self.deadline)
        #expect(period.status == 2)
        #expect(
            period.stderr
                == "chartview: postgresql://reader@127.0.0.1:\(server.port)/sales: a query with :period needs a chart spec file that lists the periods\n")
    }
}

/// A TCP socket on the loopback that listens and never accepts: a client's connection completes
/// (the kernel's backlog takes it) and then waits for an answer that never comes.
struct SilentServer {
    let descriptor: Int32
    let port: Int

    init() throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw POSIXError(.EMFILE) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) }
        }
        let named = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        guard bound == 0, listen(fd, 8) == 0, named == 0 else {
            _ = Glibc.close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        descriptor = fd
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    func close() { _ = Glibc.close(descriptor) }
}
