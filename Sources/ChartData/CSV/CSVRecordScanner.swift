/// The bytes the reader looks at.
enum CSVByte {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, semicolon: UInt8 = 0x3B, pipe: UInt8 = 0x7C
    /// The delimiters a file may use, in the order ties go: `,` `;` tab `|`.
    static let delimiters = [comma, semicolon, tab, pipe]
    /// Whether numbers under `delimiter` may be written either way ("1,5" or "1.5"): tab and `|`
    /// files come from both conventions (`;` files are decimal commas, `,` files points).
    @inline(__always) static func mayHoldDecimalCommas(_ delimiter: UInt8) -> Bool { delimiter == tab || delimiter == pipe }

    @inline(__always) static func isDigit(_ b: UInt8) -> Bool { b &- 0x30 < 10 }
    @inline(__always) static func isBlank(_ b: UInt8) -> Bool { b == space || b == tab }
}

/// A growable byte buffer whose base address stays put between appends, for unescaped quoted
/// fields. Reused record after record, so it allocates only when a record needs more room.
final class CSVScratch {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int = 1024) {
        self.capacity = capacity
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    func removeAll() { count = 0 }

    /// Appends `n` bytes at `p`. Amortized O(n).
    func append(_ p: UnsafePointer<UInt8>, _ n: Int) {
        guard n > 0 else { return }
        if count + n > capacity {
            let grown = max(count + n, capacity * 2)
            let bigger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
            bigger.initialize(from: base, count: count)
            base.deallocate()
            base = bigger
            capacity = grown
        }
        (base + count).initialize(from: p, count: n)
        count += n
    }
}

/// Where one field's bytes are: in the input, or (when it had `""` escapes or text after the
/// closing quote) in the scratch buffer. Offsets are bytes.
struct CSVField {
    var start: Int
    var end: Int
    var inScratch: Bool
    var quoted: Bool
}

/// Splits the input into records, one at a time, tracking 1-based physical line numbers.
/// Each record's fields are left in `fields`; reused, so a record costs no allocation once the
/// arrays have grown. O(bytes of the record) per call.
struct CSVRecordScanner {
    enum Step: Equatable {
        /// A record is in `fields`; it started on `recordLine`.
        case record
        /// No more records.
        case end
        /// The input ends inside a quoted field opened on `line`.
        case unclosedQuote(line: Int)
    }

    let base: UnsafePointer<UInt8>
    let count: Int
    let delimiter: UInt8
    /// The next byte to read.
    private(set) var position: Int
    /// The physical line `position` is on (1-based).
    private(set) var line = 1
    /// The line the last record started on.
    private(set) var recordLine = 1
    /// The byte the last record started at.
    private(set) var recordStart = 0
    private(set) var fields: [CSVField] = []
    let scratch = CSVScratch()

    init(base: UnsafePointer<UInt8>, count: Int, delimiter: UInt8, position: Int, line: Int = 1) {
        self.base = base
        self.count = count
        self.delimiter = delimiter
        self.position = position
        self.line = line
        fields.reserveCapacity(16)
    }

    /// The bytes of `field`, as written (quotes and escapes removed).
    @inline(__always) func bytes(of field: CSVField) -> UnsafeBufferPointer<UInt8> {
        let p: UnsafePointer<UInt8> = field.inScratch ? UnsafePointer(scratch.base) : base
        return UnsafeBufferPointer(start: p + field.start, count: field.end - field.start)
    }

    /// The bytes of `field` without surrounding spaces and tabs.
    @inline(__always) func trimmedBytes(of field: CSVField) -> UnsafeBufferPointer<UInt8> {
        let p: UnsafePointer<UInt8> = field.inScratch ? UnsafePointer(scratch.base) : base
        var start = field.start, end = field.end
        while start < end && CSVByte.isBlank(p[start]) { start += 1 }
        while end > start && CSVByte.isBlank(p[end - 1]) { end -= 1 }
        return UnsafeBufferPointer(start: p + start, count: end - start)
    }

    /// Moves past a line end (LF, CRLF or CR) at `i`.
    @inline(__always) private mutating func endLine(at i: Int) {
        position = base[i] == CSVByte.cr && i + 1 < count && base[i + 1] == CSVByte.lf ? i + 2 : i + 1
        line += 1
    }

