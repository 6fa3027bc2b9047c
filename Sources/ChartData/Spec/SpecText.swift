import Foundation

/// Checks a spec's text for what Foundation's JSON parsers lose or misreport, before they read
/// it: a key given twice in one object (`JSONSerialization` and `JSONDecoder` keep one of them
/// without a word; Python's `json` keeps the other), and a number no `Double` or `Int` holds
/// (`1e400`, `1e-400`, a 20-digit `bins`, `1e20` where a whole number is wanted), which they
/// report as "not valid JSON", without the key, or not at all.
///
/// A small scanner of JSON's structure written by hand, since no parser at hand keeps duplicate
/// keys or says where a value stood: one pass over the bytes, O(length) time (each byte looked
/// at once or twice, a key hashed once), memory O(depth + the keys of the objects still open),
/// no recursion, so no depth of nesting can overflow the stack. It follows what the parsers
/// accept (a trailing comma, leading zeros); anything else it cannot follow (a syntax error, a
/// top level that is not an object) ends the check with no finding, and the parser says what
/// is wrong.
enum SpecText {
    /// A value refused, where it is ("charts[0].bins") and why, the line named in the message.
    struct Finding: Equatable {
        var keyPath: String
        var message: String
    }

    /// The first duplicate key or unrepresentable number of `data`, read as a `root` object
    /// (whose types say which keys hold whole numbers); nil when there is none, or when the
    /// text is not JSON the scanner follows.
    static func firstProblem(in data: Data, as root: any SpecObject.Type) -> Finding? {
        data.withUnsafeBytes { bytes in
            var scanner = Scanner(bytes: bytes, root: root)
            return scanner.run()
        }
    }

    /// One object or list being read.
    private struct Frame {
        var isObject: Bool
        /// An object's type, or the type of a list's objects; nil where the format has none.
        var type: (any SpecObject.Type)?
        /// An object's key being read.
        var key = ""
        /// A list's element being read.
        var index = 0
        /// An object's keys so far, with the line each was given on.
        var keys: [String: Int] = [:]
    }

    private struct Scanner {
        let bytes: UnsafeRawBufferPointer
        let root: any SpecObject.Type
        var i = 0
        var line = 1
        var stack: [Frame] = []

        init(bytes: UnsafeRawBufferPointer, root: any SpecObject.Type) {
            self.bytes = bytes
            self.root = root
        }

        /// The key path of the frames below `depth`: "charts[2].series[0]". O(its length),
        /// built in place.
        func path(depth: Int) -> String {
            var text = ""
            for frame in stack.prefix(depth) {
                if frame.isObject {
                    SpecKeys.append(frame.key, to: &text)
                } else {
                    text += "[\(frame.index)]"
                }
            }
            return text
        }

        mutating func skipSpace() {
            while i < bytes.count {
                switch bytes[i] {
                case 0x20, 0x09, 0x0D: i += 1
                case 0x0A:
                    line += 1
                    i += 1
                default: return
                }
            }
        }

