import ChartCore
import Foundation
import Testing
@testable import ChartData

/// A spec file's `layout`: its shape for any number of charts, and every way it can be wrong
/// refused at its key path in one line.
@Suite struct LayoutSpecTests {
    typealias Layout = ChartSpec.LayoutSpec

    func shape(_ layout: Layout, _ count: Int) -> (columns: Int, rowHeights: [Double])? {
        if case .success(let shape) = layout.shape(for: count) { return shape }
        return nil
    }

    @Test func anUnsaidShapeIsNearSquare() {
        let expected = [1: 1, 2: 2, 3: 2, 4: 2, 5: 3, 9: 3, 10: 4]
        for (count, columns) in expected { #expect(shape(Layout(), count)?.columns == columns, "\(count) charts") }
    }

    @Test func rowsColumnsAndHeightsGiveTheShape() {
        #expect(shape(Layout(rows: 3), 3)?.columns == 1)
        #expect(shape(Layout(rows: 2), 3)?.columns == 2)
        #expect(shape(Layout(columns: 3), 7)?.columns == 3)
        #expect(shape(Layout(rows: 2, columns: 2), 3)?.columns == 2)
        let tall = shape(Layout(heights: [3, 1, 1]), 3)
        #expect(tall?.columns == 1 && tall?.rowHeights == [3, 1, 1])
    }

    @Test func aShapeThatCannotHoldTheChartsSaysWhy() {
        func problem(_ layout: Layout, _ count: Int) -> ChartSpec.LayoutProblem? {
            if case .failure(let problem) = layout.shape(for: count) { return problem }
            return nil
        }
        #expect(problem(Layout(rows: 2, columns: 2), 5) == .init(key: "rows", message: "2 rows of 2 hold 4 charts, not 5"))
        #expect(problem(Layout(rows: 3), 4) == .init(key: "rows", message: "4 charts fill 2 rows of 2, not 3"))
        #expect(problem(Layout(heights: [1, 0]), 2)?.key == "heights")
        #expect(problem(Layout(rows: 2, heights: [1, 2, 3]), 3) == .init(key: "heights", message: "lists 3 heights for 2 rows"))
        #expect(problem(Layout(columns: 0), 2)?.key == "columns")
        #expect(problem(Layout(columns: 3), 2) == .init(key: "columns", message: "3 columns for 2 charts leave columns empty"))
    }

    func decode(_ layout: String, charts: [String] = ["a", "b", "c"]) throws(DataError) -> ChartSpec.File {
        let list = charts.map { #"{"name": "\#($0)", "data": {"csv": "\#($0).csv"}}"# }.joined(separator: ", ")
        return try ChartSpec.File.decode(Data(#"{"charts": [\#(list)], "layout": \#(layout)}"#.utf8), path: "dash.json")
    }

    func refusal(_ layout: String, charts: [String] = ["a", "b", "c"]) -> String {
        do {
            _ = try decode(layout, charts: charts)
            return "decoded"
        } catch {
            return error.description
        }
    }

    @Test func aSplitChartIsNoCell() {
        let text = #"{"charts": [{"name": "a", "data": {"csv": "a.csv"}, "split": true}, {"name": "b", "data": {"csv": "b.csv"}}], "layout": {}}"#
        do {
            _ = try ChartSpec.File.decode(Data(text.utf8), path: "dash.json")
            Issue.record("a layout of a split chart decoded")
        } catch {
            #expect(error.description.hasPrefix("dash.json: layout.charts: 'a' is split"), "\(error)")
        }
    }

    @Test func aLayoutDecodes() throws {
        let file = try decode(#"{"name": "dash", "title": "All", "charts": ["c", "a"], "heights": [2, 1], "link": "none"}"#)
        let layout = try #require(file.layout)
        #expect(layout.pageName == "dash" && layout.chartNames(among: ["a", "b", "c"]) == ["c", "a"] && layout.link == GridLink.none)
        #expect(try decode("{}").layout?.chartNames(among: ["a", "b", "c"]) == ["a", "b", "c"])
    }

    @Test func aWrongLayoutIsOneLineAtItsKeyPath() {
        let cases: [(String, String)] = [
            (#"{"charts": ["a", "z"]}"#, "dash.json: layout.charts[1]: no chart named 'z'; the charts are: a, b, c"),
            (#"{"charts": ["a", "a"]}"#, "dash.json: layout.charts[1]: 'a' is listed twice"),
            (#"{"charts": []}"#, "dash.json: layout.charts: lists no charts"),
            (#"{"name": "b"}"#, "dash.json: layout.name: 'b' is also a chart's name; a page has a name of its own"),
            (#"{"rows": 1, "columns": 2}"#, "dash.json: layout.rows: 1 row of 2 hold 2 charts, not 3"),
            (#"{"heights": [1, -1]}"#, "dash.json: layout.heights: relative heights are numbers above 0 (got -1.0)"),
            // Before: a crash laying the page out.
            (#"{"heights": [1e308, 1]}"#, "dash.json: layout.heights: relative heights differ by at most a million times"),
            (#"{"heights": [1e308, 1e308, 1e308]}"#, "dash.json: layout.heights: relative heights differ by at most a million times")
        ]
        for (layout, message) in cases {
            let said = refusal(layout)
            #expect(said.hasPrefix(message), "\(layout): \(said)")
            #expect(!said.contains("\n"))
        }
        #expect(refusal("{}", charts: ["layout", "b"]).contains("layout.name: is needed"))
        #expect(refusal("{}", charts: (0..<65).map { "c\($0)" }).contains("layout.charts: a page holds at most 64 charts (got 65)"))
        #expect(refusal(#"{"link": "y"}"#).contains(#"layout.link: "y" is not one of none, x, xy"#))
        #expect(refusal(#"{"colums": 2}"#).contains("layout.colums"))
        #expect(refusal(#"{"columns": 2.5}"#).contains("layout.columns"))
    }
}
