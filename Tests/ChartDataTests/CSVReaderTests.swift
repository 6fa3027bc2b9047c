import Testing
import Foundation
import ChartData

// What a user charting real-world CSV files expects from `CSVReader`: RFC 4180 quoting, the
// delimiter found, header names fixed up, column types inferred from the first value, missing
// values recognized, errors that name the file, line and column exactly, bad rows skipped on
// request, large files read correctly, and no crash on any input.

// MARK: - Helpers

/// The name errors use for in-memory input.
private let testPath = "t.csv"

/// Parses `text` from memory.
private func parseCSV(_ text: String, skipBadRows: Bool = false) throws(DataError) -> (table: DataTable, skippedRows: Int) {
    let parsed = try CSVReader.parse(Array(text.utf8), path: testPath, skipBadRows: skipBadRows)
    return (parsed.table, parsed.setAside.count)
}

/// The error parsing `bytes` throws, or nil when it succeeds.
private func parseError(_ bytes: [UInt8], skipBadRows: Bool = false) -> DataError? {
    do {
        _ = try CSVReader.parse(bytes, path: testPath, skipBadRows: skipBadRows)
        return nil
    } catch {
        return error
    }
}

/// One line per column, "name: kind [values]": numbers printed exactly (shortest round-trip
/// form), NaN as "nan", text quoted, nil as "nil". Easy to compare and to read in a failure.
private func render(_ table: DataTable) -> [String] {
    table.columns.map { column in
        switch column.values {
        case .number(let values): "\(column.name): number [\(values.map(render).joined(separator: ", "))]"
        case .date(let values): "\(column.name): date [\(values.map(render).joined(separator: ", "))]"
        case .text(let values): "\(column.name): text [\(values.map { $0.map(\.debugDescription) ?? "nil" }.joined(separator: ", "))]"
        }
    }
}

private func render(_ value: Double) -> String { value.isNaN ? "nan" : "\(value)" }

/// A file under NSTemporaryDirectory() holding `bytes`, removed by `remove()`.
private struct TemporaryFile {
    let path: String

    init(_ bytes: [UInt8], name: String = "data.csv") throws {
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("CSVReaderTests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        path = (directory as NSString).appendingPathComponent(name)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
    }

    init(_ text: String, name: String = "data.csv") throws { try self.init(Array(text.utf8), name: name) }

    var directory: String { (path as NSString).deletingLastPathComponent }

    func remove() {
        _ = chmod(path, 0o644)
        try? FileManager.default.removeItem(atPath: directory)
    }
}

/// A seeded generator (SplitMix64), so that random tests repeat exactly.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An input and the table it should give, for table-driven tests.
struct CSVCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: String
    var expected: [String]
    var testDescription: String { name }
}

/// An input and the exact error description it should give.
struct ErrorCase: Sendable, CustomTestStringConvertible {
    var name: String
    var input: [UInt8]
    var expected: String
    var skipBadRows = false
    var testDescription: String { name }

    init(_ name: String, _ input: String, _ expected: String, skipBadRows: Bool = false) {
        self.init(name, Array(input.utf8), expected, skipBadRows: skipBadRows)
    }

    init(_ name: String, _ input: [UInt8], _ expected: String, skipBadRows: Bool = false) {
        self.name = name
        self.input = input
        self.expected = expected
        self.skipBadRows = skipBadRows
    }
}

// MARK: - RFC 4180

