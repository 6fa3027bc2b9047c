import Foundation
import Testing

/// Bash completes what is typed into an interactive bash on a pseudo-terminal: Tab, then Enter,
/// as a person does. Where several files share a prefix, readline inserts the prefix, which is
/// no file's name: it is quoted as the names are, so Enter runs nothing a name holds (a
/// `pwnmark` command on the PATH would leave a PWNED file) and chartview (a stand-in that
/// writes its arguments) gets the prefix as typed.
extension CompletionTests {
    /// The files, each beside another of the same prefix, and a folder holding one.
    static let sharedPrefixFiles = [
        "`pwnmark`a.csv", "`pwnmark`b.csv", "$HOMEa.csv", "$HOMEb.csv", "`pwnmark`a.png", "`pwnmark`b.png", "$(pwnmark)a.json",
        "$(pwnmark)b.json", "n\na.csv", "n\nb.csv", "t\ta.csv", "t\nb.csv", "a b.csv", "a$c.csv", "q'a.csv", "q'b.csv"
    ]
    static let sharedPrefixFolder = "d $(pwnmark)"
    /// The charts the stand-in lists.
    static let standInCharts = ["$HOME x", "$(pwnmark) y", "`pwnmark` z", "back\\slash"]

    /// The interactive bash: this repository's completion; ^X^R records the line (to
    /// `$CV_OUT/lineN`); each prompt says "CV-PROMPT-N." for the driver to wait for, and the
    /// driver types the next line once readline shows the prompt ("> ") after it: readline has
    /// the terminal in its own mode then. Typed earlier, while the terminal is still in its
    /// line mode, ^U and a backslash are the terminal's (a backslash escapes the kill character)
    /// and the line never ends: that hung CI's run.
    static let bashDriver = #"""
        zmodload zsh/zpty
        zpty cv env -i PATH=$1/bin:/usr/bin:/bin HOME=$HOME TERM=dumb CV_OUT=$1/out bash --norc --noprofile -i
        zpty -w cv "source ${(q)CV_SCRIPT}; PS1='> '; PS2='>> '; cd ${(q)1}/work; n=0"
        zpty -w cv 'cv_record() { ((++n)); export CV_N=$n; printf "%s\0" "$READLINE_LINE" > "$CV_OUT/line$n"; }; bind -x "\"\C-x\C-r\": cv_record"; PROMPT_COMMAND="echo CV-PROMPT-\$n."'
        zpty -r cv out '*CV-PROMPT-0.*> ' || exit 3
        integer n=0
        for typed in ${(0)"$(<$1/typed)"}; do
            zpty -w -n cv "$typed"
            (( ++n ))
            zpty -r cv out "*CV-PROMPT-$n.*> " || exit 4
        done
        zpty -d cv
        """#

    @Test func bashTabThenEnterRunsNothing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed (.ci/ensure-packages test installs it); its zpty drives bash")
            return
        }
        let manager = FileManager.default
        let root = manager.temporaryDirectory.appendingPathComponent("chartview-typed-\(UUID().uuidString)")
        defer { try? manager.removeItem(at: root) }
        let work = root.appendingPathComponent("work"), bin = root.appendingPathComponent("bin"), out = root.appendingPathComponent("out")
        for folder in [work.appendingPathComponent(Self.sharedPrefixFolder), bin, out] {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        for name in Self.sharedPrefixFiles + [Self.sharedPrefixFolder + "/x.csv"] {
            try Data("x,y\n1,2\n".utf8).write(to: work.appendingPathComponent(name))
        }
        let list = Self.standInCharts.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let scripts = [
            "pwnmark": "#!/bin/sh\ntouch \"$CV_OUT/PWNED\"\n",
            "chartview": """
            #!/bin/bash
            case "${@: -1}" in
                --list) printf '%s\\n' \(list); exit ;;
                --values) exit ;;
            esac
            printf '%s\\0' "$@" > "$CV_OUT/argv$CV_N"

            """
        ]
        for (name, text) in scripts {
            try Data(text.utf8).write(to: bin.appendingPathComponent(name))
            try manager.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(name).path)
        }
        // What is typed after "chartview " (\t a Tab), and the arguments chartview gets on Enter
        // (nil: the line is dropped, ^U, as it ends in a backslash that would continue it).
        let cases: [(typed: String, argv: [String]?)] = [
            ("\\`pw\t", ["`pwnmark`"]),
            ("\\`pwnmark\\`a\t", ["`pwnmark`a.csv"]),
            ("\\$HO\t", ["$HOME"]),
            ("$\t", ["$"]),
            ("--output \\`\t", ["--output", "`pwnmark`"]),
            ("--dump-layout \\$\\(\t", ["--dump-layout", "$(pwnmark)"]),
            // A line break in both: $'\n' each, so the prefix ends after a whole $'\n'.
            ("n\t", ["n\n"]),
            // A tab and a line break, a space and a $: not inside one's code ($'\ or \).
            ("t\t", ["t"]),
            ("a\t", ["a"]),
            ("q\t", ["q'"]),
            ("d\tx\t", ["d $(pwnmark)/x.csv"]),
            // Inside a quote the word leaves open, and after an unterminated $'.
            ("'`pwnmark`a\t", ["`pwnmark`a.csv"]),
            ("'`pw\t", ["`pwnmark`"]),
            ("\"\\$HOMEa\t", ["$HOMEa.csv"]),
            ("$'n\\n\t", ["n\n"]),
            ("$'t\t", ["t"]),
            ("--chart $\t", ["--chart", "$"]),
            ("--chart \\$H\t", ["--chart", "$HOME x"]),
            ("--chart '`\t", ["--chart", "`pwnmark` z"]),
            ("--chart \\\t", nil)
        ]
        let typed = cases.map { "chartview " + $0.typed + "\u{18}\u{12}" + ($0.argv == nil ? "\u{15}\r" : "\r") + "\0" }.joined()
        try Data(typed.utf8).write(to: root.appendingPathComponent("typed"))
        try Data(Self.bashDriver.utf8).write(to: root.appendingPathComponent("driver.zsh"))
        _ = try Self.output("/usr/bin/zsh", ["-f", "driver.zsh", root.path], in: root, environment: ["CV_SCRIPT": Self.bashScript])
        for (index, expected) in cases.enumerated() {
            let line = (try? String(contentsOf: out.appendingPathComponent("line\(index + 1)"), encoding: .utf8)) ?? "?"
            let argv = try? String(contentsOf: out.appendingPathComponent("argv\(index + 1)"), encoding: .utf8)
            #expect(argv.map(Self.fields) == expected.argv, "typed \(expected.typed), completed as \(line)")
        }
        #expect(!manager.fileExists(atPath: out.appendingPathComponent("PWNED").path), "a name's command ran")
    }

    /// Zsh inserts the prefix several names share quoted as the names are: read back (and so
    /// run, were it not quoted) it is the prefix as typed.
    @Test func zshQuotesAPrefixSeveralNamesShare() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed (.ci/ensure-packages test installs it)")
            return
        }
        let hostile = try HostileFolder()
        defer { hostile.remove() }
        let shared = [
            "`touch PWNED`a.csv", "`touch PWNED`b.csv", "$HOMEa.csv", "$HOMEb.csv", "`touch PWNED`a.png", "`touch PWNED`b.png", "n\na.csv", "n\nb.csv"
        ]
        for name in shared { try Data("x,y\n1,2\n".utf8).write(to: hostile.work.appendingPathComponent(name)) }
        // What is typed, and the word the line ends in (inside a quote typed, which zsh keeps
        // open, once that quote is closed).
        let cases: [(typed: String, word: String, close: String)] = [
            ("\\`", "`touch PWNED`", ""), ("\\$H", "$HOME", ""), ("--output \\`", "`touch PWNED`", ""), ("n$'\\n'", "n\n", ""),
            ("'`", "`touch PWNED`", "'"), ("\"\\$H", "$HOME", "\"")
        ]
        let results = try Self.zshCompletions(cases.map(\.typed), in: hostile)
        for (expected, result) in zip(cases, results) {
            let read = try Self.words(of: result.line + expected.close, shell: "zsh", in: hostile.work)
            #expect(read.last == expected.word, "typed \(expected.typed), completed as \(result.line), read back as \(read)")
        }
        #expect(!FileManager.default.fileExists(atPath: hostile.marker.path), "a name's command ran")
    }
}
