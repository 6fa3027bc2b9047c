import Foundation
import Testing

/// Files and charts named to attack a shell (`$(…)`, backticks, `;`, spaces, a newline, a tab,
/// `*`, `[ab]`, quotes, a leading `-`, `$HOME`, `~`): the bash and zsh completions offer exactly
/// those names, and what they insert reads back, in that shell, as exactly that name; nothing
/// a name holds runs (no PWNED file appears) or expands. Each shell is the real one: bash calls
/// the completion function as bash-completion does, zsh completes keystrokes typed into an
/// interactive zsh on a pseudo-terminal (zpty).
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

        /// The data files a data file's completion offers, and its folder (with a / after it): a
        /// name starting with "-" by a path (chartview would read it as a flag).
        static var dataCandidates: Set<String> {
            Set((dataFiles + [spec, folder + "/"]).map { $0.hasPrefix("-") ? "./" + $0 : $0 })
        }
    }

    /// Runs `executable` with `arguments` in `directory`, with `environment` added; its
    /// standard output, which is expected to end with status 0.
    static func output(
        _ executable: String, _ arguments: [String], in directory: URL, environment extra: [String: String] = [:]
    ) throws -> String {
        // A driver that never finishes (a completion that hangs, a prompt never shown) is
        // killed after 120 s and fails here, not the whole run. (timeout(1)'s SIGTERM would not
        // do: a child started from a test thread inherits its blocked SIGTERM.)
        let result = try ChildProcess.run(
            executable, arguments, environment: ProcessInfo.processInfo.environment.merging(extra) { _, new in new },
            directory: directory.path, deadline: 120)
        #expect(result.status == 0, "\(executable) \(arguments): \(String(decoding: result.stderr, as: UTF8.self))")
        let stdout = result.stdout
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

    /// The word readline makes of `word` (as typed) when it inserts `candidate`: in place of the
    /// word, or after a quote the word opens and leaves open (a backslash quotes the next
    /// character outside '…'), the quote too when the candidate starts with it.
    static func readlineWord(_ word: String, replacedBy candidate: String) -> String {
        var quote: Character?, at = word.startIndex, escaped = false
        for index in word.indices {
            let c = word[index]
            if escaped {
                escaped = false
            } else if quote != "'" && c == "\\" {
                escaped = true
            } else if let open = quote {
                if c == open { quote = nil }
            } else if c == "'" || c == "\"" {
                quote = c
                at = index
            }
        }
        guard let open = quote else { return candidate }
        return String(word[..<at]) + (candidate.first == open ? "" : String(open)) + candidate
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

    /// The code of the scripts (their comments aside) expands nothing it reads: no compgen -W,
    /// no eval, no unquoted command substitution into an array in bash; in zsh no list put into
    /// an _arguments action (actions are evaluated), no _describe (a colon in a name splits it)
    /// and no compadd -Q (which inserts a name unquoted).
    @Test func noScriptExpandsWhatItReads() throws {
        func code(_ path: String) throws -> String {
            try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
                .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("#") }.joined(separator: "\n")
        }
        let bash = try code(Self.bashScript), zsh = try code(Self.zshScript)
        for word in ["compgen -W", "eval", "=($(", "IFS="] { #expect(!bash.contains(word), "bash completion: \(word)") }
        for word in ["eval", ":(${", "[*]}", "_describe", "compadd -Q"] { #expect(!zsh.contains(word), "zsh completion: \(word)") }
    }

    @Test func bashOffersHostileNamesAsTheyAreAndRunsNothing() throws {
        let hostile = try HostileFolder()
        defer { hostile.remove() }
        let work = hostile.work
        /// What is offered for `words`, as bash reads back the word readline makes of each: the
        /// candidate in place of the word, or, inside a quote the word leaves open, of what
        /// follows the quote (of the quote too when the candidate starts with it). Nothing is
        /// left for readline to quote (-o filenames would leave $ and ` live in a common prefix).
        func offered(_ words: [String]) throws -> [String] {
            let (candidates, options) = try Self.bashCandidates(words, in: work)
            #expect(!options.contains("filenames"), "\(words)")
            #expect(candidates.count == Set(candidates).count, "\(words): a name offered twice: \(candidates)")
            return try candidates.map { candidate in
                let line = Self.readlineWord(words.last ?? "", replacedBy: candidate)
                let read = try Self.words(of: line, shell: "bash", in: work)
                #expect(read.count == 1, "\(candidate) (\(line)) reads back as \(read)")
                return read.joined()
            }
        }
        func files(_ words: [String]) throws -> Set<String> { Set(try offered(words)) }
        func charts(_ words: [String]) throws -> [String] { try offered(words) }
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
        #expect(try files(["--output", ""]) == Set(HostileFolder.outputs + [HostileFolder.folder + "/"]))
        #expect(try files(["--output", "x"]) == ["x $(touch PWNED).png"])
        #expect(try files(["--dump-layout", ""]) == [HostileFolder.spec, HostileFolder.folder + "/"])
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
        // A lone $ is a $ (a name's start); a lone backslash quotes what comes next.
        #expect(try charts([spec, "--chart", "$"]) == ["$(touch PWNED)", "$HOME"])
        #expect(try charts([spec, "--chart", "\"\\$"]) == ["$(touch PWNED)", "$HOME"])
        #expect(Set(try charts([spec, "--chart", "\\"])) == ["$(touch PWNED)", "`touch PWNED`", "*", "[ab]", "$HOME", "~tilde"])
        #expect(try files(["$"]) == ["$(touch PWNED).csv", "$HOME.csv"])
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

    /// The interactive zsh a test types into: compinit with this repository's completion first
    /// on fpath; every match a completion offers recorded (as it reads, unquoted); ^X^R writes
    /// the line as completed and the matches to `$CV_OUT/N` (NUL-separated) and says
    /// "CV-DONE-N." for the driver to wait for.
    static let zshrc = #"""
        PS1='> '; RPS1=''
        unsetopt beep auto_list auto_menu list_ambiguous
        fpath=($CV_COMPLETIONS $fpath)
        path=($CV_BIN $path)
        autoload -Uz compinit && compinit -u -D
        typeset -ga cv_matches
        integer cv_case=0
        compadd() {
            setopt localoptions extendedglob
            local -a cv_options=("${@[1,(i)(-|--)]}") cv_hits
            if (( ${cv_options[(I)-[[:alpha:]]#[OAD]*]} )); then
                builtin compadd "$@"
                return
            fi
            builtin compadd -O cv_hits "$@"
            # -Q: the words are inserted as they are, quoted by the caller (_path_files does).
            if (( ${cv_options[(I)-[[:alpha:]]#Q*]} )); then cv_matches+=("${(Q)cv_hits[@]}"); else cv_matches+=("${cv_hits[@]}"); fi
            builtin compadd "$@"
        }
        cv-record() {
            (( ++cv_case ))
            print -rN -- "$BUFFER" "${cv_matches[@]}" > $CV_OUT/$cv_case
            cv_matches=()
            BUFFER=
            zle -M "CV-DONE-$cv_case."
        }
        zle -N cv-record
        bindkey '^X^R' cv-record
        cd $CV_WORK
        print CV-READY
        """#

    /// Types each of `lines` into that zsh, then Tab, then ^X^R, waiting for each to be done;
    /// the first once the line editor shows its prompt ("> "), as bash's driver waits: typed
    /// while the terminal is still in its line mode, ^R would be the terminal's.
    static let zshDriver = #"""
        zmodload zsh/zpty
        export ZDOTDIR=$1/zdot
        zpty cv zsh -o no_global_rcs -i
        zpty -r cv out '*CV-READY*> ' || exit 3
        integer n=0
        for typed in ${(0)"$(<$1/typed)"}; do
            zpty -w -n cv "$typed"$'\t\C-x\C-r'
            (( ++n ))
            zpty -r cv out "*CV-DONE-$n.*" || exit 4
        done
        zpty -d cv
        """#

    /// What zsh completes for each line typed (`chartview ` and the words after it, as typed)
    /// in `hostile`'s folder: the line after one Tab, and the matches offered.
    static func zshCompletions(_ lines: [String], in hostile: HostileFolder) throws -> [(line: String, matches: [String])] {
        let zdot = hostile.root.appendingPathComponent("zdot"), out = hostile.root.appendingPathComponent("out")
        try FileManager.default.createDirectory(at: zdot, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        try Data(zshrc.utf8).write(to: zdot.appendingPathComponent(".zshrc"))
        try Data(zshDriver.utf8).write(to: hostile.root.appendingPathComponent("driver.zsh"))
        try Data(lines.map { "chartview " + $0 + "\0" }.joined().utf8).write(to: hostile.root.appendingPathComponent("typed"))
        let environment = [
            "CV_COMPLETIONS": URL(fileURLWithPath: zshScript).deletingLastPathComponent().path,
            "CV_BIN": URL(fileURLWithPath: ChartviewProcess.binary).deletingLastPathComponent().path, "CV_OUT": out.path,
            "CV_WORK": hostile.work.path
        ]
        _ = try output("/usr/bin/zsh", ["-f", "driver.zsh", hostile.root.path], in: hostile.root, environment: environment)
        return try lines.indices.map { index in
            let fields = Self.fields(try String(contentsOf: out.appendingPathComponent("\(index + 1)"), encoding: .utf8))
            return (fields.first ?? "", Array(fields.dropFirst()))
        }
    }

    @Test func zshOffersHostileNamesAsTheyAreAndRunsNothing() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/zsh") else {
            Issue.record("zsh is not installed (.ci/ensure-packages test installs it)")
            return
        }
        let hostile = try HostileFolder()
        defer { hostile.remove() }
        let spec = "s\\ \\$\\(touch\\ PWNED\\).json"
        // What is typed after "chartview ", what is offered, and, where one thing is, the word
        // the completed line ends in, as zsh reads it.
        let cases: [(typed: String, offered: Set<String>, word: String?)] = [
            ("", Set(HostileFolder.dataFiles + [HostileFolder.spec, HostileFolder.folder]), nil),
            ("\\$\\(", ["$(touch PWNED).csv"], "$(touch PWNED).csv"),
            ("\\`", ["`touch PWNED`.csv"], "`touch PWNED`.csv"),
            ("a\\;", ["a;touch PWNED;.csv"], "a;touch PWNED;.csv"),
            ("wi", ["with space.csv"], "with space.csv"),
            ("ne", ["new\nline.csv"], "new\nline.csv"),
            ("\\*", ["*.csv"], "*.csv"),
            ("\\[", ["[ab].csv"], "[ab].csv"),
            ("q", ["q'uo\"te.csv"], "q'uo\"te.csv"),
            ("./-", ["-dash.csv"], "./-dash.csv"),
            ("\\$H", ["$HOME.csv"], "$HOME.csv"),
            ("\\~", ["~tilde.csv"], "~tilde.csv"),
            ("ba", ["back\\slash.csv"], "back\\slash.csv"),
            ("--output ", Set(HostileFolder.outputs + [HostileFolder.folder]), nil),
            ("--output x", ["x $(touch PWNED).png"], "x $(touch PWNED).png"),
            ("--dump-layout ", [HostileFolder.spec, HostileFolder.folder], nil),
            ("\(spec) --chart ", Set(HostileFolder.chartNames), nil),
            ("'s $(touch PWNED).json' --chart \\$\\(", ["$(touch PWNED)"], "$(touch PWNED)"),
            ("\(spec) --chart \\`", ["`touch PWNED`"], "`touch PWNED`"),
            ("\(spec) --chart a", ["a; touch PWNED"], "a; touch PWNED"),
            ("\(spec) --chart w", ["with space"], "with space"),
            ("\(spec) --chart \\*", ["*"], "*"),
            ("\(spec) --chart \\[", ["[ab]"], "[ab]"),
            ("\(spec) --chart q", ["q'uo\"te"], "q'uo\"te"),
            ("\(spec) --chart \\$H", ["$HOME"], "$HOME"),
            ("\(spec) --chart b", ["back\\slash"], "back\\slash"),
            ("\(spec) --chart t", ["tab\there"], "tab\there"),
            ("\(spec) --chart \\~", ["~tilde"], "~tilde"),
            ("\\$\\(touch\\ PWNED\\).csv --chart ", ["$(touch PWNED)"], "$(touch PWNED)"),
            ("--kind h", ["hbar", "histogram", "heatmap"], nil)
        ]
        let results = try Self.zshCompletions(cases.map(\.typed), in: hostile)
        #expect(results.count == cases.count)
        for (expected, result) in zip(cases, results) {
            #expect(Set(result.matches) == expected.offered, "typed \(expected.typed)")
            guard let word = expected.word else { continue }
            let read = try Self.words(of: result.line, shell: "zsh", in: hostile.work)
            #expect(read.last == word, "typed \(expected.typed), completed as \(result.line), read back as \(read)")
        }
        #expect(!FileManager.default.fileExists(atPath: hostile.marker.path), "a name's command ran")
        #expect(hostile.contents == HostileFolder.everything)
    }
}
