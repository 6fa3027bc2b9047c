import Foundation
import Testing

/// The private two-shard ClickHouse cluster `.ci/with-clickhouse` starts (`make test` runs the
/// tests under it when clickhouse-server is installable): its servers' HTTP URLs from the
/// environment, tables made over HTTP with curl (a name of their own per test: tests run in
/// parallel), each as a local table on both servers and a `Distributed` table over them.
enum ClickHouseFixture {
    static let environment = ProcessInfo.processInfo.environment

    /// The servers' HTTP base URLs (http://127.0.0.1:PORT), the first one the one asked.
    static var shards: [String] { (environment["CHARTVIEW_CLICKHOUSE_SHARDS"] ?? "").split(separator: " ").map(String.init) }

    /// Whether the cluster's variables are there (else the suites are disabled, saying why).
    static var isAvailable: Bool { shards.count == 2 && environment["CHARTVIEW_CLICKHOUSE_CLUSTER"]?.isEmpty == false }

    static let unavailable: Comment =
        "needs the ClickHouse cluster of .ci/with-clickhouse (make test starts it when clickhouse-server is installable)"

    /// The spare server's HTTP base URL (in no cluster), and its process id: a test kills it.
    static var spare: String { environment["CHARTVIEW_CLICKHOUSE_SPARE"] ?? "" }
    static var sparePID: Int32? { environment["CHARTVIEW_CLICKHOUSE_SPARE_PID"].flatMap { Int32($0) } }

    /// The cluster's name in the servers' `remote_servers`.
    static var cluster: String { environment["CHARTVIEW_CLICKHOUSE_CLUSTER"] ?? "" }

    /// chartview's URL of the first server as `default` (no password), and as the reader
    /// (its password from `CLICKHOUSE_PASSWORD`, `readerPassword`).
    static var url: String { "clickhouse://" + (shards.first?.replacingOccurrences(of: "http://", with: "") ?? "") + "/default" }
    static var readerURL: String { url.replacingOccurrences(of: "clickhouse://", with: "clickhouse://chartview_reader@") }
    static let readerPassword = "reader-secret-8c1f"
    /// What chartview calls the first server as `default`.
    static var name: String { url.replacingOccurrences(of: "clickhouse://", with: "clickhouse://default@") }

    /// A table name no other test uses.
    static func uniqueName(_ prefix: String) -> String {
        prefix + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
    }

    /// Posts `sql` (with `data` after it, as the body's rest, when given) to server `shard`;
    /// its output, or a thrown error with the server's.
    @discardableResult
    static func admin(_ sql: String, shard: Int = 0, data: String? = nil, server: String? = nil) throws -> String {
        let directory = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let body = directory + "/body"
        try Data(((data == nil ? sql : sql + "\n" + data!)).utf8).write(to: URL(fileURLWithPath: body))
        let result = try ChildProcess.run(
            "/usr/bin/curl", ["-sS", "--fail-with-body", "--data-binary", "@" + body, (server ?? shards[shard]) + "/"], deadline: 600)
        let out = String(decoding: result.stdout, as: UTF8.self)
        guard result.status == 0 else { throw Failure(message: "ClickHouse: \(sql.prefix(200)): \(out)\(String(decoding: result.stderr, as: UTF8.self))") }
        return out.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Makes `name_local` (of `columns`, a MergeTree ordered by `orderBy`) on both servers and
    /// `name` over them (`Distributed`, rows spread by `rand()`), fills the local tables with
    /// `fill(shard)` (an `INSERT INTO name_local SELECT …` each, of its own rows), and returns
    /// `name`. `drop(name)` removes them.
    static func distributedTable(_ name: String, columns: String, orderBy: String, fill: (_ local: String, _ shard: Int) -> String) throws -> String {
        for shard in 0..<2 {
            try admin("CREATE TABLE \(name)_local (\(columns)) ENGINE = MergeTree ORDER BY \(orderBy)", shard: shard)
            try admin(fill(name + "_local", shard), shard: shard)
        }
        try admin("CREATE TABLE \(name) AS \(name)_local ENGINE = Distributed(\(cluster), default, \(name)_local, rand())")
        return name
    }

    /// Drops `name` and its local tables.
    static func drop(_ name: String) {
        _ = try? admin("DROP TABLE IF EXISTS \(name)")
        for shard in 0..<2 { _ = try? admin("DROP TABLE IF EXISTS \(name)_local", shard: shard) }
    }

    struct Failure: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }
}
