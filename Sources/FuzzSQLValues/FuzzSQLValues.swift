import ChartData
import FuzzSupport

/// libFuzzer target: SQLite result values of every storage class, in any mix, converted into a
/// typed column (numbers, dates read from text, or text). The bytes are read as a list of
/// values: a tag byte, then 8 bytes of number or a length-prefixed text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    var values: [SQLiteDatabase.Value] = []
    var i = 0
    func take(_ n: Int) -> ArraySlice<UInt8> {
        defer { i = min(bytes.count, i + n) }
        return bytes[i..<min(bytes.count, i + n)]
    }
    while i < bytes.count && values.count < 10_000 {
        let tag = bytes[i] % 5
        i += 1
        let word = take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        switch tag {
        case 0: values.append(.null)
        case 1: values.append(.integer(Int64(bitPattern: word)))
        case 2: values.append(.real(Double(bitPattern: word)))
        case 3: values.append(.text(String(decoding: take(Int(word % 64)), as: UTF8.self)))
        default: values.append(.blob(Int(word % 1_000)))
        }
    }
    _ = SQLiteDatabase.columnValues(values)
    return 0
}

#if FUZZING
/// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
@_cdecl("FuzzSQLValues_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    FuzzReplay.runLibFuzzer(argc, argv, fuzzSQLValues)
}
#else
@main enum Replay {
    static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzSQLValues) }
}
#endif