@Suite("CSV reader: RFC 4180 syntax")
struct CSVSyntaxTests {
    static let cases: [CSVCase] = [
        CSVCase(name: "plain", input: "a,b\n1,2\n3,4\n", expected: ["a: number [1.0, 3.0]", "b: number [2.0, 4.0]"]),
        CSVCase(
            name: "delimiter inside quotes", input: "name,v\n\"Smith, John\",1\n",
            expected: ["name: text [\"Smith, John\"]", "v: number [1.0]"]),
        CSVCase(
            name: "doubled quote is one quote", input: "q,v\n\"say \"\"hi\"\"\",1\n\"\"\"\"\"\",2\n",
            expected: ["q: text [\"say \\\"hi\\\"\", \"\\\"\\\"\"]", "v: number [1.0, 2.0]"]),
        CSVCase(name: "LF inside quotes", input: "t,v\n\"line1\nline2\",1\n", expected: ["t: text [\"line1\\nline2\"]", "v: number [1.0]"]),
        CSVCase(name: "CRLF inside quotes", input: "t,v\r\n\"a\r\nb\",1\r\n", expected: ["t: text [\"a\\r\\nb\"]", "v: number [1.0]"]),
        CSVCase(name: "CRLF line ends", input: "a,b\r\n1,2\r\n3,4\r\n", expected: ["a: number [1.0, 3.0]", "b: number [2.0, 4.0]"]),
        CSVCase(name: "lone CR line ends", input: "a,b\r1,2\r3,4", expected: ["a: number [1.0, 3.0]", "b: number [2.0, 4.0]"]),
        CSVCase(name: "UTF-8 BOM dropped", input: "\u{FEFF}a,b\n1,2\n", expected: ["a: number [1.0]", "b: number [2.0]"]),
        CSVCase(name: "last line without newline", input: "a,b\n1,2\n3,4", expected: ["a: number [1.0, 3.0]", "b: number [2.0, 4.0]"]),
        CSVCase(name: "blank trailing lines", input: "a,b\n1,2\n\n\n  \n\r\n\r\n", expected: ["a: number [1.0]", "b: number [2.0]"]),
        CSVCase(
            name: "blank lines in between and before the header", input: "\n\na,b\n\n1,2\n   \n3,4\n",
            expected: ["a: number [1.0, 3.0]", "b: number [2.0, 4.0]"]),
        CSVCase(name: "empty quoted field is missing", input: "a,b\n\"\",1\nx,2\n", expected: ["a: text [nil, \"x\"]", "b: number [1.0, 2.0]"]),
        CSVCase(
            name: "quote inside an unquoted field is literal", input: "a,b\n5\" screen,1\n",
            expected: ["a: text [\"5\\\" screen\"]", "b: number [1.0]"]),
        CSVCase(name: "text after a closing quote is kept", input: "a,b\n\"ab\"c,1\n", expected: ["a: text [\"abc\"]", "b: number [1.0]"]),
        CSVCase(name: "spaces around a quoted field", input: "a, b\n1, \"x, y\" \n", expected: ["a: number [1.0]", "b: text [\"x, y\"]"]),
        CSVCase(
            name: "quoted text kept as written, unquoted trimmed", input: "a,b\n\" padded \",  padded  \n",
            expected: ["a: text [\" padded \"]", "b: text [\"padded\"]"]),
        CSVCase(name: "empty last field", input: "a,b\n1,\n2,\n", expected: ["a: number [1.0, 2.0]", "b: number [nan, nan]"]),
        CSVCase(name: "one column", input: "v\n1\n2\n", expected: ["v: number [1.0, 2.0]"]),
        CSVCase(name: "quoted numbers are numbers", input: "a\n\"1.5\"\n\" 2 \"\n", expected: ["a: number [1.5, 2.0]"]),
        CSVCase(
            name: "quoted header names", input: "\"first, name\",\"b\"\"\"\n1,2\n",
            expected: ["first, name: number [1.0]", "b\": number [2.0]"]),
        CSVCase(name: "non-ASCII text", input: "名前,値\n東京,1\nZürich,2\n", expected: ["名前: text [\"東京\", \"Zürich\"]", "値: number [1.0, 2.0]"]),
        CSVCase(name: "multi-line field in the header", input: "\"a\nb\",c\n1,2\n", expected: ["a\nb: number [1.0]", "c: number [2.0]"])
    ]

    @Test("Fields, quotes and line ends", arguments: cases)
    func syntax(testCase: CSVCase) throws {
        let (table, skipped) = try parseCSV(testCase.input)
        #expect(render(table) == testCase.expected)
        #expect(skipped == 0)
    }

    @Test("A header line of more than the sample's records and fields still parses")
    func manyColumns() throws {
        let header = (1...500).map { "c\($0)" }.joined(separator: ";")
        let row = (1...500).map { "\($0)" }.joined(separator: ";")
        let (table, _) = try parseCSV(header + "\n" + row + "\n" + row + "\n")
        #expect(table.columns.count == 500)
        #expect(table.rowCount == 2)
        #expect(table.column(named: "c500")?.numbers == [500, 500])
    }
}

// MARK: - Delimiter

@Suite("CSV reader: delimiter detection")
struct CSVDelimiterTests {
    static let cases: [CSVCase] = [
        CSVCase(name: "comma", input: "a,b,c\n1,2,3\n", expected: ["a: number [1.0]", "b: number [2.0]", "c: number [3.0]"]),
        CSVCase(name: "semicolon", input: "a;b;c\n1;2;3\n", expected: ["a: number [1.0]", "b: number [2.0]", "c: number [3.0]"]),
        CSVCase(name: "tab", input: "a\tb\n1\t2\n", expected: ["a: number [1.0]", "b: number [2.0]"]),
        CSVCase(name: "semicolon with decimal commas", input: "a;b\n1,5;2,5\n", expected: ["a: number [1.5]", "b: number [2.5]"]),
        CSVCase(name: "tab with commas in text", input: "name\tnote\nx\ta, b, c\n", expected: ["name: text [\"x\"]", "note: text [\"a, b, c\"]"]),
        CSVCase(name: "semicolon quoted in a comma header", input: "\"a;b\",c\n1,2\n", expected: ["a;b: number [1.0]", "c: number [2.0]"]),
        CSVCase(name: "comma quoted in a semicolon header", input: "\"x,y\";z\n1;2\n", expected: ["x,y: number [1.0]", "z: number [2.0]"]),
        CSVCase(
            name: "most header fields loses when the rows disagree", input: "a;b;c,d\n1,2\n3,4\n",
            expected: ["a;b;c: number [1.0, 3.0]", "d: number [2.0, 4.0]"]),
        CSVCase(name: "tie goes to comma", input: "a,b;c\n1,2;3\n", expected: ["a: number [1.0]", "b;c: text [\"2;3\"]"]),
        CSVCase(
            name: "one column with commas in the values", input: "note\nhello, world\nbye, now\n",
            expected: ["note: text [\"hello, world\", \"bye, now\"]"]),
        CSVCase(name: "one column, no delimiter at all", input: "v\n1\n", expected: ["v: number [1.0]"]),
        CSVCase(
            name: "a quoted newline does not confuse the sample", input: "a;b\n\"x\ny\";1\n\"z\";2\n",
            expected: ["a: text [\"x\\ny\", \"z\"]", "b: number [1.0, 2.0]"]),
        CSVCase(
            name: "semicolon with more fields than a comma split", input: "id;name;price\n1;Smith, John;2\n",
            expected: ["id: number [1.0]", "name: text [\"Smith, John\"]", "price: number [2.0]"])
    ]

