import ChartCore
import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: any bytes as a chart spec file, then every decoded chart built over a
/// small fixed table. Errors are fine; crashes, hangs and preconditions are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(FuzzReplay.bytes(data, size))
    guard let file = try? ChartSpec.File.decode(bytes, path: "fuzz.json") else { return 0 }
    let table = DataTable(columns: [
        DataColumn(name: "name", values: .text(["a", "b", nil])),
        DataColumn(name: "x", values: .number([1, 2, .nan])),
        DataColumn(name: "when", values: .date([0, 86_400, 172_800])),
    ])
    for spec in file.charts {
        guard let graph = try? ChartBuilder.graph(from: table, spec: spec, source: "fuzz", period: "2026-11") else { continue }
        _ = graph.layout(size: Size(width: 640, height: 480), measurer: FixedTextMeasurer())
    }
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
@_cdecl("FuzzSpec_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzReplay.runLibFuzzer(argc, argv, fuzzSpec)
}
#else
@main enum Replay {
    static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzSpec) }
}
#endif
