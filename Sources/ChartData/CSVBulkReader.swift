import ChartCore
import Foundation
import Synchronization
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The fast path of `CSVReader.read` for large plain files, as the fastest plotting tools read
/// them: the rows after a sample are split into one byte range per core; each range is read in
/// blocks (the file is never held whole) and parsed straight into growable column buffers,
/// which are then copied once into the table's arrays.
///
/// It takes only what needs no look-behind: no quote anywhere, every column's type decided in
/// the sample (the first `Tuning.sampleBytes`, at least `minimumSampleRows` rows), dates in ISO form. At
/// anything else (a quote, a row that does not fit its columns, a non-ISO date, bytes that are
/// not UTF-8 text, a read error, a file that changed size) it gives up and returns nil, and
/// `CSVReader` parses the file the serial way, which gives the same table or the precise error.
/// When it does not give up, its table equals the serial parse's (a differential test and the
/// CSV fuzz target check this). Hand-written: Foundation has no CSV reader.
///
/// Memory: the block buffers (one per range) plus the columns, briefly one range's column
/// twice while it is copied. Time: O(bytes / cores).
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
            let sampleTable = try? CSVReader.parse(sample, path: path).table,
            sampleTable.rowCount >= minimumSampleRows
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
        let layout = RowLayout(
            kinds: kinds, delimiter: delimiter, size: size, dataStart: dataStart,
            blockBytes: tuning.blockBytes, estimatedRowBytes: max(1, sample.count / (sampleTable.rowCount + 1)))
        let results = RangeResults(count: count)
        let failed = Atomic<Bool>(false)
        let outOfMemory = Atomic<Bool>(false)
        DispatchQueue.concurrentPerform(iterations: count) { k in
            let chunk = layout.parse(
                from: bounds[k], to: bounds[k + 1], source: source, failed: failed,
                outOfMemory: outOfMemory, cancellation: cancellation)
            if chunk == nil { failed.store(true, ordering: .relaxed) }
            results.store(chunk, at: k)
        }
        if outOfMemory.load(ordering: .relaxed) { throw .outOfMemory(path: path) }
        guard !failed.load(ordering: .relaxed), cancellation?.isCancelled != true else { return nil }
        return results.table(after: sampleTable, kinds: kinds, delimiter: delimiter)
    }

    /// Asks the kernel to back the 2 MB-aligned interior of a large fresh buffer with huge pages
    /// (transparent huge pages), so filling it costs one page fault per 2 MB instead of 512.
    /// Advice only: nothing changes where the kernel does not follow it.
    static func adviseHugePages(_ start: UnsafeMutableRawPointer, bytes: Int) {
        let huge = 2 << 20
        let first = (Int(bitPattern: start) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: start) + bytes) & ~(huge - 1)
        guard end > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, end - first, MADV_HUGEPAGE)
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

    /// Where one range's values go: a malloc'd buffer per number or date column, grown with
    /// `realloc` (which remaps large blocks instead of copying them), and an array per text
    /// column. Owns and frees the buffers. Creating or growing one fails (nil, false) when
    /// memory runs out.
    final class RangeChunk {
        /// Rows stored.
        var rows = 0
        private(set) var capacity: Int
        /// Per column: the values of a number or date column (nil for text columns).
        let numbers: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>
        private let columnCount: Int
        /// Per column: the values of a text column (empty for the others).
        var texts: [[String?]]

        init?(kinds: [Kind], capacity estimate: Int) {
            capacity = max(16, estimate)
            columnCount = kinds.count
            numbers = .allocate(capacity: kinds.count)
            numbers.initialize(repeating: nil, count: kinds.count)
            texts = kinds.map { _ in [] }
            for (index, kind) in kinds.enumerated() where kind != .text {
                let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Double>.stride)
                guard !overflow, let memory = malloc(bytes) else { return nil }  // deinit frees the others
                numbers[index] = memory.bindMemory(to: Double.self, capacity: capacity)
                CSVBulkReader.adviseHugePages(memory, bytes: capacity * MemoryLayout<Double>.stride)
            }
        }

        deinit {
            (0..<columnCount).forEach(release)
            numbers.deallocate()
        }

        /// Doubles the room of every number column. O(rows) at worst, usually a remap. False
        /// (the chunk unusable; it still frees what it holds) when memory runs out.
        func grow() -> Bool {
            let (doubled, overflow) = capacity.multipliedReportingOverflow(by: 2 * MemoryLayout<Double>.stride)
            guard !overflow else { return false }
            for index in 0..<columnCount {
                guard let old = numbers[index] else { continue }
                // On failure the old block stays valid and owned.
                guard let grown = realloc(old, doubled) else { return false }
                numbers[index] = grown.bindMemory(to: Double.self, capacity: capacity * 2)
            }
            capacity *= 2
            return true
        }

        /// Frees column `index`'s number buffer (after it was copied). O(1).
        func release(_ index: Int) {
            free(numbers[index])
            numbers[index] = nil
        }
    }

    /// What every range's parser shares: the column types, the delimiter and the sizes.
    struct RowLayout: Sendable {
        let kinds: [Kind]
        let delimiter: UInt8
        let size: Int
        let dataStart: Int
        let blockBytes: Int
        let estimatedRowBytes: Int

        /// Parses the lines that start in [from, to): nil when the fast path does not apply
        /// (or another range gave up, or `cancellation` was raised). Reads in blocks of
        /// `blockBytes`, carrying a partial last line to the next block. O(bytes of the range).
        /// Sets `outOfMemory` (and returns nil) when the columns cannot be allocated.
        func parse(
            from: Int, to end: Int, source: Source, failed: borrowing Atomic<Bool>,
            outOfMemory: borrowing Atomic<Bool>, cancellation: CancellationFlag?
        ) -> RangeChunk? {
            // strtod (long numbers) reads the decimal point of the thread's locale: make it "."
            // on this thread too, as the serial parse does on its own.
            let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
            let previousLocale = cLocale.map { uselocale($0) }
            defer {
                if let previousLocale { uselocale(previousLocale) }
                if let cLocale { freelocale(cLocale) }
            }
            guard let chunk = RangeChunk(kinds: kinds, capacity: (end - from) / estimatedRowBytes + 16) else {
                outOfMemory.store(true, ordering: .relaxed)
                return nil
            }
            var capacity = blockBytes + 1
            var buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
            defer { buffer.deallocate() }
            // The first line this range owns starts after the first line feed at or after
            // from - 1 (the data's first line starts at dataStart).
            var offset = from == dataStart ? from : from - 1  // the input offset of buffer[0]
            var filled = 0
            var lineStartsAt = from == dataStart ? 0 : -1
            while true {
                if failed.load(ordering: .relaxed) || cancellation?.isCancelled == true { return nil }
                let readAt = offset + filled
                let want = min(capacity - filled, size - readAt)
                let got = want > 0 ? readFully(source, into: UnsafeMutableRawBufferPointer(start: buffer + filled, count: want), at: readAt) : 0
                guard got == want else { return nil }  // a read error, or the file shrank
                filled += got
                let atEnd = offset + filled == size
                let bytes = buffer.assumingMemoryBound(to: UInt8.self)
                if lineStartsAt < 0 {
                    // Looking for the end of the line that the previous range owns.
                    guard let lf = firstLineFeed(bytes, from: 0, to: filled) else {
                        if atEnd { return chunk }
                        offset += filled
                        filled = 0
                        continue
                    }
                    lineStartsAt = lf + 1
                }
                // Whole lines: up to the last line feed, or everything at the end of the input.
                let wholeEnd = atEnd ? filled : (lastLineFeed(bytes, from: lineStartsAt, to: filled).map { $0 + 1 } ?? lineStartsAt)
                guard CSVReader.isUTF8Text(bytes + lineStartsAt, count: wholeEnd - lineStartsAt) else { return nil }
                var i = lineStartsAt
                var atLineStart = true
                var rows = chunk.rows
                let numbers = chunk.numbers
                while i < wholeEnd {
                    if atLineStart && offset + i >= end { break }
                    if rows == chunk.capacity && !chunk.grow() {
                        outOfMemory.store(true, ordering: .relaxed)
                        return nil
                    }
                    guard let next = parseRecord(bytes, at: i, end: wholeEnd, row: rows, numbers: numbers, chunk: chunk) else { return nil }
                    if next.stored { rows += 1 }
                    atLineStart = next.afterLineFeed
                    i = next.position
                }
                chunk.rows = rows
                if atEnd || i < wholeEnd { return chunk }
                // Keep the partial line; grow the buffer when one line fills it.
                let tail = filled - wholeEnd
                if wholeEnd > 0 {
                    buffer.copyMemory(from: buffer + wholeEnd, byteCount: tail)
                } else if tail == capacity {
                    let bigger = UnsafeMutableRawPointer.allocate(byteCount: capacity * 2, alignment: 16)
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

        /// Parses the record (or blank line) at `start`, which ends before `end`, into row `row`
        /// of `numbers` (number and date columns) and `chunk.texts`: the position after its line
        /// end, whether that end was a line feed and whether a row was stored; nil when the
        /// record does not fit the fast path. O(bytes of the record).
        @inline(__always)
        private func parseRecord(
            _ p: UnsafeMutablePointer<UInt8>, at start: Int, end n: Int, row: Int,
            numbers: UnsafeMutablePointer<UnsafeMutablePointer<Double>?>,
            chunk: RangeChunk
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

    /// One slot per range, each written by its own thread once, read after all have finished.
    final class RangeResults: @unchecked Sendable {
        private let slots: UnsafeMutableBufferPointer<RangeChunk?>

        init(count: Int) {
            slots = .allocate(capacity: count)
            slots.initialize(repeating: nil)
        }

        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }

        func store(_ chunk: RangeChunk?, at index: Int) { slots[index] = chunk }

        /// The sample's rows followed by every range's, in input order. Copies each number
        /// column once and frees each range's buffers as soon as they are copied. O(cells).
        func table(after sample: DataTable, kinds: [Kind], delimiter: UInt8) -> DataTable {
            let chunks = slots.map { $0! }
            let rows = sample.rowCount + chunks.reduce(0) { $0 + $1.rows }
            var columns: [DataColumn] = []
            for (index, column) in sample.columns.enumerated() {
                switch column.values {
                case .number(let head), .date(let head):
                    let values = [Double](unsafeUninitializedCapacity: rows) { buffer, initialized in
                        var at = buffer.baseAddress!
                        CSVBulkReader.adviseHugePages(UnsafeMutableRawPointer(at), bytes: rows * MemoryLayout<Double>.stride)
                        head.withUnsafeBufferPointer { at.initialize(from: $0.baseAddress!, count: $0.count) }
                        at += head.count
                        for chunk in chunks {
                            at.initialize(from: chunk.numbers[index]!, count: chunk.rows)
                            at += chunk.rows
                            chunk.release(index)
                        }
                        initialized = rows
                    }
                    columns.append(DataColumn(name: column.name, values: kinds[index] == .date ? .date(values) : .number(values)))
                case .text(let head):
                    var values = head
                    values.reserveCapacity(rows)
                    for chunk in chunks {
                        values += chunk.texts[index]
                        chunk.texts[index] = []
                    }
                    // As the serial parse types a column of text, over all its rows.
                    columns.append(
                        DataColumn(
                            name: column.name,
                            values: ColumnTyping.textColumnValues(values, name: column.name, decimalComma: delimiter == CSVByte.semicolon)))
                }
            }
            return DataTable(columns: columns, notes: sample.notes)
        }
    }
}
