import ChartCore
import Foundation

/// Parses live delimited text incrementally: first a sample (`addSample(_:)`, then
/// `sampleTable()`: the delimiter, the header and the columns' types, for the chart's plan),
/// then every chunk of lines into `LiveRows` over the plan's columns (`bind(x:series:)`,
/// `rows(in:)`), never the text again.
///
/// - The header is the first line whose number of fields most lines have (the banner lines
///   above it, like `vmstat`'s "procs -----memory-----", are skipped), unless `columns` names
///   them: then every line is data.
/// - Later lines repeating the header are skipped, as are lines of another number of fields
///   (`vmstat`'s repeated banners; counted in `skippedLines`).
/// - A cell that is not a number (or a date, in a date x column) is NaN and counted in
///   `badCells`; a row without an x value is not charted. Nothing in the text is an error once
///   the chart is planned.
///
/// Used by one thread at a time: the sampling thread, then the feeding one.
public final class LiveTextParser: @unchecked Sendable {
    /// What messages call the input ("standard input", a path).
    public let name: String
    /// The delimiter, given or detected from the sample.
    public private(set) var delimiter: LiveDelimiter?
    private let givenColumns: [String]?
    /// The columns' names: the header's (or the given ones).
    public private(set) var header: [String] = []
    /// Lines skipped: banners, lines of another number of fields, quotes never closed.
    public private(set) var skippedLines = 0
    /// The first lines skipped after the header (at most `CSVSetAside.listed`), 1-based as the
    /// input has them (for a chunk's overlong lines, not known: not listed).
    public private(set) var skippedLineNumbers: [Int] = []
    /// Cells charted as missing because they were not numbers (or dates).
    public private(set) var badCells = 0
    /// The most columns live input takes.
    public static let maxColumns = 4096
    /// Rows parsed into `LiveRows`.
    public private(set) var rowCount = 0
    private var sample: [UInt8] = []
    private var nextLine = 1
    private var bannerLines = 0
    private var headerBytes: [[UInt8]] = []
    /// While the lines before the header (in the sample) are being passed over.
    private var beforeHeader = true
    private var xColumn: Int?
    private var xIsDate = false
    private var seriesColumns: [Int] = []
    private let dates = DateParser()
    private var lastDateFormat = -1

    /// A parser of the text called `name`, split by `delimiter` (nil: detected) under the
    /// `columns` given (nil: the header's).
    public init(name: String, delimiter: LiveDelimiter?, columns: [String]?) {
        self.name = name
        self.delimiter = delimiter
        givenColumns = columns
    }

    /// Adds lines to the sample the chart is planned from. O(the chunk's bytes).
    public func addSample(_ chunk: LineChunk) {
        sample += chunk.bytes
        sampleLineCount += chunk.bytes.reduce(0) { $0 + ($1 == CSVByte.lf ? 1 : 0) }
        // Lines set aside for their length before these are skipped lines like any other.
        skippedLines += chunk.overlongLines
    }

    /// The sample's bytes so far.
    public var sampleByteCount: Int { sample.count }

    /// The lines in the sample so far. O(1).
    public private(set) var sampleLineCount = 0

