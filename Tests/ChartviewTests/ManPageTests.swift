import Foundation
import Testing

/// The man page (assets/man/chartview.1) says what `--help` says: every flag, and no flag that
/// is gone. (Its keys are checked against the window's help in ChartX11Tests.)
@Suite struct ManPageTests {
    static var page: String {
        get throws {
            let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            return try String(contentsOf: root.appendingPathComponent("assets/man/chartview.1"), encoding: .utf8)
        }
    }

    /// The `--flags` a text names; troff's `\-` read as `-`, its font changes (`\fB`) dropped.
    static func flags(in text: String) -> Set<String> {
        let plain = text.replacingOccurrences(of: "\\-", with: "-")
            .replacingOccurrences(of: #"\\f[BIRP]"#, with: " ", options: .regularExpression)
        let regex = try! NSRegularExpression(pattern: #"(?<![\w-])--[a-z][a-z0-9-]*"#)
        return Set(regex.matches(in: plain, range: NSRange(plain.startIndex..., in: plain)).map { String(plain[Range($0.range, in: plain)!]) })
    }

    @Test func namesEveryFlagOfTheHelpAndNoOther() throws {
        let help = try ChartviewProcess.run(["--help"])
        #expect(help.status == 0)
        let inHelp = Self.flags(in: help.stdout), inPage = Self.flags(in: try Self.page)
        #expect(inHelp.count > 40, "flags in --help: \(inHelp.sorted())")
        #expect(inHelp.subtracting(inPage).isEmpty, "in --help, not in the man page: \(inHelp.subtracting(inPage).sorted())")
        #expect(inPage.subtracting(inHelp).isEmpty, "in the man page, not in --help: \(inPage.subtracting(inHelp).sorted())")
    }

    @Test func namesTheExitStatusesAndEveryKind() throws {
        let page = try Self.page
        for status in ["0", "1", "2"] { #expect(page.contains(".SH EXIT STATUS") && page.contains(".B \(status)\n")) }
        let help = try ChartviewProcess.run(["--help"]).stdout
        // The kinds --kind lists in the help, each in bold in the page.
        let kinds = help.components(separatedBy: "--kind KIND")[1].components(separatedBy: "(default")[0]
            .split(whereSeparator: { ", \n".contains($0) }).map(String.init).filter { $0 != "or" }
        #expect(kinds.count >= 16, "kinds: \(kinds)")
        for kind in kinds { #expect(page.contains("\\fB\(kind)\\fR"), "kind \(kind) not in the man page") }
    }
}
