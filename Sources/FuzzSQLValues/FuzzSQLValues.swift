import ChartCore
import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: SQLite result values of every storage class, in any mix, converted into
/// typed columns (numbers, dates read from text, or text) as a query's result is, then charted:
/// the values alternate between an x and a y column, and the table is built into a graph, laid
/// out, painted and encoded as `--dump-layout` would. The bytes are read as a list of values: a
/// tag byte, then 8 bytes of number or a length-prefixed text; some tags stand for the numbers at
/// Double's and Int64's limits, and for their spellings as text, which random bytes rarely hit.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSQLValues(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    var values: [SQLValue] = []
    var i = 0
    func take(_ n: Int) -> ArraySlice<UInt8> {
        defer { i = min(bytes.count, i + n) }
        return bytes[i..<min(bytes.count, i + n)]
    }
    while i < bytes.count && values.count < 2_000 {
        let tag = bytes[i] % 8
        i += 1
        let word = take(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        switch tag {
        case 0: values.append(.null)
        case 1: values.append(.integer(Int64(bitPattern: word)))
        case 2: values.append(.real(Double(bitPattern: word)))
        case 3: values.append(.text(String(decoding: take(Int(word % 64)), as: UTF8.self)))
        case 4: values.append(.blob(Int(word % 1_000)))
        case 5: values.append(.real(SQLValueLimits.numbers[Int(word % UInt64(SQLValueLimits.numbers.count))]))
        case 6: values.append(.integer(SQLValueLimits.integers[Int(word % UInt64(SQLValueLimits.integers.count))]))
        default: values.append(.text(SQLValueLimits.texts[Int(word % UInt64(SQLValueLimits.texts.count))]))
        }
    }
    _ = SQLiteDatabase.columnValues(values)
    let half = values.count / 2
    guard half > 0 else { return 0 }
    let xs = stride(from: 0, to: 2 * half, by: 2).map { values[$0] }
    let ys = stride(from: 1, to: 2 * half, by: 2).map { values[$0] }
    let table = DataTable(columns: [
        DataColumn(name: "x", values: SQLiteDatabase.columnValues(xs)),
        DataColumn(name: "y", values: SQLiteDatabase.columnValues(ys, declaredType: bytes.first.map { $0 & 1 == 0 ? "REAL" : "DATE" }))
    ])
    let spec = ChartSpec(name: "fuzz", data: .init(database: "fuzz.sqlite", query: "SELECT x, y"))
    guard let graph = try? ChartBuilder.graph(from: table, spec: spec, source: "fuzz.sqlite") else { return 0 }
    FuzzRendering.paintAndDump(graph, size: Size(width: 320, height: 240))
    return 0
}

/// Values at the limits, which random bytes rarely spell.
enum SQLValueLimits {
    static let numbers: [Double] = [
        1e308, -1e308, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, .leastNormalMagnitude, .infinity, -.infinity, .nan, 0, -0.0, 1e15, 1e-300
    ]
    static let integers: [Int64] = [.max, .min, 0, -1, 9_007_199_254_740_993, 253_402_300_800, -62_135_596_800, 20_261_201]
    static let texts = [
        "1e308", "-1e308", "1e309", "-1e999", "5e-324", "1e-400", "nan", "inf", "-Infinity", "9223372036854775808",
        "0x10", "1,5", "1.000.000,5", "12%", "2026-12-01", "0001-01-01", "9999-12-31T23:59:59Z", "2026-02-30", "", " "
    ]
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
