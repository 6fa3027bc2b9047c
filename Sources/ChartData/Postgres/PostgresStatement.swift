/// A query as PostgreSQL is sent it: chartview's named parameters (`:period`, as SQLite writes
/// them) become numbered ones (`$1`, the same number each time a name comes back), and a query
/// of several statements is found before it is sent.
///
/// The scan reads the SQL once and leaves alone what is not code: quoted strings (`'…'` with
/// `''`, `E'…'` with backslash escapes too), quoted identifiers (`"…"`), dollar-quoted strings
/// (`$$…$$`, `$tag$…$tag$`), comments (`--` to the line's end, `/* … */` nested) and casts
/// (`::`). A name is letters, digits and `_` after a `:` that follows no other `:`; `:=` and an
/// array slice's `[1:2]` are not parameters (`[lo:hi]` would be: write `[lo : hi]`). O(length).
public struct PostgresStatement {
    /// The SQL with `$1`, `$2`… in place of the named parameters.
    public let text: String
    /// The parameters' names, without the colon: `names[k]` is `$(k + 1)`.
    public let names: [String]
    /// Whether code follows a `;` outside strings and comments: more than one statement, which
    /// PostgreSQL's extended protocol refuses and chartview never sends.
    public let hasSeveralStatements: Bool
    /// The statement's first word, upper-cased ("SELECT", "WITH", "COPY"); empty without one.
    public let firstWord: String

    /// Scans `sql` (the text as the user wrote it) once: O(length) time and memory.
    public init(_ sql: String) {
        let bytes = Array(sql.utf8)
        let n = bytes.count
        var output: [UInt8] = []
        output.reserveCapacity(n + 8)
        var names: [String] = []
        var several = false
        var ended = false  // a top-level ';' was seen
        var firstWord: [UInt8]?
        var i = 0
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F || b >= 0x80
        }
        /// Copies through the byte that ends a quoted run starting at `i` (after its opening
        /// quote `quote`): a doubled quote stays inside, and with `backslashes` so does `\x`.
        func copyQuoted(_ quote: UInt8, backslashes: Bool) {
            while i < n {
                let b = bytes[i]
                output.append(b)
                i += 1
                if backslashes && b == 0x5C && i < n {
                    output.append(bytes[i])
                    i += 1
                } else if b == quote {
                    if i < n && bytes[i] == quote {
                        output.append(bytes[i])
                        i += 1
                    } else {
                        return
                    }
                }
            }
        }
        while i < n {
            let b = bytes[i]
            let previous: UInt8 = i > 0 ? bytes[i - 1] : 0x20
            // Blanks and comments after a ';' are still the end of the one statement.
            if b == 0x2D, i + 1 < n, bytes[i + 1] == 0x2D {
                while i < n && bytes[i] != 0x0A { output.append(bytes[i]); i += 1 }
                continue
            }
            if b == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {
                var depth = 0
                while i < n {
                    if bytes[i] == 0x2F, i + 1 < n, bytes[i + 1] == 0x2A {
                        depth += 1
                        output.append(contentsOf: [0x2F, 0x2A])
                        i += 2
                    } else if bytes[i] == 0x2A, i + 1 < n, bytes[i + 1] == 0x2F {
                        depth -= 1
                        output.append(contentsOf: [0x2A, 0x2F])
                        i += 2
                        if depth == 0 { break }
                    } else {
                        output.append(bytes[i])
                        i += 1
                    }
                }
                continue
            }
            if b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D || b == 0x0C {
                output.append(b)
                i += 1
                continue
            }
            if b == 0x3B {
                ended = true
                output.append(b)
                i += 1
                continue
            }
            if ended { several = true }
            if firstWord == nil {
                var j = i
                while j < n, (bytes[j] | 0x20) >= 0x61, (bytes[j] | 0x20) <= 0x7A { j += 1 }
                firstWord = bytes[i..<j].map { $0 & ~0x20 }
            }
            switch b {
            case 0x27:  // '…', or E'…' with backslash escapes
                let escaped = (previous == 0x45 || previous == 0x65) && (i < 2 || !isNameByte(bytes[i - 2]))
                output.append(b)
                i += 1
                copyQuoted(0x27, backslashes: escaped)
            case 0x22:  // "identifier"
                output.append(b)
                i += 1
                copyQuoted(0x22, backslashes: false)
            case 0x24 where !isNameByte(previous):  // $tag$ … $tag$ (not $1, nor a$b)
                var j = i + 1
                while j < n && isNameByte(bytes[j]) && !(j == i + 1 && bytes[j] >= 0x30 && bytes[j] <= 0x39) { j += 1 }
                guard j < n, bytes[j] == 0x24 else {
                    output.append(b)
                    i += 1
                    break
                }
                let tag = Array(bytes[i...j])
                output.append(contentsOf: tag)
                i = j + 1
                while i < n {
                    if bytes[i] == 0x24, i + tag.count <= n, Array(bytes[i..<(i + tag.count)]) == tag {
                        output.append(contentsOf: tag)
                        i += tag.count
                        break
                    }
                    output.append(bytes[i])
                    i += 1
                }
            case 0x3A:  // ::cast, or :name
                if i + 1 < n && bytes[i + 1] == 0x3A {
                    output.append(contentsOf: [0x3A, 0x3A])
                    i += 2
                    break
                }
                var j = i + 1
                if j < n, isNameByte(bytes[j]), !(bytes[j] >= 0x30 && bytes[j] <= 0x39) {
                    while j < n && isNameByte(bytes[j]) { j += 1 }
                    let name = String(decoding: bytes[(i + 1)..<j], as: UTF8.self)
                    let number: Int
                    if let known = names.firstIndex(of: name) {
                        number = known + 1
                    } else {
                        names.append(name)
                        number = names.count
                    }
                    output.append(contentsOf: Array("$\(number)".utf8))
                    i = j
                } else {
                    output.append(b)
                    i += 1
                }
            default:
                output.append(b)
                i += 1
            }
        }
        text = String(decoding: output, as: UTF8.self)
        self.names = names
        hasSeveralStatements = several
        self.firstWord = String(decoding: firstWord ?? [], as: UTF8.self)
    }
}
