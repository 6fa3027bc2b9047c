import ChartCore
import ChartData
import Testing

/// A query stops once its cancellation flag is raised, even one raised before it started
/// (which `interrupt()` cannot stop), with `DataError.cancelled`; the connection then serves the
/// next query.
@Suite("SQLite queries: cancellation")
struct QueryCancellationTests {
    /// A billion steps: minutes, unless stopped.
    static let endless = "WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT COUNT(*) FROM c"

    @Test func aRaisedFlagStopsTheQueryAndTheConnectionGoesOn() throws {
        let db = try SQLiteDatabase(memoryNamed: "t", script: "CREATE TABLE t(x); INSERT INTO t VALUES (1), (2);")
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: DataError.cancelled(path: "t")) { try db.table(Self.endless, cancellation: flag) }
        #expect(try db.table("SELECT x FROM t", cancellation: CancellationFlag()).rowCount == 2)
    }
}
