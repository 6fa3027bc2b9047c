import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads comma-, semicolon- or tab-separated text (RFC 4180) into a `DataTable`, inferring
/// each column's type from its first non-missing cell.
///
/// The rules, in the spirit of Python's `csv`, pandas and SQLite's `.import`:
/// - Fields may be quoted with `"`; `""` inside quotes is one quote; delimiters and line ends
///   (LF, CRLF or a lone CR) inside quotes belong to the field. Spaces before an opening quote
///   and after a closing quote are ignored; other text after a closing quote is kept literally.
/// - A UTF-8 byte order mark is dropped. Blank lines (nothing, or only spaces, and tabs unless
///   tab is the delimiter) are skipped anywhere, so trailing blank lines are fine; so is a last
///   line without a line end.
/// - The delimiter is `,`, `;` or tab: the one that splits the header into the most fields
///   while the next ten records split into as many (ties go to that order).
/// - The first record is the header. Names are trimmed; an empty name becomes "column N"
///   (N counts from 1), and repeated names get " 2", " 3" … suffixes.
/// - Missing cells, in any column: empty, or one of `NA`, `N/A`, `n/a`, `NaN`, `nan`, `null`,
///   `NULL`, `None`, `-`, `#N/A`, `.` and pandas' `#NA`, `<NA>`, `-NaN`, `-nan`, `#N/A N/A`,
///   `1.#IND`, `-1.#IND`, `1.#QNAN`, `-1.#QNAN` (after trimming spaces). They are NaN in number
///   and date columns and nil in text columns, and never decide a column's type.
/// - A column is a number column if its first non-missing cell is a decimal number (optional
///   sign, digits with an optional point, optional exponent; no "inf" or "nan" words, no
///   hexadecimal, no thousands separators); a date column if that cell is a date (see
///   `CSVDateParser`); else a text column. Later cells must fit the type. A column with no
///   value at all is a number column of NaN.
/// - Unquoted cells are trimmed of spaces and tabs; quoted text is kept as written.
///
/// The input must be UTF-8 without NUL bytes; anything else is "not a text file".
public enum CSVReader {
    /// Reads the CSV file at `path` into a table. With `skipBadRows`, rows with the wrong
    /// number of fields or a cell that does not fit its column are skipped and counted in
    /// `skippedRows` instead of failing; an unclosed quote is always an error.
    /// Large plain files are parsed on every core, in blocks, without holding the file
    /// (`CSVBulkReader`); others are loaded whole and parsed serially. O(bytes) time.
    ///
    /// Throws `DataError.cannotOpen` ("no such file", "permission denied", "is a directory",
    /// "not a text file"), `.csv` for a malformed row and `.unusable` when there are no rows.
    public static func read(path: String, skipBadRows: Bool = false) throws(DataError) -> (table: DataTable, skippedRows: Int) {
        if let table = readBulk(path: path) { return (table, 0) }
        let bytes = try readFile(path)
        return try parse(bytes, path: path, skipBadRows: skipBadRows)
    }

