import ChartData
import FuzzSupport

/// libFuzzer target: any bytes through the CSV reader, strict and skipping bad rows. It may
/// throw a DataError; it must never crash or hang. The parallel fast path, with its seams made
/// small, must give the serial parse's table or step aside.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSV(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    _ = try? CSVReader.parse(bytes, path: "fuzz.csv", skipBadRows: false)
    _ = try? CSVReader.parse(bytes, path: "fuzz.csv", skipBadRows: true)
    let tuning = CSVBulkReader.Tuning(sampleBytes: 400, blockBytes: 7, minimumRangeBytes: 16, ranges: 3)
    if let bulk = try? CSVBulkReader.parse(bytes, path: "fuzz.csv", tuning: tuning) {
        let serial = Result { () throws(DataError) in try CSVReader.parse(bytes, path: "fuzz.csv") }
        guard case .success(let parsed) = serial, parsed.setAside.isEmpty,
            String(describing: parsed.table) == String(describing: bulk)
        else {
            fatalError("The CSV fast path's table differs from the serial parse's: \(String(describing: bulk).prefix(600)) against \(serial)")
        }
    }
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
