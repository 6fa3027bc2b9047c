import ChartCore
import Foundation
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads comma-, semicolon-, tab- or `|`-separated text (RFC 4180) into a `DataTable`, typing each
/// column by all of its cells.
///
/// The rules, in the spirit of Python's `csv`, pandas and SQLite's `.import`:
/// - Fields may be quoted with `"`; `""` inside quotes is one quote; delimiters and line ends
///   (LF, CRLF or a lone CR) inside quotes belong to the field. Spaces before an opening quote
///   and after a closing quote are ignored; other text after a closing quote is kept literally.
/// - A UTF-8 byte order mark is dropped. Blank lines (nothing, or only spaces, and tabs unless
///   tab is the delimiter) are skipped anywhere, so trailing blank lines are fine; so is a last
///   line without a line end.
/// - Columns apart by runs of spaces (a header of no comma, semicolon, tab or `|` that spaces split
///   into as many fields as the next lines: `BlankSeparatedText`) are read so, as the notes say.
/// - The delimiter is `,`, `;`, tab or `|`: the one that splits the header into the most fields
///   while the next ten records split into as many (ties go to that order).
/// - The first record is the header, unless it is data: over the columns whose next records
///   hold numbers or dates, more of its cells are numbers or dates too than are text (a file
///   written without a header; its columns are "column 1", "column 2"…). Names are trimmed; an
///   empty name becomes "column N" (N counts from 1), and repeated names get " 2", " 3" … suffixes.
/// - Missing cells, in any column: empty, or one of `NA`, `N/A`, `n/a`, `NaN`, `nan`, `null`,
///   `NULL`, `None`, `nil` (Ruby and Lua exports), `-`, `#N/A`, `.` and pandas' `#NA`, `<NA>`, `-NaN`, `-nan`, `#N/A N/A`,
///   `1.#IND`, `-1.#IND`, `1.#QNAN`, `-1.#QNAN` (after trimming spaces). They are NaN in number
///   and date columns and nil in text columns, and never decide a column's type.
/// - A column is a number column if every non-missing cell is a decimal number (optional
///   sign, digits with an optional point, optional exponent; no "inf" or "nan" words, no
///   hexadecimal, no thousands separators); a date column if every one is a date (see
///   `DateParser`); else a text column (whose texts may still all read as numbers written
///   with separators or percent signs, or as dates with slashes: `ColumnTyping`). A column
///   typed from its first cells that meets a cell of another kind is read again as text, and
///   the table's notes say so. A column with no value at all is a number column of NaN.
/// - Unquoted cells are trimmed of spaces and tabs; quoted text is kept as written.
///
/// The input is UTF-8, UTF-16 after its byte order mark, or Windows-1252 when it is not UTF-8
/// (`TextEncoding`); bytes with NUL bytes and no UTF-16 byte order mark are "not a text file".
public enum CSVReader {
    /// Reads the CSV file at `path` into a table. With `skipBadRows` (what chartview does unless
    /// told `--strict`), rows with more fields than the header, or one, are set aside and
    /// rows short of trailing fields filled with missing cells (`CSVSetAside`, also said in the
    /// table's notes) instead of failing; a quote never closed sets aside its line (the lines after
    /// it are read again), and is the error without `skipBadRows`.
    /// Large plain files are parsed on every core, in blocks, without holding the file
    /// (`CSVBulkReader`); others are loaded whole and parsed serially. O(bytes) time.
    ///
    /// Throws `DataError.cannotOpen` ("no such file", "permission denied", "is a directory",
    /// "not a text file"), `.csv` for a malformed row and `.unusable` when there are no rows.
    /// Once `cancellation` is raised (from another thread), it stops within `recordsPerCheck`
    /// records or a block of the bulk path and throws `.cancelled`.
    public static func read(
        path: String, skipBadRows: Bool = false, limits: InputLimits = InputLimits(),
        cancellation: CancellationFlag? = nil
    ) throws(DataError) -> (table: DataTable, setAside: CSVSetAside) {
        let file = try InputFile(path: path, limits: limits)
        if let table = try readBulk(file, tuning: .init(), cancellation: cancellation) { return (table, CSVSetAside()) }
        if cancellation?.isCancelled == true { throw .cancelled(path: path) }
        // NUL bytes are never text: a device of zeros or random bytes stops at its first block.
        let bytes = try file.readAll(requireText: true)
        if cancellation?.isCancelled == true { throw .cancelled(path: path) }
        return try parse(bytes, path: path, skipBadRows: skipBadRows, cancellation: cancellation)
    }