    /// The table of a large plain file through `CSVBulkReader` (on every core, in blocks), or
    /// nil to read it the serial way: not a regular file, small, or anything the fast path
    /// does not take. Reads with `pread`, so the ranges' threads share one descriptor.
    public static func readBulk(path: String, tuning: CSVBulkReader.Tuning = .init()) -> DataTable? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return CSVBulkReader.read(size: Int(info.st_size), path: path, tuning: tuning) { buffer, offset in
            while true {
                let got = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
                if got >= 0 || errno != EINTR { return got }
            }
        }
    }

    /// Parses CSV `bytes` already in memory, like `read(path:skipBadRows:)`; `path` only
    /// names the source in errors. O(bytes) time; a few allocations per text cell and none
    /// per number cell.
    public static func parse(_ bytes: [UInt8], path: String, skipBadRows: Bool = false) throws(DataError) -> (table: DataTable, skippedRows: Int) {
        let result: Result<(table: DataTable, skippedRows: Int), DataError> = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(.unusable(path: path, message: "has no data rows"))
            }
            return Result { () throws(DataError) in
                try parse(base, count: buffer.count, path: path, skipBadRows: skipBadRows)
            }
        }
        return try result.get()
    }

    // MARK: - Parsing

    /// The parse proper, over `count` bytes at `base` (count > 0).
    private static func parse(_ base: UnsafePointer<UInt8>, count: Int, path: String,
                              skipBadRows: Bool) throws(DataError) -> (table: DataTable, skippedRows: Int) {
        guard isUTF8Text(base, count: count) else { throw .cannotOpen(path: path, reason: "not a text file") }
        // strtod reads the decimal point of the thread's locale: make it ".", whatever the app set.
        let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previousLocale = cLocale.map { uselocale($0) }
        defer {
            if let previousLocale { uselocale(previousLocale) }
            if let cLocale { freelocale(cLocale) }
        }

        let (start, skippedLines) = headerStart(base, count: count)
        let delimiter = detectDelimiter(base, count: count, start: start)
        var scanner = CSVRecordScanner(base: base, count: count, delimiter: delimiter, position: start, line: 1 + skippedLines)
        switch scanner.next() {
        case .end: throw .unusable(path: path, message: "has no data rows")
        case .unclosedQuote(let line): throw .csv(path: path, line: line, column: nil, message: "a quoted field is never closed")
        case .record: break
        }
        var builder = CSVTableBuilder(names: headerNames(scanner), path: path, skipBadRows: skipBadRows)
        while true {
            switch scanner.next() {
            case .end:
                return (try builder.finish(), builder.skippedRows)
            case .unclosedQuote(let line):
                throw .csv(path: path, line: line, column: nil, message: "a quoted field is never closed")
            case .record:
                try builder.add(scanner)
            }
        }
    }

    /// Where the header can start: after a UTF-8 byte order mark and after comment lines
    /// ("# Data source: …", as gnuplot and many exports write them), with the number of lines
    /// skipped. O(bytes skipped).
    static func headerStart(_ base: UnsafePointer<UInt8>, count: Int) -> (start: Int, skippedLines: Int) {
        var start = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var skippedLines = 0
        while start < count && base[start] == UInt8(ascii: "#") {
            while start < count && base[start] != 0x0A { start += 1 }
            if start < count { start += 1 }
            skippedLines += 1
        }
        return (start, skippedLines)
    }

    /// The header's names: trimmed, "column N" when empty, " 2", " 3" … added to repeats. O(fields).
    private static func headerNames(_ scanner: CSVRecordScanner) -> [String] {
        let raw = scanner.fields.indices.map { index -> String in
            let cell = scanner.trimmedBytes(of: scanner.fields[index])
            return cell.count == 0 ? "column \(index + 1)" : String(decoding: cell, as: UTF8.self)
        }
        var taken = Set<String>()
        let all = Set(raw)
        return raw.map { name in
            var unique = name
            if taken.contains(name) {
                var suffix = 2
                while taken.contains("\(name) \(suffix)") || all.contains("\(name) \(suffix)") { suffix += 1 }
                unique = "\(name) \(suffix)"
            }
            taken.insert(unique)
            return unique
        }
    }

    /// The delimiter among `,` `;` and tab that splits the header into the most fields while
    /// the next ten records split into as many. Candidates that split the header are preferred,
    /// then those the sample agrees with fully, then the most agreeing records, then the most
    /// fields; ties go to the earlier candidate. O(size of the first eleven records) per candidate
    /// (the whole input when a quote is never closed).
    static func detectDelimiter(_ base: UnsafePointer<UInt8>, count: Int, start: Int) -> UInt8 {
        var best: UInt8 = CSVByte.comma
        var bestScore = (splitsHeader: -1, consistent: 0, agreeing: 0, fields: 0)
        for candidate in [CSVByte.comma, CSVByte.semicolon, CSVByte.tab] {
            var scanner = CSVRecordScanner(base: base, count: count, delimiter: candidate, position: start)
            guard case .record = scanner.next() else { continue }
            let fields = scanner.fields.count
            var sampled = 0, agreeing = 0
            while sampled < 10, case .record = scanner.next() {
                sampled += 1
                if scanner.fields.count == fields { agreeing += 1 }
            }
            let score = (splitsHeader: fields >= 2 ? 1 : 0, consistent: agreeing == sampled ? 1 : 0, agreeing: agreeing, fields: fields)
            if score > bestScore {
                best = candidate
                bestScore = score
            }
        }
        return best
    }

    // MARK: - Files

    /// The bytes of the file at `path`, read in one go. O(file size).
    private static func readFile(_ path: String) throws(DataError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .cannotOpen(path: path, reason: reason(errno: errno)) }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .cannotOpen(path: path, reason: reason(errno: errno)) }
        if info.st_mode & S_IFMT == S_IFDIR { throw .cannotOpen(path: path, reason: "is a directory") }

        // Regular files report their size; read one byte more to see the end (or that the file
        // grew), then go on in chunks, as for pipes and /proc files, which report 0.
        let expected = max(0, Int(info.st_size)) + 1
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: expected) { buffer, initialized in
            (initialized, failure) = readFully(fd, into: buffer)
        }
        if failure == 0 && bytes.count == expected {
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            while failure == 0 {
                var got = 0
                chunk.withUnsafeMutableBufferPointer { buffer in (got, failure) = readFully(fd, into: buffer) }
                bytes.append(contentsOf: chunk[0..<got])
                if got < chunk.count { break }
            }
        }
        if failure != 0 { throw .cannotOpen(path: path, reason: reason(errno: failure)) }
        return bytes
    }

    /// Reads from `fd` until `buffer` is full or the file ends: the byte count, and errno if a
    /// read failed.
    private static func readFully(_ fd: Int32, into buffer: UnsafeMutableBufferPointer<UInt8>) -> (Int, Int32) {
        guard let base = buffer.baseAddress else { return (0, 0) }
        var total = 0
        while total < buffer.count {
            let got = Glibc.read(fd, base + total, buffer.count - total)
            if got < 0 {
                if errno == EINTR { continue }
                return (total, errno)
            }
            if got == 0 { break }
            total += got
        }
        return (total, 0)
    }

    /// The reason printed for a failed `open` or `read`.
    private static func reason(errno code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a directory"
        default: String(cString: strerror(code)).lowercased()
        }
    }

    /// True when the bytes are valid UTF-8 (no overlong forms, surrogates or code points past
    /// U+10FFFF) without NUL bytes. O(count); eight ASCII bytes per step.
    static func isUTF8Text(_ p: UnsafePointer<UInt8>, count n: Int) -> Bool {
        let raw = UnsafeRawPointer(p)
        var i = 0
        while i < n {
            if i + 8 <= n {
                let word = raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
                let high: UInt64 = 0x8080_8080_8080_8080, ones: UInt64 = 0x0101_0101_0101_0101
                if word & high == 0 && (word &- ones) & ~word & high == 0 {
                    i += 8
                    continue
                }
            }
            let b = p[i]
            if b == 0 { return false }
            if b < 0x80 { i += 1; continue }
            func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
                i + k < n && p[i + k] >= low && p[i + k] <= high
            }
            switch b {
            case 0xC2...0xDF:
                guard continuation(1) else { return false }
                i += 2
            case 0xE0...0xEF:
                let low: UInt8 = b == 0xE0 ? 0xA0 : 0x80, high: UInt8 = b == 0xED ? 0x9F : 0xBF
                guard continuation(1, low, high), continuation(2) else { return false }
                i += 3
            case 0xF0...0xF4:
                let low: UInt8 = b == 0xF0 ? 0x90 : 0x80, high: UInt8 = b == 0xF4 ? 0x8F : 0xBF
                guard continuation(1, low, high), continuation(2), continuation(3) else { return false }
                i += 4
            default:
                return false
            }
        }
        return true
    }
}

