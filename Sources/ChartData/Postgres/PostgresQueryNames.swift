import Foundation

/// The names a query's text or its plan's expressions mention, as PostgreSQL prints them back
/// (`lo_export('1'::oid, '/tmp/x'::text)`, `(1)::public.my_domain`, `(2 <%> 3)`,
/// `OPERATOR(public.<%>)`): what `PostgresQueryCheck` looks up in the catalogs to find every
/// piece of code the query can reach. Written by hand: PostgreSQL offers no parser to a client.
///
/// - `functions`: each identifier followed by `(`, without its schema.
/// - `identifiers`: every identifier (functions too), which may name a type (a cast to a
///   domain), a relation (a view, whose definition the plan may not print: a `VALUES` list) or
///   a schema.
/// - `operators`: every run of operator characters (`+-*/<>=~!@#%^&|` and backquote, `?`), as
///   EXPLAIN prints operators by symbol, never by the function behind them.
///
/// `read(expression:)` lexes as the server does: unquoted identifiers lower-cased as the server
/// folds them, quoted ones kept as written; strings (`'…'`, `E'…'`), dollar-quoted strings
/// (`$tag$…$tag$`), comments (`--`, nested `/* */`) and numbers skipped. A query's own text is
/// read a second time by `read(everyWordIn:)`, which skips nothing, so that a quote character
/// the two lexers could read apart hides no name: what either finds counts, which errs on the
/// side of refusing. Each list keeps its first appearances in order, once each.
public struct PostgresQueryNames: Sendable, Equatable {
    /// The names called as functions (`name(`), without their schema.
    public private(set) var functions: [String] = []
    /// Every identifier, functions' included: types, relations, schemas, columns, keywords.
    public private(set) var identifiers: [String] = []
    /// Every operator symbol a run of operator characters may be (`addOperators`).
    public private(set) var operators: [String] = []
    private var seen: Set<String> = []

    /// No names yet; `read(expression:)` and `add` fill them in.
    public init() {}

    /// The names in one expression. O(length).
    public init(expression text: String) {
        read(expression: text)
    }

    /// Adds a name the plan gives as it is (a `Relation Name`, `Schema`, `Function Name`).
    public mutating func add(identifier name: String) {
        if seen.insert("i" + name).inserted { identifiers.append(name) }
    }

    /// Adds a function's name (and the identifier it is).
    public mutating func add(function name: String) {
        if seen.insert("f" + name).inserted { functions.append(name) }
        add(identifier: name)
    }

    private mutating func add(operator symbol: String) {
        if seen.insert("o" + symbol).inserted { operators.append(symbol) }
    }

    /// Adds the operators a run of operator characters may be, as the server's lexer reads it:
    /// the pieces between comment starts (`--`, `/*`), each whole and without the trailing `+`
    /// and `-` the lexer splits off (`1<%>-2` is `<%>`, `-`), and those signs.
    private mutating func addOperators(_ run: String) {
        var pieces = [run]
        for comment in ["--", "/*"] { pieces = pieces.flatMap { $0.components(separatedBy: comment) } }
        for piece in pieces where !piece.isEmpty {
            add(operator: piece)
            var trimmed = Substring(piece)
            while let last = trimmed.last, last == "+" || last == "-", trimmed.count > 1 {
                add(operator: String(last))
                trimmed = trimmed.dropLast()
                add(operator: String(trimmed))
            }
        }
    }

