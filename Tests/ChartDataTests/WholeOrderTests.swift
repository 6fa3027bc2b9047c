import ChartData
import Foundation
import Testing

/// A big table's pass over every row in x order reads them the quickest way SQLite has
/// (`SQLiteDatabase.wholeOrder`): through an index that covers the columns (or x as the rowid),
/// else a scan and a sort, never an index that looks every row up by its rowid (6,000,000
/// rows stored out of x order: the pass took 71 s that way and 38 s sorting, debug build).
@Suite("Big tables: the pass's order")
struct WholeOrderTests {
    static let query = "SELECT x, y FROM (SELECT * FROM t) AS chartview_rows WHERE \"x\" IS NOT NULL"

    /// The clause for table `t` made by `schema`, on a real SQLite file.
    static func order(_ schema: String) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-order-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("o.db").path
        try SQLiteLimitsTests.sqlite(path, schema + "; INSERT INTO t(x, y) VALUES (2, 1), (1, 2), (3, 3);")
        return try SQLiteDatabase(path: path).wholeOrder(of: query, by: "\"x\"")
    }

    @Test func anIndexThatDoesNotCoverYIsNotWalked() throws {
        #expect(try Self.order("CREATE TABLE t(x REAL, y REAL); CREATE INDEX t_x ON t(x)") == " ORDER BY +\"x\"")
    }

    @Test func aCoveringIndexOrTheRowidIsWalked() throws {
        #expect(try Self.order("CREATE TABLE t(x REAL, y REAL); CREATE INDEX t_xy ON t(x, y)") == " ORDER BY \"x\"")
        #expect(try Self.order("CREATE TABLE t(x INTEGER PRIMARY KEY, y REAL)") == " ORDER BY \"x\"")
    }

    @Test func withoutAnIndexSQLiteSortsAnyway() throws {
        #expect(try Self.order("CREATE TABLE t(x REAL, y REAL)") == " ORDER BY \"x\"")
    }
}
