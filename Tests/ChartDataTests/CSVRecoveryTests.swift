import ChartData
import Foundation
import Testing

/// Files as spreadsheets, instruments and open-data portals write them: read around the rows
/// that do not fit (set aside and named, `CSVSetAside`), in the encodings they come in, with
/// their preambles, footnotes and day-first dotted dates; `skipBadRows: false` (`--strict`)
/// refuses at the first such row. Each case is a shape seen in a real file (issue 45).
@Suite struct CSVRecoveryTests {
    static func parse(_ bytes: [UInt8], strict: Bool = false) throws(DataError) -> (table: DataTable, setAside: CSVSetAside) {
        try CSVReader.parse(bytes, path: "t.csv", skipBadRows: !strict)
    }

    static func numbers(_ table: DataTable, _ name: String) -> [Double] {
        guard case .number(let values)? = table.column(named: name)?.values else { return [] }
        return values
    }

    /// Column `name`'s texts; nil when it is not a column of text.
    static func texts(_ table: DataTable, _ name: String) -> [String?]? {
        guard case .text(let values)? = table.column(named: name)?.values else { return nil }
        return values
    }

    static func rows(_ n: Int, _ row: (Int) -> String) -> String { (1...n).map(row).joined(separator: "\n") + "\n" }

    /// One row with an extra field among 199: read, the row set aside and named by line.
    @Test func aRowWithAnExtraFieldIsSetAsideNotTheFile() throws {
        let text = "a,b,c\n" + Self.rows(199) { $0 == 84 ? "\($0),\($0 * 2),1,9" : "\($0),\($0 * 2),1" }
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.rowCount == 198)
        #expect(setAside.count == 1 && setAside.reasons.first?.lines == [85])
        #expect(setAside.summary == "1 row set aside (line 85: 4 fields, not 3)")
        #expect(table.notes.contains("1 row set aside (line 85: 4 fields, not 3)"))
        #expect(!Self.numbers(table, "a").contains(84))
        #expect(throws: DataError.csv(path: "t.csv", line: 85, column: nil, message: "has 4 fields, but the header has 3")) {
            _ = try Self.parse(Array(text.utf8), strict: true)
        }
    }

    /// A separator at the end of every data row (instrument exports): no field, under --strict too.
    @Test func aTrailingSeparatorOnEveryRowIsNoField() throws {
        let text = "cm-1,%T\n" + Self.rows(50) { "\(4000 - $0),\(Double($0) / 2)," }
        for strict in [false, true] {
            let (table, setAside) = try Self.parse(Array(text.utf8), strict: strict)
            #expect(table.columns.map(\.name) == ["cm-1", "%T"])
            #expect(table.rowCount == 50 && setAside.isEmpty)
        }
        let header = "a,b,c,\n" + Self.rows(20) { "\($0),\($0 * 3),\($0 % 4)" }
        let (table, setAside) = try Self.parse(Array(header.utf8), strict: true)
        #expect(table.columns.map(\.name) == ["a", "b", "c"] && setAside.isEmpty)
    }

    /// A header one field short of every row: R's `write.table`, the rows' names first.
    @Test func aHeaderOneShortIsRsRowNames() throws {
        let text = "\"mpg\",\"wt\"\n" + Self.rows(10) { "\"car \($0)\",\(20 + $0),\(2.5 + Double($0) / 10)" }
        let (table, setAside) = try Self.parse(Array(text.utf8), strict: true)
        #expect(table.columns.map(\.name) == ["row", "mpg", "wt"])
        #expect(table.rowCount == 10 && setAside.isEmpty)
        #expect(table.notes.contains { $0.contains("rows' names") })
    }

    /// A row short of trailing fields keeps its present cells; one whose cells no longer fit
    /// (a shifted row) is set aside instead of making its column text.
    @Test func aShortRowIsFilledOrSetAside() throws {
        let text = "day,v,w\n2024-01-01,1,2\n2024-01-02,3\n2024-01-03,5,6\nx,7\n2024-01-05,9,10\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.rowCount == 4)
        #expect(Self.numbers(table, "v") == [1, 3, 5, 9])
        #expect(setAside.filledCount == 1 && setAside.filledLines == [3])
        #expect(setAside.count == 1 && setAside.reasons.first?.lines == [5])
        #expect(table.column(named: "day")?.isText == false)
    }

    /// A preamble line with more fields than the table (a comma in its date) above the header.
    @Test func aPreambleOfMoreFieldsIsSkipped() throws {
        let text =
            "Created as New Dataset,Sample 022 By Administrator Date Saturday, February 11 2017\ncm-1,%T\n"
            + Self.rows(300) { String(format: "%.2f,%.3f", 4000 - Double($0) * 2.5, 50 + Double($0 % 37) * 0.7) }
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.columns.map(\.name) == ["cm-1", "%T"])
        #expect(table.rowCount == 300 && setAside.isEmpty)
        #expect(table.notes.contains("1 line before the header skipped"))
    }

    /// Footnotes after the table: an empty row, then a sentence with a comma. Dates stay dates.
    @Test func footnotesAreLeftOutAndSaid() throws {
        let text =
            "Date,Amount,Payee\n" + Self.rows(27) { String(format: "2024-03-%02d,%.1f,shop%d", $0, Double($0) * 3.5, $0 % 4) }
            + ",,\nAll transactions listed below are made via an electronic payment system, and settled daily.\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.column(named: "Date")?.isText == false)
        #expect(setAside.count == 0)
        #expect(table.notes.contains("1 line of notes after the table left out (line 30)"), "\(table.notes)")
    }

    /// Latin-1 / Windows-1252 (Excel on Windows) and UTF-16 with its byte order mark (Excel's
    /// "Unicode text"), both byte orders: read as the text they hold, and said.
    static let windows1252: [UInt8] = {
        var bytes: [UInt8] = Array("city;temp\nK".utf8)
        bytes += [0xF6] + Array("ln;3,5\nM".utf8)
        bytes += [0xFC] + Array("nchen;2,1\n".utf8)
        bytes += [0x80] + Array(";1\n".utf8)
        return bytes
    }()
    static func utf16(_ text: String, little: Bool) -> [UInt8] {
        var bytes: [UInt8] = little ? [0xFF, 0xFE] : [0xFE, 0xFF]
        for unit in text.utf16 {
            let low = UInt8(unit & 0xFF), high = UInt8(unit >> 8)
            bytes += little ? [low, high] : [high, low]
        }
        return bytes
    }
    static let encoded: [(String, [UInt8])] = [
        ("Windows-1252", windows1252),
        ("UTF-16 (little endian)", utf16("city\ttemp\r\nKöln\t3.5\r\nMünchen\t2.1\r\n€\t1\r\n", little: true)),
        ("UTF-16 (big endian)", utf16("city,temp\nKöln,3.5\nMünchen,2.1\n€,1\n", little: false))
    ]

    @Test(arguments: encoded)
    func encodingsAreReadAndSaid(encoding: String, bytes: [UInt8]) throws {
        let (table, _) = try Self.parse(bytes)
        let cities = try #require(Self.texts(table, "city"), "no text column: \(table)")
        #expect(cities == ["Köln", "München", "€"])
        #expect(Self.numbers(table, "temp") == [3.5, 2.1, 1])
        #expect(table.notes.first == "read as \(encoding)")
    }

    /// Dotted dates are day first (`01.03.2024` is the first of March), also with one digit.
    @Test func dottedDatesAreDayFirst() throws {
        let text = "Datum;Wert\n01.03.2024;3,5\n2.3.2024;4,0\n03.03.2024;0,5\n"
        let (table, _) = try Self.parse(Array(text.utf8))
        guard case .date(let seconds)? = table.column(named: "Datum")?.values else {
            Issue.record("not dates: \(table)")
            return
        }
        let march1 = Double(1_709_251_200)  // 2024-03-01T00:00:00Z
        #expect(seconds == [march1, march1 + 86_400, march1 + 2 * 86_400])
    }

    /// Rows set aside for more than twenty reasons (each row another count of fields) count the
    /// rest under one: a file of 578 bytes spun without end (attack round 7).
    @Test func manyReasonsCountUnderOne() throws {
        let text = "a,b\n1,2\n" + (3...40).map { n in (1...n).map(String.init).joined(separator: ",") }.joined(separator: "\n") + "\n5,6\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.rowCount == 2)
        #expect(setAside.count == 38)
        #expect(setAside.reasons.count == CSVSetAside.reasonLimit + 1)
        #expect(setAside.reasons.last?.text == CSVSetAside.otherReasons && setAside.reasons.last?.count == 18)
    }

    /// A UTF-8 file with one stray byte of another encoding keeps its UTF-8 text; the stray
    /// byte alone is read as Windows-1252, and said (it was read whole as Windows-1252:
    /// "ZÃ¼rich").
    @Test func aStrayByteInUTF8IsTheOnlyByteReadOtherwise() throws {
        let bytes = Array("city,v\nZürich,1\nGenève,2\nCaf".utf8) + [0xE9] + Array(",3\n".utf8)
        let (table, _) = try Self.parse(bytes)
        let cities = try #require(Self.texts(table, "city"), "no text column: \(table)")
        #expect(cities == ["Zürich", "Genève", "Café"])
        #expect(table.notes.first == "read as UTF-8; 1 byte that is not UTF-8 read as Windows-1252 (the first on line 4)")
    }

    /// A semicolon file of decimal commas, three rows (attack round 7: read as a comma file
    /// whose header was a preamble, the values wrong without a word).
    @Test func semicolonsWithDecimalCommasAreNotAPreamble() throws {
        let (table, _) = try Self.parse(Array("x;y\n1,5;2,5\n2,5;3,5\n3,5;4,5\n".utf8))
        #expect(table.columns.map(\.name) == ["x", "y"])
        #expect(Self.numbers(table, "x") == [1.5, 2.5, 3.5] && Self.numbers(table, "y") == [2.5, 3.5, 4.5])
    }

    /// A Windows-1252 file where "É’" and "ß“" happen to be valid UTF-8 pairs is read all as
    /// Windows-1252: more of its bytes are not UTF-8 than are (attack round 8).
    @Test func windows1252PairsThatLookLikeUTF8AreWindows1252() throws {
        let bytes: [UInt8] =
            Array("Name,Wert\nCAF".utf8) + [0xC9, 0x92] + Array("S,1\nCr".utf8) + [0xE8] + Array("me,2\n".utf8) + [0xC9]
            + Array("cole,3\n".utf8)
        let (table, _) = try Self.parse(bytes)
        let names = try #require(Self.texts(table, "Name"), "no text column: \(table)")
        #expect(names == ["CAFÉ’S", "Crème", "École"])
        #expect(table.notes.first == "read as Windows-1252")
    }

    /// A tab-separated file with decimal commas (Excel's "Unicode text" on a German Windows)
    /// reads them as numbers; thousands separators in a tab file still read as thousands.
    @Test func tabsWithDecimalCommasAreNumbers() throws {
        let (table, _) = try Self.parse(Self.utf16("Monat\tUmsatz\r\nM0\t0,5\r\nM1\t1,5\r\nM2\t2,25\r\n", little: true))
        #expect(Self.numbers(table, "Umsatz") == [0.5, 1.5, 2.25])
        let (thousands, _) = try Self.parse(Array("m\tv\na\t1,234\nb\t12,500\n".utf8))
        #expect(Self.numbers(thousands, "v") == [1234, 12500])
    }

    /// Two header rows, names over units, join ("Temp" over "°C" is "Temp (°C)"); a first row
    /// of text over numbers that are data (a decimal comma, a percentage) is no row of units.
    @Test func aRowOfUnitsJoinsTheNames() throws {
        let (table, _) = try Self.parse(Array("Date,Temp,Rain\n,°C,mm\n2024-01-01,12.5,0.4\n2024-01-02,11.0,0.0\n".utf8))
        #expect(table.columns.map(\.name) == ["Date", "Temp (°C)", "Rain (mm)"])
        #expect(table.rowCount == 2 && Self.numbers(table, "Temp (°C)") == [12.5, 11])
        let (data, _) = try Self.parse(Array("a;b\nx;0,5\ny;1,5\n".utf8))
        #expect(data.columns.map(\.name) == ["a", "b"] && data.rowCount == 2)
    }

    /// A file of several tables (each after a blank line, under a header of text) reads the
    /// first and says how many follow: the second table's header made the first one's numbers
    /// text, or its rows were read as the first one's.
    @Test func aFileOfSeveralTablesReadsTheFirst() throws {
        let text = "a,b\n1,2\n2,3\n3,5\n\nc,d\n4,1\n5,3\n\nf,g,h\nx,1,2\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.columns.map(\.name) == ["a", "b"])
        #expect(Self.numbers(table, "b") == [2, 3, 5])
        #expect(setAside.count == 0 && setAside.laterTableCount == 2 && setAside.laterTablesLine == 6)
        #expect(table.notes.contains("2 more tables follow from line 6, not read (only the first table is)"), "\(table.notes)")
        // Said where the user looks (the chart's note, the status line), not only in --describe.
        #expect(setAside.shortSummary == "2 more tables follow from line 6, not read")
    }

    /// A stray quote at a field's start would make the rest of the file one field: its line is
    /// set aside and the lines after it read; under --strict it is the error.
    @Test func aQuoteNeverClosedSetsAsideItsLineOnly() throws {
        let text = "a,b,c\n" + Self.rows(100) { $0 == 40 ? "\($0),\"\($0 * 2),1" : "\($0),\($0 * 2),1" }
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.rowCount == 99)
        #expect(setAside.summary == "1 row set aside (line 41: a quote never closed)")
        #expect(Self.numbers(table, "a").last == 100)
        // On the last line too (it was an error whatever the options).
        let last = try Self.parse(Array("a,b\n1,2\n3,\"4\n".utf8))
        #expect(last.table.rowCount == 1 && last.setAside.summary == "1 row set aside (line 3: a quote never closed)")
        #expect(throws: DataError.csv(path: "t.csv", line: 41, column: nil, message: "a quoted field is never closed")) {
            _ = try Self.parse(Array(text.utf8), strict: true)
        }
    }

    /// A title with as many commas as the header ("Sample 022 …, February 11 2017"), a blank
    /// line, then the header: the title is a preamble, not the header over a row of units.
    @Test func aTitleOfTheTablesWidthAboveABlankLineIsAPreamble() throws {
        let text =
            "Station export,Sample 022 By Administrator Date Saturday, February 11 2017\n\ndate,temp,rain\n"
            + Self.rows(30) { "2024-01-\(String(format: "%02d", $0)),\(10 + $0 % 7),\($0 % 3)" }
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.columns.map(\.name) == ["date", "temp", "rain"])
        #expect(table.rowCount == 30 && setAside.isEmpty)
    }

    /// Dates with slashes that no value decides (no part passes 12) are still dates: in the
    /// order they run in time when only one does, else month first (day first with decimal
    /// commas), and the order assumed is said.
    @Test func slashedDatesNoValueDecidesAreReadAndTheOrderSaid() throws {
        let monthFirst = try Self.parse(Array("day,v\n01/03/2024,1\n02/03/2024,2\n03/03/2024,4\n".utf8)).table
        #expect(monthFirst.column(named: "day")?.values == .date([19_725, 19_756, 19_785].map { Double($0) * 86_400 }))
        #expect(monthFirst.notes.contains { $0.hasPrefix("column 'day': dates read month first") })
        let byOrder = try Self.parse(Array("day,v\n01/03/2024,1\n02/03/2024,2\n03/02/2024,4\n".utf8)).table
        #expect(byOrder.notes.contains { $0.hasPrefix("column 'day': dates read month first") && $0.hasSuffix("they run in time only that way") })
        let runsDayFirst = try Self.parse(Array("day,v\n03/01/2024,1\n04/01/2024,2\n01/02/2024,4\n".utf8)).table
        #expect(runsDayFirst.notes.contains { $0.hasPrefix("column 'day': dates read day first") })
        let decimalCommas = try Self.parse(Array("day;v\n01/03/2024;1,5\n02/03/2024;2,5\n03/03/2024;4\n".utf8)).table
        #expect(decimalCommas.notes.contains { $0.hasPrefix("column 'day': dates read day first") && $0.hasSuffix("as with decimal commas") })
        let decided = try Self.parse(Array("day,v\n01/03/2024,1\n25/03/2024,2\n".utf8)).table
        #expect(!decided.notes.contains { $0.contains("dates read") })
    }

    /// A totals row is a row of the table, not a note: kept out of the chart (its bars would
    /// double every sum) and named; under --strict the file is read as it is.
    @Test func aTotalsRowIsKeptOutOfSumsAndSaid() throws {
        let text = "region,q1,q2\nNorth,10,12\nSouth,8,9\nTotal:,18,21\n\nSource: the office\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(Self.numbers(table, "q1") == [10, 8])
        #expect(setAside.summary == "1 row set aside (line 4: a totals row)")
        #expect(try Self.parse(Array(text.utf8), strict: true).table.rowCount == 3)
        let subtotals = "group,v\nA,1\nB,2\nSubtotal,3\nC,4\nGrand total,7\n"
        #expect(Self.numbers(try Self.parse(Array(subtotals.utf8)).table, "v") == [1, 2, 4])
        // A cell that only starts so is a name: "Total Gas" is a fuel.
        #expect(try Self.parse(Array("fuel,v\nTotal Gas,3\nOil,4\n".utf8)).table.rowCount == 2)
    }

    /// Times written with dots (" 14.30", " 14.30.15") or an "h" (" 14h30") after a dotted or
    /// slashed date, as Finnish, Danish and French exports write them.
    @Test func timesWithDotsOrAnHAreTimes() throws {
        for (time, minutes) in [("14.30", 870.0), ("14h30", 870), ("14:30", 870), ("9.05.30", 545.5)] {
            let text = "when;v\n01.03.2024 \(time);1,5\n02.03.2024 \(time);2,5\n"
            let table = try Self.parse(Array(text.utf8)).table
            #expect(table.column(named: "when")?.values == .date([19_783, 19_784].map { Double($0) * 86_400 + minutes * 60 }), "\(time)")
        }
        #expect(try Self.parse(Array("when;v\n01.03.2024 14h30.15;1\n".utf8)).table.column(named: "when")?.isText == true)
    }

    /// The fast reader of large files leaves to the serial parse what it would read as rows
    /// without a word: a totals row among its rows, a row set aside in its sample.
    @Test func theBulkReaderLeavesTotalsAndSetAsideRowsToTheSerialParse() throws {
        let tuning = CSVBulkReader.Tuning(sampleBytes: 4096, blockBytes: 4096, minimumRangeBytes: 4096, ranges: 2)
        let rows = Self.rows(3000) { "r\($0),\($0 % 17)" }
        let plain = Array(("name,v\n" + rows).utf8)
        #expect(try CSVBulkReader.parse(plain, path: "t.csv", tuning: tuning)?.rowCount == 3000)
        let totals = Array(("name,v\n" + rows + "TOTAL,24000\n").utf8)
        #expect(try CSVBulkReader.parse(totals, path: "t.csv", tuning: tuning) == nil)
        let early = Array(("name,v\nr0,1,2\n" + rows).utf8)
        #expect(try CSVBulkReader.parse(early, path: "t.csv", tuning: tuning) == nil)
    }

    /// `|` separates as `,` `;` and tab do; in a tab or `|` file, the columns that read either
    /// way ("60,323") take the convention its other columns show ("0,5"); "0,462" is never
    /// thousands.
    @Test func pipesAndTheFilesDecimalConvention() throws {
        let text = "year|employed|share\n1947|60,323|0,5\n1948|61,122|0,25\n1949|60,171|0,75\n"
        let table = try Self.parse(Array(text.utf8)).table
        #expect(table.columns.map(\.name) == ["year", "employed", "share"])
        #expect(Self.numbers(table, "employed") == [60.323, 61.122, 60.171])
        #expect(Self.numbers(table, "share") == [0.5, 0.25, 0.75])
        let thousands = try Self.parse(Array("year\tpeople\n1947\t60,323\n1948\t1,061,122\n".utf8)).table
        #expect(Self.numbers(thousands, "people") == [60_323, 1_061_122])
        let small = try Self.parse(Array("site\tAlps\nA\t0,462\nB\t0,051\n".utf8)).table
        #expect(Self.numbers(small, "Alps") == [0.462, 0.051])
    }

    /// A second table narrower than the first, whose header would fit as a short row of text:
    /// a table (a row as wide as it follows), not notes.
    @Test func aNarrowerSecondTableIsATable() throws {
        let text = "name,type,income\nann,prof,62\nbob,wc,72\n\n\"Region\",\"Share\"\n\"North\",0.4\n"
        let (table, setAside) = try Self.parse(Array(text.utf8))
        #expect(table.rowCount == 2 && setAside.laterTableCount == 1 && setAside.laterTablesLine == 5)
    }
}
