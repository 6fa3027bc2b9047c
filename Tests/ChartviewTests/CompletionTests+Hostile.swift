import Foundation
import Testing

/// Files and charts named to attack a shell (`$(…)`, backticks, `;`, spaces, a newline, a tab,
/// `*`, `[ab]`, quotes, a leading `-`, `$HOME`, `~`): the bash completion offers exactly those
/// names, and what it inserts reads back, in bash, as exactly that name; nothing a name holds
/// runs (no PWNED file appears) or expands. Bash is the real one, calling the completion
/// function as bash-completion does.
extension CompletionTests {
    /// A folder (`work`) of hostile names beside the harness's own files.
    struct HostileFolder {
        let root: URL
        var work: URL { root.appendingPathComponent("work") }
        /// What a name's command would create, were it run.
        var marker: URL { work.appendingPathComponent("PWNED") }

        /// The data files (and the spec below), each a CSV file of two columns.
        static let dataFiles = [
            "$(touch PWNED).csv", "`touch PWNED`.csv", "a;touch PWNED;.csv", "with space.csv", "new\nline.csv", "*.csv", "[ab].csv",
            "a.csv", "q'uo\"te.csv", "-dash.csv", "$HOME.csv", "~tilde.csv", "back\\slash.csv"
        ]
        static let outputs = ["x $(touch PWNED).png", "y z.png"]
        static let folder = "d $(touch PWNED)"
        static let other = "notes.md"
        /// A chart spec whose charts' names are `chartNames`.
        static let spec = "s $(touch PWNED).json"
        static let chartNames = [
            "$(touch PWNED)", "`touch PWNED`", "a; touch PWNED", "with space", "*", "[ab]", "q'uo\"te", "-dash", "$HOME", "back\\slash",
            "tab\there", "~tilde"
        ]
        /// Every name in `work` at the start.
        static var everything: Set<String> { Set(dataFiles + outputs + [folder, other, spec]) }

        init() throws {
            root = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-hostile-\(UUID().uuidString)")
            let work = root.appendingPathComponent("work")
            try FileManager.default.createDirectory(at: work.appendingPathComponent(Self.folder), withIntermediateDirectories: true)
            for name in Self.dataFiles + Self.outputs + [Self.other] {
                try Data("x,y\n1,2\n".utf8).write(to: work.appendingPathComponent(name))
            }
            let charts = Self.chartNames.map { ["name": $0, "data": ["csv": "a.csv"]] as [String: Any] }
            try JSONSerialization.data(withJSONObject: ["charts": charts]).write(to: work.appendingPathComponent(Self.spec))
        }

        func remove() { try? FileManager.default.removeItem(at: root) }

        /// The names in `work` now.
        var contents: Set<String> { Set((try? FileManager.default.contentsOfDirectory(atPath: work.path)) ?? []) }

