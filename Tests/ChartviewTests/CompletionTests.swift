import Foundation
import Testing

/// The bash and zsh completions complete what `--help` lists: every flag, `--kind`'s kinds,
/// `--theme`'s themes, `--chart`'s charts (asked of the binary), files by extension. The bash
/// one is run in a real bash, as bash-completion calls it.
@Suite struct CompletionTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let bashScript = root.appendingPathComponent("assets/completion/chartview.bash").path
    static let zshScript = root.appendingPathComponent("assets/completion/_chartview").path

    /// What bash completes for the words typed so far (`words`, the last the one completed), in
    /// `directory`, with the binary under test first on the PATH.
    static func complete(
        _ words: [String], in directory: String = FileManager.default.temporaryDirectory.path,
        program: String = "chartview", onPath: Bool = true
    ) throws -> [String] {
        let binary = URL(fileURLWithPath: ChartviewProcess.binary).deletingLastPathComponent().path
        let quoted = words.map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }.joined(separator: " ")
        let script = """
            source '\(bashScript)'
            cd '\(directory)'
            \(onPath ? "PATH='\(binary)':$PATH" : "")
            COMP_WORDS=('\(program)' \(quoted)); COMP_CWORD=\(words.count)
            _chartview
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let result = try ChildProcess.run("/bin/bash", ["--norc", "--noprofile", "-c", script], deadline: 60)
        #expect(result.status == 0)
        return String(decoding: result.stdout, as: UTF8.self).split(separator: "\n").map(String.init).filter { !$0.isEmpty }
    }

    /// The words of `--help`'s entry for `flag` up to "(default", commas and "or" dropped.
    static func values(of flag: String, in help: String) -> [String] {
        help.components(separatedBy: flag)[1].components(separatedBy: "(default")[0]
            .split(whereSeparator: { ", \n".contains($0) }).map(String.init).filter { $0 != "or" }
    }

    @Test func kindsThemesAndFlagsAreTheHelps() throws {
        let help = try ChartviewProcess.run(["--help"]).stdout
        let kinds = Self.values(of: "--kind KIND", in: help)
        #expect(kinds.count >= 16)
        #expect(try Self.complete(["--kind", ""]) == kinds)
        #expect(try Self.complete(["--kind", "h"]) == kinds.filter { $0.hasPrefix("h") })
        #expect(try Self.complete(["--theme", ""]) == Self.values(of: "--theme NAME", in: help))
        let flags = ManPageTests.flags(in: help)
        #expect(Set(try Self.complete(["--"])) == flags)
        #expect(try Self.complete(["--dum"]) == ["--dump-layout"])
        let zsh = try String(contentsOfFile: Self.zshScript, encoding: .utf8)
        // ("*--chart[": a flag given more than once.)
        for flag in flags {
            #expect(zsh.contains("'\(flag)[") || zsh.contains("\"\(flag)[") || zsh.contains("'*\(flag)["), "zsh completion lacks \(flag)")
        }
        // The values are the binary's, asked at completion time: no script keeps a copy.
        #expect(zsh.contains("$($cv --values ${flag#--} 2>/dev/null)") && zsh.contains("--(kind|theme|color-map|format|aggregate|delimiter|link)"))
        for name in ["kind", "theme", "color-map", "format", "aggregate"] {
            let line = zsh.split(separator: "\n").first { $0.contains("'--\(name)[") }
            #expect(line?.hasSuffix(":->values' \\") == true, "zsh does not ask for \(name)")
        }
        let bash = try String(contentsOfFile: Self.bashScript, encoding: .utf8)
        for copy in ["errorbar", "candlestick", "dark-gradient", "viridis"] {
            #expect(!bash.contains(copy) && !zsh.contains(copy), "a completion script keeps a copy of '\(copy)'")
        }
        #expect(try Self.complete(["--color-map", ""]) == ["viridis", "magma", "cividis", "coolwarm"])
        #expect(try Self.complete(["--format", "s"]) == ["svg"])
        #expect(try Self.complete(["--values", ""]) == ["kind", "theme", "color-map", "format", "aggregate", "delimiter", "link", "flag"])
        // Run by its path, not on the PATH: the completion asks that binary.
        #expect(try Self.complete(["--kind", "h"], program: ChartviewProcess.binary, onPath: false) == kinds.filter { $0.hasPrefix("h") })
    }

    /// The part of each script the options' table makes is what the binary prints now
    /// (`make completion` writes it there): no script keeps its own list of flags.
    @Test func theScriptsHoldWhatTheOptionsTableMakes() throws {
        for (shell, path) in [("bash", Self.bashScript), ("zsh", Self.zshScript)] {
            let generated = try ChartviewProcess.run(["--generate-completion-script", shell])
            #expect(generated.status == 0 && generated.stdout.hasPrefix("# BEGIN generated"), "\(generated.stderr)")
            let script = try String(contentsOfFile: path, encoding: .utf8)
            #expect(script.contains(generated.stdout), "\(path) is not what `chartview --generate-completion-script \(shell)` prints: run make completion")
        }
    }

    /// Bash tells a flag's value from the data file by the flags that take one: those the help
    /// shows with a value ("--kind KIND").
    @Test func bashKnowsTheFlagsThatTakeAValue() throws {
        let help = try ChartviewProcess.run(["--help"]).stdout
        let regex = try NSRegularExpression(pattern: #"(?:^  |, )(--[a-z][a-z0-9-]*)( [A-Z])?"#, options: .anchorsMatchLines)
        let shown = regex.matches(in: help, range: NSRange(help.startIndex..., in: help)).map { match in
            (String(help[Range(match.range(at: 1), in: help)!]), match.range(at: 2).location != NSNotFound)
        }
        #expect(Set(shown.map(\.0)) == ManPageTests.flags(in: help))
        let script = #"source "$1"; shift; for flag; do _chartview_takes_value "$flag" && echo "$flag"; done"#
        let run = try ChildProcess.run("/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", Self.bashScript] + shown.map(\.0), deadline: 60)
        let output = String(decoding: run.stdout, as: UTF8.self)
        #expect(Set(output.split(separator: "\n").map(String.init)) == Set(shown.filter(\.1).map(\.0)))
    }

    @Test func valuesListsWhatTheHelpLists() throws {
        let help = try ChartviewProcess.run(["--help"]).stdout
        func values(_ name: String) throws -> [String] {
            let run = try ChartviewProcess.run(["--values", name])
            #expect(run.status == 0 && run.stderr.isEmpty)
            return run.stdout.split(separator: "\n").map(String.init)
        }
        #expect(try values("kind") == Self.values(of: "--kind KIND", in: help))
        #expect(try values("theme") == Self.values(of: "--theme NAME", in: help))
        #expect(try values("format") == ["png", "svg", "pdf"])
        #expect(Set(try values("flag")) == ManPageTests.flags(in: help))
        let wrong = try ChartviewProcess.run(["--values", "colour"])
        #expect(wrong.status == 2 && wrong.stderr.contains("--values takes one of: aggregate, color-map, delimiter, flag, format, kind, link, theme"))
    }

    @Test func chartsAndFilesByExtension() throws {
        let names = try ChartviewProcess.run(["--list"]).stdout.split(separator: "\n").map(String.init)
        #expect(try Self.complete(["--chart", ""]) == names)
        #expect(try Self.complete(["--chart", "rat"]) == names.filter { $0.hasPrefix("rat") })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-completion-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["prices.csv", "trades.sqlite", "gallery.json", "notes.md", "chart.png", "sub"] {
            if name == "sub" {
                try FileManager.default.createDirectory(at: folder.appendingPathComponent(name), withIntermediateDirectories: true)
            } else {
                try Data().write(to: folder.appendingPathComponent(name))
            }
        }
        #expect(Set(try Self.complete([""], in: folder.path)) == ["prices.csv", "trades.sqlite", "gallery.json", "sub/"])
        #expect(Set(try Self.complete(["--output", ""], in: folder.path)) == ["chart.png", "sub/"])
        #expect(Set(try Self.complete(["--dump-layout", ""], in: folder.path)) == ["gallery.json", "sub/"])
    }
}
