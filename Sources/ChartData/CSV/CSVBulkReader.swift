import ChartCore
import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fast path of `CSVReader.read` for large plain files, as the fastest plotting tools read
/// them: the rows after a sample are split into one byte range per core. A first pass counts
/// each range's lines (a word-at-a-time count of line feeds, about memory speed), which gives
/// every range its place in the table's columns; the second parses each range straight into
/// its place, so every number is written once, into the array the table keeps. Both passes
/// read in blocks (the file is never held whole).
///
/// It takes only what needs no look-behind: no quote anywhere, every column's type decided in
/// the sample (the first `Tuning.sampleBytes`, at least `minimumSampleRows` rows), dates in ISO form. At
/// anything else (a quote, a row that does not fit its columns, a non-ISO date, bytes that are
/// not UTF-8 text, a read error, a file that changed size) it gives up and returns nil, and
/// `CSVReader` parses the file the serial way, which gives the same table or the precise error.
/// When it does not give up, its table equals the serial parse's (a differential test and the
/// CSV fuzz target check this). Hand-written: Foundation has no CSV reader.
///
/// Memory: the block buffers (one per range) plus the columns: 8 bytes per number or date
/// cell, written once. Time: O(bytes / cores), the file read twice (from the page cache).
public enum CSVBulkReader {
    /// The rows the sample must hold: the serial parse finds where the table starts (after a
    /// preamble) from the first 60 records, so a sample with fewer could place the header
    /// elsewhere than the serial parse does (a fuzzed input did, with a sample of 64 bytes).
    static let minimumSampleRows = 60

    /// Reads into `buffer` from byte `offset` of the input: the byte count (0 at the end), or
    /// -1 after an error. Called from several threads at once.
    public typealias Source = @Sendable (_ buffer: UnsafeMutableRawBufferPointer, _ offset: Int) -> Int

    /// Sizes, in bytes, and the number of ranges; small values let tests exercise every seam.
    public struct Tuning: Sendable {
        /// The prefix parsed serially to decide the delimiter and the column types.
        public var sampleBytes = 1 << 18
        /// One read per range and step.
        public var blockBytes = 1 << 20
        /// Ranges are at least this long, so small files use fewer threads.
        public var minimumRangeBytes = 1 << 20
        /// The most ranges (threads).
        public var ranges = ProcessInfo.processInfo.activeProcessorCount

        /// The default tuning: 256 KiB sample, 1 MiB blocks and ranges, one range per active core.
        public init() {}

        /// A tuning of its own (the tests force many small ranges); every size in bytes and the range count are positive.
        public init(sampleBytes: Int, blockBytes: Int, minimumRangeBytes: Int, ranges: Int) {
            precondition(
                sampleBytes > 0 && blockBytes > 0 && minimumRangeBytes > 0 && ranges > 0,
                "CSV bulk tuning sizes and the range count are positive.")
            self.sampleBytes = sampleBytes
            self.blockBytes = blockBytes
            self.minimumRangeBytes = minimumRangeBytes
            self.ranges = ranges
        }
    }

