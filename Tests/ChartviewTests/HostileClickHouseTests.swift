import Foundation
import Testing

/// A hostile ClickHouse server (a loopback `FakeHTTPServer` answering the chart's query with
/// bytes the test writes in the Native format), through the real binary: each answer below
/// crashed chartview, read past a buffer, or held memory without bound before. Each now ends
/// in one line naming the server, status 1 or 2, within the time given.
@Suite struct HostileClickHouseTests {
    /// A LEB128 number.
    static func varint(_ value: UInt64) -> [UInt8] {
        var v = value, out: [UInt8] = []
        repeat {
            let byte = UInt8(v & 0x7f)
            v >>= 7
            out.append(v == 0 ? byte : byte | 0x80)
        } while v != 0
        return out
    }

    static func string(_ text: String) -> [UInt8] { varint(UInt64(text.utf8.count)) + Array(text.utf8) }

    /// A block's head: its column and row counts.
    static func head(columns: UInt64, rows: UInt64) -> [UInt8] { varint(columns) + varint(rows) }

    /// A column of Float64 values.
    static func floats(_ name: String, _ values: [Double]) -> [UInt8] {
        string(name) + string("Float64") + values.flatMap { withUnsafeBytes(of: $0.bitPattern.littleEndian, Array.init) }
    }

    /// Runs chartview on the fake server's query, which `answer` answers (the connection check
    /// gets an empty 200).
    func run(_ answer: @escaping @Sendable (String) -> Data, arguments: [String] = [], deadline: Double = 60) throws -> ChartviewProcess.Result {
        let server = try FakeHTTPServer { request in
            let sql = String(decoding: request.body, as: UTF8.self)
            if sql.hasPrefix("SELECT 1\n") { return FakeHTTPServer.response(body: Data()) }
            if sql.hasPrefix("KILL QUERY") { return FakeHTTPServer.response(body: Data()) }
            return answer(sql)
        }
        defer { server.stop() }
        return try ChartviewProcess.run(
            ["clickhouse://127.0.0.1:\(server.port)/default", "--query", "SELECT x, y FROM t", "--output", "/dev/null", "--timeout", "5"]
                + arguments,
            deadline: deadline)
    }