    @Test("The delimiter that splits the header most, consistent with the next lines", arguments: cases)
    func detection(testCase: CSVCase) throws {
        let (table, _) = try parseCSV(testCase.input)
        #expect(render(table) == testCase.expected)
    }

    @Test("A ragged row among the first lines still gives the comma (and its error)")
    func raggedSample() {
        let error = parseError(Array("a,b,c\n1,2,3\n4,5\n6,7,8\n".utf8))
        #expect(error?.description == "t.csv:3: has 2 fields, but the header has 3")
    }
}

// MARK: - Header

@Suite("CSV reader: header names")
struct CSVHeaderTests {
    static let cases: [(String, [String])] = [
        (",b,\n1,2,3\n", ["column 1", "b", "column 3"]),
        ("x,x,x\n1,2,3\n", ["x", "x 2", "x 3"]),
        ("x,x,x 2\n1,2,3\n", ["x", "x 3", "x 2"]),
        (" a , b \n1,2\n", ["a", "b"]),
        ("\" \",\"\"\n1,2\n", ["column 1", "column 2"]),
        (",column 1\n1,2\n", ["column 1", "column 1 2"]),
        ("A,a\n1,2\n", ["A", "a"])
    ]

    @Test("Empty names become \"column N\"; repeats get \" 2\", \" 3\"", arguments: cases)
    func names(input: String, expected: [String]) throws {
        let (table, _) = try parseCSV(input)
        #expect(table.columns.map(\.name) == expected)
    }
}

// MARK: - Types

@Suite("CSV reader: type inference")
struct CSVTypeTests {
    /// Cells that are numbers, with the text Swift's own (correctly rounded) parser reads for them.
    static let numbers: [(cell: String, value: String)] = [
        ("0", "0"), ("-0", "-0"), ("+1", "1"), ("1.5", "1.5"), ("-2.25", "-2.25"), (".5", ".5"), ("5.", "5"),
        ("1e3", "1e3"), ("1E-3", "1E-3"), ("2.5e+2", "2.5e+2"), ("007", "7"), ("  42 ", "42"), ("0.1", "0.1"),
        ("0.30000000000000004", "0.30000000000000004"), ("3.141592653589793", "3.141592653589793"),
        ("123456789012345678901234567890", "123456789012345678901234567890"),
        ("9007199254740993", "9007199254740993"), ("1e22", "1e22"), ("1e23", "1e23"), ("1e-400", "0"),
        ("-1.7976931348623157e308", "-1.7976931348623157e308"), ("1e400", "inf"), ("0.000000000000000000000000001", "1e-27"),
        ("4.9406564584124654e-324", "4.9406564584124654e-324"), ("00000000000000000000001.5", "1.5"),
        ("0.1234567890123456789012345", "0.1234567890123456789012345"), ("1e0000000000000000000000001", "10")
    ]

    @Test("A column whose first value is a number is a number column", arguments: numbers)
    func number(cell: String, value: String) throws {
        let (table, _) = try parseCSV("v\n\(cell)\n")
        let expected = try #require(Double(value))
        let column = try #require(table.columns.first)
        #expect(!column.isText && !column.isDate)
        let got = try #require(column.numbers?.first)
        #expect(got.bitPattern == expected.bitPattern, "\(cell) → \(got), want \(expected)")
    }

    /// Cells that are not numbers (nor dates): the column is text.
    static let notNumbers = [
        "inf", "Infinity", "-inf", "0x1A", "1e", "e5", "+", "--1", "1.2.3", "$$5", "5$$", "$", "1 000", "١٢", "12%%", "%12",
        "1_000", "+-1", ".e1", "1e+", "NaNa", "1.5.", "abc", "TRUE", "1d", "1f", "0b101"
    ]

    @Test("A column whose first value is neither number nor date is a text column", arguments: notNumbers)
    func notNumber(cell: String) throws {
        let (table, _) = try parseCSV("v\n\(cell)\n")
        #expect(render(table) == ["v: text [\(cell.debugDescription)]"])
    }