// MARK: - Bytes

/// The bytes the reader looks at.
enum CSVByte {
    static let tab: UInt8 = 0x09, lf: UInt8 = 0x0A, cr: UInt8 = 0x0D, space: UInt8 = 0x20
    static let quote: UInt8 = 0x22, comma: UInt8 = 0x2C, semicolon: UInt8 = 0x3B

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
                fields.append(inScratch
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

// MARK: - Cells

/// Recognizes missing-value spellings and decimal numbers in a cell's bytes.
enum CSVCell {
    /// Spellings of a missing value besides the empty cell (pandas' defaults plus "-" and ".").
    static let missingSpellings: [[UInt8]] = [
        "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None", "-", "#N/A", ".",
        "#NA", "<NA>", "-NaN", "-nan", "#N/A N/A", "1.#IND", "-1.#IND", "1.#QNAN", "-1.#QNAN",
    ].map { Array($0.utf8) }

    /// True when the (trimmed) cell is empty or spells a missing value. O(1).
    @inline(__always) static func isMissing(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = cell.first else { return true }
        guard cell.count <= 8 else { return false }
        switch first {
        case UInt8(ascii: "N"), UInt8(ascii: "n"), UInt8(ascii: "-"), UInt8(ascii: "#"),
             UInt8(ascii: "."), UInt8(ascii: "<"), UInt8(ascii: "1"):
            return missingSpellings.contains { $0.count == cell.count && $0.elementsEqual(cell) }
        default:
            return false
        }
    }

    /// 10^k for k in 0...22, each exactly representable (a switch, not a lazily initialized
    /// global, so the hot path pays no initialization check).
    @inline(__always) static func powerOfTen(_ k: Int) -> Double {
        switch k {
        case 0: 1e0; case 1: 1e1; case 2: 1e2; case 3: 1e3; case 4: 1e4; case 5: 1e5; case 6: 1e6
        case 7: 1e7; case 8: 1e8; case 9: 1e9; case 10: 1e10; case 11: 1e11; case 12: 1e12
        case 13: 1e13; case 14: 1e14; case 15: 1e15; case 16: 1e16; case 17: 1e17; case 18: 1e18
        case 19: 1e19; case 20: 1e20; case 21: 1e21; default: 1e22
        }
    }

    /// A plain decimal at `start`: an optional sign, then up to 15 digits with at most one point
    /// and no exponent, read up to the first other byte or `end`: its value and where it stopped;
    /// nil when it has no digit or more than 15. The value is exact, one division of a mantissa
    /// below 2^53 by a power of ten up to 10^15 (Clinger's fast path), so it equals `number`'s.
    /// O(length).
    @inline(__always)
    static func plainDecimal(_ p: UnsafePointer<UInt8>, from start: Int, to end: Int) -> (Double, Int)? {
        var k = start
        var negative = false
        if k < end && (p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: "+")) {
            negative = p[k] == UInt8(ascii: "-")
            k += 1
        }
        var mantissa: UInt64 = 0, digits = 0, point = -1
        while k < end {
            let d = p[k] &- 0x30
            if d < 10 {
                mantissa = mantissa &* 10 &+ UInt64(d)
                digits += 1
                if digits > 15 { return nil }
            } else if p[k] == UInt8(ascii: ".") && point < 0 {
                point = digits
            } else {
                break
            }
            k += 1
        }
        guard digits > 0 else { return nil }
        let value = point < 0 ? Double(mantissa) : Double(mantissa) / powerOfTen(digits - point)
        return (negative ? -value : value, k)
    }

    /// The value of a (trimmed) cell that is a decimal number: optional sign, digits with an
    /// optional point (at least one digit), optional exponent. nil for anything else, including
    /// "inf", "nan" and hexadecimal. Correctly rounded: up to 15 significant digits and
    /// exponents within ±22 are computed exactly in one operation (Clinger's fast path); longer
    /// numbers go to `strtod` (with a NUL-terminated copy in a temporary buffer, on the stack for
    /// ordinary lengths). Overflow gives ±infinity, as in pandas. O(length), no heap allocation
    /// for ordinary cells.
    static func number(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let p = cell.baseAddress else { return nil }
        let n = cell.count
        // The common case first, in one pass.
        if let (value, end) = plainDecimal(p, from: 0, to: n), end == n { return value }
        var i = 0
        var negative = false
        if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
            negative = p[i] == UInt8(ascii: "-")
            i += 1
        }
        var mantissa: UInt64 = 0
        var significant = 0
        var scale = 0
        var truncated = false
        var digits = 0
        while i < n && CSVByte.isDigit(p[i]) {
            let d = UInt64(p[i] &- 0x30)
            if mantissa == 0 && d == 0 {
                // A leading zero adds nothing.
            } else if significant < 19 {
                mantissa = mantissa &* 10 &+ d
                significant += 1
            } else {
                scale += 1
                if d != 0 { truncated = true }
            }
            digits += 1
            i += 1
        }
        if i < n && p[i] == UInt8(ascii: ".") {
            i += 1
            while i < n && CSVByte.isDigit(p[i]) {
                let d = UInt64(p[i] &- 0x30)
                if mantissa == 0 && d == 0 {
                    scale -= 1
                } else if significant < 19 {
                    mantissa = mantissa &* 10 &+ d
                    significant += 1
                    scale -= 1
                } else if d != 0 {
                    truncated = true
                }
                digits += 1
                i += 1
            }
        }
        guard digits > 0 else { return nil }
        var exponent = 0
        if i < n && (p[i] == UInt8(ascii: "e") || p[i] == UInt8(ascii: "E")) {
            i += 1
            var exponentNegative = false
            if i < n && (p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-")) {
                exponentNegative = p[i] == UInt8(ascii: "-")
                i += 1
            }
            var exponentDigits = 0
            while i < n && CSVByte.isDigit(p[i]) {
                if exponent < 1_000_000 { exponent = exponent * 10 + Int(p[i] &- 0x30) }
                exponentDigits += 1
                i += 1
            }
            guard exponentDigits > 0 else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard i == n else { return nil }
        if mantissa == 0 && !truncated { return negative ? -0.0 : 0.0 }
        let power = exponent + scale
        if !truncated && mantissa <= 1 << 53 && power >= -22 && power <= 22 {
            let value = power < 0 ? Double(mantissa) / powerOfTen(-power) : Double(mantissa) * powerOfTen(power)
            return negative ? -value : value
        }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: n + 1) { buffer -> Double in
            let c = buffer.baseAddress!
            for k in 0..<n { c[k] = CChar(bitPattern: p[k]) }
            c[n] = 0
            return strtod(c, nil)
        }
    }
}