    /// The sample as a table (its header, and its data rows typed as a CSV file's columns
    /// are: numbers, dates, else text), or nil while it holds no data row yet. Throws
    /// `.csv` for text that is not UTF-8. O(sample bytes).
    public func sampleTable() throws(DataError) -> DataTable? {
        let bytes = sample
        return try bytes.withUnsafeBufferPointer { (buffer) throws(DataError) -> DataTable? in
            guard let base = buffer.baseAddress, buffer.count > 0 else { return nil }
            guard CSVReader.isUTF8Text(base, count: buffer.count) else { throw .cannotOpen(path: name, reason: "not a text file") }
            let delimiter = self.delimiter ?? LiveDelimiter.detect(buffer)
            var records: [(fields: [String], line: Int)] = []
            // Lines of more fields than live input takes are not made into text (a line of
            // commas would be millions of strings); when nothing else is there, they are refused.
            var widest = 0
            delimiter.forEachRecord(in: buffer, firstLine: 1) { fields, line in
                guard let fields else { return }
                if fields.count == 1, fields[0].first == UInt8(ascii: "#") { return }
                guard fields.count <= Self.maxColumns else {
                    widest = max(widest, fields.count)
                    return
                }
                records.append((fields.map { String(decoding: $0, as: UTF8.self) }, line))
            }
            if records.isEmpty && widest > 0 {
                throw .unusable(path: name, message: "has \(widest) columns; live input takes at most \(Self.maxColumns)")
            }
            var header: [String]
            var data: ArraySlice<(fields: [String], line: Int)>
            var banners = 0
            if let givenColumns {
                header = givenColumns
                data = records[...]
            } else {
                var counts: [Int: Int] = [:]
                for record in records { counts[record.fields.count, default: 0] += 1 }
                guard let fields = counts.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key,
                    let at = records.firstIndex(where: { $0.fields.count == fields })
                else { return nil }
                header = records[at].fields
                banners = at
                data = records[(at + 1)...]
            }
            // Each column of live data holds its own window of rows: a header of 200,000 fields
            // would reserve gigabytes before a row came.
            guard header.count <= Self.maxColumns else {
                throw .unusable(path: name, message: "has \(header.count) columns; live input takes at most \(Self.maxColumns)")
            }
            let rows = data.filter { $0.fields.count == header.count && $0.fields != header }
            guard !rows.isEmpty else { return nil }
            header = Self.uniqueNames(header)
            var columns: [DataColumn] = []
            for (index, name) in header.enumerated() {
                let texts: [String?] = rows.map { row in
                    let text = row.fields[index]
                    return Self.withBytes(text) { CSVCell.isMissing($0) } ? nil : text
                }
                columns.append(column(texts, name: name, decimalComma: delimiter == .semicolon))
            }
            self.delimiter = delimiter
            self.header = header
            headerBytes = givenColumns == nil ? records[banners].fields.map { Array($0.utf8) } : []
            bannerLines = banners
            var notes: [String] = []
            if banners > 0 { notes.append("\(banners) line\(banners == 1 ? "" : "s") before the header skipped") }
            return DataTable(columns: columns, notes: notes)
        }
    }

    /// A sample column typed as a CSV file's: numbers, else dates, else as `ColumnTyping` reads text.
    private func column(_ texts: [String?], name: String, decimalComma: Bool) -> DataColumn {
        // Numbers when most present cells are (the others are charted as missing, and counted
        // when the rows are parsed): one bad cell in the first rows does not make a column text.
        var numbers: [Double] = []
        numbers.reserveCapacity(texts.count)
        var bad = 0
        for text in texts {
            let value = text.flatMap { Self.withBytes($0) { CSVCell.number($0) } }
            if text != nil && value == nil { bad += 1 }
            numbers.append(value ?? .nan)
        }
        let present = texts.count { $0 != nil }
        if bad == 0 || (bad * 2 < present && present - bad >= 1) { return DataColumn(name: name, values: .number(numbers)) }
        var format = -1
        let seconds = texts.map { text in text.map { t in Self.withBytes(t) { dates.seconds($0, lastFormat: &format) } ?? -.infinity } ?? .nan }
        if !seconds.contains(-.infinity) { return DataColumn(name: name, values: .date(seconds)) }
        // Dates with slashes whose order no value of the sample settles are text here: the rows
        // after the sample are read by the date parser, which leaves such dates alone.
        let typed = ColumnTyping.typedTextColumn(texts, name: name, decimalComma: decimalComma)
        return typed.note == nil ? typed.column : DataColumn(name: name, values: .text(texts))
    }

    private static func withBytes<T>(_ text: String, _ body: (UnsafeBufferPointer<UInt8>) -> T) -> T {
        var text = text
        return text.withUTF8(body)
    }

    /// Names made unique as a CSV file's are: "column N" for an empty one, " 2", " 3" … after repeats.
    static func uniqueNames(_ names: [String]) -> [String] {
        var taken = Set<String>()
        return names.enumerated().map { index, name in
            var unique = name.isEmpty ? "column \(index + 1)" : name
            var suffix = 2
            while taken.contains(unique) {
                unique = "\(name) \(suffix)"
                suffix += 1
            }
            taken.insert(unique)
            return unique
        }
    }

