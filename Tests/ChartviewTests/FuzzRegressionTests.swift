import Foundation
import Testing

/// Inputs the fuzzers found crashes with (and a few written by hand) stay fixed: each fuzz
/// target, built as a replaying program, runs over its folder of Tests/FuzzInputs.
@Suite struct FuzzRegressionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        ("FuzzCSV", "csv"), ("FuzzSpec", "spec"), ("FuzzColumnTyping", "columntyping"), ("FuzzSQLValues", "sqlvalues"), ("FuzzLayout", "layout"),
        ("FuzzPostgresURL", "postgresurl"),
        ("FuzzPostgresQuery", "postgresquery"), ("FuzzClickHouseNative", "clickhousenative"), ("FuzzLiveLines", "livelines")
    ])
    func savedInputsNoLongerCrash(target: String, folder: String) throws {
        let binary = URL(fileURLWithPath: ChartviewProcess.binary).deletingLastPathComponent().appendingPathComponent(target).path
        let inputs = Self.root.appendingPathComponent("Tests/FuzzInputs/\(folder)").path
        let count = try FileManager.default.contentsOfDirectory(atPath: inputs).count
        let result = try ChildProcess.run(binary, [inputs])
        let output = String(decoding: result.stdout + result.stderr, as: UTF8.self)
        #expect(result.status == 0, "\(target) crashed on a saved input: \(output.suffix(400))")
        #expect(output.contains("replayed \(count) input"))
    }
}
