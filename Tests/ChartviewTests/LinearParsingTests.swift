import Foundation
import Testing
import TestDepth

/// Tables shaped to expose quadratic work in reading: header renaming, column typing, category
/// indexing and the line scanner. Each size would take minutes (or never end) if any of them
/// were quadratic, and takes seconds when all are O(n log n) at worst; the tests assert only the
/// outcome, never a time. Before, 20,000 repeated names took 54 s, 16,000 columns 21 s, 50,000
/// categories 51 s, and a 1 MB single line was still running at 120 s.
@Suite(.serialized) struct LinearParsingTests {
    /// Writes `header`, then `rows` lines made by `row`, to `path` in large blocks.
    static func writeTable(_ path: String, header: String, rows: Int, row: (Int) -> String) throws {
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        defer { try? handle.close() }
        var block = header + "\n"
        for r in 0..<rows {
            block += row(r) + "\n"
            if block.utf8.count > 1 << 20 {
                try handle.write(contentsOf: Data(block.utf8))
                block = ""
            }
        }
        try handle.write(contentsOf: Data(block.utf8))
    }

    @Test func oneHundredThousandColumns() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let columns = 100_000
        try Self.writeTable(dir + "/wide.csv", header: (0..<columns).map { "c\($0)" }.joined(separator: ","), rows: 2) { r in
            // Values that jump from column to column: numbered columns of a curve would be one
            // series per row, turned (SeriesPerRow), and their names no longer listed.
            (0..<columns).map { String(($0 * 7919 + r * 31) % 97) }.joined(separator: ",")
        }
        let result = try ChartviewProcess.run([dir + "/wide.csv", "--describe"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("\(dir)/wide.csv: 2 rows, 100000 columns"), "\(result.stdout.prefix(200))")
        #expect(result.stdout.contains("c99999 "))
    }

    @Test func twentyThousandDuplicateNamesAreRenamedApart() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let columns = 20_000
        try Self.writeTable(dir + "/dups.csv", header: Array(repeating: "v", count: columns).joined(separator: ","), rows: 3) { r in
            (0..<columns).map { String($0 % 7 + r) }.joined(separator: ",")
        }
        let result = try ChartviewProcess.run([dir + "/dups.csv", "--describe"])
        #expect(result.status == 0, "\(result.stderr)")
        // One line per column after the first, each naming a different column.
        let names = result.stdout.split(separator: "\n").dropFirst().prefix(columns).map { line in
            line.trimmingCharacters(in: .whitespaces).components(separatedBy: "  ").first ?? ""
        }
        #expect(names.count == columns)
        #expect(Set(names).count == columns, "names repeat")
        #expect(names.first == "v" && names.contains("v 20000"))
    }

    @Test func twoHundredThousandCategoriesMakeBars() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let rows = 200_000
        try Self.writeTable(dir + "/cats.csv", header: "name,v", rows: rows) { r in "cat\(r * 7_919 % rows),\(r % 1_000)" }
        let described = try ChartviewProcess.run([dir + "/cats.csv", "--describe"])
        #expect(described.stdout.contains("200000 distinct"), "\(described.stdout)")
        let result = try ChartviewProcess.run([dir + "/cats.csv", "--output", dir + "/out.png", "--dump-layout", dir + "/out.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/out.json")
        #expect(dump.plots.first?.kind == "bar")
        #expect(!(dump.plots.first?.items.isEmpty ?? true))
        #expect((1...60).contains(dump.axes.first?.labels.count ?? 0), "category labels are thinned to what fits")
    }

    /// 200 MiB in make test-full, 40 MiB in make test (quadratic work there would still take minutes).
    @Test func aTwoHundredMegabyteSingleLineIsAnsweredInOneLine() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/line.csv"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        let block = Data(String(repeating: "abcdefgh", count: 1 << 17).utf8)  // 1 MiB
        for _ in 0..<TestDepth.choose(quick: 40, full: 200) { try handle.write(contentsOf: block) }
        try handle.close()
        let result = try ChartviewProcess.run([path, "--output", dir + "/out.png"])
        #expect(result.status == 2)
        #expect(result.stderr == "chartview: \(path): has no data rows\n")
        #expect(!FileManager.default.fileExists(atPath: dir + "/out.png"))
    }

    /// A data cell of 50 MB: typed as text at once (it was split and scanned character by character
    /// to find it was no number: a 200 MB cell ran past 60 s), charted as a bar whose label is cut.
    @Test func aFiftyMegabyteCellIsACategory() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/cell.csv"
        _ = FileManager.default.createFile(atPath: path, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data("x,y\n".utf8))
        let block = Data(String(repeating: "abcdefgh", count: 1 << 17).utf8)  // 1 MiB
        for _ in 0..<50 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data(",1\nb,2\n".utf8))
        try handle.close()
        let result = try ChartviewProcess.run([path, "--output", dir + "/out.png", "--dump-layout", dir + "/out.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/out.json")
        #expect(dump.plots.first?.kind == "bar")
        let labels = dump.axes.first { $0.id == "x" }?.labels.map(\.text) ?? []
        #expect(labels.count == 2 && labels.allSatisfy { $0.count < 2_000 }, "\(labels.map(\.count))")
    }
}