// MARK: - Dates

/// Parses dates and date-times to seconds since 1970-01-01T00:00:00Z.
///
/// ISO 8601 with numbers only — `2026-11-29`, `2026/11/29`, `2026-11` (the 1st of the month),
/// each with `T` or a space and `HH:mm`, `HH:mm:ss` or `HH:mm:ss.fff`, then optionally `Z`,
/// `±hh`, `±hhmm` or `±hh:mm` — is read directly from the bytes (two-digit fields, a four-digit
/// year from 0001, a real calendar day, hours 00–23, proleptic Gregorian calendar), because
/// Foundation's formatters cost 20–45 µs per call on Linux. Everything else goes to
/// `DateFormatter`s (en_US_POSIX, UTC unless the text has an offset, not lenient), created
/// lazily and kept for the parse, trying the format that matched last first: unpadded ISO
/// (`2026-1-5`), `29 Nov 2026`, `29-Nov-2026`, `Nov 29 2026`, `Nov 29, 2026` and the full
/// month names, `Nov 2026`, with optional times, and RFC 2822 (`Sun, 29 Nov 2026 14:30:00 +0000`).
/// These need a run of exactly four digits (the year), so "29 Nov 26" is not a date.
/// Dates with numbers only in day-month order (29/11/2026, 11/29/2026) are ambiguous and are text.
final class CSVDateParser {
    /// The formats tried after the byte-level ISO reader, in order.
    static let formats: [String] = [
        "yyyy-MM-dd", "yyyy/MM/dd", "yyyy-MM",
        "yyyy-MM-dd HH:mm", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd'T'HH:mm:ss",
        "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy/MM/dd HH:mm", "yyyy/MM/dd HH:mm:ss",
        "d MMM yyyy", "d MMM yyyy HH:mm", "d MMM yyyy HH:mm:ss", "d-MMM-yyyy",
        "MMM d, yyyy", "MMM d, yyyy HH:mm", "MMM d, yyyy HH:mm:ss", "MMM yyyy",
        "EEEE, MMMM d, yyyy", "EEE, d MMM yyyy HH:mm:ss Z", "EEE, d MMM yyyy HH:mm:ss zzz",
    ]