    /// Each date spelling and its exact seconds since 1970.
    static let dates: [(cell: String, seconds: Double)] = [
        ("2026-11-29", 1_795_910_400), ("2026-11-29T14:30", 1_795_962_600), ("2026-11-29T14:30:00", 1_795_962_600),
        ("2026-11-29T14:30:00Z", 1_795_962_600), ("2026-11-29T14:30Z", 1_795_962_600),
        ("2026-11-29T14:30:00+02:00", 1_795_955_400), ("2026-11-29T14:30:00-05:30", 1_795_982_400),
        ("2026-11-29T14:30:00+0200", 1_795_955_400), ("2026-11-29T14:30:00+02", 1_795_955_400),
        ("2026-11-29T14:30:00.250Z", 1_795_962_600.25), ("2026-11-29 14:30:00", 1_795_962_600),
        ("2026-11-29 14:30", 1_795_962_600), ("2026-11-29 14:30:00+02:00", 1_795_955_400),
        ("2026/11/29", 1_795_910_400), ("2026/11/29 14:30", 1_795_962_600), ("29 Nov 2026", 1_795_910_400),
        ("29 November 2026", 1_795_910_400), ("Nov 29 2026", 1_795_910_400), ("Nov 29, 2026", 1_795_910_400),
        ("November 29, 2026", 1_795_910_400), ("29-Nov-2026", 1_795_910_400), ("2026-11", 1_793_491_200),
        ("Nov 2026", 1_793_491_200), ("2026-1-5", 1_767_571_200), ("29 Nov 2026 14:30", 1_795_962_600),
        ("Sun, 29 Nov 2026 14:30:00 +0000", 1_795_962_600), ("Sunday, November 29, 2026", 1_795_910_400),
        ("1970-01-01", 0), ("1969-12-31T23:59:59Z", -1), ("2000-02-29", 951_782_400),
        ("1600-03-01", -11_670_912_000), ("9999-12-31", 253_402_214_400),
        // Foundation (ICU) treats the separators between year-first numbers as interchangeable.
        ("2026/11", 1_793_491_200), ("2026.11.29", 1_795_910_400),
        // Month names with dashes, and quarters as their first day (statsmodels', pandas' spellings).
        ("Nov-29-2026", 1_795_910_400), ("2026-Nov", 1_793_491_200), ("Nov-2026", 1_793_491_200),
        ("2026Q4", 1_790_812_800), ("2026 Q4", 1_790_812_800), ("2026-q4", 1_790_812_800), ("Q4 2026", 1_790_812_800),
        ("1974Q1", 126_230_400)
    ]

    @Test("A column whose first value is a date is a date column, in seconds since 1970", arguments: dates)
    func date(cell: String, seconds: Double) throws {
        let (table, _) = try parseCSV("d\n\"\(cell)\"\n")
        let column = try #require(table.columns.first)
        #expect(column.isDate, "\(cell) gave \(render(table))")
        #expect(column.numbers == [seconds], "\(cell)")
    }

    /// Texts that look a little like dates but are not ("01/02/2026", whose order nothing
    /// settles, is read month first and said: see CSVRecoveryTests).
    static let notDates = [
        "2026-02-30", "2026-13-01", "29 Nov 26", "31/02/2026", "2026-11-29T25:00", "2026-11-29 14:30:60",
        "0000-01-01", "Nov", "2026-11-29T14:30:00+25:00", "2026-11-29x", "Sept 29 2026", "2026-11-29T", "2026-11-29T14",
        "2026-11-29 14:30:00 +99", "20261129T", "2026-11-29 14:30:00 EST", "2026Q5", "Q0 2026", "2026QQ1"
    ]

    @Test("Near-dates are text", arguments: notDates)
    func notDate(cell: String) throws {
        let (table, _) = try parseCSV("d\n\"\(cell)\"\n")
        #expect(render(table) == ["d: text [\(cell.debugDescription)]"])
    }

    @Test("Every later cell must fit the first one's type; mixed date spellings are fine")
    func laterCells() throws {
        let (table, _) = try parseCSV("n,d,t\n1,2026-11-29,x\n2.5e1,Nov 30 2026,2\n-3,2026-12-01T06:00:00Z,2026-11-29\n")
        #expect(
            render(table) == [
                "n: number [1.0, 25.0, -3.0]",
                "d: date [1795910400.0, 1795996800.0, 1796104800.0]",
                "t: text [\"x\", \"2\", \"2026-11-29\"]"
            ])
    }

    @Test("Plain integers such as years and yyyyMMdd stay numbers")
    func yearsAreNumbers() throws {
        let (table, _) = try parseCSV("year,day\n2026,20261129\n")
        #expect(render(table) == ["year: number [2026.0]", "day: number [20261129.0]"])
    }

    @Test("ISO date-times read from bytes agree with DateFormatter (2,000 seeded cases)")
    func isoAgreesWithFoundation() throws {
        var random = SeededRandom(seed: 2026)
        let layouts: [(String, String)] = [
            ("yyyy-MM-dd", ""), ("yyyy-MM-dd'T'HH:mm", ""), ("yyyy-MM-dd'T'HH:mm:ss", ""), ("yyyy-MM-dd HH:mm:ss", ""),
            ("yyyy-MM-dd'T'HH:mm:ssXXXXX", "Z"), ("yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "+hh:mm"), ("yyyy/MM/dd", ""),
            ("yyyy-MM-dd HH:mmXXXXX", "-hh:mm"), ("yyyy-MM", "")
        ]
        let writer = DateFormatter()
        writer.locale = Locale(identifier: "en_US_POSIX")
        writer.calendar = Calendar(identifier: .gregorian)
        let reader = DateFormatter()
        reader.locale = Locale(identifier: "en_US_POSIX")
        reader.calendar = Calendar(identifier: .gregorian)
        reader.timeZone = TimeZone(identifier: "UTC")
        var texts: [String] = []
        var expected: [Double] = []
        for _ in 0..<2000 {
            let (format, zone) = layouts[Int.random(in: 0..<layouts.count, using: &random)]
            // 1601…2399, whole milliseconds.
            let seconds = Double(Int64.random(in: -11_644_473_600_000...13_569_465_600_000, using: &random)) / 1000
            let offsetMinutes =
                zone.hasPrefix("+")
                ? Int.random(in: 0...14 * 60, using: &random)
                : zone.hasPrefix("-") ? -Int.random(in: 0...12 * 60, using: &random) : 0
            writer.timeZone = TimeZone(secondsFromGMT: offsetMinutes * 60)
            writer.dateFormat = format
            let text = writer.string(from: Date(timeIntervalSince1970: seconds))
            reader.dateFormat = format
            let value = try #require(reader.date(from: text), "\(text)").timeIntervalSince1970
            texts.append(text)
            expected.append(value)
        }
        let (table, _) = try parseCSV("d\n" + texts.joined(separator: "\n") + "\n")
        let got = try #require(table.columns.first?.numbers)
        #expect(table.columns.first?.isDate == true)
        for (index, text) in texts.enumerated() where abs(got[index] - expected[index]) > 1e-6 {
            Issue.record("\(text): \(got[index]), DateFormatter says \(expected[index])")
        }
    }
}

