import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: the hand-written readers of PostgreSQL text, on any bytes. The first byte
/// picks one; the rest is its input.
/// - Connection strings (`PostgresConnectionString`): the passwords found (URL or key=value),
///   the display name and the redaction; no password of three characters or more (and no '*')
///   may survive `redacting` of a message that quotes the whole string.
/// - Statements (`PostgresStatement`, the named parameters and the several-statements check),
///   and the query check's readers of printed expressions and plans (`PostgresQueryCheck`):
///   every name found is non-empty, and a statement's text keeps its numbered parameters in
///   range.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostgresText(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = FuzzReplay.bytes(data, size)
    guard let choice = bytes.first else { return 0 }
    let text = String(decoding: bytes.dropFirst(), as: UTF8.self)
    switch choice % 3 {
    case 0:
        let url = choice & 0x80 != 0 ? "postgresql://" + text : text
        let message = "cannot connect: in URI: \"\(url)\" (\(url))"
        let redacted = PostgresConnectionString.redacting(message, connectionString: url, secrets: [])
        for secret in PostgresConnectionString.passwords(in: url) where secret.count >= 3 && !secret.contains("*") {
            precondition(!redacted.contains(secret), "password \(secret) survived in \(redacted)")
        }
        _ = PostgresConnectionString.displayName(url)
    case 1:
        let statement = PostgresStatement(text)
        precondition(statement.names.allSatisfy { !$0.isEmpty }, "an empty parameter name")
        _ = statement.firstWord
    default:
        precondition(PostgresQueryCheck.functionNames(inExpression: text).allSatisfy { !$0.isEmpty } || text.contains("\"\""), "an empty name")
        _ = PostgresQueryCheck.planSummary(text)
    }
    return 0
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzPostgresText_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzPostgresText)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzPostgresText) }
    }
#endif