    /// The table of the `size`-byte input that `source` reads, or nil when the fast path does not
    /// apply (see the type's documentation). `path` only names the input in the sample's errors,
    /// which are never shown (the serial parse reports them). Throws `.outOfMemory` when the
    /// columns cannot be allocated (rather than ending the process). Once `cancellation` is
    /// raised (from another thread) every range stops at its next block and the result is nil.
    public static func read(
        size: Int, path: String, tuning: Tuning = Tuning(), cancellation: CancellationFlag? = nil,
        source: Source
    ) throws(DataError) -> DataTable? {
        guard size > tuning.sampleBytes, tuning.ranges >= 1 else { return nil }
        // The sample: whole lines from the start of the input.
        var sample = [UInt8](repeating: 0, count: tuning.sampleBytes)
        let got = sample.withUnsafeMutableBytes { readFully(source, into: $0, at: 0) }
        guard got == sample.count, let lastLF = sample.lastIndex(of: CSVByte.lf) else { return nil }
        sample.removeSubrange((lastLF + 1)...)
        guard !sample.contains(CSVByte.quote),
            sample.withUnsafeBufferPointer({ buffer in
                BlankSeparatedText.detect(
                    buffer.baseAddress!, count: buffer.count, start: CSVReader.headerStart(buffer.baseAddress!, count: buffer.count).start) == nil
            }),
            // A sample with a row that does not fit throws (the strict parse): the serial parse names it.
            let sampleTable = try? CSVReader.parse(sample, path: path).table, sampleTable.rowCount >= minimumSampleRows
        else { return nil }
        let delimiter = sample.withUnsafeBufferPointer { buffer in
            CSVReader.detectDelimiter(
                buffer.baseAddress!, count: buffer.count,
                start: CSVReader.headerStart(buffer.baseAddress!, count: buffer.count).start)
        }
        // Each column's type, as the sample decided it; a column without a value is undecided.
        var kinds: [Kind] = []
        for column in sampleTable.columns {
            switch column.values {
            case .number(let values) where values.contains { !$0.isNaN }: kinds.append(.number)
            case .date(let values) where values.contains { !$0.isNaN }: kinds.append(.date)
            case .text(let values) where values.contains { $0 != nil }: kinds.append(.text)
            default: return nil
            }
        }

        // The ranges: range k owns the lines that start in [bounds[k], bounds[k + 1]).
        let dataStart = sample.count
        let length = size - dataStart
        let count = max(1, min(tuning.ranges, length / max(1, tuning.minimumRangeBytes)))
        let bounds = (0...count).map { dataStart + length / count * $0 + ($0 == count ? length % count : 0) }
        let layout = RowLayout(kinds: kinds, delimiter: delimiter, size: size, dataStart: dataStart, blockBytes: tuning.blockBytes)

        // Pass 1: the lines that start in each range, the most rows it can store.
        let lines = RangeSlots<Int>(count: count, initial: -1)
        DispatchQueue.concurrentPerform(iterations: count) { k in
            guard cancellation?.isCancelled != true else { return }
            lines[k] = layout.countLineStarts(from: bounds[k], to: bounds[k + 1], source: source, cancellation: cancellation)
        }
        guard cancellation?.isCancelled != true, (0..<count).allSatisfy({ lines[$0] >= 0 }) else { return nil }
        // Range k's first row: the sample's rows and the lines of the ranges before it.
        let firstRows = (0..<count).reduce(into: [sampleTable.rowCount]) { starts, k in starts.append(starts[k] + lines[k]) }
        let capacity = firstRows[count]
        let columnKinds = kinds

        // The columns, allocated once at their largest (pages are only touched as rows are
        // written); a malloc of the same size first, so that memory running out is an error
        // rather than the end of the process.
        let numberColumns = kinds.indices.filter { kinds[$0] != .text }
        let (bytes, overflow) = max(1, capacity).multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
        guard !overflow,
            numberColumns.isEmpty
                || { () -> Bool in
                    guard let probe = malloc(bytes) else { return false }
                    free(probe)
                    return true
                }()
        else { throw .outOfMemory(path: path) }

        // Pass 2: each range parses into its place.
        let outputs = RangeSlots<RangeOutput?>(count: count, initial: nil)
        let failed = Atomic<Bool>(false)
        var rows = 0
        let arrays = Self.columnArrays(numberColumns.count, capacity: capacity) { pointers -> Int in
            var columns = [UnsafeMutablePointer<Double>?](repeating: nil, count: kinds.count)
            for (slot, index) in numberColumns.enumerated() {
                columns[index] = pointers[slot]
                if let head = sampleTable.columns[index].numbers {
                    head.withUnsafeBufferPointer { pointers[slot].initialize(from: $0.baseAddress!, count: $0.count) }
                }
            }
            let places = ColumnPlaces(columns)
            DispatchQueue.concurrentPerform(iterations: count) { k in
                let output = RangeOutput(kinds: columnKinds, columns: places, firstRow: firstRows[k], capacity: lines[k])
                let parsed = layout.parse(from: bounds[k], to: bounds[k + 1], into: output, source: source, failed: failed, cancellation: cancellation)
                if !parsed { failed.store(true, ordering: .relaxed) }
                outputs[k] = output
            }
            guard !failed.load(ordering: .relaxed), cancellation?.isCancelled != true else { return 0 }
            // A range that stored fewer rows than its lines (blank lines) leaves a gap: close it.
            rows = sampleTable.rowCount
            for k in 0..<count {
                let stored = outputs[k]!.rows
                if rows != firstRows[k] {
                    for pointer in pointers { (pointer + rows).moveInitialize(from: pointer + firstRows[k], count: stored) }
                }
                rows += stored
            }
            return rows
        }
        guard !failed.load(ordering: .relaxed), cancellation?.isCancelled != true else { return nil }
        var columns: [DataColumn] = []
        var typingNotes: [String] = []
        var numbers = arrays.makeIterator()
        // Each column of text over all its rows.
        var texts: [Int: [String?]] = [:]
        for (index, column) in sampleTable.columns.enumerated() where kinds[index] == .text {
            guard case .text(var values) = column.values else { preconditionFailure("The sample typed this column as text.") }
            values.reserveCapacity(rows)
            for k in 0..<count { values += outputs[k]!.texts[index] }
            // A totals row ("Total,1250") is the serial parse's to keep out of the chart.
            if values.contains(where: { $0.map { t in t.utf8.count <= 12 && Self.isTotalsText(t) } ?? false }) { return nil }
            texts[index] = values
        }
        // As the serial parse types columns of text: the file's decimal convention from all of them.
        let orDecimalComma = CSVByte.mayHoldDecimalCommas(delimiter)
        let decimalComma = ColumnTyping.decimalCommas(
            in: texts.keys.sorted().map { texts[$0]! }, decimalComma: delimiter == CSVByte.semicolon, orDecimalComma: orDecimalComma)
        for (index, column) in sampleTable.columns.enumerated() {
            switch kinds[index] {
            case .number: columns.append(DataColumn(name: column.name, values: .number(numbers.next()!)))
            case .date: columns.append(DataColumn(name: column.name, values: .date(numbers.next()!)))
            case .text:
                let typed = ColumnTyping.typedTextColumn(texts[index]!, name: column.name, decimalComma: decimalComma, orDecimalComma: orDecimalComma)
                columns.append(typed.column)
                if let note = typed.note { typingNotes.append(note) }
            }
        }
        // The order assumed for dates with slashes is the whole column's, not the sample's.
        return DataTable(columns: columns, notes: sampleTable.notes.filter { !$0.contains("': dates read ") } + typingNotes)
    }

