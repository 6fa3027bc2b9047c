import Testing
@testable import ChartData
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// The CSV number parser (`CSVCell.plainDecimal`, `CSVCell.number`) at its edges, against glibc's
// strtod in the C locale: each cell is read directly, by the serial parse (`CSVReader.parse`)
// and by the parallel fast path (`CSVBulkReader.parse`, with a tuning small enough that the
// cells fall past its sample, in several ranges and blocks).

/// Runs `body` with the C locale's numbers on this thread (strtod and printf read its decimal point).
private func withCNumbers<T>(_ body: () throws -> T) rethrows -> T {
    let cLocale = newlocale(LC_NUMERIC_MASK, "C", nil)
    let previous = cLocale.map { uselocale($0) }
    defer {
        if let previous { uselocale(previous) }
        if let cLocale { freelocale(cLocale) }
    }
    return try body()
}

/// glibc's strtod on `text` in the C locale: its value, and whether it read all of the text
/// (and something).
private func strtodReference(_ text: String) -> (value: Double, whole: Bool) {
    withCNumbers {
        text.withCString { start in
            var end: UnsafeMutablePointer<CChar>? = nil
            let value = strtod(start, &end)
            let stop = end.map { UnsafePointer($0) } ?? start
            return (value, stop != start && stop == start + strlen(start))
        }
    }
}