        /// The data files a data file's completion offers, and its folder: a name starting with
        /// "-" by a path (chartview would read it as a flag).
        static var dataCandidates: Set<String> {
            Set((dataFiles + [spec, folder]).map { $0.hasPrefix("-") ? "./" + $0 : $0 })
        }
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added; its
    /// standard output, which is expected to end with status 0.
    static func output(
        _ executable: String, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]
    ) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(extra) { _, new in new }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(executable) \(arguments): \(String(decoding: stderr, as: UTF8.self))")
        return String(decoding: stdout, as: UTF8.self)
    }

    /// Fields separated by NUL characters (each written with a NUL after it).
    static func fields(_ text: String) -> [String] {
        var fields = text.split(separator: "\0", omittingEmptySubsequences: false).map(String.init)
        if fields.last == "" { fields.removeLast() }
        return fields
    }

    /// What bash's completion function leaves for the words typed (`words`, as typed, the last
    /// the one completed) in `folder`: COMPREPLY as it is (no line of it split) and the readline
    /// options it asked for with compopt (stubbed: outside a completion bash has none).
    static func bashCandidates(_ words: [String], in folder: URL) throws -> (candidates: [String], options: String) {
        let script = """
            source "$1"
            cv_options=""
            compopt() { cv_options+="$* "; }
            PATH=$2:$PATH
            COMP_WORDS=(chartview "${@:3}"); COMP_CWORD=$(($# - 2))
            _chartview
            printf '%s\\0' "$cv_options" "${COMPREPLY[@]}"
            """
        let binary = URL(fileURLWithPath: ChartviewProcess.binary).deletingLastPathComponent().path
        let fields = Self.fields(try output("/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", bashScript, binary] + words, in: folder))
        return (Array(fields.dropFirst()), fields.first ?? "")
    }

    /// The words `text` is, as `shell` reads a command line (expanding and running what it holds
    /// unquoted, as the shell would), in `folder`.
    static func words(of text: String, shell: String, in folder: URL) throws -> [String] {
        let script =
            shell == "zsh"
            ? #"eval "cv_words=($1)"; print -rN -- "${cv_words[@]}""#
            : #"eval "cv_words=($1)"; printf '%s\0' "${cv_words[@]}""#
        return fields(try output("/usr/bin/env", [shell, shell == "zsh" ? "-f" : "--norc", "-c", script, shell, text], in: folder))
    }

    /// The code of the bash script (its comments aside) expands nothing it reads: no compgen -W,
    /// no eval, no unquoted command substitution into an array.
    @Test func noScriptExpandsWhatItReads() throws {
        func code(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
        }
        let bash = try code(Self.bashScript)
        for word in ["compgen -W", "eval", "=($(", "IFS="] { #expect(!bash.contains(word), "bash completion: \(word)") }
    }

    @Test func bashOffersHostileNamesAsTheyAreAndRunsNothing() throws {
        let hostile = try HostileFolder()
        defer { hostile.remove() }
        let work = hostile.work
        /// The files offered for `words`, taken literally: readline quotes them on insertion.
        func files(_ words: [String]) throws -> Set<String> {
            let (candidates, options) = try Self.bashCandidates(words, in: work)
            #expect(options.contains("-o filenames"), "\(words): no readline quoting asked for")
            #expect(candidates.count == Set(candidates).count, "\(words): a name offered twice: \(candidates)")
            return Set(candidates)
        }
        /// The charts offered for `words`, as bash reads each back (so quoted by the completion).
        func charts(_ words: [String]) throws -> [String] {
            let (candidates, options) = try Self.bashCandidates(words, in: work)
            // Readline would quote them again, and leave $ and ` live in what is no file's name.
            #expect(!options.contains("filenames"), "\(words)")
            return try candidates.map { candidate in
                let read = try Self.words(of: candidate, shell: "bash", in: work)
                #expect(read.count == 1, "\(candidate) reads back as \(read)")
                return read.joined()
            }
        }
        #expect(try files([""]) == HostileFolder.dataCandidates)
        #expect(try files(["\\*"]) == ["*.csv"])
        #expect(try files(["\\["]) == ["[ab].csv"])
        #expect(try files(["'a"]) == ["a.csv", "a;touch PWNED;.csv"])
        #expect(try files(["\\$"]) == ["$(touch PWNED).csv", "$HOME.csv"])
        #expect(try files(["'$"]) == ["$(touch PWNED).csv", "$HOME.csv"])
        #expect(try files(["$'new\\n"]) == ["new\nline.csv"])
        #expect(try files(["\"q'uo\\\""]) == ["q'uo\"te.csv"])
        #expect(try files(["\\~"]) == ["~tilde.csv"])
        #expect(try files(["back\\\\"]) == ["back\\slash.csv"])
        #expect(try files(["./-"]) == ["./-dash.csv"])
        #expect(try files(["d\\ \\$\\(touch\\ PWNED\\)/"]) == [])
        #expect(try files(["--output", ""]) == Set(HostileFolder.outputs + [HostileFolder.folder]))
        #expect(try files(["--output", "x"]) == ["x $(touch PWNED).png"])
        #expect(try files(["--dump-layout", ""]) == [HostileFolder.spec, HostileFolder.folder])
        // The spec as typed three ways; its charts, every one, each as it is named.
        for spec in ["s\\ \\$\\(touch\\ PWNED\\).json", "'s $(touch PWNED).json'", "\"s \\$(touch PWNED).json\""] {
            #expect(try charts([spec, "--chart", ""]) == HostileFolder.chartNames, "\(spec)")
        }
        let spec = "'\(HostileFolder.spec)'"
        #expect(try charts([spec, "--chart", "\\$"]) == ["$(touch PWNED)", "$HOME"])
        #expect(try charts([spec, "--chart", "'a;"]) == ["a; touch PWNED"])
        #expect(try charts([spec, "--chart", "-"]) == ["-dash"])
        #expect(try charts([spec, "--chart", "\\*"]) == ["*"])
        #expect(try charts([spec, "--chart", "$'tab\\t"]) == ["tab\there"])
        #expect(try charts(["--no-watch", spec, "--kind", "bar", "--chart", "b"]) == ["back\\slash"])
        // A CSV file's chart is named after the file.
        #expect(try charts(["\\$\\(touch\\ PWNED\\).csv", "--chart", ""]) == ["$(touch PWNED)"])
        #expect(try charts(["'`touch PWNED`.csv'", "--chart", ""]) == ["`touch PWNED`"])
        #expect(try charts(["./-dash.csv", "--chart", ""]) == ["-dash"])
        // What the shell would expand, not read, names no file here: nothing is offered or run.
        #expect(try charts(["\"$(touch PWNED).csv\"", "--chart", ""]) == [])
        #expect(try charts(["`touch PWNED`.csv", "--chart", ""]) == [])
        #expect(try files(["$(touch PWNED)"]) == [])
        #expect(try charts(["--kind", "$(touch PWNED)"]) == [])
        #expect(try charts(["--kind", "`touch PWNED`"]) == [])
        #expect(!FileManager.default.fileExists(atPath: hostile.marker.path), "a name's command ran")
        #expect(hostile.contents == HostileFolder.everything)
    }
}
