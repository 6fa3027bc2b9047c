import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: ClickHouse's `Native` reader (`ClickHouseNativeBlocks`) on any bytes, as a
/// hostile server could send them. No trap, no allocation past what the bytes can fill (a block
/// claiming 2³⁹ rows in 30 bytes), every column as long as its block.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzClickHouseNative(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    bytes.withUnsafeBytes { _ = ClickHouseNativeBlocks(reading: $0) }
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzClickHouseNative_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzClickHouseNative)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzClickHouseNative) }
    }
#endif