/// `value` as C's printf writes it with `format` ("%.17g"), in the C locale.
private func printed(_ format: String, _ value: Double) -> String {
    withCNumbers {
        var buffer = [CChar](repeating: 0, count: 1_200)
        let count = buffer.withUnsafeMutableBufferPointer { b in withVaList([value]) { vsnprintf(b.baseAddress, b.count, format, $0) } }
        precondition(count > 0 && count < 1_200, "printf wrote \(count) bytes")
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}

/// Whether `text` is a decimal number as the issue defines one (and strtod reads one, in part):
/// an optional sign, digits with at most one point (one digit at least), an optional exponent
/// (e or E, an optional sign, digits). No "inf", "nan", hexadecimal, spaces or separators.
private func isDecimal(_ text: String) -> Bool {
    var rest = Array(text.utf8)[...]
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
    var digits = 0
    while isDigit(rest.first) { rest = rest.dropFirst(); digits += 1 }
    if rest.first == UInt8(ascii: ".") {
        rest = rest.dropFirst()
        while isDigit(rest.first) { rest = rest.dropFirst(); digits += 1 }
    }
    guard digits > 0 else { return false }
    if rest.first == UInt8(ascii: "e") || rest.first == UInt8(ascii: "E") {
        rest = rest.dropFirst()
        if rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-") { rest = rest.dropFirst() }
        guard isDigit(rest.first) else { return false }
        while isDigit(rest.first) { rest = rest.dropFirst() }
    }
    return rest.isEmpty
}

/// Equal bit patterns (the sign of zero counts), or both NaN.
private func sameBits(_ a: Double, _ b: Double) -> Bool { a.bitPattern == b.bitPattern || (a.isNaN && b.isNaN) }

/// `CSVCell.number` on `text`'s bytes.
private func cellNumber(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { CSVCell.number($0) }
}

/// `CSVCell.isMissing` on `text`'s bytes.
private func cellIsMissing(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { CSVCell.isMissing($0) }
}

/// Every plain decimal `CSVCell.plainDecimal` takes whole gives what `CSVCell.number` gives.
private func plainDecimalAgrees(_ text: String) -> Bool {
    var text = text
    return text.withUTF8 { cell -> Bool in
        guard let base = cell.baseAddress, let (value, end) = CSVCell.plainDecimal(base, from: 0, to: cell.count), end == cell.count else {
            return true
        }
        return CSVCell.number(cell).map { sameBits($0, value) } ?? false
    }
}

/// A tuning that puts the cells of small test files past the sample, in three ranges of many
/// blocks.
private let smallTuning = CSVBulkReader.Tuning(sampleBytes: 600, blockBytes: 64, minimumRangeBytes: 256, ranges: 3)

/// The numbers the issue names, and more of their kind: every one must be strtod's, bit for bit.
private let edgeNumbers: [String] = {
    var cases: [String] = []
    // 15, 16, 17, 19, 20, 25 and 40 significant digits: with and without a point, with leading
    // zeros, nines that carry, trailing zeros, exponents at the fast path's edges.
    let digits = Array("1234567890123456789012345678901234567891")
    for n in [15, 16, 17, 18, 19, 20, 21, 25, 40] {
        let s = String(digits.prefix(n))
        let nines = String(repeating: "9", count: n)
        cases += [
            s, "-" + s, "+" + s, String(s.prefix(1)) + "." + s.dropFirst(), String(s.prefix(n / 2)) + "." + s.dropFirst(n / 2),
            s + ".", "." + s, "0." + s, "000" + s, "0.000" + s, "-000" + s + ".000", s + "e-\(n)", s + "e\(22 - n)",
            s + "e22", s + "e-22", s + "e23", s + "e-23", s + "e300", "0.000" + s + "e-300", nines, "9." + nines.dropFirst(),
            "0." + nines, "1" + String(repeating: "0", count: n - 1), "1" + String(repeating: "0", count: n - 1) + ".0",
            "1." + String(repeating: "0", count: n - 2) + "1", "0." + String(repeating: "0", count: n) + "1"
        ]
    }
    cases += [
        // Trailing zeros and a last digit beyond 19 digits.
        "1.0000000000000000000000001", "1.0000000000000000000000000", "10000000000000000000000000", "1000000000000000000000000.5",
        "0.1000000000000000000000000", "12345678901234567890000000e-7", "0.0000000000000000000000000000000000000001",
        "0." + String(repeating: "0", count: 320) + "1", "0." + String(repeating: "0", count: 400) + "1",
        "1" + String(repeating: "0", count: 308), "1" + String(repeating: "0", count: 309),
        // 2^53 and its neighbours: halfway cases tie to even.
        "9007199254740991", "9007199254740992", "9007199254740993", "9007199254740994", "9007199254740995",
        "-9007199254740993", "9007199254740993.0", "9007199254740993.00000000000000000001", "9.007199254740993e15",
        "900719925474099.3", "90071992547409930e-1", "18014398509481985", "18014398509481987", "9007199254740992e22",
        "9007199254740993e22", "9007199254740992e-22", "18446744073709551615", "18446744073709551616",
        "1.00000000000000011102230246251565404236316680908203125", "1.00000000000000011102230246251565404236316680908203126",
        "1.00000000000000011102230246251565404236316680908203124", "0.1", "0.2", "0.3", "123456789012345678",
        // Subnormals and the smallest normal.
        "4.9406564584124654e-324", "5e-324", "-5e-324", "2.4703282292062327e-324", "2.4703282292062328e-324",
        "2.47032822920623272088e-324", "3e-324", "7e-324", "1e-320", "1e-323", "-1e-320", "2.225073858507201e-308",
        "2.2250738585072011e-308", "2.2250738585072012e-308", "2.2250738585072014e-308", "2.2250738585072013e-308",
        "2.225073858507201136057409796709131975934819546351645648e-308", "4.4501477170144023e-308", "1e-307", "1e-308",
        // The largest finite number and just past it (infinity, as pandas reads it).
        "1.7976931348623157e308", "1.7976931348623158e308", "1.7976931348623159e308", "-1.7976931348623157e308",
        "179769313486231570000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000",
        "1.8e308", "-1.8e308", "1e309", "1e-400", "-1e-400", "1e308", "1e-324",
        // Exponents at the fast path's limits and beyond, both letters, signs, many digits.
        "1e+22", "1e22", "1e23", "1e-22", "1e-23", "1E22", "1E-23", "1E+5", "1e0", "1e+0", "1e-0", "1e00", "4.5E15",
        "1e0000000000000000005", "1e-0000000000000000005", "1e99999999999", "-1e99999999999", "1e-99999999999",
        "0e99999999999", "-0e99999999999", "0.000001e99999999999", "1000000e-99999999999", "8.98846567431158e307",
        "123456789e-22", "123456789e22", "1.5e-7", "7e22", "7e-22", "3.0e-44",
        // Zeros and signs.
        "0", "00", "-0", "-0.0", "+0", "+0.0", "-0e5", "+0e-5", "-0.000", "0.", ".0", "-.0", "-0e0", "-00.00e-10",
        "+1", "-1", "-.5", ".5", "+.5", "5.", "-5.", "+5.", "-5.e3", ".5e1", "5.e-1", "-.5E+1"
    ]
    return cases
}()

/// What the program makes of a cell that is not a decimal number: a text, or a missing value
/// (one of `CSVCell.missingSpellings`, including the NaN words).
private enum NotANumber {
    case text, missing
}

/// Texts strtod does not read whole, or reads whole but are not decimal numbers (infinities,
/// NaN, hexadecimal): none may become a number.
private let junk: [(text: String, outcome: NotANumber)] = [
    ("1x", .text), ("1 2", .text), ("1e", .text), ("1e+", .text), ("1e-", .text), ("1E", .text), ("E5", .text), ("e5", .text),
    ("1.2.3", .text), ("--1", .text), ("+-1", .text), ("-+1", .text), ("++1", .text), ("1_000", .text), ("0x10", .text),
    ("0X1A", .text), ("0x1p3", .text), ("-0x10", .text), ("inf", .text), ("-inf", .text), ("+inf", .text), ("INF", .text),
    ("Infinity", .text), ("-Infinity", .text), ("nan(1)", .text), ("+nan", .text), ("NAN", .text), ("1e5x", .text),
    ("1.5.", .text), ("..5", .text), (".e5", .text), ("+", .text), ("+.", .text), ("-.", .text), ("1d5", .text),
    ("1ee5", .text), ("1e+-5", .text), ("1e5.5", .text), ("- 1", .text), ("1.e", .text), ("1e 5", .text), ("\u{FF11}", .text),
    ("1 000", .text), ("0b101", .text), ("5-", .text), ("1+2", .text),
    ("nan", .missing), ("NaN", .missing), ("-nan", .missing), ("-NaN", .missing), ("-", .missing), (".", .missing),
    ("NA", .missing), ("#N/A", .missing), ("1.#IND", .missing), ("-1.#IND", .missing), ("1.#QNAN", .missing), ("-1.#QNAN", .missing)
]

/// Doubles printed as programs print them (`%.17g`, `%.15g`, `%.6e`, `%.3f`) and digit strings
/// of 1 to 25 digits with exponents from -330 to 310, from a fixed seed.
private func generatedRows(count: Int, seed: UInt64) -> [[String]] {
    var random = SeededRandom(seed: seed)
    func randomDouble() -> Double {
        switch random.next() % 8 {
        case 0: return Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF)  // subnormal (or zero)
        case 1, 2:
            let scales: [Double] = [1, 10, 100, 1_000, 1e6, 1e9]
            return Double(Int64.random(in: -10_000_000_000...10_000_000_000, using: &random)) / scales.randomElement(using: &random)!
        default:
            while true {
                let value = Double(bitPattern: random.next())
                if value.isFinite { return value }
            }
        }
    }
    func digitString() -> String {
        let count = Int.random(in: 1...25, using: &random)
        var text = ["", "", "-", "+"].randomElement(using: &random)!
        let point = Int.random(in: -count...count, using: &random)  // no point when negative
        for k in 0..<count {
            if k == point { text += "." }
            text += String(Int.random(in: 0...9, using: &random))
        }
        if point == count { text += "." }
        if Int.random(in: 0..<10, using: &random) > 0 {
            let exponent = Int.random(in: -330...310, using: &random)
            text += Bool.random(using: &random) ? "e" : "E"
            text += exponent < 0 ? "-" : Bool.random(using: &random) ? "+" : ""
            text += String(repeating: "0", count: Int.random(in: 0..<8, using: &random) == 0 ? 3 : 0) + String(abs(exponent))
        }
        return text
    }
    return (0..<count).map { _ in
        let value = randomDouble()
        return [printed("%.17g", value), printed("%.15g", value), printed("%.6e", value), printed("%.3f", value), digitString()]
    }
}