    /// Adds the names in `text`, an expression or a statement. O(length).
    public mutating func read(expression text: String) {
        let bytes = Array(text.utf8)
        let n = bytes.count
        var i = 0
        func isStart(_ b: UInt8) -> Bool { (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F || b >= 0x80 }
        func isPart(_ b: UInt8) -> Bool { isStart(b) || (b >= 0x30 && b <= 0x39) || b == 0x24 }
        func isOperator(_ b: UInt8) -> Bool { "+-*/<>=~!@#%^&|`?".utf8.contains(b) }
        /// After an identifier ending before `j`: whether `(` follows, blanks allowed.
        func callFollows(_ j: Int) -> Bool {
            var k = j
            while k < n, bytes[k] == 0x20 || bytes[k] == 0x0A || bytes[k] == 0x09 || bytes[k] == 0x0D { k += 1 }
            return k < n && bytes[k] == 0x28
        }
        func startsComment(_ k: Int) -> Bool {
            k + 1 < n && ((bytes[k] == 0x2D && bytes[k + 1] == 0x2D) || (bytes[k] == 0x2F && bytes[k + 1] == 0x2A))
        }
        /// The end of a dollar quote's opening tag (`$`, `$tag$`) starting at `i`, or nil.
        func dollarTagEnd(_ i: Int) -> Int? {
            var k = i + 1
            while k < n, bytes[k] != 0x24 {
                guard isStart(bytes[k]) || (k > i + 1 && bytes[k] >= 0x30 && bytes[k] <= 0x39) else { return nil }
                k += 1
            }
            return k < n ? k + 1 : nil
        }
        while i < n {
            let b = bytes[i]
            if b == 0x2D, startsComment(i) {
                // -- to the line's end (a carriage return ends it too, as it does for the server).
                while i < n, bytes[i] != 0x0A, bytes[i] != 0x0D { i += 1 }
            } else if startsComment(i) {
                // /* … */, nested as the server nests them.
                var depth = 1
                i += 2
                while i < n, depth > 0 {
                    if bytes[i] == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {
                        depth += 1
                        i += 2
                    } else if bytes[i] == 0x2A, i + 1 < n, bytes[i + 1] == 0x2F {
                        depth -= 1
                        i += 2
                    } else {
                        i += 1
                    }
                }
            } else if b == 0x24, let tagEnd = dollarTagEnd(i) {
                // $tag$ … $tag$: to the same tag (a `$` inside a name never starts one: names
                // are read whole below).
                let tag = bytes[i..<tagEnd]
                i = tagEnd
                while i < n, !(bytes[i] == 0x24 && n - i >= tag.count && bytes[i..<i + tag.count].elementsEqual(tag)) { i += 1 }
                i = min(n, i + tag.count)
            } else if b == 0x27 {
                // '…' ('' inside); E'…' also takes backslash escapes.
                let escaped = i > 0 && (bytes[i - 1] | 0x20) == 0x65 && (i < 2 || !isPart(bytes[i - 2]))
                i += 1
                while i < n {
                    if escaped && bytes[i] == 0x5C {
                        i += 2
                        continue
                    }
                    if bytes[i] == 0x27 {
                        if i + 1 < n && bytes[i + 1] == 0x27 {
                            i += 2
                            continue
                        }
                        break
                    }
                    i += 1
                }
                i += 1
            } else if b == 0x22 {
                var name: [UInt8] = []
                i += 1
                while i < n {
                    if bytes[i] == 0x22 {
                        if i + 1 < n && bytes[i + 1] == 0x22 {
                            name.append(0x22)
                            i += 2
                            continue
                        }
                        break
                    }
                    name.append(bytes[i])
                    i += 1
                }
                i += 1
                let text = String(decoding: name, as: UTF8.self)
                if callFollows(i) { add(function: text) } else { add(identifier: text) }
            } else if isStart(b) {
                let start = i
                while i < n && isPart(bytes[i]) { i += 1 }
                // E'…' is a string, not a name.
                if i == start + 1, (b | 0x20) == 0x65, i < n, bytes[i] == 0x27 { continue }
                let text = String(decoding: bytes[start..<i].map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self)
                if callFollows(i) { add(function: text) } else { add(identifier: text) }
            } else if b >= 0x30 && b <= 0x39 {
                while i < n && (isPart(bytes[i]) || bytes[i] == 0x2E) { i += 1 }
            } else if isOperator(b) {
                // An operator ends where a comment starts, as the server's lexer ends it.
                let start = i
                i += 1
                while i < n, isOperator(bytes[i]), !startsComment(i) { i += 1 }
                addOperators(String(decoding: bytes[start..<i], as: UTF8.self))
            } else {
                i += 1
            }
        }
    }

    /// Adds every word of `text` as a function and an identifier, strings, comments and quotes
    /// read as if they were code: each run of letters, digits, `_` and `$` (and bytes past
    /// ASCII) as written and lower-cased, and its pieces between `$` signs and after leading
    /// digits (`$a$x$a$lo_export(` and `1lo_export(` hold `lo_export`); and every run of
    /// operator characters. Words inside a quoted identifier count one by one. O(length).
    public mutating func read(everyWordIn text: String) {
        let bytes = Array(text.utf8)
        let n = bytes.count
        func isPart(_ b: UInt8) -> Bool {
            (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7A || b == 0x5F || b >= 0x80 || (b >= 0x30 && b <= 0x39) || b == 0x24
        }
        func isOperator(_ b: UInt8) -> Bool { "+-*/<>=~!@#%^&|`?".utf8.contains(b) }
        func addWord(_ word: ArraySlice<UInt8>) {
            let digits = word.prefix { $0 >= 0x30 && $0 <= 0x39 }
            let name = word.dropFirst(digits.count)
            guard !name.isEmpty else { return }
            let written = String(decoding: name, as: UTF8.self)
            add(function: written)
            add(function: String(decoding: name.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }, as: UTF8.self))
        }
        var i = 0
        while i < n {
            if isPart(bytes[i]) {
                let start = i
                while i < n, isPart(bytes[i]) { i += 1 }
                let run = bytes[start..<i]
                addWord(run)
                if run.contains(0x24) { run.split(separator: 0x24).forEach(addWord) }
            } else if isOperator(bytes[i]) {
                let start = i
                while i < n, isOperator(bytes[i]) { i += 1 }
                addOperators(String(decoding: bytes[start..<i], as: UTF8.self))
            } else {
                i += 1
            }
        }
    }
}