// MARK: - Missing values

@Suite("CSV reader: missing values")
struct CSVMissingTests {
    static let spellings = ["", "NA", "N/A", "n/a", "NaN", "nan", "null", "NULL", "None", "-", "#N/A", ".", " NA ", "\"NA\"", "<NA>", "#NA"]

    @Test("Missing in number, date and text columns, and never deciding the type", arguments: spellings)
    func missing(spelling: String) throws {
        let (table, _) = try parseCSV(
            """
            n,d,t,first
            1,2026-11-29,x,\(spelling)
            \(spelling),\(spelling),\(spelling),2026-11-29
            """)
        #expect(
            render(table) == [
                "n: number [1.0, nan]", "d: date [1795910400.0, nan]", "t: text [\"x\", nil]", "first: date [nan, 1795910400.0]"
            ])
    }

    @Test("Near-missing spellings are text")
    func nearMissing() throws {
        let (table, _) = try parseCSV("t\nna\nn.a.\n--\n")
        #expect(render(table) == ["t: text [\"na\", \"n.a.\", \"--\"]"])
    }

    @Test("A column with no value at all is a number column of NaN")
    func allMissing() throws {
        let (table, _) = try parseCSV("a,b\n1,\n2,NA\n")
        #expect(render(table) == ["a: number [1.0, 2.0]", "b: number [nan, nan]"])
    }

    @Test("Missing cells before the first value are filled in that value's type")
    func leadingMissing() throws {
        let (table, _) = try parseCSV("n,t\n,\nNA,NULL\n3,x\n")
        #expect(render(table) == ["n: number [nan, nan, 3.0]", "t: text [nil, nil, \"x\"]"])
    }
}

// MARK: - Errors