    /// How many records the serial parse reads between two looks at its cancellation flag.
    public static let recordsPerCheck = 1 << 14

    /// The table of a large plain file through `CSVBulkReader` (on every core, in blocks), or
    /// nil to read it the serial way: not a regular file, small, or anything the fast path
    /// does not take. Reads with `pread`, so the ranges' threads share one descriptor.
    /// Throws `.outOfMemory` when its columns cannot be allocated, and `.tooLarge` (or
    /// `.cannotOpen`) when the file cannot be read within `limits`.
    public static func readBulk(
        path: String, tuning: CSVBulkReader.Tuning = .init(), limits: InputLimits = InputLimits(),
        cancellation: CancellationFlag? = nil
    ) throws(DataError) -> DataTable? {
        guard let file = try? InputFile(path: path, limits: limits) else { return nil }
        return try readBulk(file, tuning: tuning, cancellation: cancellation)
    }

    private static func readBulk(_ file: InputFile, tuning: CSVBulkReader.Tuning, cancellation: CancellationFlag?) throws(DataError) -> DataTable? {
        guard file.isRegular else { return nil }
        let fd = file.fd
        return try withExtendedLifetime(file) { () throws(DataError) -> DataTable? in
            try CSVBulkReader.read(size: file.size, path: file.path, tuning: tuning, cancellation: cancellation) { buffer, offset in
                while true {
                    let got = pread(fd, buffer.baseAddress, buffer.count, off_t(offset))
                    if got >= 0 || errno != EINTR { return got }
                }
            }
        }
    }