    func expectOneLine(_ result: ChartviewProcess.Result, _ words: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(result.status == 1 || result.status == 2, "status \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.hasPrefix("chartview: clickhouse://default@127.0.0.1:"), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.contains(words), "\(result.stderr)", sourceLocation: sourceLocation)
        #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)", sourceLocation: sourceLocation)
    }

    @Test func aBlockClaimingBillionsOfStringsIsNotAllocated() throws {
        let bytes = Self.head(columns: 1, rows: 1 << 39) + Self.string("s") + Self.string("String") + [1, 0x41]
        let result = try run { _ in FakeHTTPServer.response(body: Data(bytes)) }
        expectOneLine(result, "broke off")
    }

    @Test func aFixedStringWidthTimesRowsThatOverflowsIsRefused() throws {
        let bytes = Self.head(columns: 1, rows: 1 << 30) + Self.string("s") + Self.string("FixedString(99999999999999)") + [0, 0, 0]
        let result = try run { _ in FakeHTTPServer.response(body: Data(bytes)) }
        expectOneLine(result, "broke off")
    }

    @Test func aLaterBlockWithOtherColumnsIsRefused() throws {
        let first = Self.head(columns: 2, rows: 2) + Self.floats("x", [1, 2]) + Self.floats("y", [3, 4])
        let second = Self.head(columns: 1, rows: 1) + Self.floats("x", [3])
        let result = try run { _ in FakeHTTPServer.response(body: Data(first + second)) }
        expectOneLine(result, "changed its columns between blocks")
    }

    /// A column of a type chartview does not read, in an answer smaller than 64 KB: named,
    /// status 2 (before: "the answer broke off", status 1).
    @Test func anArrayColumnInASmallAnswerIsNamed() throws {
        let bytes = Self.head(columns: 1, rows: 1) + Self.string("a") + Self.string("Array(UInt8)") + [0, 0, 0, 0, 0, 0, 0, 0]
        let result = try run { _ in FakeHTTPServer.response(body: Data(bytes)) }
        expectOneLine(result, "column 'a' is of type Array(UInt8)")
        #expect(result.status == 2)
    }

    /// A string of 2⁴⁰ bytes that never ends: refused at the memory budget (`--max-memory
    /// 64M`), not buffered until memory runs out.
    @Test func anUnfinishedBlockIsBoundedByTheMemoryBudget() throws {
        let bytes = Self.head(columns: 1, rows: 1) + Self.string("s") + Self.string("String") + Self.varint(1 << 40)
        let filler = Data(count: 96 << 20)
        let result = try run({ _ in FakeHTTPServer.response(body: Data(bytes) + filler) }, arguments: ["--max-memory", "64M"])
        expectOneLine(result, "larger than the memory budget")
    }

    /// A summary or a row with values no axis holds: missing, or refused in one line; never a
    /// trap. (Before: NaN and infinite extents trapped, count 1e300 trapped.)
    @Test func infiniteAndNaNValuesAreNoCrash() throws {
        let bytes = Self.head(columns: 2, rows: 4) + Self.floats("x", [1, 2, .infinity, 4]) + Self.floats("y", [.nan, .infinity, 3, -.infinity])
        let result = try run { _ in FakeHTTPServer.response(body: Data(bytes)) }
        #expect(result.status == 0 || result.status == 2, "status \(result.status): \(result.stderr)")
        #expect(result.stderr.filter { $0 == "\n" }.count <= 1, "\(result.stderr)")
    }

    /// `clickhouses://` to a server whose certificate is self-signed (made here by `openssl`):
    /// refused in one line, and the process ends cleanly. Before, every failed `clickhouses://`
    /// query printed its line and then died of SIGSEGV at exit: the thread asking the server to
    /// kill the query was still in OpenSSL while the exit handlers ran.
    @Test func aFailedTLSQueryEndsCleanly() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let made = try ChildProcess.run(
            "/usr/bin/openssl",
            ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", dir + "/k.pem", "-out", dir + "/c.pem", "-days", "1", "-subj", "/CN=127.0.0.1"])
        try #require(made.status == 0, "\(String(decoding: made.stderr, as: UTF8.self))")
        // A port free now (openssl does not say the one it took while its output is a pipe).
        let port = try Self.freePort()
        let server = Process()
        server.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        server.arguments = ["s_server", "-accept", "127.0.0.1:\(port)", "-cert", dir + "/c.pem", "-key", dir + "/k.pem", "-www"]
        server.standardOutput = FileHandle.nullDevice
        server.standardError = FileHandle.nullDevice
        server.standardInput = FileHandle.nullDevice
        let ended = DispatchSemaphore(value: 0)
        server.terminationHandler = { _ in ended.signal() }
        try ChildProcess.launching.withLock { try server.run() }
        defer {
            kill(server.processIdentifier, SIGKILL)
            _ = ended.wait(timeout: .now() + 30)
        }
        try #require(Self.waitForListener(port: port, seconds: 20), "openssl s_server did not listen on \(port)")
        for _ in 0..<3 {
            let result = try ChartviewProcess.run(
                ["clickhouses://127.0.0.1:\(port)/default", "--query", "SELECT 1 AS x, 2 AS y", "--output", "/dev/null", "--timeout", "5"],
                deadline: 60)
            #expect(result.status == 1 || result.status == 2, "status \(result.status): \(result.stderr)")
            #expect(result.stderr.hasPrefix("chartview: clickhouses://default@127.0.0.1:"), "\(result.stderr)")
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(result.stderr)")
        }
    }

    /// A loopback TCP port nothing listens on now.
    static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw CocoaError(.fileWriteUnknown) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on loopback `port` within `seconds` (tried every
    /// 50 ms: the wait for a server process to start listening, not a timing assertion).
    static func waitForListener(port: Int, seconds: Double) -> Bool {
        let deadline = Date(timeIntervalSinceNow: seconds)
        while Date() < deadline {
            let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_addr.s_addr = inet_addr("127.0.0.1")
            address.sin_port = UInt16(port).bigEndian
            let connected = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
            }
            close(fd)
            if connected { return true }
            usleep(50_000)
        }
        return false
    }
}
