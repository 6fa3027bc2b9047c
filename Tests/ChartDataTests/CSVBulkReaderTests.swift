import Testing
import Foundation
import ChartData

// The parallel fast path must give exactly the serial parse's table, or step aside: a
// differential test over generated files with every seam made small (sample, blocks, ranges),
// and real files through `CSVReader.read`, including ones the fast path must refuse.

/// Tables equal cell for cell, NaN equal to NaN (missing values), by bit pattern.
private func sameTable(_ a: DataTable, _ b: DataTable) -> Bool {
    guard a.columns.count == b.columns.count else { return false }
    for (x, y) in zip(a.columns, b.columns) {
        guard x.name == y.name else { return false }
        switch (x.values, y.values) {
        case (.number(let u), .number(let v)), (.date(let u), .date(let v)):
            guard u.count == v.count, zip(u, v).allSatisfy({ $0.bitPattern == $1.bitPattern || ($0.isNaN && $1.isNaN) }) else { return false }
        case (.text(let u), .text(let v)):
            guard u == v else { return false }
        default:
            return false
        }
    }
    return true
}

/// CSV text with a column type each, cells mostly of that type, and now and then what the
/// fast path must refuse or handle: spaces, missing words, exponents, long numbers, blank
/// lines, all three line ends, a quote, a wrong field count, a non-ISO date.
private func generatedCSV(_ random: inout SeededRandom, rows: Int, anomalies: Bool) -> String {
    let delimiter = [",", ";", "\t"].randomElement(using: &random)!
    let kinds = (0..<Int.random(in: 1...4, using: &random)).map { _ in Int.random(in: 0..<3, using: &random) }
    let lineEnd = ["\n", "\n", "\r\n", "\r"].randomElement(using: &random)!
    func cell(_ kind: Int) -> String {
        if anomalies && Int.random(in: 0..<400, using: &random) == 0 {
            return ["\"q\"", "Nov 29, 2026", "abc", "1e5x", "\u{FEFF}"].randomElement(using: &random)!
        }
        switch Int.random(in: 0..<20, using: &random) {
        case 0: return ["", "NA", "-", "nan", " NA "].randomElement(using: &random)!
        case 1 where kind != 1: return " \(Int.random(in: -99...99, using: &random)) "
        default: break
        }
        switch kind {
        case 0:
            return [
                String(Double.random(in: -1e6...1e6, using: &random)), String(Int.random(in: -1000...1000, using: &random)),
                "1.5e-3", "-0", "+7.25", "123456789012345678", ".5", "5.", "0.30471700"
            ].randomElement(using: &random)!
        case 1:
            let day = Int.random(in: 1...28, using: &random)
            return ["2026-11-\(String(format: "%02d", day))", "2026-11-\(String(format: "%02d", day))T10:30:00Z", "2026-11"].randomElement(using: &random)!
        default:
            return ["alpha", "β", "x y", "日本", "42abc"].randomElement(using: &random)!
        }
    }
    var lines = [kinds.indices.map { "c\($0)" }.joined(separator: delimiter)]
    for _ in 0..<rows {
        var cells = kinds.map(cell)
        if kinds.count > 1, cells.allSatisfy({ $0.trimmingCharacters(in: .whitespaces).isEmpty }) { cells[0] = "1" }
        if anomalies && Int.random(in: 0..<500, using: &random) == 0 { cells.append(["extra", "7", ""].randomElement(using: &random)!) }
        lines.append(cells.joined(separator: delimiter))
        if Int.random(in: 0..<50, using: &random) == 0 { lines.append(["", "  "].randomElement(using: &random)!) }
    }
    return lines.joined(separator: lineEnd) + (Bool.random(using: &random) ? lineEnd : "")
}

