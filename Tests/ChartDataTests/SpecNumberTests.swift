import ChartCore
import ChartData
import Foundation
import Testing

/// A spec's numbers out of the model's range are that chart's error (`DataError.spec` naming
/// the key), never a precondition that would end the window showing it among others.
@Suite("Spec numbers out of range")
struct SpecNumberTests {
    static let rows = "x,y\n1,2\n2,3\n3,5\n"

    static func graph(_ json: String) throws -> Graph {
        let spec = try JSONDecoder().decode(ChartSpec.self, from: Data(json.utf8))
        let table = try CSVReader.parse(Array(rows.utf8), path: "t.csv").table
        return try ChartBuilder.graph(from: table, spec: spec, source: "t.csv")
    }

    @Test(arguments: [
        (#""kind": "bar", "barWidth": -3"#, "barWidth"),
        (#""kind": "bar", "barWidth": 0"#, "barWidth"),
        (#""kind": "line", "series": [{"column": "y", "lineWidth": -4}]"#, "series[0].lineWidth"),
        (#""kind": "scatter", "series": [{"column": "y", "symbolSize": 1e300}]"#, "series[0].symbolSize"),
        (#""kind": "pie", "pie": {"innerRadius": 2}"#, "pie.innerRadius"),
        (#""kind": "pie", "pie": {"labelOffset": -1e308}"#, "pie.labelOffset"),
        (#""kind": "bar", "xAxis": {"decimals": 40}"#, "xAxis.decimals"),
        (#""kind": "bar", "yMaxFactor": 1e308"#, "yMaxFactor")
    ])
    func isTheChartsError(fields: String, key: String) {
        do {
            _ = try Self.graph(#"{"name": "t", "data": {"csv": "t.csv"}, "# + fields + "}")
            Issue.record("\(fields) was accepted")
        } catch let error as DataError {
            guard case .spec(_, let keyPath, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(keyPath == "charts[t].\(key)")
        } catch {
            Issue.record("\(error)")
        }
    }

    /// Any finite angle is taken modulo 360°, so these are fine.
    @Test func numbersInRangeBuild() throws {
        _ = try Self.graph(#"{"name": "t", "data": {"csv": "t.csv"}, "kind": "pie", "pie": {"startAngle": 1e308}}"#)
        _ = try Self.graph(#"{"name": "t", "data": {"csv": "t.csv"}, "kind": "bar", "xAxis": {"rotation": 1e300}}"#)
        _ = try Self.graph(#"{"name": "t", "data": {"csv": "t.csv"}, "kind": "bar", "barWidth": 0.5, "xAxis": {"rotation": 45}}"#)
        _ = try Self.graph(#"{"name": "t", "data": {"csv": "t.csv"}, "kind": "pie", "pie": {"startAngle": 90, "labelOffset": -20}}"#)
    }
}
