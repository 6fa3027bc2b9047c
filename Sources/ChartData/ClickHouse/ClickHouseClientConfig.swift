import ChartFiles
import Foundation

/// The password of clickhouse-client's own configuration (`~/.clickhouse-client/config.xml`,
/// the `<password>` directly under its root element), read as XML reads it: comments,
/// processing instructions and a `<!DOCTYPE …>` skipped, CDATA sections taken as written, the
/// five predefined entities and character references decoded, and no other entity expanded (no
/// external entity is ever fetched). A `<password>` inside a comment or inside another element
/// (a named connection's) is not the client's password.
///
/// Written by hand for this one element: FoundationXML would bring libxml2 into the static
/// binary for a few lines of one file. The file is read with `SmallFile` (at most `byteLimit`
/// bytes, a symbolic link only when the user owns it).
enum ClickHouseClientConfig {
    /// The largest configuration file read (1 MiB; clickhouse-client's are a few KB).
    static let byteLimit = 1 << 20

    /// The password in the configuration under `home`; nil when there is no file, no password
    /// element, or a file that may not be read (too large, a device, someone else's link).
    static func password(home: String?) -> String? {
        guard let home, !home.isEmpty else { return nil }
        guard let data = try? SmallFile.contents(of: home + "/.clickhouse-client/config.xml", limit: byteLimit, links: .ownedByUser) else {
            return nil
        }
        return password(in: Array(data))
    }

    /// The text of the first `<password>` element that is a child of the root element, decoded;
    /// nil when there is none or the text before it is not well-formed enough to tell. O(bytes).
    static func password(in bytes: [UInt8]) -> String? {
        var i = 0
        var depth = 0
        func starts(_ text: String, at index: Int) -> Bool {
            let needle = Array(text.utf8)
            return index + needle.count <= bytes.count && Array(bytes[index..<index + needle.count]) == needle
        }
        func skip(past end: String, from index: Int) -> Int? {
            let needle = Array(end.utf8)
            var k = index
            while k + needle.count <= bytes.count {
                if bytes[k] == needle[0] && Array(bytes[k..<k + needle.count]) == needle { return k + needle.count }
                k += 1
            }
            return nil
        }
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                guard let next = skip(past: "-->", from: i + 4) else { return nil }
                i = next
            } else if starts("<![CDATA[", at: i) {
                guard let next = skip(past: "]]>", from: i + 9) else { return nil }
                i = next
            } else if starts("<?", at: i) {
                guard let next = skip(past: "?>", from: i + 2) else { return nil }
                i = next
            } else if starts("<!", at: i) {
                // A DOCTYPE (an internal subset's brackets included): skipped, nothing declared
                // there is used.
                var k = i + 2, brackets = 0
                while k < bytes.count && !(bytes[k] == UInt8(ascii: ">") && brackets == 0) {
                    if bytes[k] == UInt8(ascii: "[") { brackets += 1 }
                    if bytes[k] == UInt8(ascii: "]") { brackets -= 1 }
                    k += 1
                }
                guard k < bytes.count else { return nil }
                i = k + 1
            } else if starts("</", at: i) {
                guard let next = skip(past: ">", from: i) else { return nil }
                depth -= 1
                i = next
            } else {
                guard let close = skip(past: ">", from: i) else { return nil }
                let selfClosing = bytes[close - 2] == UInt8(ascii: "/")
                let name = bytes[(i + 1)..<(close - 1)].prefix { byte in
                    !(byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">"))
                }
                if depth == 1 && Array(name) == Array("password".utf8) {
                    // A value the client takes from elsewhere (`from_env`, `from_zk`, `incl`) is
                    // not the element's text: no password here.
                    if bytes[(i + 1)..<close].count > name.count + 2 { return nil }
                    return selfClosing ? "" : text(of: bytes, from: close)
                }
                if !selfClosing { depth += 1 }
                i = close
            }
        }
        return nil
    }

    /// The element's text from `start` up to its end tag: character data with its references
    /// decoded, CDATA as written, comments dropped; nil when it holds an element or never ends.
    private static func text(of bytes: [UInt8], from start: Int) -> String? {
        var out: [UInt8] = []
        var i = start
        while i < bytes.count {
            if bytes[i] == UInt8(ascii: "<") {
                let rest = bytes[i...]
                if rest.starts(with: Array("</".utf8)) { return String(decoding: out, as: UTF8.self) }
                if rest.starts(with: Array("<![CDATA[".utf8)) {
                    var k = i + 9
                    while k + 3 <= bytes.count && !bytes[k..<k + 3].elementsEqual(Array("]]>".utf8)) { k += 1 }
                    guard k + 3 <= bytes.count else { return nil }
                    out += bytes[(i + 9)..<k]
                    i = k + 3
                    continue
                }
                if rest.starts(with: Array("<!--".utf8)) {
                    var k = i + 4
                    while k + 3 <= bytes.count && !bytes[k..<k + 3].elementsEqual(Array("-->".utf8)) { k += 1 }
                    guard k + 3 <= bytes.count else { return nil }
                    i = k + 3
                    continue
                }
                return nil
            }
            if bytes[i] == UInt8(ascii: "&") {
                guard let semicolon = bytes[i...].prefix(40).firstIndex(of: UInt8(ascii: ";")) else { return nil }
                let name = String(decoding: bytes[(i + 1)..<semicolon], as: UTF8.self)
                let named = ["amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'"]
                var scalar: Unicode.Scalar?
                if let text = named[name] {
                    scalar = text.unicodeScalars.first
                } else if name.hasPrefix("#x"), name.count > 2, name.dropFirst(2).allSatisfy(\.isHexDigit) {
                    scalar = UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
                } else if name.hasPrefix("#"), name.count > 1, name.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
                    scalar = UInt32(name.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
                }
                // XML has no character 0.
                if scalar == "\u{0}" { scalar = nil }
                // Any other entity is not expanded: the file is not read as the client would.
                guard let scalar else { return nil }
                out += Array(String(scalar).utf8)
                i = semicolon + 1
                continue
            }
            out.append(bytes[i])
            i += 1
        }
        return nil
    }
}
