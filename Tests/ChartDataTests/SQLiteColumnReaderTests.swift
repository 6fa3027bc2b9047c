import Testing
import Foundation
import ChartData

/// `table(_:)` reads numbers straight into typed buffers; it must give exactly the columns that
/// typing every `Value` gives, whatever the mix: NULLs, integers past 2^53, infinities, text or
/// blobs arriving after thousands of numbers, dates as text.
@Suite("SQLite columns read by type")
struct SQLiteColumnReaderTests {
    /// A column of `rows` values, the kind of each drawn from `mix`, with a late surprise.
    static func script(rows: Int, seed: Int) -> String {
        var lines = ["CREATE TABLE t (a, b, c, d);"]
        var values: [String] = []
        for i in 0..<rows {
            let k = (i * 7919 + seed * 31) % 101
            let a = k < 5 ? "NULL" : k < 10 ? "9e999" : k < 15 ? "-9e999" : k < 20 ? "\(1 << 60 + i)" : "\(Double(i) * 0.5)"
            let b = i == rows - 3 ? "'late text'" : k < 30 ? "NULL" : k < 60 ? "\(1 << 60 + i)" : "\(i)"
            let c = i == rows / 2 ? "x'0102'" : k < 50 ? "\(i)" : "\(Double(i) / 3)"
            let d = k < 20 ? "NULL" : "'2026-11-\(String(format: "%02d", i % 28 + 1))'"
            values.append("(\(a), \(b), \(c), \(d))")
        }
        lines.append("INSERT INTO t VALUES " + values.joined(separator: ", ") + ";")
        return lines.joined(separator: "\n")
    }

    @Test("The typed read equals typing every value", arguments: [(1, 7), (64, 1), (65, 2), (5000, 3)])
    func sameColumns(rows: Int, seed: Int) throws {
        let db = try SQLiteDatabase(memoryNamed: "t", script: Self.script(rows: rows, seed: seed))
        let table = try db.table("SELECT a, b, c, d, a + 1 AS e FROM t")
        let all = try db.rows("SELECT a, b, c, d, a + 1 AS e FROM t")
        for (index, column) in table.columns.enumerated() {
            let expected = SQLiteDatabase.columnValues(all.map { $0[index] })
            #expect(String(describing: column.values) == String(describing: expected), "column \(column.name)")
        }
    }

    @Test("A query without rows gives empty columns")
    func noRows() throws {
        let db = try SQLiteDatabase(memoryNamed: "t", script: Self.script(rows: 3, seed: 0))
        let table = try db.table("SELECT a, b FROM t WHERE 0")
        #expect(table.columns.map(\.name) == ["a", "b"])
        #expect(table.rowCount == 0)
    }
}