    private var formatters: [DateFormatter?] = Array(repeating: nil, count: formats.count)
    /// Values already parsed by a formatter, so that repeated dates cost one dictionary lookup.
    private var cache: [String: Double] = [:]
    private static let cacheLimit = 100_000

    private func formatter(_ index: Int) -> DateFormatter {
        if let formatter = formatters[index] { return formatter }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.isLenient = false
        formatter.dateFormat = Self.formats[index]
        formatters[index] = formatter
        return formatter
    }

    /// Seconds since 1970 for a (trimmed) cell, or nil when it is not a date. `lastFormat` is the
    /// index of the formatter that matched in this column before (-1: none yet); it is tried
    /// first and updated. O(length) for ISO numbers, a formatter call otherwise.
    func seconds(_ cell: UnsafeBufferPointer<UInt8>, lastFormat: inout Int) -> Double? {
        if let value = Self.isoSeconds(cell) { return value }
        guard Self.mayBeFormatted(cell) else { return nil }
        let text = String(decoding: cell, as: UTF8.self)
        if let value = cache[text] { return value }
        var found: Double?
        if lastFormat >= 0, let date = formatter(lastFormat).date(from: text) {
            found = date.timeIntervalSince1970
        } else {
            for index in Self.formats.indices where index != lastFormat {
                if let date = formatter(index).date(from: text) {
                    lastFormat = index
                    found = date.timeIntervalSince1970
                    break
                }
            }
        }
        if let found, cache.count < Self.cacheLimit { cache[text] = found }
        return found
    }

