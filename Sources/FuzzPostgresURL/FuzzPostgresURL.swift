import ChartData
import Foundation
import FuzzSupport

/// libFuzzer target: the connection-string reader (`PostgresConnectionString`) on any bytes,
/// read as a URL or libpq's `key=value` pairs. The passwords it finds, the display name and
/// the redaction of a message that quotes the whole string, as libpq's messages do: no
/// password of three characters or more (and no '*') may survive `redacting`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPostgresURL(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: FuzzReplay.bytes(data, size), as: UTF8.self)
    let message = "cannot connect: invalid URI: \"\(text)\" (\(text))"
    let redacted = PostgresConnectionString.redacting(message, connectionString: text, secrets: [])
    _ = PostgresConnectionString.displayName(text)
    for secret in PostgresConnectionString.passwords(in: text) where secret.count >= 3 && !secret.contains("*") {
        // Bytes, as the redaction replaces them: `String.contains` would also match another
        // spelling of the same characters elsewhere in the text.
        precondition(!contains(Array(redacted.utf8), Array(secret.utf8)), "password \(secret) survived in \(redacted)")
    }
    return 0
}

/// Whether `needle` occurs in `haystack`, byte for byte (memcmp at each place its first byte
/// does). O(haystack × needle) at worst, without allocating.
func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return needle.isEmpty }
    return haystack.withUnsafeBufferPointer { h in
        needle.withUnsafeBufferPointer { n in
            (0...(h.count - n.count)).contains { i in h[i] == n[0] && memcmp(h.baseAddress! + i, n.baseAddress!, n.count) == 0 }
        }
    }
}

#if FUZZING
    /// SwiftPM links an executable's entry point under this name: hand over to libFuzzer's driver.
    @_cdecl("FuzzPostgresURL_main")
    func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
        FuzzReplay.runLibFuzzer(argc, argv, fuzzPostgresURL)
    }
#else
    @main enum Replay {
        static func main() { FuzzReplay.run(Array(CommandLine.arguments.dropFirst()), fuzzPostgresURL) }
    }
#endif
