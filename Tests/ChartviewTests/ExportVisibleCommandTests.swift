import Foundation
import Testing

/// `--export-visible` writes the records in view as CSV, headless: exactly the data rows whose x
/// is in `--x-range` (every row without one), per series, values as written, for one chart and
/// for a split; to a file (written whole, never over an input) or standard output.
@Suite struct ExportVisibleCommandTests {
    /// NYSE's rows (date, then the columns named) whose date is in `from...to` (ISO strings).
    static func rows(_ csv: String, from: String, to: String, columns: [String]) throws -> [String: [(String, String)]] {
        let lines = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").map(String.init)
        let header = lines[0].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\"")) }
        var out: [String: [(String, String)]] = [:]
        for line in lines.dropFirst() {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
            guard fields[0] >= from && fields[0] <= to else { continue }
            for column in columns { out[column, default: []].append((fields[0], fields[header.firstIndex(of: column)!])) }
        }
        return out
    }

    /// The CSV's rows by series, header checked.
    static func parse(_ text: String) -> [String: [(String, String)]] {
        var lines = text.split(separator: "\n").map(String.init)
        #expect(lines.removeFirst() == "series,x,y")
        var out: [String: [(String, String)]] = [:]
        for line in lines {
            let f = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            out[f[0], default: []].append((f[1], f[2]))
        }
        return out
    }

    @Test(arguments: [false, true])
    func theRecordsInTheXRangeAreTheFilesRows(split: Bool) throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let columns = ["DJ_return", "log_volume"]
        let result = try ChartviewProcess.run(
            [nyse, "--y", columns.joined(separator: ","), "--x-range", "1975-01-01:1975-03-31", "--export-visible", "-"] + (split ? ["--split"] : []))
        try #require(result.status == 0, "\(result.stderr)")
        let got = Self.parse(result.stdout), expected = try Self.rows(nyse, from: "1975-01-01", to: "1975-03-31", columns: columns)
        for column in columns {
            let a = got[column] ?? [], b = expected[column] ?? []
            #expect(a.count == b.count && a.count > 50, "\(column): \(a.count) rows, the file has \(b.count)")
            #expect(zip(a, b).allSatisfy { $0.0 == $1.0 && Double($0.1) == Double($1.1) }, "\(column) differs")
        }
    }

    @Test func aFileIsWrittenWholeAndNeverOverAnInputOrAnotherOutput() throws {
        let nyse = try RealData.path("islp/NYSE.csv")
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/visible.csv"
        let written = try ChartviewProcess.run([nyse, "--y", "DJ_return", "--export-visible", csv, "--output", dir + "/c.png"])
        #expect(written.status == 0, "\(written.stderr)")
        // Every row of the file: the whole view.
        let rows = try String(contentsOfFile: csv, encoding: .utf8).split(separator: "\n").count - 1
        let fileRows = try String(contentsOfFile: nyse, encoding: .utf8).split(separator: "\n").count - 1
        #expect(rows == fileRows)
        let before = try Data(contentsOf: URL(fileURLWithPath: nyse))
        let overInput = try ChartviewProcess.run([nyse, "--export-visible", nyse])
        #expect(overInput.status == 2 && overInput.stderr.filter { $0 == "\n" }.count == 1, "\(overInput.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: nyse)) == before)
        let same = try ChartviewProcess.run([nyse, "--export-visible", csv, "--dump-layout", csv])
        #expect(same.status == 2 && same.stderr.contains("--dump-layout and --export-visible name the same file"), "\(same.stderr)")
    }
}