    /// Whether a formatter could read the cell: 6…64 printable ASCII bytes with a run of exactly
    /// four digits (the year).
    private static func mayBeFormatted(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        guard cell.count >= 6 && cell.count <= 64 else { return false }
        var run = 0, hasYear = false
        for b in cell {
            guard b >= 0x20 && b < 0x7F else { return false }
            if CSVByte.isDigit(b) {
                run += 1
            } else {
                if run == 4 { hasYear = true }
                run = 0
            }
        }
        return hasYear || run == 4
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (Hinnant's days_from_civil). O(1).
    static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The ISO 8601 number layouts described above, read from bytes; nil if the cell is not
    /// one of them (it may still be a date another way). O(length).
    static func isoSeconds(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        guard let p = cell.baseAddress, cell.count >= 7 else { return nil }
        let n = cell.count
        @inline(__always) func digits(_ at: Int, _ count: Int) -> Int? {
            guard at + count <= n else { return nil }
            var value = 0
            for k in at..<(at + count) {
                guard CSVByte.isDigit(p[k]) else { return nil }
                value = value * 10 + Int(p[k] &- 0x30)
            }
            return value
        }
        guard let year = digits(0, 4), year >= 1 else { return nil }
        let separator = p[4]
        guard separator == UInt8(ascii: "-") || separator == UInt8(ascii: "/"),
              let month = digits(5, 2), month >= 1, month <= 12 else { return nil }
        if n == 7 {
            guard separator == UInt8(ascii: "-") else { return nil }
            return Double(days(year: year, month: month, day: 1) * 86_400)
        }
        guard p[7] == separator, let day = digits(8, 2), day >= 1 else { return nil }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let monthLengths = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard day <= monthLengths[month - 1] else { return nil }
        var seconds = days(year: year, month: month, day: day) * 86_400
        if n == 10 { return Double(seconds) }
        guard p[10] == UInt8(ascii: "T") || p[10] == UInt8(ascii: " "),
              let hour = digits(11, 2), hour <= 23, n > 13, p[13] == UInt8(ascii: ":"),
              let minute = digits(14, 2), minute <= 59 else { return nil }
        seconds += hour * 3600 + minute * 60
        var i = 16
        var fraction = 0.0
        if i < n && p[i] == UInt8(ascii: ":") {
            guard let second = digits(i + 1, 2), second <= 59 else { return nil }
            seconds += second
            i += 3
            if i < n && p[i] == UInt8(ascii: ".") {
                i += 1
                var value = 0, scale = 1, count = 0
                while i < n && CSVByte.isDigit(p[i]) {
                    if count < 9 {
                        value = value * 10 + Int(p[i] &- 0x30)
                        scale *= 10
                    }
                    count += 1
                    i += 1
                }
                guard count > 0 else { return nil }
                fraction = Double(value) / Double(scale)
            }
        }
        if i < n {
            if p[i] == UInt8(ascii: "Z") {
                i += 1
            } else if p[i] == UInt8(ascii: "+") || p[i] == UInt8(ascii: "-") {
                let sign = p[i] == UInt8(ascii: "-") ? -1 : 1
                guard let hours = digits(i + 1, 2), hours <= 23 else { return nil }
                i += 3
                var minutes = 0
                if i < n {
                    if p[i] == UInt8(ascii: ":") { i += 1 }
                    guard let m = digits(i, 2), m <= 59 else { return nil }
                    minutes = m
                    i += 2
                }
                seconds -= sign * (hours * 3600 + minutes * 60)
            } else {
                return nil
            }
        }
        guard i == n else { return nil }
        return Double(seconds) + fraction
    }
}

// MARK: - Building the table

/// Collects rows column by column, deciding each column's type at its first non-missing cell.
/// A row is checked completely before any of it is stored, so a skipped row leaves no trace
/// (not even a type decision). O(cells) overall.
struct CSVTableBuilder {
    private enum Kind {
        case undecided, number, date, text
    }

    /// What a cell of an undecided column turned out to be, kept until the row is accepted.
    private enum Pending {
        case missing, number, date, text
    }

    let names: [String]
    let path: String
    let skipBadRows: Bool
    private(set) var skippedRows = 0
    private var rowCount = 0

    private var kinds: [Kind]
    /// Values of number and date columns (empty for the others).
    private var numbers: [[Double]]
    /// Values of text columns (empty for the others).
    private var texts: [[String?]]
    /// Per column: rows before the type was known (all missing).
    private var missingPrefix: [Int]
    /// Per date column: the formatter that matched last, -1 for none.
    private var lastFormat: [Int]
    private var undecidedCount: Int
    private let dates = CSVDateParser()

    // The row being checked.
    private var rowNumbers: [Double]
    private var rowTexts: [String?]
    private var rowPending: [Pending]

    init(names: [String], path: String, skipBadRows: Bool) {
        self.names = names
        self.path = path
        self.skipBadRows = skipBadRows
        let n = names.count
        kinds = Array(repeating: .undecided, count: n)
        numbers = Array(repeating: [], count: n)
        texts = Array(repeating: [], count: n)
        missingPrefix = Array(repeating: 0, count: n)
        lastFormat = Array(repeating: -1, count: n)
        undecidedCount = n
        rowNumbers = Array(repeating: .nan, count: n)
        rowTexts = Array(repeating: nil, count: n)
        rowPending = Array(repeating: .missing, count: n)
    }

    /// Checks the scanner's current record and stores it, or skips it (with `skipBadRows`) or
    /// throws when it has the wrong number of fields or a cell that does not fit. O(cells).
    mutating func add(_ scanner: CSVRecordScanner) throws(DataError) {
        let n = names.count
        let fields = scanner.fields
        guard fields.count == n else {
            if skipBadRows {
                skippedRows += 1
                return
            }
            let count = fields.count == 1 ? "1 field" : "\(fields.count) fields"
            throw .csv(path: path, line: scanner.recordLine, column: nil,
                       message: "has \(count), but the header has \(n)")
        }
        for index in 0..<n {
            let field = fields[index]
            let cell = scanner.trimmedBytes(of: field)
            switch kinds[index] {
            case .number:
                if let value = CSVCell.number(cell) {
                    rowNumbers[index] = value
                } else if CSVCell.isMissing(cell) {
                    rowNumbers[index] = .nan
                } else {
                    return try reject(scanner, column: index, cell, "is not a number")
                }
            case .date:
                if CSVCell.isMissing(cell) {
                    rowNumbers[index] = .nan
                } else if let value = dates.seconds(cell, lastFormat: &lastFormat[index]) {
                    rowNumbers[index] = value
                } else {
                    return try reject(scanner, column: index, cell, "is not a date")
                }
            case .text:
                rowTexts[index] = CSVCell.isMissing(cell) ? nil : text(scanner, field, cell)
            case .undecided:
                if CSVCell.isMissing(cell) {
                    rowPending[index] = .missing
                } else if let value = CSVCell.number(cell) {
                    rowPending[index] = .number
                    rowNumbers[index] = value
                } else if let value = dates.seconds(cell, lastFormat: &lastFormat[index]) {
                    rowPending[index] = .date
                    rowNumbers[index] = value
                } else {
                    rowPending[index] = .text
                    rowTexts[index] = text(scanner, field, cell)
                }
            }
        }
        for index in 0..<n {
            switch kinds[index] {
            case .number, .date:
                numbers[index].append(rowNumbers[index])
            case .text:
                texts[index].append(rowTexts[index])
                rowTexts[index] = nil
            case .undecided:
                decide(index)
            }
        }
        rowCount += 1
    }

    /// Stores the accepted row's cell of undecided column `index`, fixing its type.
    private mutating func decide(_ index: Int) {
        switch rowPending[index] {
        case .missing:
            missingPrefix[index] += 1
            return
        case .number, .date:
            kinds[index] = rowPending[index] == .number ? .number : .date
            numbers[index] = Array(repeating: .nan, count: missingPrefix[index])
            numbers[index].append(rowNumbers[index])
        case .text:
            kinds[index] = .text
            texts[index] = Array(repeating: nil, count: missingPrefix[index])
            texts[index].append(rowTexts[index])
            rowTexts[index] = nil
        }
        undecidedCount -= 1
    }

    /// A text cell's value: unquoted cells trimmed, quoted ones as written.
    private func text(_ scanner: CSVRecordScanner, _ field: CSVField, _ trimmed: UnsafeBufferPointer<UInt8>) -> String {
        String(decoding: field.quoted ? scanner.bytes(of: field) : trimmed, as: UTF8.self)
    }

    /// Skips the current row, or throws that `cell` in column `index` `problem`.
    private mutating func reject(_ scanner: CSVRecordScanner, column index: Int,
                                 _ cell: UnsafeBufferPointer<UInt8>, _ problem: String) throws(DataError) {
        if skipBadRows {
            skippedRows += 1
            return
        }
        throw .csv(path: path, line: scanner.recordLine, column: names[index],
                   message: "'\(Self.quoted(cell))' \(problem)")
    }

    /// A cell for an error message: control characters escaped, cut after 40 characters.
    static func quoted(_ cell: UnsafeBufferPointer<UInt8>) -> String {
        var result = ""
        for (count, character) in String(decoding: cell, as: UTF8.self).enumerated() {
            if count == 40 {
                result += "…"
                break
            }
            switch character {
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\r\n": result += "\\r\\n"
            case "\t": result += "\\t"
            default: result.append(character)
            }
        }
        return result
    }

    /// The table, or `.unusable` when no row was stored. O(columns); the value arrays move.
    mutating func finish() throws(DataError) -> DataTable {
        guard rowCount > 0 else {
            let message = skippedRows > 0 ? "has no data rows (all \(skippedRows) were skipped as bad)" : "has no data rows"
            throw .unusable(path: path, message: message)
        }
        var columns: [DataColumn] = []
        columns.reserveCapacity(names.count)
        for index in names.indices {
            let values: DataColumn.Values
            switch kinds[index] {
            case .number: values = .number(numbers[index])
            case .date: values = .date(numbers[index])
            case .text: values = .text(texts[index])
            case .undecided: values = .number(Array(repeating: .nan, count: rowCount))
            }
            numbers[index] = []
            texts[index] = []
            columns.append(DataColumn(name: names[index], values: values))
        }
        return DataTable(columns: columns)
    }
}