@Suite("CSV reader: errors")
struct CSVErrorTests {
    static let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0x0D, 0x49, 0x48, 0x44, 0x52, 0, 0, 1, 0]

    static let cases: [ErrorCase] = [
        ErrorCase("too many fields", "a,b,c,d\n1,2,3,4\n1,2,3,4,5\n", "t.csv:3: has 5 fields, but the header has 4"),
        ErrorCase("too few fields", "a,b,c,d\n1,2,3\n", "t.csv:2: has 3 fields, but the header has 4"),
        ErrorCase("one field", "a,b\n1,2\n7\n", "t.csv:3: has 1 field, but the header has 2"),
        ErrorCase("line after blank lines", "a,b\n\n\n1,2\n3\n", "t.csv:5: has 1 field, but the header has 2"),
        ErrorCase("CRLF lines", "a,b\r\n1,2\r\n3\r\n", "t.csv:3: has 1 field, but the header has 2"),
        ErrorCase("CR lines", "a,b\r1,2\r3\r", "t.csv:3: has 1 field, but the header has 2"),
        ErrorCase("line after a lone CR inside quotes", "a,b\n\"x\ry\",1\n3\n", "t.csv:4: has 1 field, but the header has 2"),
        ErrorCase("unclosed quote", "a,b\n1,2\n\"open,3\n4,5\n", "t.csv:3: a quoted field is never closed"),
        ErrorCase("unclosed quote in the header", "\"a,b\n1,2\n", "t.csv:1: a quoted field is never closed"),
        ErrorCase("unclosed quote after a multi-line field", "a,b\n\"x\ny\",1\n2,\"never\n", "t.csv:4: a quoted field is never closed"),
        ErrorCase("unclosed quote at the very end", "a,b\n1,\"", "t.csv:2: a quoted field is never closed"),
        ErrorCase("empty file", "", "t.csv: has no data rows"),
        ErrorCase("header only", "a,b\n", "t.csv: has no data rows"),
        ErrorCase("header only, no newline", "a,b", "t.csv: has no data rows"),
        ErrorCase("header and blank lines", "a,b\n\n  \r\n", "t.csv: has no data rows"),
        ErrorCase("BOM only", "\u{FEFF}", "t.csv: has no data rows"),
        ErrorCase("blank lines only", "\n \n\r\n", "t.csv: has no data rows"),
        ErrorCase(
            "every row bad and set aside", "a,b\n1\n2,x,3\n", "t.csv: has no data rows: 2 rows set aside (line 2: 1 field, not 2; line 3: 3 fields, not 2)",
            skipBadRows: true),
        ErrorCase("PNG", png, "t.csv: cannot open: not a text file"),
        ErrorCase("NUL byte", Array("a,b\n1,".utf8) + [0] + Array("\n".utf8), "t.csv: cannot open: not a text file"),
        ErrorCase("UTF-16 without its byte order mark", [0x61, 0x00, 0x0A, 0x00, 0x31, 0x00], "t.csv: cannot open: not a text file"),
        ErrorCase("control bytes and no UTF-8", Array("a\n".utf8) + [0xC0, 0x01, 0x0A], "t.csv: cannot open: not a text file")
    ]

    /// Cells that do not fit the type a column's first cells gave it: the column is text, and
    /// the table's notes say which cell on which line made it so (once, the first such cell).
    static let textColumns: [ErrorCase] = [
        ErrorCase("not a number", "name,price\nx,1.5\ny,abc\n", "t.csv:3: column 'price': 'abc' is not a number"),
        ErrorCase("inf is not a number", "v\n1\ninf\n", "t.csv:3: column 'v': 'inf' is not a number"),
        ErrorCase("not a date", "day,v\n2026-11-29,1\nsoon,2\n", "t.csv:3: column 'day': 'soon' is not a date"),
        ErrorCase("a number is not a date", "day\n2026-11-29\n5\n", "t.csv:3: column 'day': '5' is not a date"),
        ErrorCase("line after a multi-line field", "a,b\n\"x\ny\",1\nz,oops\n", "t.csv:4: column 'b': 'oops' is not a number"),
        ErrorCase("later cells use the same number rules", "v\n1\n0x10\n", "t.csv:3: column 'v': '0x10' is not a number"),
        ErrorCase("quote in the error text", "v\n1\n\"a \"\"b\"\"\"\n", "t.csv:3: column 'v': 'a \"b\"' is not a number"),
        ErrorCase("line of a row holding a multi-line field", "a,b\nq,2\n\"x\ny\",z\n", "t.csv:3: column 'b': 'z' is not a number"),
        ErrorCase("cell text escaped", "a\n1\n\"x\ny\"\n", "t.csv:3: column 'a': 'x\\ny' is not a number"),
        ErrorCase(
            "long cell cut", "a\n1\n\(String(repeating: "x", count: 50))\n",
            "t.csv:3: column 'a': '\(String(repeating: "x", count: 40))…' is not a number")
    ]

    @Test("A cell of another kind makes its column text, and the notes say where", arguments: textColumns)
    func textColumn(testCase: ErrorCase) throws {
        let (table, skipped) = try parseCSV(String(decoding: testCase.input, as: UTF8.self), skipBadRows: testCase.skipBadRows)
        // "t.csv:3: column 'price': 'abc' is not a number" → the column, the line and the cell.
        let parts = testCase.expected.split(separator: ":", maxSplits: 2).map(String.init)
        let rest = parts[2].trimmingCharacters(in: .whitespaces)
        let name = String(rest.dropFirst("column '".count).prefix { $0 != "'" })
        let problem = String(rest.drop { $0 != ":" }.dropFirst(2))
        let column = try #require(table.columns.first { $0.name == name })
        #expect(column.isText, "\(render(table))")
        let note = "column '\(name)' read as text: line \(parts[1]) has " + problem.replacingOccurrences(of: "' is not a", with: "', not a")
        #expect(table.notes.contains(note), "\(table.notes)")
        #expect(skipped == 0)
    }

    @Test("Each error, with its exact description", arguments: cases)
    func error(testCase: ErrorCase) {
        let error = parseError(testCase.input, skipBadRows: testCase.skipBadRows)
        #expect(error?.description == testCase.expected)
    }

    @Test("Errors carry the path, line and column as values")
    func errorValues() {
        #expect(
            parseError(Array("a,b,c,d\n1,2,3,4,5\n".utf8))
                == .csv(path: testPath, line: 2, column: nil, message: "has 5 fields, but the header has 4"))
        #expect(parseError(Array("a\n\"\n".utf8)) == .csv(path: testPath, line: 2, column: nil, message: "a quoted field is never closed"))
        #expect(parseError([]) == .unusable(path: testPath, message: "has no data rows"))
        #expect(parseError([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) == .cannotOpen(path: testPath, reason: "not a text file"))
    }

    @Test("Valid multi-byte UTF-8 is text")
    func validUTF8() throws {
        let (table, _) = try parseCSV("t\né\n€\n𝄞\n")
        #expect(render(table) == ["t: text [\"é\", \"€\", \"𝄞\"]"])
    }

    @Test("A missing file")
    func missingFile() {
        let path = NSTemporaryDirectory() + "/CSVReaderTests-no-such-\(UUID().uuidString).csv"
        #expect(throws: DataError.cannotOpen(path: path, reason: "no such file")) { try CSVReader.read(path: path) }
        #expect(throws: DataError.cannotOpen(path: path + "/x.csv", reason: "no such file")) { try CSVReader.read(path: path + "/x.csv") }
    }

    @Test("A directory")
    func directory() throws {
        let file = try TemporaryFile("a\n1\n")
        defer { file.remove() }
        #expect(throws: DataError.cannotOpen(path: file.directory, reason: "is a directory")) { try CSVReader.read(path: file.directory) }
    }

    @Test("An unreadable file", .enabled(if: geteuid() != 0, "root reads any file"))
    func unreadable() throws {
        let file = try TemporaryFile("a\n1\n")
        defer { file.remove() }
        #expect(chmod(file.path, 0) == 0)
        #expect(throws: DataError.cannotOpen(path: file.path, reason: "permission denied")) { try CSVReader.read(path: file.path) }
        #expect((try? CSVReader.read(path: file.path)) == nil)
    }

    @Test("A PNG file read from disk is not a text file")
    func pngFile() throws {
        let file = try TemporaryFile(Self.png, name: "image.csv")
        defer { file.remove() }
        #expect(throws: DataError.cannotOpen(path: file.path, reason: "not a text file")) { try CSVReader.read(path: file.path) }
    }
}

