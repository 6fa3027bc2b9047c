import ChartCore
import Foundation
import Testing

@testable import ChartData

/// Live text parsed as it comes: delimiters detected, banners and repeated headers skipped,
/// lines cut anywhere joined, cells that are not numbers counted, never a crash.
@Suite struct LiveTextParserTests {
    /// The rows of `text` fed in `pieces` pieces of any length through a `LineSplitter`,
    /// with x and series bound as given.
    static func rows(_ text: String, sampleLines: Int, x: Int?, series: [Int], delimiter: LiveDelimiter? = nil, columns: [String]? = nil)
        throws -> (LiveTextParser, DataTable, LiveRows)
    {
        let bytes = Array(text.utf8)
        let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        let sampleEnd = lines.prefix(sampleLines).reduce(0) { $0 + $1.count + 1 }
        let parser = LiveTextParser(name: "standard input", delimiter: delimiter, columns: columns)
        var splitter = LineSplitter()
        // The sample, then the rest cut into pieces of 7 bytes (lines split across reads).
        if let chunk = splitter.take(Array(bytes.prefix(sampleEnd))) { parser.addSample(chunk) }
        let table = try #require(try parser.sampleTable())
        parser.bind(x: x, xIsDate: x.map { table.columns[$0].isDate } ?? false, series: series)
        var all = parser.sampleRows()
        var offset = sampleEnd
        while offset < bytes.count {
            let piece = Array(bytes[offset..<min(bytes.count, offset + 7)])
            offset += piece.count
            if let chunk = splitter.take(piece) { append(parser.rows(in: chunk), to: &all) }
        }
        if let rest = splitter.finish() { append(parser.rows(in: rest), to: &all) }
        return (parser, table, all)
    }

    static func append(_ rows: LiveRows, to all: inout LiveRows) {
        all.x += rows.x
        for index in all.values.indices { all.values[index] += rows.values[index] }
    }

    @Test func commaSeparatedLinesCutAnywhereAndALastLineWithoutItsLineFeed() throws {
        let (parser, table, rows) = try Self.rows("t,a,b\n1,10,20\n2,11,21\n3,12,x\n4,,23\n5,14,24", sampleLines: 3, x: 0, series: [1, 2])
        #expect(table.columns.map(\.name) == ["t", "a", "b"])
        #expect(parser.delimiter == .comma)
        #expect(rows.x == [1, 2, 3, 4, 5])
        #expect(rows.values[0].map { $0.isNaN ? -1 : $0 } == [10, 11, 12, -1, 14])
        #expect(rows.values[1].map { $0.isNaN ? -1 : $0 } == [20, 21, -1, 23, 24])
        #expect(parser.badCells == 1)
        #expect(parser.note == "1 cell not a number charted as missing")
    }

    @Test func delimitersAreDetected() throws {
        for (text, delimiter) in [
            ("a\tb\n1\t2\n3\t4\n", LiveDelimiter.tab), ("a;b\n1,5;2\n3;4\n", .semicolon), ("a  b\n 1   2\n3 4\n", .blanks),
            ("\"a, 1\",b\n1,2\n3,4\n", .comma)
        ] {
            let parser = LiveTextParser(name: "-", delimiter: nil, columns: nil)
            parser.addSample(LineChunk(bytes: Array(text.utf8)))
            let table = try #require(try parser.sampleTable())
            #expect(parser.delimiter == delimiter, "\(text)")
            #expect(table.columns.count == 2 && table.rowCount == 2, "\(text)")
        }
    }

    @Test func vmstatsBannersAndRepeatedHeadersAreSkipped() throws {
        let banner = "procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
        let header = " r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n"
        let row = " 1  0      0 20821816  30200 3250924    0    0     0   956 1120 2213  1  1 98  0  0\n"
        let text = banner + header + row + row + banner + header + row
        let (parser, table, rows) = try Self.rows(text, sampleLines: 4, x: nil, series: [0, 3])
        #expect(parser.delimiter == .blanks)
        #expect(table.columns.count == 17 && table.columns[3].name == "free")
        #expect(rows.x == [1, 2, 3])
        #expect(rows.values[1] == [20_821_816, 20_821_816, 20_821_816])
        // The repeated header is no row and no skipped line; the repeated banner is skipped.
        #expect(parser.skippedLines == 1)
    }

    @Test func aRealVmstatCapture() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/vmstat") else { return }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/vmstat")
        process.arguments = ["-n", "1", "3"]
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let parser = LiveTextParser(name: "-", delimiter: nil, columns: nil)
        parser.addSample(LineChunk(bytes: Array(data)))
        let table = try #require(try parser.sampleTable())
        #expect(parser.delimiter == .blanks)
        #expect(table.rowCount == 3)
        #expect(table.columns.first?.name == "r" && table.columns.allSatisfy { !$0.isText })
        #expect(table.notes == ["1 line before the header skipped"])
    }

    @Test func givenColumnsMakeTheFirstLineData() throws {
        let (_, table, rows) = try Self.rows("1 5\n2 6\n3 7\n", sampleLines: 2, x: 0, series: [1], delimiter: .blanks, columns: ["t", "v"])
        #expect(table.columns.map(\.name) == ["t", "v"])
        #expect(rows.x == [1, 2, 3] && rows.values[0] == [5, 6, 7])
    }

    @Test func datesOnXAreSecondsSince1970() throws {
        let (_, table, rows) = try Self.rows(
            "when,v\n2026-01-01T00:00:00Z,1\n2026-01-01T00:00:01Z,2\n2026-01-01 00:00:02,3\nlater,4\n", sampleLines: 2, x: 0, series: [1])
        #expect(table.columns[0].isDate)
        #expect(rows.x == [1_767_225_600, 1_767_225_601, 1_767_225_602])
    }

    @Test func textThatIsNotUTF8IsRefusedBeforeTheChart() {
        let parser = LiveTextParser(name: "standard input", delimiter: nil, columns: nil)
        parser.addSample(LineChunk(bytes: [0x61, 0x0A, 0xFF, 0xFE, 0x0A]))
        #expect(throws: DataError.cannotOpen(path: "standard input", reason: "not a text file")) { try parser.sampleTable() }
    }
}