@Suite("CSV bulk reader: the serial parse's table, on every core")
struct CSVBulkReaderTests {
    @Test("Generated files: the fast path's table equals the serial parse's, or it steps aside", arguments: 0..<8)
    func differential(batch: Int) throws {
        var random = SeededRandom(seed: UInt64(7000 + batch))
        var taken = 0, cases = 0
        for _ in 0..<40 {
            let anomalies = Bool.random(using: &random)
            let bytes = Array(generatedCSV(&random, rows: Int.random(in: 150...800, using: &random), anomalies: anomalies).utf8)
            let tuning = CSVBulkReader.Tuning(
                sampleBytes: Int.random(in: 1_500...2_500, using: &random),
                blockBytes: Int.random(in: 4...64, using: &random),
                minimumRangeBytes: Int.random(in: 1...300, using: &random),
                ranges: Int.random(in: 1...4, using: &random))
            cases += 1
            guard let bulk = try CSVBulkReader.parse(bytes, path: "g.csv", tuning: tuning) else { continue }
            taken += 1
            let serial = try? CSVReader.parse(bytes, path: "g.csv")
            #expect(serial != nil, "the fast path read a file the serial parse rejects: \(String(decoding: bytes.prefix(300), as: UTF8.self))")
            if let serial {
                #expect(serial.setAside.isEmpty)
                #expect(sameTable(bulk, serial.table), "tables differ for \(String(decoding: bytes.prefix(300), as: UTF8.self))")
            }
        }
        // The fast path must really be exercised, not always refused.
        #expect(taken * 4 >= cases, "the fast path took only \(taken) of \(cases) files")
    }

    @Test("A large numeric file through CSVReader.read: the fast path, the same table as parsing it whole")
    func largeFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var text = "x,y,when\n"
        for i in 0..<150_000 { text += "\(i),\(Double(i % 977) * 0.25 - 3),2026-01-\(String(format: "%02d", i % 28 + 1))\n" }
        let path = directory.appendingPathComponent("big.csv").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        var tuning = CSVBulkReader.Tuning()
        tuning.minimumRangeBytes = 1 << 16
        tuning.ranges = 3
        let bulk = try #require(try CSVReader.readBulk(path: path, tuning: tuning))
        let serial = try CSVReader.parse(Array(text.utf8), path: path)
        #expect(bulk.rowCount == 150_000)
        #expect(sameTable(bulk, serial.table))
        let viaRead = try CSVReader.read(path: path)
        #expect(sameTable(viaRead.table, serial.table))
    }

    @Test("Past the sample, a quote, a bad cell or a wrong field count: the serial path's table or its exact error")
    func refusedLate() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bulk-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var tuning = CSVBulkReader.Tuning()
        tuning.sampleBytes = 4096
        tuning.minimumRangeBytes = 1 << 12
        tuning.ranges = 2
        let rows = (0..<20_000).map { "\($0),\($0 % 13)" }
        let cases: [(line: Int, text: String, error: String?)] = [
            (15_000, "15000,\"7\"", nil),
            (15_000, "15000,seven", nil),
            (18_000, "18000,1,2", "has 3 fields, but the header has 2"),
            (15_000, "15000,1,", nil),  // an empty trailing field is no field
            (15_000, "15000,1,2,3", "has 4 fields, but the header has 2")
        ]
        for (index, item) in cases.enumerated() {
            var lines = ["n,v"] + rows
            lines[item.line] = item.text
            let text = lines.joined(separator: "\n") + "\n"
            let path = directory.appendingPathComponent("late\(index).csv").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            #expect(try CSVReader.readBulk(path: path, tuning: tuning) == nil)
            if let expected = item.error {
                do {
                    _ = try CSVReader.read(path: path)
                    Issue.record("expected an error for \(item.text)")
                } catch {
                    #expect(error.description.hasPrefix("\(path):\(item.line + 1): "), "\(error)")
                    #expect(error.description.hasSuffix(expected), "\(error)")
                }
            } else {
                let table = try CSVReader.read(path: path).table
                #expect(table.rowCount == 20_000)
                if case .text(let texts) = table.columns[1].values {
                    // A word among the numbers: the column is text, every cell as written.
                    #expect(texts[14_999] == "seven" && texts[0] == "0")
                } else {
                    #expect(table.columns[1].numbers?[14_999] == (item.text.hasSuffix(",") ? 1 : 7))
                }
            }
        }
    }
}
