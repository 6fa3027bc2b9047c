import Foundation
import Testing

/// Each flag is declared once, in the options' table (Sources/ChartviewCommand/Options), which makes
/// the parser, the help, `--values` and the completion scripts; and each database engine is
/// named only in its own folder and in the registry. Checked on the sources, as
/// PlotKindIsolationTests checks plot kinds.
@Suite struct OptionTableTests {
    /// The Swift sources (Tests aside), each without its comment lines.
    static func code(under folder: String = "Sources") throws -> [PlotKindIsolationTests.Source] {
        try PlotKindIsolationTests.sources().filter { $0.path.hasPrefix(folder + "/") }.map { source in
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.trimmingCharacters(in: .whitespaces).hasPrefix("//") ? "" : String($0) }
            return PlotKindIsolationTests.Source(path: source.path, text: lines.joined(separator: "\n"))
        }
    }

    static func count(_ pattern: String, in sources: [PlotKindIsolationTests.Source]) -> [String] {
        sources.flatMap { source in PlotKindIsolationTests.offending(source, pattern) }
    }

    static var flags: [String] {
        get throws {
            let run = try ChartviewProcess.run(["--values", "flag"])
            #expect(run.status == 0)
            return run.stdout.split(separator: "\n").map(String.init)
        }
    }

    /// Every flag `--values flag` lists is written as a string literal ("--kind") once in all
    /// of Sources: in its declaration.
    @Test func eachFlagIsAStringLiteralOnceInTheSources() throws {
        let flags = try Self.flags
        #expect(flags.count > 40, "\(flags)")
        let sources = try Self.code()
        for flag in flags {
            let found = Self.count(NSRegularExpression.escapedPattern(for: "\"\(flag)\""), in: sources)
            #expect(found.count == 1, "\"\(flag)\" is written \(found.count) times: \(found)")
        }
    }

    /// In the command's own code, no flag is written anywhere but its declaration: its messages
    /// and help texts build a flag's name from the option (`CommandOption.output.name`).
    @Test func theCommandWritesEachFlagOnlyInItsDeclaration() throws {
        let sources = try Self.code(under: "Sources/ChartviewCommand")
        for flag in try Self.flags {
            let pattern = #"(?<![\w-])"# + NSRegularExpression.escapedPattern(for: flag) + #"(?![\w-])"#
            let found = Self.count(pattern, in: sources)
            #expect(found.count == 1, "\(flag) is written \(found.count) times in the command: \(found)")
        }
    }

    /// No type or module of a database engine (SQLiteDatabase, RunningPostgresQueries,
    /// CSQLite, …) is named outside the engine's folder and the registry (the fuzz targets of
    /// an engine's parsers aside).
    @Test func noEngineIsNamedOutsideItsFolderAndTheRegistry() throws {
        let allowed = [
            "Sources/ChartData/SQLite/", "Sources/ChartData/Postgres/", "Sources/ChartData/Database/DatabaseEngines.swift",
            "Sources/CSQLite/", "Sources/CPostgres/", "Sources/FuzzPostgres", "Sources/FuzzSQLValues/"
        ]
        let sources = try Self.code().filter { source in !allowed.contains { source.path.hasPrefix($0) } }
        let found = Self.count(#"\w*(SQLite|Postgres)[A-Z][a-z]\w*|\bC(SQLite|Postgres)\b"#, in: sources)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }
}