    /// Binds the parser to the plan's columns (indices into `header`): `x` (nil: the rows'
    /// numbers, 1, 2, …), a date when `xIsDate`, and the `series`, in the plots' order.
    public func bind(x: Int?, xIsDate: Bool, series: [Int]) {
        precondition(!header.isEmpty, "A parser is bound once its sample has a header.")
        xColumn = x
        self.xIsDate = xIsDate
        seriesColumns = series
        beforeHeader = givenColumns == nil
        nextLine = 1
    }

    /// The sample's rows, as `rows(in:)` gives any others'.
    public func sampleRows() -> LiveRows {
        let sample = self.sample
        self.sample = []
        return rows(in: LineChunk(bytes: sample))
    }

    /// The rows of `chunk`, the lines after the last chunk's, over the bound columns. O(bytes).
    public func rows(in chunk: LineChunk) -> LiveRows {
        precondition(!seriesColumns.isEmpty || xColumn != nil, "A parser parses rows once bound.")
        var out = LiveRows(x: [], values: Array(repeating: [], count: seriesColumns.count))
        let delimiter = self.delimiter ?? .comma
        var lines = chunk.overlongLines
        skippedLines += chunk.overlongLines
        chunk.bytes.withUnsafeBufferPointer { buffer in
            for b in buffer where b == CSVByte.lf { lines += 1 }
            delimiter.forEachRecord(in: buffer, firstLine: nextLine) { fields, line in
                guard let fields else {
                    skippedLines += 1
                    if skippedLineNumbers.count < CSVSetAside.listed { skippedLineNumbers.append(line) }
                    return
                }
                if fields.count == 1, fields[0].first == UInt8(ascii: "#") { return }
                if !headerBytes.isEmpty, fields.count == headerBytes.count,
                    zip(fields, headerBytes).allSatisfy({ $0.elementsEqual($1) })
                {
                    beforeHeader = false
                    return
                }
                guard fields.count == header.count else {
                    if !beforeHeader {
                        skippedLines += 1
                        if skippedLineNumbers.count < CSVSetAside.listed { skippedLineNumbers.append(line) }
                    }
                    return
                }
                beforeHeader = false
                rowCount += 1
                let x: Double
                if let xColumn {
                    let cell = fields[xColumn]
                    if CSVCell.isMissing(cell) { return }
                    guard let value = xIsDate ? date(cell) : number(cell) else {
                        badCells += 1
                        return
                    }
                    x = value
                } else {
                    x = Double(rowCount)
                }
                out.x.append(x)
                for (index, column) in seriesColumns.enumerated() {
                    let cell = fields[column]
                    if CSVCell.isMissing(cell) {
                        out.values[index].append(.nan)
                    } else if let value = number(cell) {
                        out.values[index].append(value)
                    } else {
                        badCells += 1
                        out.values[index].append(.nan)
                    }
                }
            }
        }
        nextLine += lines
        return out
    }

    /// The cell's number; nil for text and for a number no axis can hold (`1e400`, `inf`),
    /// which is charted as missing, as the CSV reader charts it.
    private func number(_ cell: UnsafeBufferPointer<UInt8>) -> Double? {
        let value = CSVCell.number(cell) ?? ColumnTyping.number(fromText: String(decoding: cell, as: UTF8.self), decimalComma: delimiter == .semicolon)
        return value.flatMap { $0.isFinite ? $0 : nil }
    }

    private func date(_ cell: UnsafeBufferPointer<UInt8>) -> Double? { dates.seconds(cell, lastFormat: &lastDateFormat) }

    /// What the chart's note says of the input's rows: lines skipped and cells not numbers; nil when neither.
    public var note: String? {
        let skipped = skippedLines
        var parts: [String] = []
        if skipped > 0 {
            let numbers = skippedLineNumbers.map(String.init).joined(separator: ", ")
            let more = skipped > skippedLineNumbers.count ? ", …" : ""
            let listed = skippedLineNumbers.isEmpty ? "" : " (line\(skippedLineNumbers.count == 1 ? "" : "s") \(numbers)\(more))"
            parts.append("\(skipped) line\(skipped == 1 ? "" : "s") of another number of fields skipped\(listed)")
        }
        if badCells > 0 { parts.append("\(badCells) cell\(badCells == 1 ? "" : "s") not a number charted as missing") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
