import ChartData
import Testing

/// Comment lines before the header ("# Data source: …", as in matplotlib's sample Stocks.csv)
/// are skipped, and line numbers in errors still count them.
@Suite struct CSVCommentLineTests {
    @Test func commentLinesBeforeTheHeaderAreSkipped() throws {
        let text = "# Data source: somewhere\n# another\nDate,A,B\n2026-11-01,1,\n2026-11-02,,3\n"
        let (table, skipped) = try CSVReader.parse(Array(text.utf8), path: "c.csv")
        #expect(skipped.isEmpty)
        #expect(table.columns.map(\.name) == ["Date", "A", "B"])
        #expect(table.rowCount == 2)
        #expect(table.columns[0].isDate)
    }

    @Test func errorsCountTheCommentLines() throws {
        let text = "# comment\nx,y\n1,2\n2,oops\n"
        let table = try CSVReader.parse(Array(text.utf8), path: "c.csv").table
        #expect(table.notes.contains("column 'y' read as text: line 4 has 'oops', not a number"), "\(table.notes)")
        #expect(throws: DataError.csv(path: "c.csv", line: 4, column: nil, message: "has 1 field, but the header has 2")) {
            try CSVReader.parse(Array("# comment\nx,y\n1,2\n2\n".utf8), path: "c.csv")
        }
    }
}