    /// Goes back to the start of the last record and past the end of its first line: after a
    /// quote that is never closed, the lines it would have swallowed are read as records again.
    /// O(bytes of that line).
    mutating func skipRecordLine() {
        position = recordStart
        line = recordLine
        var i = position
        while i < count && base[i] != CSVByte.lf && base[i] != CSVByte.cr { i += 1 }
        if i < count { endLine(at: i) } else { position = count }
    }

    /// How many fields the next record has, without reading it (nil at the end, or inside a
    /// quote never closed); the scanner stays where it is. O(bytes of that record).
    func nextRecordFieldCount() -> Int? {
        let p = base, n = count
        var i = position
        // Blank lines, as `next()` skips them.
        while true {
            while i < n && (p[i] == CSVByte.space || (p[i] == CSVByte.tab && delimiter != CSVByte.tab)) { i += 1 }
            guard i < n else { return nil }
            guard p[i] == CSVByte.lf || p[i] == CSVByte.cr else { break }
            i += 1
        }
        var fields = 1, quoted = false, fieldStart = true
        while i < n {
            let c = p[i]
            if quoted {
                if c == CSVByte.quote { quoted = false }
            } else if c == CSVByte.quote && fieldStart {
                quoted = true
            } else if c == delimiter {
                fields += 1
                fieldStart = true
                i += 1
                continue
            } else if c == CSVByte.lf || c == CSVByte.cr {
                return fields
            } else if c != CSVByte.space {
                fieldStart = false
            }
            i += 1
        }
        return quoted ? nil : fields
    }

    /// Reads the next record, skipping blank lines.
    mutating func next() -> Step {
        fields.removeAll(keepingCapacity: true)
        scratch.removeAll()
        let p = base, n = count, delimiter = delimiter
        // Blank lines: nothing but spaces (and tabs, unless tab is the delimiter).
        while true {
            var i = position
            while i < n && (p[i] == CSVByte.space || (p[i] == CSVByte.tab && delimiter != CSVByte.tab)) { i += 1 }
            if i == n {
                position = n
                return .end
            }
            guard p[i] == CSVByte.lf || p[i] == CSVByte.cr else { break }
            endLine(at: i)
        }
        recordLine = line
        recordStart = position
        var i = position
        while true {
            var j = i
            while j < n && p[j] == CSVByte.space { j += 1 }
            if j < n && p[j] == CSVByte.quote {
                // A quoted field: find the closing quote, unescaping "" into the scratch buffer.
                let quoteLine = line
                j += 1
                var segment = j
                var inScratch = false
                let scratchStart = scratch.count
                while true {
                    guard j < n else {
                        position = n
                        return .unclosedQuote(line: quoteLine)
                    }
                    let c = p[j]
                    if c == CSVByte.quote {
                        guard j + 1 < n && p[j + 1] == CSVByte.quote else { break }
                        scratch.append(p + segment, j + 1 - segment)
                        inScratch = true
                        j += 2
                        segment = j
                        continue
                    }
                    if c == CSVByte.lf || (c == CSVByte.cr && !(j + 1 < n && p[j + 1] == CSVByte.lf)) { line += 1 }
                    j += 1
                }
                let contentEnd = j
                j += 1
                var k = j
                while k < n && p[k] == CSVByte.space { k += 1 }
                if k < n && p[k] != delimiter && p[k] != CSVByte.lf && p[k] != CSVByte.cr {
                    // Text after the closing quote is kept, as Python's csv does: "ab"c → abc.
                    scratch.append(p + segment, contentEnd - segment)
                    while k < n && p[k] != delimiter && p[k] != CSVByte.lf && p[k] != CSVByte.cr { k += 1 }
                    scratch.append(p + j, k - j)
                    inScratch = true
                } else if inScratch {
                    scratch.append(p + segment, contentEnd - segment)
                }
                fields.append(
                    inScratch
                        ? CSVField(start: scratchStart, end: scratch.count, inScratch: true, quoted: true)
                        : CSVField(start: segment, end: contentEnd, inScratch: false, quoted: true))
                i = k
            } else {
                var e = i
                while e < n {
                    let c = p[e]
                    if c == delimiter || c == CSVByte.lf || c == CSVByte.cr { break }
                    e += 1
                }
                fields.append(CSVField(start: i, end: e, inScratch: false, quoted: false))
                i = e
            }
            if i >= n {
                position = n
                return .record
            }
            if p[i] == delimiter {
                i += 1
                continue
            }
            endLine(at: i)
            return .record
        }
    }
}
