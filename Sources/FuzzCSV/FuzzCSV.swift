import ChartData
import FuzzSupport

/// libFuzzer target: any bytes through the CSV reader, strict and skipping bad rows. It may
/// throw a DataError; it must never crash or hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    _ = try? CSVReader.parse(bytes, path: "fuzz.csv", skipBadRows: false)
    _ = try? CSVReader.parse(bytes, path: "fuzz.csv", skipBadRows: true)
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
@_cdecl("FuzzCSV_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzReplay.runLibFuzzer(argc, argv, fuzzCSV)
}
#else
@main enum Replay {
    static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzCSV) }
}
#endif