// MARK: - Skipping bad rows

@Suite("CSV reader: skipping bad rows")
struct CSVSkipTests {
    @Test("Ragged rows are skipped and counted; a cell of another kind makes its column text instead")
    func skips() throws {
        let (table, skipped) = try parseCSV("a,b\n1,2\n3\n4,x\n5,6\n7,8,9\n", skipBadRows: true)
        #expect(render(table) == ["a: number [1.0, 4.0, 5.0]", "b: text [\"2\", \"x\", \"6\"]"])
        #expect(skipped == 2)
    }

    @Test("A skipped row decides no column's type")
    func skippedRowDecidesNothing() throws {
        let (table, skipped) = try parseCSV("a,b\nNA,1\nhello\n2,3\n", skipBadRows: true)
        #expect(render(table) == ["a: number [nan, 2.0]", "b: number [1.0, 3.0]"])
        #expect(skipped == 1)
        let (mixed, none) = try parseCSV("a,b\nNA,1\nhello,abc\n2,3\n", skipBadRows: true)
        #expect(render(mixed) == ["a: text [nil, \"hello\", \"2\"]", "b: text [\"1\", \"abc\", \"3\"]"])
        #expect(none == 0)
    }

    @Test("A column of dates with a cell that is not one is text: no row is dropped for it")
    func badDates() throws {
        let (table, skipped) = try parseCSV("d,v\n2026-11-29,1\nlater,2\n2026-02-30,3\nNov 30 2026,4\n", skipBadRows: true)
        #expect(render(table) == ["d: text [\"2026-11-29\", \"later\", \"2026-02-30\", \"Nov 30 2026\"]", "v: number [1.0, 2.0, 3.0, 4.0]"])
        #expect(skipped == 0)
    }

    @Test("Without skipping, the first bad row is the error")
    func firstBadRow() {
        #expect(parseError(Array("a,b\n1,2\n3\n4,x\n".utf8))?.description == "t.csv:3: has 1 field, but the header has 2")
    }

    @Test("Good files skip nothing")
    func nothingSkipped() throws {
        let (_, skipped) = try parseCSV("a,b\n1,2\n", skipBadRows: true)
        #expect(skipped == 0)
    }
}

// MARK: - Files and volume