    /// Parses CSV `bytes` already in memory, like `read(path:skipBadRows:)`; `path` only
    /// names the source in errors. O(bytes) time; a few allocations per text cell and none
    /// per number cell.
    public static func parse(
        _ bytes: [UInt8], path: String, skipBadRows: Bool = false,
        cancellation: CancellationFlag? = nil
    ) throws(DataError) -> (table: DataTable, setAside: CSVSetAside) {
        // UTF-16 and Windows-1252 are read as the UTF-8 they stand for, and said.
        let (text, _, encodingNote) = TextEncoding.utf8(bytes)
        let result: Result<(table: DataTable, setAside: CSVSetAside), DataError> = text.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, buffer.count > 0 else {
                return .failure(.unusable(path: path, message: "has no data rows"))
            }
            return Result { () throws(DataError) in
                try parse(base, count: buffer.count, path: path, skipBadRows: skipBadRows, cancellation: cancellation)
            }
        }
        var parsed = try result.get()
        if let encodingNote { parsed.table.notes.insert(encodingNote, at: 0) }
        return parsed
    }

    // MARK: - Parsing

    /// What one parse of the bytes gives: the table, or a column to read again as text.
    private enum Outcome {
        case table(DataTable, setAside: CSVSetAside)
        /// A cell of this column does not fit the type its first cells gave it (text among
        /// numbers, an id that only looked like a date): the message says where.
        case retype(column: Int, DataError)
    }

    /// The parse proper, over `count` bytes at `base` (count > 0): parsed again with a column as
    /// text each time a cell shows it is not of the type its first cells gave it, so each column
    /// is typed by all of its cells (once per such column; most files have none). Each column
    /// read as text that way is said in the table's notes.
    private static func parse(
        _ base: UnsafePointer<UInt8>, count: Int, path: String, skipBadRows: Bool,
        cancellation: CancellationFlag?
    ) throws(DataError) -> (table: DataTable, setAside: CSVSetAside) {
        guard isUTF8Text(base, count: count) else { throw .cannotOpen(path: path, reason: "not a text file") }
        let start = headerStart(base, count: count).start
        if let layout = BlankSeparatedText.detect(base, count: count, start: start) {
            // Columns apart by runs of spaces: read as the CSV they stand for.
            let converted = BlankSeparatedText.commaSeparated(base, count: count, start: start, layout: layout)
            let result: Result<(table: DataTable, setAside: CSVSetAside), DataError> = converted.withUnsafeBufferPointer { buffer in
                guard let converted = buffer.baseAddress, buffer.count > 0 else { return .failure(.unusable(path: path, message: "has no data rows")) }
                return Result { () throws(DataError) in
                    try parse(converted, count: buffer.count, path: path, skipBadRows: skipBadRows, cancellation: cancellation)
                }
            }
            var (table, skipped) = try result.get()
            table.notes.insert("columns separated by spaces", at: 0)
            return (table, skipped)
        }
        var textColumns = Set<Int>()
        var notes: [String] = []
        while true {
            switch try parse(base, count: count, path: path, skipBadRows: skipBadRows, textColumns: textColumns, cancellation: cancellation) {
            case .table(var table, let setAside):
                table.notes += notes
                return (table, setAside)
            case .retype(let column, let error):
                precondition(!textColumns.contains(column), "A column read as text cannot conflict with its type.")
                textColumns.insert(column)
                if case .csv(_, let line, let name?, let message) = error {
                    notes.append("column '\(name)' read as text: line \(line) has \(message.replacingOccurrences(of: "' is not a", with: "', not a"))")
                }
            }
        }
    }

    /// One parse, with `textColumns` read as text whatever their cells hold.
    private static func parse(
        _ base: UnsafePointer<UInt8>, count: Int, path: String, skipBadRows: Bool, textColumns: Set<Int>,
        cancellation: CancellationFlag?
    ) throws(DataError) -> Outcome {
        // strtod reads the decimal point of the thread's locale: make it ".", whatever the app set.
        let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
        let previousLocale = cLocale.map { uselocale($0) }
        defer {
            if let previousLocale { uselocale(previousLocale) }
            if let cLocale { freelocale(cLocale) }
        }

        let (start, skippedLines, preambleLines) = headerStart(base, count: count)
        let delimiter = detectDelimiter(base, count: count, start: start)
        var scanner = CSVRecordScanner(base: base, count: count, delimiter: delimiter, position: start, line: 1 + skippedLines)
        switch scanner.next() {
        case .end: throw .unusable(path: path, message: "has no data rows")
        case .unclosedQuote(let line): throw .csv(path: path, line: line, column: nil, message: "a quoted field is never closed")
        case .record: break
        }
        // A first record of numbers over columns of numbers is data, not a header (a file
        // written without one): its columns are "column 1", "column 2"…
        let headerless = hasNoHeader(scanner, delimiter: delimiter)
        var names = headerless ? scanner.fields.indices.map { "column \($0 + 1)" } : headerNames(scanner)
        var shapeNote: String?
        if !headerless { (names, shapeNote) = fittedToRows(names, header: scanner) }
        // A second header row of units ("Temp" over "°C"): joined into the names, "Temp (°C)".
        if !headerless, let units = unitRow(after: scanner, columns: names.count) {
            names = zip(names, units).map { name, unit in unit.isEmpty ? name : "\(name) (\(unit))" }
            _ = scanner.next()
            shapeNote = shapeNote ?? "a second header row of units joined into the names"
        }
        var builder = CSVTableBuilder(
            names: names, path: path, skipBadRows: skipBadRows, decimalComma: delimiter == CSVByte.semicolon,
            orDecimalComma: CSVByte.mayHoldDecimalCommas(delimiter), textColumns: textColumns)
        if headerless { try builder.add(scanner) }
        var notes: [String] = []
        if preambleLines > 0 { notes.append("\(preambleLines) line\(preambleLines == 1 ? "" : "s") before the header skipped") }
        if headerless { notes.append("the first row is data, not a header") }
        if let shapeNote { notes.append(shapeNote) }
        // Notes after the table: from a row that does not fit to the end, no row fits; they
        // are left out and said (not set aside: they are not rows). Such a row follows a blank
        // line, is of one field, or starts with "Total…" (with `skipBadRows`: or with any text
        // that is no number or date, "All transactions listed below…"). When a later
        // row fits, the misfits were rows: set aside (or, for a cell that does not fit its
        // column, that column read as text), or without `skipBadRows` the first is the error.
        var pending = CSVSetAside()
        var pendingFirst: (error: DataError, column: Int?)?
        // Another table after this one: the line its header is on, and how many tables follow.
        var laterTables: (line: Int, count: Int)?
        var untilCheck = recordsPerCheck
        while true {
            untilCheck -= 1
            if untilCheck == 0 {
                untilCheck = recordsPerCheck
                if cancellation?.isCancelled == true { throw .cancelled(path: path) }
            }
            switch scanner.next() {
            case .end:
                if let later = laterTables { builder.noteLaterTables(line: later.line, count: later.count) }
                var table = try builder.finish()
                if pending.count > 0 {
                    let lines = pending.listedLines
                    let more = pending.count > lines.count ? ", …" : ""
                    let numbers = lines.map(String.init).joined(separator: ", ")
                    let listed = lines.isEmpty ? "" : " (line\(lines.count == 1 ? "" : "s") \(numbers)\(more))"
                    notes.append("\(pending.count) line\(pending.count == 1 ? "" : "s") of notes after the table left out\(listed)")
                }
                if let summary = builder.setAside.summary { notes.append(summary) }
                table.notes = notes + table.notes
                return .table(table, setAside: builder.setAside)
            case .unclosedQuote(let line):
                // A stray quote at a field's start would swallow the rest of the file: its line is
                // set aside (or is one more line of notes) and the lines after it are read again.
                guard skipBadRows else {
                    throw pendingFirst?.error ?? .csv(path: path, line: line, column: nil, message: "a quoted field is never closed")
                }
                if pending.count > 0 {
                    pending.add(line: scanner.recordLine, reason: "a quote never closed")
                } else {
                    builder.setRowAside(line: scanner.recordLine, reason: "a quote never closed")
                }
                scanner.skipRecordLine()
            case .record:
                // Past the first table: the headers of the next ones are counted, nothing read.
                if laterTables != nil {
                    if Self.startsATable(scanner, base: base) { laterTables!.count += 1 }
                    continue
                }
                // A header of text after a blank line, that does not fit as a row: a second table.
                if skipBadRows && builder.rowCount > 0 && pending.count == 0 && Self.startsATable(scanner, base: base) {
                    var trial = builder
                    // Or that fits only as a short row, over a row as wide as itself, not as the table.
                    let width = scanner.fields.count
                    let newShape = width < names.count && scanner.nextRecordFieldCount() == width
                    if newShape || (try? trial.add(scanner)) == nil {
                        laterTables = (scanner.recordLine, 1)
                        continue
                    }
                }
                // A short line that starts as notes do ("Source: …, 2024"), or after a blank
                // line, under rows: notes, not a row to fill, unless a row follows.
                if skipBadRows && builder.rowCount > 0 && scanner.fields.count < names.count
                    && (pending.count > 0 || Self.mayStartNotes(scanner, base: base, columns: names.count))
                {
                    let fields = scanner.fields.count
                    if pendingFirst == nil {
                        let message = "has \(fields == 1 ? "1 field" : "\(fields) fields"), but the header has \(names.count)"
                        pendingFirst = (.csv(path: path, line: scanner.recordLine, column: nil, message: message), nil)
                    }
                    pending.add(line: scanner.recordLine, reason: "\(fields == 1 ? "1 field" : "\(fields) fields"), not \(names.count)")
                    continue
                }
                // "Total,1250": a row of the table that sums others, kept out of the chart's sums.
                if skipBadRows && Self.isTotalsRow(scanner) {
                    if pending.count > 0 {
                        pending.add(line: scanner.recordLine, reason: "a totals row")
                    } else {
                        builder.setRowAside(line: scanner.recordLine, reason: "a totals row")
                    }
                    continue
                }
                do throws(DataError) {
                    try builder.add(scanner)
                } catch {
                    let column = builder.conflictingColumn
                    let reason = builder.misfitReason ?? error.description
                    let unshaped = skipBadRows && scanner.fields.count != names.count && Self.startsWithText(scanner)
                    let notesMayStart = builder.rowCount > 0 && (unshaped || Self.mayStartNotes(scanner, base: base, columns: names.count))
                    if pending.count > 0 || notesMayStart {
                        if pendingFirst == nil { pendingFirst = (error, column) }
                        pending.add(line: scanner.recordLine, reason: reason)
                        continue
                    }
                    if let column { return .retype(column: column, error) }
                    guard skipBadRows else { throw error }
                    builder.setRowAside(line: scanner.recordLine, reason: reason)
                    continue
                }
                // A row fits after the misfits: they were rows of the table, not notes.
                if let first = pendingFirst {
                    if let column = first.column { return .retype(column: column, first.error) }
                    guard skipBadRows else { throw first.error }
                    builder.setRowsAside(pending)
                    pending = CSVSetAside()
                    pendingFirst = nil
                }
            }
        }
    }

    /// Whether a blank line (nothing, or spaces and tabs) comes before the scanner's record.
    /// O(the blanks before it).
    static func followsBlankLine(_ scanner: CSVRecordScanner, base: UnsafePointer<UInt8>) -> Bool {
        var i = scanner.recordStart - 1
        var lineEnds = 0
        while i >= 0 && (base[i] == CSVByte.lf || base[i] == CSVByte.cr || CSVByte.isBlank(base[i])) {
            if base[i] == CSVByte.lf { lineEnds += 1 }
            i -= 1
        }
        return lineEnds >= 2
    }

    /// Whether the scanner's record may be another table's header: it follows a blank line, has
    /// two fields or more, and every one is text (no number, date or missing word).
    static func startsATable(_ scanner: CSVRecordScanner, base: UnsafePointer<UInt8>) -> Bool {
        guard scanner.fields.count >= 2, followsBlankLine(scanner, base: base) else { return false }
        return scanner.fields.allSatisfy { field in
            let cell = scanner.trimmedBytes(of: field)
            return !cell.isEmpty && !CSVCell.isMissing(cell) && CSVCell.number(cell) == nil && DateParser.isoSeconds(cell) == nil
        }
    }

    /// Whether the scanner's record's first cell is text: present, and no number or date.
    static func startsWithText(_ scanner: CSVRecordScanner) -> Bool {
        guard let first = scanner.fields.first else { return false }
        let cell = scanner.trimmedBytes(of: first)
        return !cell.isEmpty && !CSVCell.isMissing(cell) && CSVCell.number(cell) == nil && DateParser.isoSeconds(cell) == nil
    }

    /// Whether the scanner's record may begin notes after the table of `columns` columns: it
    /// follows a blank line, it is a single field ("Source: World Bank"), its first cell starts
    /// as notes do ("Source:", "Note:", "*", "©"), or is a word such as "Total", "Sum", "Average".
    /// Its first cell is never a number or a date: a row cut short by a crash is an error.
    static func mayStartNotes(_ scanner: CSVRecordScanner, base: UnsafePointer<UInt8>, columns: Int) -> Bool {
        guard let firstField = scanner.fields.first else { return false }
        let firstCell = scanner.trimmedBytes(of: firstField)
        if CSVCell.number(firstCell) != nil || DateParser.isoSeconds(firstCell) != nil { return false }
        if scanner.fields.count == 1 && columns >= 2 { return true }
        if followsBlankLine(scanner, base: base) { return true }
        guard let first = scanner.fields.first else { return false }
        let word = String(decoding: scanner.trimmedBytes(of: first), as: UTF8.self).lowercased()
        // "Source: …", "Note: …", "* provisional", "© 2024 …": what exports write under a table.
        let noteWords = ["source:", "sources:", "note:", "notes:", "footnote", "*", "©", "copyright", "disclaimer"]
        if noteWords.contains(where: { word.hasPrefix($0) }) { return true }
        return word.hasPrefix("total") || ["sum", "average", "mean", "grand total"].contains(word)
    }

    /// Whether the scanner's record is a totals row: its first cell that is not empty is
    /// "Total", "Totals", "Grand total", "Subtotal" (any case, a colon after it allowed), and a
    /// later cell holds a number. O(size of the record).
    static func isTotalsRow(_ scanner: CSVRecordScanner) -> Bool {
        guard scanner.fields.count >= 2,
            let label = scanner.fields.firstIndex(where: { !scanner.trimmedBytes(of: $0).isEmpty }), label + 1 < scanner.fields.count
        else { return false }
        guard isTotalsWord(scanner.trimmedBytes(of: scanner.fields[label])) else { return false }
        return scanner.fields[(label + 1)...].contains { CSVCell.number(scanner.trimmedBytes(of: $0)) != nil }
    }

    /// The labels of a totals row, lowercase.
    private static let totalsWords: [[UInt8]] = ["total", "totals", "grand total", "subtotal", "sub-total", "sub total"].map {
        Array($0.utf8)
    }

    /// Whether `cell` (trimmed) is a totals row's label: "Total", "TOTALS:", "Grand total"…
    /// Compared byte by byte (ASCII letters in any case), without making a string. O(length).
    static func isTotalsWord(_ cell: UnsafeBufferPointer<UInt8>) -> Bool {
        var count = cell.count
        if count > 0 && cell[count - 1] == UInt8(ascii: ":") { count -= 1 }
        guard count >= 5 && count <= 11 else { return false }
        return totalsWords.contains { word in
            word.count == count && (0..<count).allSatisfy { i in cell[i] | (cell[i] >= 0x41 && cell[i] <= 0x5A ? 0x20 : 0) == word[i] }
        }
    }

    /// Where the header can start: after a UTF-8 byte order mark, after comment lines
    /// ("# Data source: …", as gnuplot and many exports write them) and after a preamble (see
    /// `preambleEnd`), with the number of lines skipped. O(bytes of the first 60 records).
    /// `preambleLines` counts the lines of the preamble alone.
    static func headerStart(_ base: UnsafePointer<UInt8>, count: Int) -> (start: Int, skippedLines: Int, preambleLines: Int) {
        var start = count >= 3 && base[0] == 0xEF && base[1] == 0xBB && base[2] == 0xBF ? 3 : 0
        var skippedLines = 0
        while start < count && base[start] == UInt8(ascii: "#") {
            while start < count && base[start] != 0x0A { start += 1 }
            if start < count { start += 1 }
            skippedLines += 1
        }
        let header = preambleEnd(base, count: count, start: start)
        var preambleLines = 0
        if header > start {
            for i in start..<header where base[i] == CSVByte.lf { preambleLines += 1 }
            skippedLines += preambleLines
            start = header
        }
        return (start, skippedLines, preambleLines)
    }

    /// Where the table starts in an export that writes facts about the data before it (a
    /// station's name and position, a tool's settings: "Latitude (decimal degrees): 45.000",
    /// "Elev (m):,1819.6,,,,"): for the delimiter whose table has the most columns (the most
    /// common count of two or more in the first 60 records), the first record with the table's
    /// count after records of at most half as many, or after it the first that is not mostly
    /// empty cells (a title or group row above the header). `start` when there is no preamble.
    /// O(bytes of the first 60 records per delimiter).
    static func preambleEnd(_ base: UnsafePointer<UInt8>, count: Int, start: Int) -> Int {
        var best: (fields: Int, record: Int)? = nil
        var bestStarts: [Int] = []
        var wholeFileTable = false
        for delimiter in CSVByte.delimiters {
            var scanner = CSVRecordScanner(base: base, count: count, delimiter: delimiter, position: start)
            var counts: [Int] = [], empties: [Int] = [], numbers: [Int] = [], starts: [Int] = []
            while counts.count < 60 {
                guard case .record = scanner.next() else { break }
                starts.append(scanner.recordStart)
                counts.append(scanner.fields.count)
                empties.append(scanner.fields.reduce(0) { $0 + (scanner.trimmedBytes(of: $1).isEmpty ? 1 : 0) })
                numbers.append(scanner.fields.reduce(0) { $0 + (CSVCell.number(scanner.trimmedBytes(of: $1)) != nil ? 1 : 0) })
            }
            guard counts.count >= 4 else { continue }
            // The table: the most common count of two fields or more (the most fields among equals).
            var frequency: [Int: Int] = [:]
            for c in counts where c >= 2 { frequency[c, default: 0] += 1 }
            guard let fields = frequency.max(by: { $0.value < $1.value || ($0.value == $1.value && $0.key < $1.key) })?.key,
                fields >= 2
            else { continue }
            // The first record of that count, after records of at most half as many fields
            // (facts, titles); nearly all (90%) records of two fields or more from there on
            // have the count (notes of one field after the table do not count).
            // Or after a few lines of any count above a row that reads as a header (text in every
            // cell, over numbers): "Created as New Dataset,Sample 022 …, February 11 2017" above
            // "cm-1,%T" and rows of numbers.
            guard var record = counts.firstIndex(of: fields),
                counts[..<record].allSatisfy({ $0 * 2 <= fields })
                    || (record <= 10 && record + 1 < counts.count && empties[record] == 0 && numbers[record] == 0
                        && counts[record + 1] == fields && numbers[record + 1] > 0)
            else { continue }
            let rest = counts[record...].filter { $0 >= 2 }
            guard rest.filter({ $0 == fields }).count * 10 >= rest.count * 9 else { continue }
            // A title of the table's count (its own commas: "…, February 11 2017"), a blank
            // line, then the header: a row of text apart from the rows of text under it.
            while record + 2 < counts.count, numbers[record] == 0, numbers[record + 1] == 0, empties[record + 1] == 0,
                counts[record + 1] == fields, numbers[record + 2] > 0,
                Self.lineEnds(base, from: starts[record], to: starts[record + 1]) >= 2
            { record += 1 }
            // Title, note and group rows: mostly empty cells, above a fuller row of as many.
            while record + 1 < counts.count, empties[record] * 2 > fields,
                (record + 1..<counts.count).contains(where: { counts[$0] == fields && empties[$0] * 2 <= fields })
            { record += 1 }
            // The most columns; among equals, the table that starts first (a semicolon file with
            // decimal commas splits on commas as often, after a "preamble" that is its header).
            if record == 0 && counts.filter({ $0 == fields }).count * 10 >= counts.count * 9 { wholeFileTable = true }
            if best == nil || fields > best!.fields || (fields == best!.fields && record < best!.record) {
                best = (fields, record)
                bestStarts = starts
            }
        }
        // A delimiter that reads every line as one table from the first (a semicolon file
        // whose decimal commas split its rows into more fields than its header) leaves no preamble.
        guard let best, best.record > 0, !wholeFileTable else { return start }
        return bestStarts[best.record]
    }

    /// The line ends (LF, CRLF or CR) in bytes `from..<to`. O(to − from).
    static func lineEnds(_ base: UnsafePointer<UInt8>, from: Int, to: Int) -> Int {
        var ends = 0
        for i in from..<to where base[i] == CSVByte.lf || (base[i] == CSVByte.cr && !(i + 1 < to && base[i + 1] == CSVByte.lf)) {
            ends += 1
        }
        return ends
    }

    /// Whether the scanner's current (first) record is data rather than a header, as Python's
    /// `csv.Sniffer.has_header` judges it: over the columns whose next ten records hold numbers
    /// (or ISO dates), more first cells are numbers (or dates) too than are text; whole numbers
    /// that rise along the record are names (the years of a wide table). O(size of the first
    /// eleven records).
    static func hasNoHeader(_ first: CSVRecordScanner, delimiter: UInt8) -> Bool {
        let n = first.fields.count
        /// 1 for a number, 2 for an ISO date, 0 for text.
        func type(_ cell: UnsafeBufferPointer<UInt8>) -> Int {
            CSVCell.number(cell) != nil ? 1 : DateParser.isoSeconds(cell) != nil ? 2 : 0
        }
        // The first record's cells' types (nil when missing).
        let firstType: [Int?] = first.fields.map { field in
            let cell = first.trimmedBytes(of: field)
            return CSVCell.isMissing(cell) ? nil : type(cell)
        }
        var sample = CSVRecordScanner(base: first.base, count: first.count, delimiter: delimiter, position: first.position)
        var dataType = [Int?](repeating: nil, count: n)
        var records = 0
        while records < 10, case .record = sample.next() {
            records += 1
            guard sample.fields.count == n else { continue }
            for (index, field) in sample.fields.enumerated() where dataType[index] == nil {
                let cell = sample.trimmedBytes(of: field)
                if !CSVCell.isMissing(cell) { dataType[index] = type(cell) }
            }
        }
        guard records > 0 else { return false }
        // Years rising along a row that also holds text are names (a wide table: country, 2019,
        // 2020…).
        let headerNumbers = first.fields.compactMap { CSVCell.number(first.trimmedBytes(of: $0)) }
        if headerNumbers.count >= 2, firstType.contains(0), headerNumbers.allSatisfy({ $0 == $0.rounded() && $0 >= 1700 && $0 <= 2100 }),
            zip(headerNumbers, headerNumbers.dropFirst()).allSatisfy({ $0 < $1 })
        {
            return false
        }
        // Over the columns of numbers or dates, a vote for data per first cell of the same type,
        // for a header per first cell of text (a date over numbers is a header: "2021-01").
        var valueVotes = 0, textVotes = 0
        for index in 0..<n {
            guard let data = dataType[index], data != 0, let head = firstType[index] else { continue }
            if head == data { valueVotes += 1 } else { textVotes += 1 }
        }
        return valueVotes > textVotes
    }

    /// The header's names: trimmed, "column N" when empty, " 2", " 3" … added to repeats.
    /// O(fields) expected (each repeated name resumes its suffix where it stopped).
    /// The units of a second header row: the record after the header when it has the header's
    /// count of fields, short text (40 characters at most) in some cells and no number, date or
    /// missing word in any, and the record after it holds a number in a column where it has
    /// text ("Temp,Rain" over "°C,mm" over "12.5,0.4"); nil otherwise (over columns of text
    /// alone a row of units cannot be told from data). O(size of the next two records).
    static func unitRow(after header: CSVRecordScanner, columns: Int) -> [String]? {
        var peek = header
        // Right under the header: after a blank line, a row of text is another table's header.
        guard case .record = peek.next(), peek.fields.count == columns, peek.recordLine == header.line else { return nil }
        var units: [String] = []
        var textColumns: [Int] = []
        for (index, field) in peek.fields.enumerated() {
            let cell = peek.trimmedBytes(of: field)
            if cell.isEmpty {
                units.append("")
                continue
            }
            let text = String(decoding: cell, as: UTF8.self)
            // Numbers as people write them ("0,5", "12%", "$5") are data, not units.
            guard !CSVCell.isMissing(cell), CSVCell.number(cell) == nil, DateParser.isoSeconds(cell) == nil, cell.count <= 40,
                ColumnTyping.number(fromText: text, decimalComma: true) == nil, ColumnTyping.number(fromText: text, decimalComma: false) == nil
            else { return nil }
            units.append(text)
            textColumns.append(index)
        }
        guard !textColumns.isEmpty, case .record = peek.next(), peek.fields.count == columns else { return nil }
        let numbersBelow = textColumns.filter { CSVCell.number(peek.trimmedBytes(of: peek.fields[$0])) != nil }.count
        return numbersBelow > 0 ? units : nil
    }

    /// The header's names fitted to the rows under it, from the next ten records: a header
    /// with empty trailing fields that no row has loses them (a separator at the end of the
    /// header alone); a header one field short of every row names the rows' first field "row"
    /// (R's `write.table`, which writes the rows' names without a name over them). With a note
    /// for the second. O(size of the first eleven records).
    static func fittedToRows(_ names: [String], header: CSVRecordScanner) -> ([String], String?) {
        var peek = header
        var counts: [Int] = []
        var lastEmpty = true
        while counts.count < 10, case .record = peek.next() {
            counts.append(peek.fields.count)
            if let last = peek.fields.last, !peek.trimmedBytes(of: last).isEmpty { lastEmpty = false }
        }
        guard let first = counts.first, counts.count >= 2, counts.allSatisfy({ $0 == first }) else { return (names, nil) }
        let emptyTrailing = header.fields.reversed().prefix { !$0.quoted && header.trimmedBytes(of: $0).isEmpty }.count
        if emptyTrailing > 0 && first == names.count - emptyTrailing && first >= 1 {
            return (Array(names.prefix(first)), nil)
        }
        if first == names.count + 1 && !lastEmpty && emptyTrailing == 0 && !names.contains("row") {
            return (["row"] + names, "the first column has no name: the rows' names (as R writes them), called 'row'")
        }
        return (names, nil)
    }

    private static func headerNames(_ scanner: CSVRecordScanner) -> [String] {
        let raw = scanner.fields.indices.map { index -> String in
            let cell = scanner.trimmedBytes(of: scanner.fields[index])
            return cell.count == 0 ? "column \(index + 1)" : String(decoding: cell, as: UTF8.self)
        }
        var taken = Set<String>()
        let all = Set(raw)
        // The next suffix to try per repeated name, so that 20,000 repeats take 20,000 steps.
        var nextSuffix: [String: Int] = [:]
        return raw.map { name in
            var unique = name
            if taken.contains(name) {
                var suffix = nextSuffix[name] ?? 2
                while taken.contains("\(name) \(suffix)") || all.contains("\(name) \(suffix)") { suffix += 1 }
                unique = "\(name) \(suffix)"
                nextSuffix[name] = suffix + 1
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
        for candidate in CSVByte.delimiters {
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
            let length = utf8Sequence(p, count: n, at: i)
            guard length > 0 else { return false }
            i += length
        }
        return true
    }

    /// The length of the valid UTF-8 character of two to four bytes at `i` of the `n` bytes at
    /// `p` (no overlong forms, surrogates or code points past U+10FFFF), 0 when there is none.
    @inline(__always)
    static func utf8Sequence(_ p: UnsafePointer<UInt8>, count n: Int, at i: Int) -> Int {
        func continuation(_ k: Int, _ low: UInt8 = 0x80, _ high: UInt8 = 0xBF) -> Bool {
            i + k < n && p[i + k] >= low && p[i + k] <= high
        }
        switch p[i] {
        case 0xC2...0xDF: return continuation(1) ? 2 : 0
        case 0xE0...0xEF:
            let low: UInt8 = p[i] == 0xE0 ? 0xA0 : 0x80, high: UInt8 = p[i] == 0xED ? 0x9F : 0xBF
            return continuation(1, low, high) && continuation(2) ? 3 : 0
        case 0xF0...0xF4:
            let low: UInt8 = p[i] == 0xF0 ? 0x90 : 0x80, high: UInt8 = p[i] == 0xF4 ? 0x8F : 0xBF
            return continuation(1, low, high) && continuation(2) && continuation(3) ? 4 : 0
        default: return 0
        }
    }
}