        mutating func run() -> Finding? {
            if bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF { i = 3 }
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: "{") else { return nil }
            var expectingValue = true
            while true {
                skipSpace()
                guard i < bytes.count else { return nil }
                let c = bytes[i]
                if expectingValue {
                    switch c {
                    case UInt8(ascii: "{"):
                        i += 1
                        stack.append(Frame(isObject: true, type: objectType()))
                        switch member() {
                        case .value: continue
                        case .closed: expectingValue = false
                        case .found(let finding): return finding
                        case .lost: return nil
                        }
                    case UInt8(ascii: "["):
                        i += 1
                        stack.append(Frame(isObject: false, type: elementType()))
                        skipSpace()
                        if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                            i += 1
                            stack.removeLast()
                            expectingValue = false
                        }
                    case UInt8(ascii: "\""):
                        guard skipString() != nil else { return nil }
                        expectingValue = false
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        let start = i
                        while i < bytes.count, Self.isNumberByte(bytes[i]) { i += 1 }
                        let text = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<i]), as: UTF8.self)
                        switch check(number: text) {
                        case .fine: expectingValue = false
                        case .found(let finding): return finding
                        case .lost: return nil
                        }
                    case UInt8(ascii: "a")...UInt8(ascii: "z"):
                        while i < bytes.count, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(bytes[i]) { i += 1 }
                        expectingValue = false
                    default: return nil
                    }
                    continue
                }
                // A value is complete: what follows it in the object or list holding it. (No
                // copy of the frame is held here: it would share its keys, and `member()`'s
                // insert would copy them all, once per key.)
                guard !stack.isEmpty else { return nil }
                if stack[stack.count - 1].isObject {
                    if c == UInt8(ascii: "}") {
                        i += 1
                        stack.removeLast()
                        if stack.isEmpty { return nil }
                    } else if c == UInt8(ascii: ",") {
                        i += 1
                        switch member() {
                        case .value: expectingValue = true
                        case .closed: if stack.isEmpty { return nil }
                        case .found(let finding): return finding
                        case .lost: return nil
                        }
                    } else {
                        return nil
                    }
                } else if c == UInt8(ascii: "]") {
                    i += 1
                    stack.removeLast()
                } else if c == UInt8(ascii: ",") {
                    i += 1
                    stack[stack.count - 1].index += 1
                    skipSpace()
                    if i < bytes.count && bytes[i] == UInt8(ascii: "]") {
                        i += 1
                        stack.removeLast()
                    } else {
                        expectingValue = true
                    }
                } else {
                    return nil
                }
            }
        }

        enum Step {
            case value, closed, found(Finding), lost
        }

        /// After an object's `{` or a `,` in it: its next key and `:` (a duplicate is found
        /// here), or its `}` (after the `{`, or a trailing comma).
        mutating func member() -> Step {
            skipSpace()
            guard i < bytes.count else { return .lost }
            if bytes[i] == UInt8(ascii: "}") {
                i += 1
                stack.removeLast()
                return .closed
            }
            guard bytes[i] == UInt8(ascii: "\""), let key = skipString(decoding: true) else { return .lost }
            let depth = stack.count - 1
            if let earlier = stack[depth].keys[key] {
                let place = earlier == line ? "twice on line \(line)" : "twice, on lines \(earlier) and \(line)"
                return .found(Finding(keyPath: SpecKeys.appending(key, to: path(depth: depth)), message: "is given \(place); give a key once"))
            }
            stack[depth].keys[key] = line
            stack[depth].key = key
            skipSpace()
            guard i < bytes.count, bytes[i] == UInt8(ascii: ":") else { return .lost }
            i += 1
            return .value
        }

        /// The type of an object starting here: the root's, a key's nested object's, a list's
        /// elements'.
        func objectType() -> (any SpecObject.Type)? {
            guard let top = stack.last else { return root }
            guard top.isObject else { return top.type }
            guard let child = top.type?.nested[top.key], !child.isList else { return nil }
            return child.type
        }

        /// The type of the objects of a list starting here.
        func elementType() -> (any SpecObject.Type)? {
            guard let top = stack.last, top.isObject, let child = top.type?.nested[top.key], child.isList else { return nil }
            return child.type
        }

        static func isNumberByte(_ byte: UInt8) -> Bool {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                true
            default: false
            }
        }

        enum NumberCheck {
            case fine, found(Finding), lost
        }

        /// A number the decoder reads is fine. One past Double's range either way is out of
        /// range for any key; where a whole number is wanted, one no `Int` holds (beyond
        /// ±9.2e18, written with an exponent or 20 digits) is out of the key's range. A
        /// fraction where a whole number is wanted is left to `SpecKeys` ("expected a whole
        /// number").
        func check(number text: String) -> NumberCheck {
            guard let value = Double(text) else { return .lost }
            let mantissa = text.prefix { $0 != "e" && $0 != "E" }
            let vanished = value == 0 && mantissa.contains { ("1"..."9").contains($0) }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            let depth = stack.count - 1
            if stack[depth].isObject, let range = stack[depth].type?.wholeNumbers[stack[depth].key] {
                if Int(text) != nil { return .fine }
                let held = value.isFinite && !vanished && abs(value) < 0x1p63
                if held || (value.isFinite && !vanished && value != value.rounded()) { return .fine }
                return .found(Finding(keyPath: path(depth: stack.count), message: SpecKeys.wholeNumberMessage(range, got: "\(shown), line \(line)")))
            }
            if value.isInfinite {
                return .found(
                    Finding(keyPath: path(depth: stack.count), message: "\(shown) is out of range (line \(line)): past ±1.8e308, the largest number"))
            }
            if vanished {
                return .found(
                    Finding(
                        keyPath: path(depth: stack.count),
                        message: "\(shown) is out of range (line \(line)): nearer 0 than ±4.9e-324, the smallest number other than 0"))
            }
            return .fine
        }

        /// Steps over the string starting at `i` (its `"`), counting the lines a raw line break
        /// in it would start; with `decoding`, its text (escapes resolved, a lone surrogate as
        /// U+FFFD, as the parsers read it). Nil for a string that does not end or a bad escape.
        mutating func skipString(decoding: Bool = false) -> String? {
            i += 1
            let start = i
            var escaped = false
            while i < bytes.count && bytes[i] != UInt8(ascii: "\"") {
                if bytes[i] == UInt8(ascii: "\\") {
                    escaped = true
                    i += 1
                } else if bytes[i] == 0x0A {
                    line += 1
                }
                i += 1
            }
            guard i < bytes.count else { return nil }
            let body = UnsafeRawBufferPointer(rebasing: bytes[start..<i])
            i += 1
            guard decoding else { return "" }
            return escaped ? Self.unescape(body) : String(decoding: body, as: UTF8.self)
        }

        static func hexDigit(_ byte: UInt8) -> UInt8? {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
            default: nil
            }
        }

        /// A string's body with its escapes resolved; nil for an escape JSON has not. O(n).
        static func unescape(_ body: UnsafeRawBufferPointer) -> String? {
            var units: [UInt16] = []
            var plain: [UInt8] = []
            var text = ""
            func flush() {
                if !plain.isEmpty { text += String(decoding: plain, as: UTF8.self) }
                plain.removeAll(keepingCapacity: true)
                if !units.isEmpty { text += String(decoding: units, as: UTF16.self) }
                units.removeAll(keepingCapacity: true)
            }
            var j = 0
            while j < body.count {
                let byte = body[j]
                guard byte == UInt8(ascii: "\\") else {
                    if !units.isEmpty { flush() }
                    plain.append(byte)
                    j += 1
                    continue
                }
                guard j + 1 < body.count else { return nil }
                let escape = body[j + 1]
                j += 2
                if escape == UInt8(ascii: "u") {
                    guard j + 4 <= body.count else { return nil }
                    var unit: UInt16 = 0
                    for k in j..<j + 4 {
                        guard let digit = hexDigit(body[k]) else { return nil }
                        unit = unit << 4 | UInt16(digit)
                    }
                    if !plain.isEmpty { flush() }
                    units.append(unit)
                    j += 4
                    continue
                }
                let resolved: UInt8
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): resolved = escape
                case UInt8(ascii: "b"): resolved = 0x08
                case UInt8(ascii: "f"): resolved = 0x0C
                case UInt8(ascii: "n"): resolved = 0x0A
                case UInt8(ascii: "r"): resolved = 0x0D
                case UInt8(ascii: "t"): resolved = 0x09
                default: return nil
                }
                if !units.isEmpty { flush() }
                plain.append(resolved)
            }
            flush()
            return text
        }
    }
}