    /// Whether `text` is a totals row's label (`CSVReader.isTotalsWord`).
    private static func isTotalsText(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var start = 0, end = bytes.count
            while start < end && CSVByte.isBlank(bytes[start]) { start += 1 }
            while end > start && CSVByte.isBlank(bytes[end - 1]) { end -= 1 }
            return CSVReader.isTotalsWord(UnsafeBufferPointer(rebasing: bytes[start..<end]))
        }
    }

    /// `n` arrays of doubles with room for `capacity` each, filled by `body`: it gets their
    /// (uninitialized) storage and returns how many leading elements it initialized in every
    /// one, at most `capacity` (0 after a failure). Nests one `Array(unsafeUninitializedCapacity:)`
    /// per array, so the table keeps the very storage the parse wrote. O(n) besides `body`.
    static func columnArrays(_ n: Int, capacity: Int, _ body: ([UnsafeMutablePointer<Double>]) -> Int) -> [[Double]] {
        var arrays: [[Double]] = []
        func level(_ pointers: [UnsafeMutablePointer<Double>]) -> Int {
            if pointers.count == n { return body(pointers) }
            var rows = 0
            let array = [Double](unsafeUninitializedCapacity: max(1, capacity)) { buffer, initialized in
                rows = level(pointers + [buffer.baseAddress!])
                initialized = rows
            }
            arrays.append(array)
            return rows
        }
        _ = level([])
        return arrays.reversed()
    }

    /// The table of CSV `bytes` in memory, like `read(size:path:tuning:source:)`. O(bytes / cores).
    public static func parse(_ bytes: [UInt8], path: String, tuning: Tuning = Tuning()) throws(DataError) -> DataTable? {
        let shared = SharedBytes(bytes)
        return try read(size: bytes.count, path: path, tuning: tuning) { buffer, offset in
            shared.copy(into: buffer, from: offset)
        }
    }

    /// Bytes that several ranges' threads copy from.
    private final class SharedBytes: Sendable {
        let bytes: [UInt8]
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        func copy(into buffer: UnsafeMutableRawBufferPointer, from offset: Int) -> Int {
            let count = max(0, min(buffer.count, bytes.count - offset))
            guard count > 0 else { return 0 }
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            return count
        }
    }

    /// Reads until `buffer` is full or the input ends: the byte count, -1 after an error.
    static func readFully(_ source: Source, into buffer: UnsafeMutableRawBufferPointer, at offset: Int) -> Int {
        var total = 0
        while total < buffer.count {
            let got = source(UnsafeMutableRawBufferPointer(rebasing: buffer[total...]), offset + total)
            if got < 0 { return -1 }
            if got == 0 { break }
            total += got
        }
        return total
    }

    enum Kind {
        case number, date, text
    }

    /// The column storage every range writes into: per column, the table's array of a number
    /// or date column (nil for text). Ranges write disjoint rows of it, from their own threads.
    final class ColumnPlaces: @unchecked Sendable {
        let columns: [UnsafeMutablePointer<Double>?]
        init(_ columns: [UnsafeMutablePointer<Double>?]) { self.columns = columns }
    }

    /// Where one range's values go: rows `firstRow ..< firstRow + capacity` of the table's
    /// number and date columns, and an array per text column. Its thread alone writes it.
    final class RangeOutput {
        /// Rows stored.
        var rows = 0
        /// The most rows this range may store (the lines that start in it).
        let capacity: Int
        /// Per column: where this range's first row of a number or date column goes (nil for text).
        let numbers: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>
        /// Per column: the values of a text column (empty for the others).
        var texts: [[String?]]

        init(kinds: [Kind], columns: ColumnPlaces, firstRow: Int, capacity: Int) {
            self.capacity = capacity
            numbers = .allocate(capacity: kinds.count)
            for (index, column) in columns.columns.enumerated() { (numbers + index).initialize(to: column.map { $0 + firstRow }) }
            texts = kinds.map { _ in [] }
        }

        deinit { numbers.deallocate() }
    }

    /// One slot per range, each written by its own thread once, read after all have finished.
    final class RangeSlots<Element>: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<Element>

        init(count: Int, initial: Element) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: initial)
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        subscript(index: Int) -> Element {
            get { slots[index] }
            set { slots[index] = newValue }
        }
    }

    /// What every range's parser shares: the column types, the delimiter and the sizes.
    struct RowLayout: Sendable {
        let kinds: [Kind]
        let delimiter: UInt8
        let size: Int
        let dataStart: Int
        let blockBytes: Int

        /// The lines that start in [from, to) (a line starts at `dataStart` and after every
        /// line feed before the end), read in blocks of `blockBytes`; -1 after a read error or
        /// once `cancellation` is raised (checked every block). Counts 8 bytes at a time.
        /// O(bytes of the range).
        func countLineStarts(from: Int, to end: Int, source: Source, cancellation: CancellationFlag?) -> Int {
            // The line feeds at [from - 1, min(to, size) - 1): each starts a line in [from, to).
            let first = from - 1, last = min(end, size) - 1
            guard last > first else { return 0 }
            let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: blockBytes, alignment: 16)
            defer { buffer.deallocate() }
            var lines = 0
            var at = first
            while at < last {
                if cancellation?.isCancelled == true { return -1 }
                let want = min(buffer.count, last - at)
                let got = readFully(source, into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<want]), at: at)
                guard got == want else { return -1 }
                lines += Self.lineFeeds(UnsafeRawPointer(buffer.baseAddress!), count: got)
                at += got
            }
            return lines
        }

        /// The line feeds among `count` bytes at `p`: eight bytes at a time, a byte equal to
        /// LF found exactly as a zero byte of the word XOR 0x0A0A…, four words per step.
        /// (Swift's SIMD32 compare-and-count compiled to scalar code, 8 times slower.) O(count).
        static func lineFeeds(_ p: UnsafeRawPointer, count: Int) -> Int {
            @inline(__always) func feeds(_ word: UInt64) -> Int {
                let x = word ^ 0x0A0A_0A0A_0A0A_0A0A, low7: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
                // High bit of each byte set when that byte of x is nonzero (no carries between bytes).
                return (~(((x & low7) &+ low7) | x) & 0x8080_8080_8080_8080).nonzeroBitCount
            }
            var total = 0, i = 0
            while i + 32 <= count {
                total &+=
                    feeds(p.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &+ feeds(p.loadUnaligned(fromByteOffset: i + 8, as: UInt64.self))
                    &+ feeds(p.loadUnaligned(fromByteOffset: i + 16, as: UInt64.self)) &+ feeds(p.loadUnaligned(fromByteOffset: i + 24, as: UInt64.self))
                i += 32
            }
            while i < count {
                if p.load(fromByteOffset: i, as: UInt8.self) == CSVByte.lf { total += 1 }
                i += 1
            }
            return total
        }

        /// Parses the lines that start in [from, to) into `chunk`: false when the fast path does
        /// not apply (or another range gave up, or `cancellation` was raised, or the range holds
        /// more records than `chunk.capacity`, as a file with lone CR line ends can). Reads in
        /// blocks of `blockBytes`, carrying a partial last line to the next block. O(bytes of the range).
        func parse(
            from: Int, to end: Int, into chunk: RangeOutput, source: Source, failed: borrowing Atomic<Bool>,
            cancellation: CancellationFlag?
        ) -> Bool {
            // strtod (long numbers) reads the decimal point of the thread's locale: make it "."
            // on this thread too, as the serial parse does on its own.
            let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
            let previousLocale = cLocale.map { uselocale($0) }
            defer {
                if let previousLocale { uselocale(previousLocale) }
                if let cLocale { freelocale(cLocale) }
            }
            // Numbers and ISO dates are ASCII, so with no text column any other byte already
            // fails its cell; only text needs the UTF-8 check.
            let checksText = kinds.contains(.text)
            let allNumbers = kinds.allSatisfy { $0 == .number }
            // (Room for `padding` bytes past the data: `numberCell` loads 8 bytes at a time.)
            var capacity = blockBytes + 1
            var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity + Self.padding, alignment: 16)
            defer { buffer.deallocate() }
            // The first line this range owns starts after the first line feed at or after
            // from - 1 (the data's first line starts at dataStart).
            var offset = from == dataStart ? from : from - 1  // the input offset of buffer[0]
            var filled = 0
            var lineStartsAt = from == dataStart ? 0 : -1
            while true {
                if failed.load(ordering: .relaxed) || cancellation?.isCancelled == true { return false }
                let readAt = offset + filled
                let want = min(capacity - filled, size - readAt)
                let got = want > 0 ? readFully(source, into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: want), at: readAt) : 0
                guard got == want else { return false }  // a read error, or the file shrank
                filled += got
                let atEnd = offset + filled == size
                let bytes = buffer.assumingMemoryBound(to: UInt8.self)
                if lineStartsAt < 0 {
                    // Looking for the end of the line that the previous range owns.
                    guard let lf = firstLineFeed(bytes, from: 0, to: filled) else {
                        if atEnd { return true }
                        offset += filled
                        filled = 0
                        continue
                    }
                    lineStartsAt = lf + 1
                }
                // Whole lines: up to the last line feed, or everything at the end of the input.
                let wholeEnd = atEnd ? filled : (lastLineFeed(bytes, from: lineStartsAt, to: filled).map { $0 + 1 } ?? lineStartsAt)
                guard !checksText || CSVReader.isUTF8Text(bytes + lineStartsAt, count: wholeEnd - lineStartsAt) else { return false }
                var i = lineStartsAt
                var atLineStart = true
                var rows = chunk.rows
                let numbers = chunk.numbers
                while i < wholeEnd {
                    if atLineStart && offset + i >= end { break }
                    if rows == chunk.capacity { return false }  // more records than lines: lone CRs
                    if allNumbers, let next = numericRecord(bytes, at: i, end: wholeEnd, row: rows, numbers: numbers) {
                        rows += 1
                        atLineStart = next.afterLineFeed
                        i = next.position
                        continue
                    }
                    guard let next = parseRecord(bytes, at: i, end: wholeEnd, row: rows, numbers: numbers, chunk: chunk) else { return false }
                    if next.stored { rows += 1 }
                    atLineStart = next.afterLineFeed
                    i = next.position
                }
                chunk.rows = rows
                if atEnd || i < wholeEnd { return true }
                // Keep the partial line; grow the buffer when one line fills it.
                let tail = filled - wholeEnd
                if wholeEnd > 0 {
                    buffer.copyMemory(from: buffer + wholeEnd, byteCount: tail)
                } else if tail == capacity {
                    let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2 + Self.padding, alignment: 16)
                    bigger.copyMemory(from: buffer, byteCount: tail)
                    buffer.deallocate()
                    buffer = bigger
                    capacity *= 2
                }
                offset += wholeEnd
                filled = tail
                lineStartsAt = 0
            }
        }

        /// Bytes the block buffer holds past its data, for `digitRun`'s 8-byte loads.
        static let padding = 8

        /// A record of nothing but plain decimals (`numberCell`), one per column, ending at a line
        /// end or `end`, stored into row `row`: the position after its line end and whether that
        /// was a line feed; nil for anything else (a blank line, spaces, an exponent, a missing
        /// value…), which `parseRecord` then reads from the same start. Only for tables of
        /// number columns. O(bytes of the record).
        @inline(__always)
        private func numericRecord(
            _ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int, row: Int,
            numbers: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>
        ) -> (position: Int, afterLineFeed: Bool)? {
            var i = start
            let last = kinds.count - 1
            for column in 0...last {
                guard let (value, fieldEnd) = Self.numberCell(p, at: i, end: n) else { return nil }
                numbers[column].unsafelyUnwrapped[row] = value
                i = fieldEnd
                if column < last {
                    guard i < n && p[i] == delimiter else { return nil }
                    i += 1
                }
            }
            if i == n { return (n, false) }
            if p[i] == CSVByte.lf { return (i + 1, true) }
            guard p[i] == CSVByte.cr else { return nil }
            if i + 1 < n && p[i + 1] == CSVByte.lf { return (i + 2, true) }
            return (i + 1, false)
        }

        /// `CSVCell.plainDecimal` (the same values: sign, at most 15 digits with at most one
        /// point, exact by Clinger's fast path), with its digits read 8 at a time (`digitRun`);
        /// p must have `padding` readable bytes past `end`. O(length / 8).
        @inline(__always)
        static func numberCell(_ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int) -> (Double, Int)? {
            var k = start
            var negative = false
            if k < n && (p[k] == UInt8(ascii: "-") || p[k] == UInt8(ascii: "+")) {
                negative = p[k] == UInt8(ascii: "-")
                k += 1
            }
            var (mantissa, digits) = digitRun(p, at: k, end: n)
            k += digits
            if digits == 8 {
                let (more, count) = digitRun(p, at: k, end: n)
                guard count < 8 else { return nil }
                mantissa = mantissa &* tenTo(count) &+ more
                digits += count
                k += count
            }
            var fraction = 0
            if k < n && p[k] == UInt8(ascii: ".") {
                k += 1
                while true {
                    let (more, count) = digitRun(p, at: k, end: n)
                    mantissa = mantissa &* tenTo(count) &+ more
                    fraction += count
                    k += count
                    guard count == 8 && digits + fraction <= 15 else { break }
                }
            }
            guard digits + fraction > 0 && digits + fraction <= 15 else { return nil }
            // Below 10^15, so a signed conversion (one instruction; the unsigned one is several).
            let whole = Double(Int64(bitPattern: mantissa))
            let value = fraction == 0 ? whole : whole / CSVCell.powerOfTen(fraction)
            return (negative ? -value : value, k)
        }

        /// 10^k as an integer, k in 0...8 (a switch, which compiles to a table: no loop, no
        /// lazily initialized global).
        @inline(__always)
        private static func tenTo(_ k: Int) -> UInt64 {
            switch k {
            case 0: 1
            case 1: 10
            case 2: 100
            case 3: 1000
            case 4: 10000
            case 5: 100_000
            case 6: 1_000_000
            case 7: 10_000_000
            default: 100_000_000
            }
        }

        /// The decimal digits at `start` (at most 8, none past `end`): their value and count.
        /// One unaligned 8-byte load (p must be readable 8 bytes past `start`): the first byte
        /// that is not a digit is the lowest one flagged by an add and a subtract (carries and
        /// borrows only run upward, past it); the digits are shifted to the top of the word and
        /// combined in three multiplications, pairs, then quads, then all eight. Hand-written:
        /// no library here parses digits from a buffer without a copy. O(1).
        @inline(__always)
        static func digitRun(_ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int) -> (UInt64, Int) {
            var word = UnsafeRawPointer(p + start).loadUnaligned(as: UInt64.self)
            let flagged = ((word &+ 0x4646_4646_4646_4646) | (word &- 0x3030_3030_3030_3030)) & 0x8080_8080_8080_8080
            let count = min(flagged == 0 ? 8 : flagged.trailingZeroBitCount / 8, n - start)
            guard count > 0 else { return (0, 0) }
            word = (word << UInt64(8 * (8 - count))) & 0x0F0F_0F0F_0F0F_0F0F
            word = (word &* 2561) >> 8
            word = ((word & 0x00FF_00FF_00FF_00FF) &* 6_553_601) >> 16
            word = ((word & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) >> 32
            return (word, count)
        }

        /// Parses the record (or blank line) at `start`, which ends before `end`, into row `row`
        /// of `numbers` (number and date columns) and `chunk.texts`: the position after its line
        /// end, whether that end was a line feed and whether a row was stored; nil when the
        /// record does not fit the fast path. O(bytes of the record).
        @inline(__always)
        private func parseRecord(
            _ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int, row: Int,
            numbers: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>,
            chunk: RangeOutput
        ) -> (position: Int, afterLineFeed: Bool, stored: Bool)? {
            let delimiter = delimiter
            // A blank line: nothing but spaces (and tabs, unless tab is the delimiter).
            var i = start
            while i < n && (p[i] == CSVByte.space || (p[i] == CSVByte.tab && delimiter != CSVByte.tab)) { i += 1 }
            if i == n { return (n, false, false) }
            let stored = p[i] != CSVByte.lf && p[i] != CSVByte.cr
            if stored {
                i = start
                let last = kinds.count - 1
                for column in 0...last {
                    let fieldStart = i
                    if kinds[column] == .number, let (value, fieldEnd) = plainNumber(p, at: i, end: n) {
                        // The common cell, read in the same pass that finds its end.
                        numbers[column].unsafelyUnwrapped[row] = value
                        i = fieldEnd
                        if column < last {
                            guard i < n && p[i] == delimiter else { return nil }
                            i += 1
                        } else if i < n && p[i] == delimiter {
                            return nil  // more fields than the header
                        }
                        continue
                    }
                    while i < n {
                        let c = p[i]
                        if c == delimiter || c == CSVByte.lf || c == CSVByte.cr { break }
                        if c == CSVByte.quote { return nil }
                        i += 1
                    }
                    var s = fieldStart, e = i
                    while s < e && CSVByte.isBlank(p[s]) { s += 1 }
                    while e > s && CSVByte.isBlank(p[e - 1]) { e -= 1 }
                    let cell = UnsafeBufferPointer(start: UnsafePointer(p + s), count: e - s)
                    switch kinds[column] {
                    case .number:
                        if let value = CSVCell.number(cell) {
                            numbers[column].unsafelyUnwrapped[row] = value
                        } else if CSVCell.isMissing(cell) {
                            numbers[column].unsafelyUnwrapped[row] = .nan
                        } else {
                            return nil
                        }
                    case .date:
                        if CSVCell.isMissing(cell) {
                            numbers[column].unsafelyUnwrapped[row] = .nan
                        } else if let value = DateParser.isoSeconds(cell) {
                            numbers[column].unsafelyUnwrapped[row] = value
                        } else {
                            return nil
                        }
                    case .text:
                        chunk.texts[column].append(CSVCell.isMissing(cell) ? nil : String(decoding: cell, as: UTF8.self))
                    }
                    if column < last {
                        guard i < n && p[i] == delimiter else { return nil }
                        i += 1
                    } else if i < n && p[i] == delimiter {
                        return nil
                    }
                }
                if i == n { return (n, false, true) }
            }
            // The line end: LF, CRLF or a lone CR.
            if p[i] == CSVByte.cr {
                if i + 1 < n && p[i + 1] == CSVByte.lf { return (i + 2, true, stored) }
                return (i + 1, false, stored)
            }
            return (i + 1, true, stored)
        }

        /// A cell at `start` that is a plain decimal (`CSVCell.plainDecimal`) ending right at a
        /// delimiter, a line end or `end`: its value and the cell's end; nil for anything else
        /// (spaces, exponents, longer numbers, text), which the general path then reads.
        @inline(__always)
        private func plainNumber(_ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int) -> (Double, Int)? {
            guard let (value, k) = CSVCell.plainDecimal(p, from: start, to: n),
                k == n || p[k] == delimiter || p[k] == CSVByte.lf || p[k] == CSVByte.cr
            else { return nil }
            return (value, k)
        }

        private func firstLineFeed(_ p: UnsafeMutablePointer<UInt8>, from: Int, to end: Int) -> Int? {
            guard end > from, let found = memchr(p + from, Int32(CSVByte.lf), end - from) else { return nil }
            return UnsafeMutableRawPointer(p).distance(to: found)
        }

        private func lastLineFeed(_ p: UnsafeMutablePointer<UInt8>, from: Int, to end: Int) -> Int? {
            var i = end - 1
            while i >= from && p[i] != CSVByte.lf { i -= 1 }
            return i >= from ? i : nil
        }
    }
}
