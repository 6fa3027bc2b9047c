import Foundation
import Testing

/// A libpq `key=value` string given where a file was expected is named without its password,
/// read as libpq reads it: quoted with backslash escapes (`'sec\'ret'`), or unquoted to the
/// next whitespace with backslash escapes too (`se\ cret`). Before, the quoted form printed the
/// password whole and the escaped one printed its second half.
@Suite struct PasswordRedactionCommandTests {
    @Test(
        "No piece of a key=value password is printed, and the rest of the line is kept",
        arguments: [
            ("host=/nonexistent password='Sec\\'ret99' port=x", "host=/nonexistent password='********' port=x"),
            ("host=/nonexistent password=Sec\\ ret99 port=5", "host=/nonexistent password=******** port=5"),
            ("host=/nonexistent password='Sec ret99', port=5", "host=/nonexistent password='********', port=5"),
            ("host=/nonexistent password=Secret99 port=5", "host=/nonexistent password=******** port=5")
        ])
    func keyValueRedacted(argument: String, shown: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try ChartviewProcess.run([argument, "--output", "o.png"], in: dir)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("chartview: \(shown): "), "\(result.stderr)")
        for piece in ["Sec", "ret99", "Secret99"] { #expect(!result.stderr.contains(piece), "\(result.stderr)") }
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
