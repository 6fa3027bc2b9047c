import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: the query check's hand-written readers on any bytes. An even first byte
/// reads the rest as a statement (`PostgresStatement`: the named parameters, the first word,
/// the several-statements check): every name found is non-empty, and the text sent numbers
/// exactly as many parameters as it names. An odd one reads it as the server's printed
/// expressions and plans (`PostgresQueryCheck.functionNames(inExpression:)` and
/// `planSummary`) and as a query's every word (`PostgresQueryNames.read(everyWordIn:)`):
/// every name is non-empty.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostgresQuery(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    guard let choice = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    if choice % 2 == 0 {
        let statement = PostgresStatement(text)
        precondition(statement.names.allSatisfy { !$0.isEmpty }, "an empty parameter name")
        precondition(Set(statement.names).count == statement.names.count, "a name numbered twice")
        _ = statement.firstWord
    } else {
        precondition(PostgresQueryCheck.functionNames(inExpression: text).allSatisfy { !$0.isEmpty } || text.contains("\"\""), "an empty name")
        _ = PostgresQueryCheck.planSummary(text)
        var words = PostgresQueryNames()
        words.read(everyWordIn: text)
        precondition(words.functions.allSatisfy { !$0.isEmpty } && words.operators.allSatisfy { !$0.isEmpty }, "an empty word")
    }
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzPostgresQuery_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzPostgresQuery)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzPostgresQuery) }
    }
#endif
