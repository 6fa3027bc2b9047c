import ChartCore
import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: any bytes as a chart spec file; every decoded chart is built over a small
/// fixed table (with values at Double's limits, NaN and dates), laid out with Pango's measures,
/// painted into an image and encoded as `--dump-layout` would. Errors are fine; crashes, hangs,
/// preconditions and a scene that cannot be encoded (a NaN or infinity in it) are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpec(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(FuzzReplay.bytes(data, size))
    guard let file = try? ChartSpec.File.decode(bytes, path: "fuzz.json") else { return 0 }
    for spec in file.charts.prefix(4) {
        guard let graph = try? ChartBuilder.graph(from: FuzzSpecTable.table, spec: spec, source: "fuzz", period: "2026-11") else { continue }
        FuzzRendering.paintAndDump(graph, size: Size(width: 320, height: 240))
        FuzzRendering.paintAndDump(graph, size: Size(width: 40, height: 900))
    }
    return 0
}

/// The table every fuzzed spec charts.
enum FuzzSpecTable {
    static let table = DataTable(columns: [
        DataColumn(name: "name", values: .text(["a", "b", nil, "d", String(repeating: "long ", count: 40)])),
        DataColumn(name: "x", values: .number([1, 2, .nan, 4, 5])),
        DataColumn(name: "big", values: .number([1e308, -1e308, .greatestFiniteMagnitude, 0, -.greatestFiniteMagnitude])),
        DataColumn(name: "tiny", values: .number([.leastNonzeroMagnitude, -.leastNonzeroMagnitude, 0, 1e-300, .leastNormalMagnitude])),
        DataColumn(name: "when", values: .date([0, 86_400, 172_800, -1e15, 1e15]))
    ])
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
