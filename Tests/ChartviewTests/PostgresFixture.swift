import Foundation
import Testing
import TestDepth

/// The private PostgreSQL server `.ci/with-postgres` starts (`make test` runs the tests under
/// it), for runs of the binary: its names from the environment, tables made through `psql` as
/// the superuser (a name of their own per test: tests run in parallel), and a home folder with
/// a `.pgpass` for the reader, so that its URL needs no password.
enum PostgresFixture {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the server's variables are there (else the suites are disabled, saying why).
    static var isAvailable: Bool {
        ["CHARTVIEW_PG_URL", "CHARTVIEW_PG_ADMIN_URL", "CHARTVIEW_PG_PASSWORD", "CHARTVIEW_PG_SOCKET", "CHARTVIEW_PG_PORT"]
            .allSatisfy { environment[$0]?.isEmpty == false }
    }

    static let unavailable: Comment = "needs the PostgreSQL server of .ci/with-postgres (make test starts it)"

    /// chartview_reader's URL, without a password.
    static var url: String { environment["CHARTVIEW_PG_URL"] ?? "" }
    /// The superuser's URL, with its password.
    static var adminURL: String { environment["CHARTVIEW_PG_ADMIN_URL"] ?? "" }
    /// The superuser's password, read from its URL.
    static var adminPassword: String {
        let afterScheme = adminURL.components(separatedBy: "://").last ?? ""
        return afterScheme.components(separatedBy: "@").first?.components(separatedBy: ":").last ?? ""
    }
    static var password: String { environment["CHARTVIEW_PG_PASSWORD"] ?? "" }
    static var socket: String { environment["CHARTVIEW_PG_SOCKET"] ?? "" }
    static var port: String { environment["CHARTVIEW_PG_PORT"] ?? "" }
    /// What chartview calls the reader's server, and the superuser's.
    static var readerName: String { "postgresql://chartview_reader@\(socket):\(port)/chartview_test" }
    static var adminName: String { "postgresql://postgres@\(socket):\(port)/chartview_test" }

    /// A table name no other test uses.
    static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// Runs `sql` as the superuser in chartview_test; its output (psql -At), or a thrown error.
    @discardableResult
    static func admin(_ sql: String) throws -> String {
        let psql = environment["CHARTVIEW_PG_BIN"].map { $0 + "/psql" } ?? "/usr/bin/psql"
        let result = try ChildProcess.run(psql, ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", "-c", sql, adminURL], deadline: 120)
        guard result.status == 0 else { throw Failure(message: "psql: " + String(decoding: result.stderr, as: UTF8.self)) }
        let out = result.stdout
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// A fresh home folder holding a `.pgpass` (mode 0600) with the reader's password; the
    /// caller removes it.
    static func homeWithPassword() throws -> String {
        let home = try ChartviewProcess.temporaryDirectory()
        let file = home + "/.pgpass"
        try "\(socket):\(port):chartview_test:chartview_reader:\(password)\n".write(toFile: file, atomically: true, encoding: .utf8)
        chmod(file, 0o600)
        return home
    }

    /// Sends each attack as the superuser, from `--query` and from a spec file, and expects it
    /// refused in one line (`chartview: <server>: <leading>…`, holding its `refusal`) with
    /// status 2, no password in the message, no chart drawn, and `untouched()` still true.
    static func expectRefused(
        _ attacks: [(sql: String, refusal: String)], leading: (String) -> String, untouched: () throws -> Bool,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        for (index, attack) in attacks.enumerated() {
            let result = try ChartviewProcess.run([adminURL, "--query", attack.sql, "--output", dir + "/q.png"])
            #expect(result.status == 2, "\(attack.sql): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(
                result.stderr.hasPrefix("chartview: \(adminName): \(leading(attack.refusal))") && result.stderr.contains(attack.refusal),
                "\(attack.sql): \(result.stderr)", sourceLocation: sourceLocation)
            #expect(result.stderr.filter { $0 == "\n" }.count == 1, "\(attack.sql)", sourceLocation: sourceLocation)
            #expect(!result.stderr.contains(adminPassword), "\(attack.sql)", sourceLocation: sourceLocation)
            #expect(try untouched(), "\(attack.sql)", sourceLocation: sourceLocation)
            // The same query in someone else's spec file (make test: every other attack's; make
            // test-full: every one's). The spec's route to the check is the --query one's.
            guard TestDepth.isFull || index % 2 == 0 else { continue }
            let spec = dir + "/charts\(index).json"
            let json: [String: Any] = ["postgres": adminURL, "charts": [["name": "a", "data": ["query": attack.sql]]]]
            try JSONSerialization.data(withJSONObject: json).write(to: URL(fileURLWithPath: spec))
            let fromSpec = try ChartviewProcess.run([spec, "--output", dir + "/s.png"])
            #expect(fromSpec.status == 2, "spec: \(attack.sql)", sourceLocation: sourceLocation)
            #expect(fromSpec.stderr.contains(attack.refusal), "spec: \(attack.sql): \(fromSpec.stderr)", sourceLocation: sourceLocation)
            #expect(try untouched(), "spec: \(attack.sql)", sourceLocation: sourceLocation)
        }
        #expect(!FileManager.default.fileExists(atPath: dir + "/q.png"), sourceLocation: sourceLocation)
        #expect(!FileManager.default.fileExists(atPath: dir + "/s.png"), sourceLocation: sourceLocation)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
