import Foundation

/// What chartview reads in a PostgreSQL connection string itself, libpq reading the rest: whether
/// a text is one (a `postgresql://` or `postgres://` URL), and the passwords it holds, so that they
/// never reach a message. Both forms are libpq's: a URL
/// (`postgresql://user:secret@host:5432/db?sslmode=require`) or `key=value` pairs
/// (`host=/tmp dbname=db password='a b'`).
public enum PostgresConnectionString {
    /// Whether `text` is a PostgreSQL URL: it starts with `postgresql://` or `postgres://`
    /// (case-insensitive, as libpq reads the scheme). O(1).
    public static func isURL(_ text: String) -> Bool {
        let head = text.prefix(13).lowercased()
        return head.hasPrefix("postgresql://") || head.hasPrefix("postgres://")
    }

    /// The passwords written in `text`: a URL's after the user name (and percent-decoded) and in
    /// a `password=` query parameter, or a `password` pair's value. O(length).
    public static func passwords(in text: String) -> [String] {
        var found: [String] = []
        func add(_ secret: Substring) {
            guard !secret.isEmpty else { return }
            found.append(String(secret))
            if let decoded = secret.removingPercentEncoding, decoded != secret { found.append(decoded) }
        }
        if isURL(text), let scheme = text.range(of: "://") {
            var rest = text[scheme.upperBound...]
            // As libpq reads a URL: the user information is what comes before the first '@'
            // that no '/' precedes, '?' included (libpq takes `user:pa?ss@host` as it is).
            if let at = userInformationEnd(rest) {
                let information = rest[..<at]
                if let colon = information.firstIndex(of: ":") { add(information[information.index(after: colon)...]) }
                rest = rest[rest.index(after: at)...]
            } else if !rest.hasPrefix("["), let colon = rest.prefix(while: { $0 != "/" && $0 != "?" }).firstIndex(of: ":") {
                // No user information: libpq reads `name:secret/` as a host and a port. A port
                // that is not a number is taken for a password its writer forgot the '@' of.
                let port = rest[rest.index(after: colon)...].prefix { $0 != "/" && $0 != "?" && $0 != "," }
                if !port.allSatisfy(\.isNumber) { add(port) }
            }
            // Where libpq's reading and the writer's intent part ('@' after a '/', several
            // '@'): all from the first ':' to the last '@' may be a password, and so may each
            // of its pieces of four characters or more, which libpq may print apart.
            let whole = text[scheme.upperBound...]
            if let last = whole.lastIndex(of: "@"), let colon = whole[..<last].firstIndex(of: ":") {
                let span = whole[whole.index(after: colon)..<last]
                add(span)
                for piece in span.split(whereSeparator: { "@/?#&= :".contains($0) }) where piece.count >= 4 { add(piece) }
            }
            if let query = rest.firstIndex(of: "?") {
                // libpq percent-decodes a parameter's key as its value: `pass%77ord=` is one.
                for item in rest[rest.index(after: query)...].split(separator: "&") {
                    guard let equals = item.firstIndex(of: "=") else { continue }
                    let key = item[..<equals]
                    if (key.removingPercentEncoding ?? String(key)).lowercased() == "password" { add(item[item.index(after: equals)...]) }
                }
            }
            return found
        }
        // key = value pairs, read as libpq's conninfo_parse reads them: a value in single
        // quotes ends at the first quote no backslash escapes; one without ends at whitespace,
        // a backslash escaping the next character there too (`se\ cret` is `se cret`). Both
        // the value and its text as written are secrets: a message may quote either.
        var rest = Substring(text)
        while let key = rest.range(of: "password", options: .caseInsensitive) {
            rest = rest[key.upperBound...].drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            guard rest.first == "=" else { continue }
            rest = rest.dropFirst().drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }
            // Scalar by scalar, as libpq reads bytes: whitespace is C's isspace, ASCII only.
            let scalars = rest.unicodeScalars
            var i = scalars.startIndex
            var value = String.UnicodeScalarView()
            let quoted = scalars.first == "'"
            if quoted { i = scalars.index(after: i) }
            let written = i
            while i < scalars.endIndex {
                let c = scalars[i]
                if quoted ? c == "'" : " \t\n\r\u{0B}\u{0C}".unicodeScalars.contains(c) { break }
                i = scalars.index(after: i)
                if c == "\\", i < scalars.endIndex {
                    value.append(scalars[i])
                    i = scalars.index(after: i)
                } else {
                    value.append(c)
                }
            }
            let raw = Substring(scalars[written..<i])
            add(raw)
            if String(value) != String(raw) { add(Substring(String(value))) }
            rest = Substring(scalars[i...])
        }
        return found
    }

    /// Where a URL's user information ends (its '@'), in the text after `://`: the first '@'
    /// before any '/', as libpq finds it; nil without one. O(length).
    private static func userInformationEnd(_ rest: Substring) -> Substring.Index? {
        guard let stop = rest.firstIndex(where: { $0 == "@" || $0 == "/" }), rest[stop] == "@" else { return nil }
        return stop
    }

    /// `message` with `connectionString` (which libpq quotes whole when it cannot read it, as
    /// in `invalid IPv6 host address in URI: "postgresql://…"`) written as its `displayName`,
    /// then every password in `secrets` as `********`: the one redaction every message from
    /// libpq or a server passes. O(length × secrets).
    public static func redacting(_ message: String, connectionString: String, secrets: [String]) -> String {
        var result = message
        if connectionString.count >= 3 { result = SecretRedaction.replacing([connectionString], with: displayName(connectionString), in: result) }
        return redacting(result, secrets: secrets + passwords(in: connectionString))
    }

    /// `text` with every password in `secrets` written as `********` (`SecretRedaction`).
    public static func redacting(_ text: String, secrets: [String]) -> String {
        SecretRedaction.redacting(text, secrets: secrets)
    }

    /// What a connection string stands for in messages when libpq could not read it (it then
    /// says what is wrong): a URL without its password (`postgresql://user@host/db`), or for
    /// `key=value` pairs, which may hold one anywhere, "the PostgreSQL connection string".
    public static func displayName(_ text: String) -> String {
        guard isURL(text), let scheme = text.range(of: "://") else { return "the PostgreSQL connection string" }
        let rest = text[scheme.upperBound...]
        var head = String(text[..<scheme.upperBound])
        var tail = rest
        if let at = userInformationEnd(rest) {
            let information = rest[..<at]
            head += String(information.prefix { $0 != ":" }) + "@"
            tail = rest[rest.index(after: at)...]
        }
        // The query may name a password too; the rest of it says nothing a name needs.
        if let query = tail.firstIndex(of: "?") { tail = tail[..<query] }
        return head + tail
    }
}