@Suite("CSV reader: files and volume")
struct CSVVolumeTests {
    @Test("read(path:) gives what parse gives for the same bytes")
    func readMatchesParse() throws {
        let text = "\u{FEFF}id;name;day\r\n1;\"a;b\";2026-11-29\r\n2;c;Nov 30, 2026\r\n"
        let file = try TemporaryFile(text)
        defer { file.remove() }
        let fromFile = try CSVReader.read(path: file.path)
        let fromBytes = try parseCSV(text)
        #expect(fromFile.table == fromBytes.table)
        #expect(
            render(fromFile.table) == [
                "id: number [1.0, 2.0]", "name: text [\"a;b\", \"c\"]", "day: date [1795910400.0, 1795996800.0]"
            ])
    }

    @Test("Long quoted fields full of escapes")
    func longQuotedFields() throws {
        let long = String(repeating: "ab\"\"cd,\n", count: 20_000)
        let (table, _) = try parseCSV("t,v\n\"\(long)\",1\n\"\(long)x\",2\n")
        let expected = String(repeating: "ab\"cd,\n", count: 20_000)
        #expect(render(table) == ["t: text [\(expected.debugDescription), \((expected + "x").debugDescription)]", "v: number [1.0, 2.0]"])
    }

    @Test("A 100,000-row generated file parses with correct sums")
    func largeFile() throws {
        let rows = 100_000
        var text = "id,x,y,label,day\n"
        text.reserveCapacity(rows * 40)
        for i in 0..<rows {
            let day: Int = 1 + i % 28, month: Int = 1 + (i / 28) % 12
            let monthText: String = (month < 10 ? "0" : "") + String(month)
            let dayText: String = "2026-" + monthText + "-" + (day < 10 ? "0" : "") + String(day)
            let label: String = i % 10 == 0 ? "\"item, \(i % 7)\"" : "item \(i % 7)"
            let y: String = i % 3 == 0 ? "NA" : "-\(i)e0"
            let x: Double = Double(i) * 0.5
            text += "\(i),\(x),\(y),\(label),\(dayText)\n"
        }
        let file = try TemporaryFile(text)
        defer { file.remove() }
        let (table, skipped) = try CSVReader.read(path: file.path)
        #expect(skipped.isEmpty)
        #expect(table.rowCount == rows)
        let ids = try #require(table.column(named: "id")?.numbers)
        let xs = try #require(table.column(named: "x")?.numbers)
        let ys = try #require(table.column(named: "y")?.numbers)
        let triangle: Double = Double(rows * (rows - 1) / 2)
        let idSum: Double = ids.reduce(0, +), xSum: Double = xs.reduce(0, +)
        #expect(idSum == triangle)
        #expect(xSum == triangle / 2)
        let expectedY: Int = (0..<rows).filter { $0 % 3 != 0 }.reduce(0) { $0 - $1 }
        let ySum: Double = ys.filter { !$0.isNaN }.reduce(0, +)
        #expect(ySum == Double(expectedY))
        #expect(ys.filter(\.isNaN).count == (rows + 2) / 3)
        guard case .text(let labels)? = table.column(named: "label")?.values else {
            Issue.record("label is not text")
            return
        }
        #expect(labels.filter { $0?.hasPrefix("item, ") == true }.count == rows / 10)
        let days = try #require(table.column(named: "day")?.numbers)
        #expect(table.column(named: "day")?.isDate == true)
        #expect(days.min() == 1_767_225_600)  // 2026-01-01
        #expect(days.max() == 1_798_416_000)  // 2026-12-28
    }
}

// MARK: - Robustness

@Suite("CSV reader: never crashes")
struct CSVFuzzTests {
    /// Checks what every successful parse must satisfy.
    private func checkInvariants(_ result: (table: DataTable, setAside: CSVSetAside), _ input: [UInt8]) {
        let table = result.table
        #expect(table.rowCount > 0, "\(input)")
        #expect(!table.columns.isEmpty)
        #expect(Set(table.columns.map(\.count)).count == 1)
        #expect(Set(table.columns.map(\.name)).count == table.columns.count, "names not unique for \(input)")
        #expect(result.setAside.count >= 0 && result.setAside.filledCount >= 0)
    }

    @Test("Random bytes only ever throw DataError or succeed", arguments: 0..<4)
    func randomBytes(batch: Int) {
        var random = SeededRandom(seed: UInt64(1000 + batch))
        for _ in 0..<500 {
            let count = Int.random(in: 0..<300, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            do {
                checkInvariants(try CSVReader.parse(bytes, path: "fuzz", skipBadRows: Bool.random(using: &random)), bytes)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    /// Pieces that make CSV-like text: delimiters, quotes, line ends, numbers, dates, missing words.
    static let pieces = [
        ",", ",", ";", "\t", "\"", "\"", "\"\"", "\n", "\n", "\r\n", "\r", " ", "a", "1", "-2.5e3", ".", "-", "e",
        "NA", "2026-11-29", "Nov 29, 2026", "29 Nov 2026", "2026-11-29T14:30:00+02:00", "é", "\u{FEFF}", "inf", "nan", "x",
        "12345678901234567890", "1e999", "0.1", "", "2026-02-30", "#N/A", "Sun, 29 Nov 2026 14:30:00 +0000"
    ]

    @Test("CSV-like random text only ever throws DataError or succeeds", arguments: 0..<6)
    func randomText(batch: Int) {
        var random = SeededRandom(seed: UInt64(2000 + batch))
        for _ in 0..<500 {
            let count = Int.random(in: 0..<80, using: &random)
            let text = (0..<count).map { _ in Self.pieces[Int.random(in: 0..<Self.pieces.count, using: &random)] }.joined()
            let bytes = Array(text.utf8)
            do {
                checkInvariants(try CSVReader.parse(bytes, path: "fuzz", skipBadRows: Bool.random(using: &random)), bytes)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }

    @Test("Mutated valid files only ever throw DataError or succeed", arguments: 0..<2)
    func mutations(batch: Int) {
        var random = SeededRandom(seed: UInt64(3000 + batch))
        let base = Array("id;name;when;v\r\n1;\"a;b\";2026-11-29;1.5\r\n2;\"x\"\"y\";Nov 29, 2026;NA\r\n3;;29 Nov 2026;-2e3\r\n".utf8)
        for _ in 0..<500 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let index = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[index] = UInt8.random(in: 0...127, using: &random)
                case 1: bytes.remove(at: index)
                default: bytes.insert([0x22, 0x3B, 0x0A, 0x0D, 0x2C][Int.random(in: 0..<5, using: &random)], at: index)
                }
                if bytes.isEmpty { break }
            }
            do {
                checkInvariants(try CSVReader.parse(bytes, path: "fuzz", skipBadRows: Bool.random(using: &random)), bytes)
            } catch {
                #expect(!error.description.isEmpty)
            }
        }
    }
}
