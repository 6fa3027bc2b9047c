import Foundation
import Testing

/// The private PostgreSQL server `.ci/with-postgres` starts for the tests (`make test` runs
/// them under it), as its environment describes it; fixtures are made through `psql` as the
/// superuser, each test with tables of its own names (the tests run in parallel).
enum PostgresTestServer {
    static let environment = ProcessInfo.processInfo.environment

    /// Whether the server's variables are there (else the suites are disabled, saying why).
    static var isAvailable: Bool {
        ["CHARTVIEW_PG_URL", "CHARTVIEW_PG_ADMIN_URL", "CHARTVIEW_PG_PASSWORD", "CHARTVIEW_PG_SOCKET", "CHARTVIEW_PG_PORT"]
            .allSatisfy { environment[$0]?.isEmpty == false }
    }

    static let unavailable: Comment = "needs the PostgreSQL server of .ci/with-postgres (make test starts it)"

    /// chartview_reader's URL, without its password.
    static var url: String { environment["CHARTVIEW_PG_URL"] ?? "" }
    /// The superuser's URL, with its password.
    static var adminURL: String { environment["CHARTVIEW_PG_ADMIN_URL"] ?? "" }
    /// chartview_reader's password.
    static var password: String { environment["CHARTVIEW_PG_PASSWORD"] ?? "" }
    /// The socket's folder.
    static var socket: String { environment["CHARTVIEW_PG_SOCKET"] ?? "" }
    static var port: String { environment["CHARTVIEW_PG_PORT"] ?? "" }

    /// What chartview calls the reader's server.
    static var readerName: String { "postgresql://chartview_reader@\(socket):\(port)/chartview_test" }

    /// The reader's URL with its password in it.
    static var urlWithPassword: String { url.replacingOccurrences(of: "chartview_reader@", with: "chartview_reader:\(password)@") }

    /// The reader's key=value connection string, with `extra` pairs after it.
    static func keyValue(_ extra: String) -> String {
        "host=\(socket) port=\(port) dbname=chartview_test user=chartview_reader \(extra)"
    }

    /// A name no other test uses.
    static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// Runs `sql` (a script) as the superuser in chartview_test; throws with psql's message.
    @discardableResult
    static func admin(_ sql: String) throws -> String {
        let process = Process()
        let bin = environment["CHARTVIEW_PG_BIN"].map { $0 + "/psql" } ?? "/usr/bin/psql"
        process.executableURL = URL(fileURLWithPath: bin)
        process.arguments = ["-X", "-q", "-At", "-v", "ON_ERROR_STOP=1", adminURL]
        let input = Pipe(), output = Pipe(), errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        let out = output.fileHandleForReading.readDataToEndOfFile()
        let err = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw Failure(message: "psql: " + String(decoding: err, as: UTF8.self))
        }
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
