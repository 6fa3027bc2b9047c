/// How live text separates its columns: one byte (comma, tab, semicolon; double quotes as in
/// RFC 4180), or runs of blanks (spaces and tabs: `vmstat`, `iostat`, columns aligned by hand).
public enum LiveDelimiter: Sendable, Equatable, CaseIterable {
    /// `,`
    case comma
    /// A tab.
    case tab
    /// `;`
    case semicolon
    /// Runs of spaces and tabs, those at a line's ends ignored.
    case blanks

    /// The delimiter a flag's value names: `,` or `comma`, `tab` or a tab, `;` or `semicolon`,
    /// `' '` or `space`/`blanks`/`whitespace`; nil for anything else.
    public init?(name: String) {
        switch name.lowercased() {
        case ",", "comma": self = .comma
        case "\t", "tab", "\\t": self = .tab
        case ";", "semicolon": self = .semicolon
        case " ", "space", "blank", "blanks", "whitespace": self = .blanks
        default: return nil
        }
    }

    /// The byte of a one-byte delimiter; nil for blanks.
    var byte: UInt8? {
        switch self {
        case .comma: CSVByte.comma
        case .tab: CSVByte.tab
        case .semicolon: CSVByte.semicolon
        case .blanks: nil
        }
    }

    /// Calls `body` with each record's fields (trimmed; quotes removed for a one-byte delimiter)
    /// and the line it starts on (1-based from `firstLine`), skipping blank lines. A record
    /// whose quote never closes is given as nil fields. The fields are valid during the call only.
    /// O(bytes).
    func forEachRecord(
        in bytes: UnsafeBufferPointer<UInt8>, firstLine: Int,
        _ body: (_ fields: [UnsafeBufferPointer<UInt8>]?, _ line: Int) -> Void
    ) {
        guard let base = bytes.baseAddress, bytes.count > 0 else { return }
        var fields: [UnsafeBufferPointer<UInt8>] = []
        fields.reserveCapacity(32)
        guard let byte else {
            var i = 0, line = firstLine
            while i < bytes.count {
                fields.removeAll(keepingCapacity: true)
                var start = -1
                while i < bytes.count && base[i] != CSVByte.lf {
                    let b = base[i]
                    if b == CSVByte.space || b == CSVByte.tab || b == CSVByte.cr {
                        if start >= 0 { fields.append(UnsafeBufferPointer(start: base + start, count: i - start)) }
                        start = -1
                    } else if start < 0 {
                        start = i
                    }
                    i += 1
                }
                if start >= 0 { fields.append(UnsafeBufferPointer(start: base + start, count: i - start)) }
                if !fields.isEmpty { body(fields, line) }
                i += 1
                line += 1
            }
            return
        }
        var scanner = CSVRecordScanner(base: base, count: bytes.count, delimiter: byte, position: 0, line: firstLine)
        while true {
            switch scanner.next() {
            case .end: return
            case .unclosedQuote(let line):
                body(nil, line)
                return
            case .record:
                fields.removeAll(keepingCapacity: true)
                for field in scanner.fields { fields.append(field.quoted ? scanner.bytes(of: field) : scanner.trimmedBytes(of: field)) }
                body(fields, scanner.recordLine)
            }
        }
    }

    /// The delimiter of the first lines of an input (`bytes`): the one-byte delimiter, among
    /// comma, tab and semicolon, under which most records split into the same number of fields,
    /// two or more (ties to more fields, then that order); else blanks when they split most
    /// records so (the banner lines of `vmstat` aside); else comma (one column). O(bytes) per candidate.
    static func detect(_ bytes: UnsafeBufferPointer<UInt8>) -> LiveDelimiter {
        var best: (delimiter: LiveDelimiter, agreeing: Int, fields: Int)?
        for candidate in [LiveDelimiter.comma, .tab, .semicolon, .blanks] {
            var counts: [Int: Int] = [:]
            candidate.forEachRecord(in: bytes, firstLine: 1) { fields, _ in
                if let fields, fields.count >= 2 { counts[fields.count, default: 0] += 1 }
            }
            guard let (fields, agreeing) = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }) else { continue }
            if candidate == .blanks && best != nil { break }
            if best == nil || (agreeing, fields) > (best!.agreeing, best!.fields) { best = (candidate, agreeing, fields) }
        }
        return best?.delimiter ?? .comma
    }
}