/// Checks `CSVCell.plainDecimal` and `CSVCell.number` (`CSVCell`), the serial CSV parse
/// (`CSVReader.parse`) and the parallel fast path (`CSVBulkReader.parse`, under tunings that
/// make it run) against glibc's `strtod` in the C locale (issue 17): every decimal number — 15
/// to 40 significant digits, leading and trailing zeros, halfway cases, subnormals, the limits
/// of the exponent, signed zeros — is strtod's value bit for bit (overflow is ±infinity), and
/// text strtod does not read whole, or reads as an infinity, a NaN or hexadecimal, is never a
/// number: a text column, a missing value for the missing spellings, an error after numbers;
/// decimal commas only in semicolon files (two defects of theirs recorded as known issues).
/// Then 20,000 generated rows of printed doubles and random digit strings through both parses,
/// and the same texts with a byte inserted.
@Suite("CSV numbers at their edges, against strtod", .serialized)
struct CSVNumberEdgeTests {
    @Test("The edge numbers: CSVCell, the serial parse and the bulk path give strtod's bits")
    func edgeNumbersMatchStrtod() throws {
        var mismatches: [String] = []
        for text in edgeNumbers {
            let reference = strtodReference(text)
            #expect(isDecimal(text) && reference.whole, "not a decimal number strtod reads whole: \(text)")
            guard let value = cellNumber(text) else {
                mismatches.append("\(text): not a number")
                continue
            }
            if !sameBits(value, reference.value) { mismatches.append("\(text): \(value) instead of strtod's \(reference.value)") }
            #expect(plainDecimalAgrees(text), "plainDecimal and number differ on \(text)")
        }
        #expect(mismatches.isEmpty, "CSVCell.number differs from strtod: \(mismatches)")

        // Through the readers: 300 plain rows fill the sample, then every case twice (the
        // second time with spaces around), each beside its index.
        var lines = ["v,i"] + (0..<300).map { "0.5,\($0)" }
        for (k, text) in edgeNumbers.enumerated() { lines.append("\(text),\(k)") }
        for (k, text) in edgeNumbers.enumerated() { lines.append("  \(text) ,\(k)") }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        let serial = try CSVReader.parse(bytes, path: "edges.csv")
        let bulk = try #require(try CSVBulkReader.parse(bytes, path: "edges.csv", tuning: smallTuning), "the bulk path stepped aside")
        for (name, table) in [("serial", serial.table), ("bulk", bulk)] {
            let values = try #require(table.columns.first?.numbers, "\(name): column v is not numbers")
            try #require(values.count == 300 + 2 * edgeNumbers.count, "\(name): \(values.count) rows")
            for (k, text) in edgeNumbers.enumerated() {
                let expected = strtodReference(text).value
                for row in [300 + k, 300 + edgeNumbers.count + k] {
                    #expect(sameBits(values[row], expected), "\(name) row \(row): '\(text)' read as \(values[row]), strtod gives \(expected)")
                }
            }
        }

        // The values the issue spells out, stated outright.
        #expect(cellNumber("1.8e308") == .infinity && cellNumber("1e309") == .infinity && cellNumber("-1e309") == -.infinity)
        #expect(cellNumber("1e99999999999") == .infinity && cellNumber("1e-99999999999")?.bitPattern == 0)
        #expect(cellNumber("1.7976931348623157e308") == .greatestFiniteMagnitude)
        #expect(cellNumber("2.2250738585072014e-308") == .leastNormalMagnitude)
        #expect(cellNumber("4.9406564584124654e-324") == .leastNonzeroMagnitude)
        #expect(cellNumber("2.4703282292062327e-324")?.bitPattern == 0)  // just below half the least subnormal
        #expect(cellNumber("2.4703282292062328e-324") == .leastNonzeroMagnitude)
        #expect(cellNumber("1e-400")?.bitPattern == 0 && cellNumber("-1e-400")?.bitPattern == (-0.0).bitPattern)
        #expect(cellNumber("9007199254740993") == 9_007_199_254_740_992 && cellNumber("9007199254740995") == 9_007_199_254_740_996)
        for zero in ["-0", "-0.0", "-0e5", "-.0"] { #expect(cellNumber(zero)?.bitPattern == (-0.0).bitPattern, "\(zero)") }
        for zero in ["0", "+0", "+0.0", "0e5"] { #expect(cellNumber(zero)?.bitPattern == 0, "\(zero)") }
        #expect(cellNumber("1.0000000000000000000000001") == 1 && cellNumber("-.5") == -0.5 && cellNumber("5.") == 5)
    }

    @Test("Trailing junk, infinities, NaN and hexadecimal are never numbers")
    func junkIsNotANumber() throws {
        for (text, outcome) in junk {
            #expect(!isDecimal(text), "\(text) is a decimal number")
            #expect(cellNumber(text) == nil, "CSVCell.number reads '\(text)' as \(cellNumber(text) ?? 0)")
            #expect(cellIsMissing(text) == (outcome == .missing), "'\(text)' missing: \(cellIsMissing(text))")
        }
        // strtod reads some of them whole: the parser refuses them on purpose.
        for text in ["inf", "-Infinity", "nan(1)", "0x10", "0x1p3"] { #expect(strtodReference(text).whole, "\(text)") }
        for text in ["1x", "1e", "1e+", "1.2.3", "+-1", "1_000", "1 2"] { #expect(!strtodReference(text).whole, "\(text)") }

        // Each in a column of its own: a text column holding it as written, or (a missing
        // spelling) a column of missing values.
        let header = junk.indices.map { "c\($0)" }.joined(separator: ",")
        let row = junk.map(\.text).joined(separator: ",")
        let table = try CSVReader.parse(Array("\(header)\n\(row)\n\(row)\n".utf8), path: "junk.csv").table
        try #require(table.columns.count == junk.count)
        for (column, (text, outcome)) in zip(table.columns, junk) {
            switch (outcome, column.values) {
            case (.text, .text(let values)): #expect(values == [text, text], "'\(text)' read as \(values)")
            case (.missing, .number(let values)): #expect(values.count == 2 && values.allSatisfy(\.isNaN), "'\(text)' read as \(values)")
            default: Issue.record("'\(text)' read as \(column.values)")
            }
        }

        // After numbers, past the bulk path's sample: the bulk path steps aside and the serial
        // parse reads the column as text, naming the cell in a note; a missing spelling is NaN
        // in both.
        for (text, outcome) in junk {
            var lines = ["v,w"] + (0..<200).map { "\($0),a" }
            lines[121] = "\(text),b"  // data row 120, line 122
            let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
            let bulk = try CSVBulkReader.parse(bytes, path: "late.csv", tuning: smallTuning)
            switch outcome {
            case .missing:
                let serial = try CSVReader.parse(bytes, path: "late.csv").table
                let bulkValues = try #require(bulk?.columns[0].numbers, "'\(text)': the bulk path stepped aside")
                #expect(bulkValues.count == 200 && bulkValues[120].isNaN && bulkValues[119] == 119, "'\(text)'")
                #expect(serial.columns[0].numbers?[120].isNaN == true, "'\(text)'")
            case .text:
                #expect(bulk == nil, "the bulk path read '\(text)' as \(bulk?.columns[0].numbers?[120] ?? 0)")
                let serial = try CSVReader.parse(bytes, path: "late.csv").table
                #expect(serial.columns[0].isText && serial.notes == ["column 'v' read as text: line 122 has '\(text)', not a number"], "'\(text)'")
            }
        }
    }

    @Test("Decimal commas: two fields in a comma file, numbers in a semicolon file's text columns only")
    func decimalCommas() throws {
        // A comma file: "1,5" is two fields.
        let comma = try CSVReader.parse(Array("a,b\n1,5\n2,25\n".utf8), path: "comma.csv").table
        #expect(comma.columns.map(\.name) == ["a", "b"])
        #expect(comma.columns[0].numbers == [1, 2] && comma.columns[1].numbers == [5, 25])

        // A semicolon file whose column starts with a decimal comma: a column of text that
        // ColumnTyping reads with decimal commas (and dot separators) as strtod reads the dot.
        let cases = [
            ("1,5", "1.5"), ("-0,25", "-0.25"), ("+2,75", "2.75"), ("3", "3"), ("1.234,56", "1234.56"), ("-0,0", "-0.0"),
            ("0,1000000000000000055511151231257827021181583404541015625", "0.1000000000000000055511151231257827021181583404541015625"),
            ("9007199254740993,0", "9007199254740993.0"), ("2,2250738585072011e-308", "2.2250738585072011e-308"), ("3,1e-05", "3.1e-05"),
            ("1,5e3", "1.5e3")
        ]
        for (text, dotted) in cases {
            let file = "a;b\n0,5;x\n\(text);y\n"
            let table = try CSVReader.parse(Array(file.utf8), path: "semicolon.csv").table
            if dotted.isEmpty {
                #expect(table.columns[0].isText, "'\(text)' read as \(table.columns[0].values)")
            } else {
                let values = try #require(table.columns[0].numbers, "'\(text)' read as \(table.columns[0].values)")
                #expect(values.count == 2 && values[0] == 0.5 && sameBits(values[1], strtodReference(dotted).value), "'\(text)' read as \(values)")
            }
        }
        // Not decimal commas: text.
        for text in ["1,2,3", "1,", ",5", "1,5x", "1.5,5", "1,5e", "1,5e+"] {
            let table = try CSVReader.parse(Array("a;b\n\(text);x\n".utf8), path: "semicolon.csv").table
            #expect(table.columns[0].values == .text([text]), "'\(text)' read as \(table.columns[0].values)")
        }
        // A column whose sample holds only whole numbers is a number column to the bulk path: a
        // decimal comma past the sample is no number to it, and it steps aside.
        var lines = ["a;b"] + (0..<200).map { "\($0);x" }
        lines[150] = "1,5;x"
        #expect(try CSVBulkReader.parse(Array((lines.joined(separator: "\n") + "\n").utf8), path: "semicolon.csv", tuning: smallTuning) == nil)

        // A whole number before a decimal comma: the column is read again as text, whose
        // texts are all numbers with decimal commas. Two columns of decimal commas split on
        // commas into more fields than on semicolons; the semicolons read every line as one
        // table from the first, so the header is no preamble (it was, before issue 45).
        let wholeFirst = try CSVReader.parse(Array("a;b\n2;x\n1,5;y\n".utf8), path: "semicolon.csv").table
        #expect(wholeFirst.columns[0].numbers == [2, 1.5])
        let table = try CSVReader.parse(Array("a;b\n1,5;2,5\n3,5;4,5\n5,5;6,5\n7,5;8,5\n".utf8), path: "semicolon.csv").table
        #expect(table.columns.map(\.name) == ["a", "b"])
        #expect(table.columns.first?.numbers == [1.5, 3.5, 5.5, 7.5])
    }

    @Test("20,000 generated rows: both parses give strtod's bits for every printed double and digit string")
    func generatedMatchStrtod() throws {
        let rows = generatedRows(count: 20_000, seed: 17)
        let names = ["g17", "g15", "e6", "f3", "digits"]
        let bytes = Array(([names.joined(separator: ",")] + rows.map { $0.joined(separator: ",") }).joined(separator: "\n").utf8)
        #expect(bytes.count > 1_000_000)

        // Each cell directly, and its expected value.
        var expected: [[Double]] = Array(repeating: [], count: names.count)
        var mismatches: [String] = []
        for row in rows {
            for (column, text) in row.enumerated() {
                let reference = strtodReference(text)
                #expect(isDecimal(text) && reference.whole, "generated a text strtod does not read whole: \(text)")
                expected[column].append(reference.value)
                let value = cellNumber(text)
                if value.map({ !sameBits($0, reference.value) }) ?? true, mismatches.count < 20 {
                    mismatches.append("\(text): \(value.map { "\($0)" } ?? "nil") instead of strtod's \(reference.value)")
                }
                if !plainDecimalAgrees(text), mismatches.count < 20 { mismatches.append("\(text): plainDecimal differs") }
            }
        }
        #expect(mismatches.isEmpty, "CSVCell differs from strtod: \(mismatches)")

        let serial = try CSVReader.parse(bytes, path: "generated.csv")
        #expect(serial.setAside.isEmpty)
        let tuning = CSVBulkReader.Tuning(sampleBytes: 65_536, blockBytes: 1_000, minimumRangeBytes: 200_000, ranges: 3)
        let bulk = try #require(try CSVBulkReader.parse(bytes, path: "generated.csv", tuning: tuning), "the bulk path stepped aside")
        for (name, table) in [("serial", serial.table), ("bulk", bulk)] {
            try #require(table.columns.map(\.name) == names && table.rowCount == rows.count, "\(name): \(table.columns.map(\.name))")
            for (column, want) in zip(table.columns, expected) {
                let values = try #require(column.numbers, "\(name): column \(column.name) is not numbers")
                let wrong = values.indices.filter { !sameBits(values[$0], want[$0]) }
                #expect(
                    wrong.isEmpty,
                    "\(name) \(column.name): \(wrong.count) cells differ from strtod, first \(wrong.prefix(5).map { "'\(rows[$0][names.firstIndex(of: column.name)!])' -> \(values[$0])" })"
                )
            }
        }

        // The same texts with a byte inserted somewhere: a number exactly when still decimal.
        var random = SeededRandom(seed: 1717)
        let inserts = Array("+-.eE0x_ ,a/").map(String.init)
        var wrong: [String] = []
        for row in rows {
            for text in row {
                var characters = Array(text)
                characters.insert(Character(inserts.randomElement(using: &random)!), at: Int.random(in: 0...characters.count, using: &random))
                let mutated = String(characters)
                let reference = strtodReference(mutated)
                let value = cellNumber(mutated)
                let right = isDecimal(mutated) ? (reference.whole && value.map { sameBits($0, reference.value) } ?? false) : value == nil
                if !right && wrong.count < 20 { wrong.append("\(mutated): \(value.map { "\($0)" } ?? "nil"), strtod \(reference)") }
            }
        }
        #expect(wrong.isEmpty, "mutated texts: \(wrong)")
    }
}
