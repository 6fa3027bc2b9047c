import Foundation
import Testing

/// The open plot model's rule, checked on the sources: nothing outside a plot's own file asks
/// which kind a plot is, and nothing outside a chart kind's builder asks which chart kind a
/// chart is. (What differs between kinds is what each plot lays out or declares.)
@Suite struct PlotKindIsolationTests {
    struct Source {
        var path: String
        var text: String
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func sources() throws -> [Source] {
        let folder = root.appendingPathComponent("Sources")
        let enumerator = try #require(FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil))
        var found: [Source] = []
        for case let url as URL in enumerator where url.pathExtension == "swift" {
            found.append(Source(path: String(url.path.dropFirst(root.path.count + 1)), text: try String(contentsOf: url, encoding: .utf8)))
        }
        return found.sorted { $0.path < $1.path }
    }

    static func matches(_ pattern: String, in text: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        let range = NSRange(text.startIndex..., in: text)
        return regex.matches(in: text, range: range).map { match in
            (1..<match.numberOfRanges).map { i -> String in
                guard let r = Range(match.range(at: i), in: text) else { return "" }
                return String(text[r])
            }.joined(separator: "|")
        }
    }

    /// The lines of `source` that match `pattern`, as "path:line: text". A file whose whole text
    /// has no match has no such line (a match within a line is one in the text): one search a
    /// file, and a search a line only in the few files that may hold one.
    static func offending(_ source: Source, _ pattern: String) -> [String] {
        let regex = try! NSRegularExpression(pattern: pattern)
        guard regex.firstMatch(in: source.text, range: NSRange(source.text.startIndex..., in: source.text)) != nil else { return [] }
        return source.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated().compactMap { index, line in
            let text = String(line)
            guard !text.trimmingCharacters(in: .whitespaces).hasPrefix("///"),
                regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            else { return nil }
            return "\(source.path):\(index + 1): \(text.trimmingCharacters(in: .whitespaces))"
        }
    }

    @Test func noPlotKindIsComparedOutsideItsPlotsFile() throws {
        let sources = try Self.sources()
        // Each kind's static member and the file that declares it.
        var kinds: [(member: String, name: String, file: String)] = []
        for source in sources {
            for match in Self.matches(#"static let (\w+) = PlotKind\("([\w-]+)"\)"#, in: source.text) {
                let parts = match.split(separator: "|").map(String.init)
                kinds.append((parts[0], parts[1], source.path))
            }
        }
        #expect(kinds.map(\.name).contains("bar") && kinds.map(\.name).contains("pie"), "found kinds: \(kinds.map(\.name))")
        var offenders: [String] = []
        for kind in kinds {
            let member = NSRegularExpression.escapedPattern(for: kind.member)
            let name = NSRegularExpression.escapedPattern(for: kind.name)
            // A plot's or a scene's kind (a chart kind, `plan.kind` or a bare `kind`, is the other test's).
            let pattern =
                #"((?<![\w.])(?!plan\.|spec\.|options\.|context\.)[\w$]+\.kind\s*[!=]=\s*\.\#(member)\b)|(PlotKind\.\#(member)\b)|(\.kind(\.name)?\s*[!=]=\s*"\#(name)")"#
            // (A spec's series name their kinds as `ChartSpec.Series.Kind`, `spec.series[i].kind == .bar`:
            // a chart builder reads them, and the other test holds chart kinds to their builders.)
            for source in sources where source.path != kind.file {
                offenders += Self.offending(source, pattern).filter { !$0.contains("spec.") }
            }
        }
        // Plot types: no downcast to one outside its own file.
        var plotTypes: [(type: String, file: String)] = []
        for source in sources {
            for match in Self.matches(Self.plotClassPattern, in: source.text) {
                plotTypes.append((match, source.path))
            }
        }
        #expect(plotTypes.map(\.type).contains("BarPlot") && plotTypes.map(\.type).contains("PieChart"), "found plot types: \(plotTypes.map(\.type))")
        for plot in plotTypes {
            let pattern = #"\b(as[?!]?|is)\s+\#(plot.type)\b"#
            for source in sources where source.path != plot.file && !source.path.hasPrefix("Sources/Fuzz") {
                offenders += Self.offending(source, pattern)
            }
        }
        #expect(offenders.isEmpty, "plot kinds asked about outside their own files:\n\(offenders.joined(separator: "\n"))")
    }

