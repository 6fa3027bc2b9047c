import ChartCore
import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: any bytes as a CSV file, through everything that decides what the table is
/// and how to chart it: column typing (numbers, decimal commas, percentages, dates in their
/// spellings, years, codes), dates joined with times, each column's profile and role, the chart
/// chosen from them (kind, x, series, groups), the graph built, laid out, painted and encoded as
/// `--dump-layout` would. Errors are fine; crashes, hangs, preconditions and a scene holding a
/// NaN or infinity are not.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzColumnTyping(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    guard let parsed = try? CSVReader.parse(bytes, path: "fuzz.csv", skipBadRows: true) else { return 0 }
    let table = ColumnTyping.combiningDatesAndTimes(parsed.table)
    _ = ColumnProfile.of(table)
    let spec = ChartSpec(name: "fuzz", data: .init(csv: "fuzz.csv"))
    guard let plan = try? ChartBuilder.plan(for: table, spec: spec, source: "fuzz.csv") else { return 0 }
    _ = plan.description(source: "fuzz.csv")
    guard let graph = try? ChartBuilder.graph(from: table, plan: plan, spec: spec, source: "fuzz.csv") else { return 0 }
    FuzzRendering.paintAndDump(graph, size: Size(width: 320, height: 240))
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzColumnTyping_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzColumnTyping)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzColumnTyping) }
    }
#endif
