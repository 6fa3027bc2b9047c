import Foundation

/// Where a ClickHouse server is and who connects: `clickhouse://user:password@host:8123/db`
/// (HTTP) or `clickhouses://…` (HTTPS, port 8443 unless given), as the user wrote it.
///
/// The user is `default` unless given; the database `default`. The password comes from the URL,
/// else, where stored credentials are allowed (a server the user named), from
/// `CLICKHOUSE_PASSWORD`, else from clickhouse-client's configuration
/// (`~/.clickhouse-client/config.xml`, its `<password>`: `ClickHouseClientConfig`); it is sent
/// only as HTTP basic authentication and never appears in a message (`displayName`).
struct ClickHouseLocation: Sendable, Equatable {
    var isSecure: Bool
    var user: String
    var password: String?
    var host: String
    var port: Int
    var database: String

    /// The URL schemes: plain HTTP, and HTTPS.
    static let schemes = ["clickhouse://", "clickhouses://"]

    /// Whether `text` names a ClickHouse server by its scheme. O(1).
    static func isURL(_ text: String) -> Bool {
        schemes.contains { text.lowercased().hasPrefix($0) }
    }

    /// The location `text` names, its password looked up as the type's comment says (stored
    /// passwords only when `storedCredentials`); throws a `DataError` naming the URL without its
    /// password when it is not one.
    init(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment, storedCredentials: Bool = true) throws(DataError) {
        guard Self.isURL(text), let url = URLComponents(string: text), let host = url.host, !host.isEmpty else {
            throw DataError.server(
                name: Self.redacted(text), what: "cannot connect",
                message: "not a ClickHouse URL: write clickhouse://user@host:8123/database", unreachable: false)
        }
        isSecure = url.scheme?.lowercased() == "clickhouses"
        self.host = host
        port = url.port ?? (isSecure ? 8443 : 8123)
        user = url.user.flatMap { $0.removingPercentEncoding ?? $0 }.flatMap { $0.isEmpty ? nil : $0 } ?? "default"
        let path = url.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        database = path.isEmpty ? "default" : (path.removingPercentEncoding ?? path)
        password =
            url.password.map { $0.removingPercentEncoding ?? $0 }
            ?? (storedCredentials ? Self.storedPassword(environment: environment) : nil)
    }

    /// The password for a location whose URL writes none: `CLICKHOUSE_PASSWORD`, else
    /// clickhouse-client's configuration under `HOME` (`ClickHouseClientConfig`).
    static func storedPassword(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        environment["CLICKHOUSE_PASSWORD"] ?? ClickHouseClientConfig.password(home: environment["HOME"])
    }

    /// Every stored password (the environment's and the configuration's), for redaction.
    static var storedSecrets: [String] {
        let environment = ProcessInfo.processInfo.environment
        return [environment["CLICKHOUSE_PASSWORD"], ClickHouseClientConfig.password(home: environment["HOME"])].compactMap { $0 }.filter {
            !$0.isEmpty
        }
    }

    /// `clickhouse://user@host:port/database`: what messages and titles call the server.
    var displayName: String {
        "\(isSecure ? "clickhouses" : "clickhouse")://\(user)@\(host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host):\(port)/\(database)"
    }

    /// The HTTP endpoint queries are posted to, with `settings` as its parameters (the
    /// database among them); no password.
    func endpoint(settings: [(String, String)]) -> String {
        var components = URLComponents()
        components.scheme = isSecure ? "https" : "http"
        components.host = host
        components.port = port
        components.path = "/"
        components.queryItems = ([("database", database)] + settings).map { URLQueryItem(name: $0.0, value: $0.1) }
        // URLComponents leaves + and & alone inside values; a value is never a parameter's end.
        components.percentEncodedQuery = components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B")
        return components.string ?? "http://\(host):\(port)/"
    }

    /// What a message may call `text` when it is not a URL this type reads: the text up to its
    /// `@` dropped. O(length).
    static func redacted(_ text: String) -> String {
        guard let scheme = schemes.first(where: { text.lowercased().hasPrefix($0) }) else { return text }
        let rest = text.dropFirst(scheme.count)
        guard let at = rest.lastIndex(of: "@") else { return text }
        return scheme + rest[rest.index(after: at)...]
    }

    /// The passwords `text` writes in a ClickHouse URL (decoded and as written), for redaction.
    static func passwords(in text: String) -> [String] {
        guard isURL(text), let url = URLComponents(string: text), let written = url.percentEncodedPassword, !written.isEmpty else { return [] }
        return Array(Set([written, written.removingPercentEncoding ?? written]))
    }
}
