import ChartCore
import Foundation
import Testing
@testable import ChartData

/// A spec's text checked for what Foundation's parsers lose or misreport (`SpecText`): a key
/// given twice is refused naming its key path and lines (both parsers kept one silently), and
/// a number no Double or Int holds is out of range for its key, with its key path and line
/// (before, "not valid JSON" with no key, or "Number 1e400 is not representable in Swift").
@Suite("Spec text: duplicate keys, numbers out of range")
struct SpecTextTests {
    /// A spec of one chart with `fields` added, on its second line.
    static func spec(_ fields: String) -> String {
        "{\"database\": \"d.sqlite\", \"charts\": [\n{\"name\": \"a\", \"data\": {\"table\": \"t\"}, " + fields + "}]}\n"
    }

    static func error(_ text: String) -> DataError? {
        do {
            _ = try ChartSpec.File.decode(Data(text.utf8), path: "s.json")
            return nil
        } catch {
            return error
        }
    }

    @Test(arguments: [
        (#""barWidth": 1e-400"#, "charts[0].barWidth", "1e-400 is out of range (line 2): nearer 0 than ±4.9e-324, the smallest number other than 0"),
        (#""barWidth": 2e-324"#, "charts[0].barWidth", "2e-324 is out of range (line 2): nearer 0 than ±4.9e-324, the smallest number other than 0"),
        (#""barWidth": 1e400"#, "charts[0].barWidth", "1e400 is out of range (line 2): past ±1.8e308, the largest number"),
        (#""yAxis": {"min": -1e400, "max": 1}"#, "charts[0].yAxis.min", "-1e400 is out of range (line 2): past ±1.8e308, the largest number"),
        (
            #""series": [{"column": "y"}, {"column": "z", "symbolSize": 0.0001e-9999}]"#, "charts[0].series[1].symbolSize",
            "0.0001e-9999 is out of range (line 2): nearer 0 than ±4.9e-324, the smallest number other than 0"
        ),
        (
            #""pie": {"startAngle": "# + String(repeating: "9", count: 400) + "}", "charts[0].pie.startAngle",
            String(repeating: "9", count: 40) + "… is out of range (line 2): past ±1.8e308, the largest number"
        ),
        (#""bins": 1e20"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 1e20, line 2)"),
        (#""bins": 12345678901234567890"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 12345678901234567890, line 2)"),
        (#""bins": -9223372036854775809"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got -9223372036854775809, line 2)"),
        (#""bins": 1e-400"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 1e-400, line 2)"),
        (#""bins": 1e400"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 1e400, line 2)"),
        (#""xAxis": {"decimals": 1e20}"#, "charts[0].xAxis.decimals", "must be a whole number from 0 to 12 (got 1e20, line 2)"),
        // In Int's range: the decoder reads it, and the key's range refuses it, in the same words.
        (#""bins": 9223372036854775807"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 9223372036854775807)"),
        (#""bins": 100001"#, "charts[0].bins", "must be a whole number from 1 to 100000 (got 100001)"),
        (#""xAxis": {"decimals": 13}"#, "charts[0].xAxis.decimals", "must be a whole number from 0 to 12 (got 13)"),
        (#""bins": 2.5"#, "charts[0].bins", "expected a whole number")
    ])
    func aNumberOutOfRangeNamesItsKey(fields: String, keyPath: String, message: String) {
        #expect(Self.error(Self.spec(fields)) == .spec(path: "s.json", keyPath: keyPath, message: message))
    }

    /// Double's own limits, and whole numbers written as decimals, are read as before.
    @Test(arguments: [
        #""barWidth": 5e-324"#, #""barWidth": 0.5, "yMaxFactor": 1e6"#, #""yAxis": {"min": -1.7976931348623157e308, "max": 1.7976931348623157e308}"#,
        #""bins": 1e2"#, #""bins": 20.0"#, #""bins": 1E3"#, #""bins": 100000"#, #""xAxis": {"decimals": 2e0}"#, #""yAxis": {"min": 0, "max": 0e400}"#
    ])
    func numbersInRangeAreRead(fields: String) {
        let text = Self.spec(fields)
        let error = Self.error(text)
        // The last one is refused for its axis (min below max), not as out of range: 0e400 is 0.
        if fields.contains("0e400") {
            #expect(error == .spec(path: "s.json", keyPath: "charts[0].yAxis", message: "give both min and max, with min below max"))
        } else {
            #expect(error == nil, "\(fields): \(String(describing: error))")
        }
    }

    @Test(arguments: [
        ("{\"charts\": [],\n\"charts\": []}", "charts", "is given twice, on lines 1 and 2; give a key once"),
        (spec(#""title": "x", "title": "y""#), "charts[0].title", "is given twice on line 2; give a key once"),
        (spec("\"title\": \"x\",\n\n \"ti\\u0074le\": \"y\""), "charts[0].title", "is given twice, on lines 2 and 4; give a key once"),
        (spec(#""data": {"table": "u"}"#), "charts[0].data", "is given twice on line 2; give a key once"),
        (
            spec(#""series": [{"column": "y"}, {"column": "y", "axis": "y", "column": "z"}]"#), "charts[0].series[1].column",
            "is given twice on line 2; give a key once"
        ),
        (spec(#""pie": {"startAngle": 0, "startAngle": 1}"#), "charts[0].pie.startAngle", "is given twice on line 2; give a key once"),
        // Keys the format does not take are still keys given twice; quoted when not a plain name.
        (spec(#""x y": [1, {"a\nb": 1, "a\nb": 2}], "x y": 2"#), #"charts[0]["x y"][1]["a\u{a}b"]"#, "is given twice on line 2; give a key once"),
        // A lone surrogate is read as U+FFFD, so these two are one key to the parsers.
        (spec(#""\ud800": 1, "\udbff": 2"#), "charts[0][\"\u{FFFD}\"]", "is given twice on line 2; give a key once")
    ])
    func aKeyGivenTwiceIsRefused(text: String, keyPath: String, message: String) {
        #expect(Self.error(text) == .spec(path: "s.json", keyPath: keyPath, message: message))
    }

    /// The same key in different objects, in a string, or differing by case is no duplicate.
    @Test func keysOfDifferentObjectsAreNotDuplicates() throws {
        let text = """
            {"database": "d.sqlite", "charts": [
              {"name": "a", "data": {"table": "t"}, "title": "{\\"name\\": 1, \\"name\\": 2}", "xAxis": {"title": "x"}, "yAxis": {"title": "y"}},
              {"name": "b", "data": {"table": "t"}, "title": "b", "series": [{"column": "y"}, {"column": "z"}]}
            ]}
            """
        let file = try ChartSpec.File.decode(Data(text.utf8), path: "s.json")
        #expect(file.charts.map(\.name) == ["a", "b"])
        #expect(
            Self.error(Self.spec(#""title": "x", "Title": "y""#))
                == .spec(path: "s.json", keyPath: "charts[0].Title", message: "unknown key; did you mean \"title\"?"))
    }

    /// Text the scanner does not follow is left to the parser, which says what is wrong.
    @Test(arguments: [
        "", "[1e400]", "{\"charts\": [1, ", "{\"charts\": }", "{\"a\": 1, \"\\x\": 1}", "{\"a\" 1, \"a\": 1}", "\"text\"", "{\"charts\": [NaN]}"
    ])
    func textThatIsNotJSONIsTheParsersToReport(text: String) {
        #expect(SpecText.firstProblem(in: Data(text.utf8), as: ChartSpec.File.self) == nil)
        #expect(Self.error(text) != nil)
    }

    /// One pass with no recursion: nesting 200,000 deep and an object of 200,000 keys are
    /// scanned (the parser then refuses or reads them); a duplicate at the end of 200,000 keys
    /// is found.
    @Test func deepAndWideTextsAreScannedInOnePass() {
        let deep = "{\"charts\": " + String(repeating: "[", count: 200_000) + "1e400" + String(repeating: "]", count: 200_000) + "}"
        let found = SpecText.firstProblem(in: Data(deep.utf8), as: ChartSpec.File.self)
        #expect(found?.keyPath.hasPrefix("charts[0][0][0]") == true)
        #expect(found?.message == "1e400 is out of range (line 1): past ±1.8e308, the largest number")
        let wide = "{" + (0..<200_000).map { "\"k\($0)\": \($0)" }.joined(separator: ",\n") + ",\n\"k7\": 1}"
        #expect(
            SpecText.firstProblem(in: Data(wide.utf8), as: ChartSpec.File.self)
                == SpecText.Finding(keyPath: "k7", message: "is given twice, on lines 8 and 200001; give a key once"))
    }
}
