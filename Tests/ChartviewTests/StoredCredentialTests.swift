import Foundation
import Testing

/// Passwords kept outside a URL (`CLICKHOUSE_PASSWORD`, clickhouse-client's `config.xml`),
/// through the real binary against a fake ClickHouse server on loopback that records what it is
/// sent and answers an error quoting the password: a server only a spec file names gets none of
/// them (before, opening a spec someone sent sent them your password), a server named on the
/// command line (or any, with `--trust-spec-servers`) gets it, and no message prints it.
@Suite struct StoredCredentialTests {
    static let secret = "env-Secret-42"
    static let configSecret = "cfg&Secret-7"

    /// What the server was told: the password of the Basic authorization, "" when none.
    static func sentPassword(_ request: FakeHTTPServer.Request) -> String {
        guard let value = request.header("Authorization"), value.hasPrefix("Basic "),
            let decoded = Data(base64Encoded: String(value.dropFirst(6))).map({ String(decoding: $0, as: UTF8.self) }),
            let colon = decoded.firstIndex(of: ":")
        else { return "" }
        return String(decoded[decoded.index(after: colon)...])
    }

    /// Runs chartview on `arguments` (with `{url}` the fake server's) with the stored passwords
    /// in place; returns the passwords the server was sent and what chartview printed.
    func run(_ arguments: [String], spec: Bool) throws -> (sent: [String], status: Int32, stderr: String) {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createDirectory(atPath: dir + "/.clickhouse-client", withIntermediateDirectories: true)
        try "<config><password>cfg&amp;Secret-7</password></config>".write(
            toFile: dir + "/.clickhouse-client/config.xml", atomically: true, encoding: .utf8)
        let server = try FakeHTTPServer { request in
            let said = "Code: 193. DB::Exception: Wrong password '\(Self.sentPassword(request))' for user default. (WRONG_PASSWORD)"
            return FakeHTTPServer.response(status: 403, body: Data(said.utf8), headers: ["X-ClickHouse-Exception-Code: 193"])
        }
        defer { server.stop() }
        let url = "clickhouse://127.0.0.1:\(server.port)/default"
        var words = arguments.map { $0.replacingOccurrences(of: "{url}", with: url) }
        if spec {
            let json: [String: Any] = ["database": url, "charts": [["name": "a", "data": ["query": "SELECT 1 AS x, 2 AS y"]]]]
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: dir + "/sent.json"))
            words.insert(dir + "/sent.json", at: 0)
        }
        // --config-only (the test's word): no CLICKHOUSE_PASSWORD, so the config's is the one.
        let configOnly = words.contains("--config-only")
        words.removeAll { $0 == "--config-only" }
        var all = ProcessInfo.processInfo.environment
        all["HOME"] = dir
        all["CLICKHOUSE_PASSWORD"] = configOnly ? nil : Self.secret
        let result = try ChildProcess.run(ChartviewProcess.binary, words + ["--output", dir + "/x.png", "--timeout", "10"], environment: all)
        return (server.requests.map(Self.sentPassword), result.status, String(decoding: result.stderr, as: UTF8.self))
    }

    @Test func aSpecsServerGetsNoStoredPassword() throws {
        let result = try run([], spec: true)
        #expect(!result.sent.isEmpty, "the server was not asked")
        #expect(result.sent.allSatisfy { $0.isEmpty }, "sent \(result.sent)")
        #expect(result.status == 2)
        #expect(!result.stderr.contains(Self.secret) && !result.stderr.contains("Secret"), "\(result.stderr)")
        let config = try run(["--config-only"], spec: true)
        #expect(config.sent.allSatisfy { $0.isEmpty }, "sent \(config.sent)")
    }

    @Test func theUsersOwnServerGetsItAndNoMessagePrintsIt() throws {
        let named = try run(["{url}", "--query", "SELECT 1 AS x, 2 AS y"], spec: false)
        #expect(named.sent.first == Self.secret, "sent \(named.sent)")
        #expect(named.status == 2)
        #expect(named.stderr.contains("Wrong password") && !named.stderr.contains(Self.secret), "\(named.stderr)")
        #expect(named.stderr.filter { $0 == "\n" }.count == 1, "\(named.stderr)")
        let config = try run(["--config-only", "{url}", "--query", "SELECT 1 AS x, 2 AS y"], spec: false)
        #expect(config.sent.first == Self.configSecret, "sent \(config.sent)")
        #expect(!config.stderr.contains(Self.configSecret) && !config.stderr.contains("Secret-7"), "\(config.stderr)")
        let trusted = try run(["--trust-spec-servers"], spec: true)
        #expect(trusted.sent.first == Self.secret, "sent \(trusted.sent)")
        #expect(!trusted.stderr.contains(Self.secret), "\(trusted.stderr)")
    }
}