    /// A class conforming to `Plot` or a capability protocol (`CategoryPlot`, …), by its name.
    static let plotClassPattern = #"(?m)^(?:public )?(?:final )?class (\w+)\b[^{\n]*:[^{\n]*\b(?:\w*Plot|ViewDataReading)\b"#

    /// The declarations of `Plot` in Sources/ChartCore/Model/Plot.swift: its requirements.
    static func plotRequirements(in sources: [Source]) throws -> [String] {
        let text = try #require(sources.first { $0.path == "Sources/ChartCore/Model/Plot.swift" }).text
        let start = try #require(text.range(of: "public protocol Plot: AnyObject {\n"))
        let end = try #require(text.range(of: "\n}\n", range: start.upperBound..<text.endIndex))
        return text[start.upperBound..<end.lowerBound].split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { $0.hasPrefix("var ") || $0.hasPrefix("func ") }
    }

    @Test func thePlotContractStaysSmallAndEveryKindKeepsOneState() throws {
        let sources = try Self.sources()
        let requirements = try Self.plotRequirements(in: sources)
        // What every kind answers; what only some do is a capability protocol (issue 28).
        #expect(requirements.count == 8, "Plot's requirements:\n\(requirements.joined(separator: "\n"))")
        // A plot type keeps its identifier, title, visibility, plot space, value format and
        // delegate in its `PlotState`, not in properties of its own.
        let shared = #"^\s*(?:public )?(?:weak )?(?:let|var) (identifier|title|isHidden|plotSpace|valueFormat|delegate)\b"#
        var repeated: [String] = []
        let userKind = try String(
            contentsOf: Self.root.appendingPathComponent("Tests/ChartCairoTests/UserPlotKindTests.swift"), encoding: .utf8)
        for source in sources + [Source(path: "Tests/ChartCairoTests/UserPlotKindTests.swift", text: userKind)] {
            let lines = source.text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            var inPlot = false
            for (index, line) in lines.enumerated() {
                if !Self.matches(Self.plotClassPattern, in: line).isEmpty {
                    inPlot = true
                } else if line == "}" {
                    inPlot = false
                } else if inPlot, line.hasPrefix("    "), !line.hasPrefix("     "), !Self.matches(shared, in: line).isEmpty {
                    repeated.append("\(source.path):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        #expect(repeated.isEmpty, "plot types repeating PlotState's properties:\n\(repeated.joined(separator: "\n"))")
    }

    @Test func noChartKindIsComparedOutsideItsBuilder() throws {
        let sources = try Self.sources()
        let cases = Self.matches(#"(?m)^    case (\w+)$"#, in: try #require(sources.first { $0.path.hasSuffix("ChartData/Planning/ChartKind.swift") }).text)
        #expect(cases.count >= 16, "chart kinds: \(cases)")
        let names = cases.map { NSRegularExpression.escapedPattern(for: $0) }.joined(separator: "|")
        let pattern = #"kind\s*[!=]=\s*\.(\#(names))\b"#
        let offenders = sources.filter { source in
            !source.path.hasSuffix("ChartData/Planning/ChartKind.swift") && !source.path.contains("ChartData/Planning/Kinds/")
        }.flatMap { Self.offending($0, pattern) }
        #expect(offenders.isEmpty, "chart kinds asked about outside their builders:\n\(offenders.joined(separator: "\n"))")
    }
}
