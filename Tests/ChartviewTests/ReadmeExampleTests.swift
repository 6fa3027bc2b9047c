import Foundation
import Testing

/// The README's library example is the Examples package's `ReadmeExample` target, which
/// `make test` builds and runs (.ci/examples), and its plot kind of one's own is the one
/// UserPlotKindTests renders: so the README's code compiles against the public API and renders.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The indented code block that follows "## Using the library", without its indent.
    static func libraryExample() throws -> String { try indentedBlock(after: "## Using the library") }

    /// The first indented code block after the line `heading`, without its indent.
    static func indentedBlock(after heading: String) throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex(of: heading), "README has no '\(heading)'")
        var block: [String] = []
        for line in lines[(start + 1)...] {
            if line.hasPrefix("    ") {
                block.append(String(line.dropFirst(4)))
            } else if line.isEmpty {
                if !block.isEmpty { block.append("") }
            } else if !block.isEmpty {
                break
            }
        }
        while block.last == "" { block.removeLast() }
        return block.joined(separator: "\n") + "\n"
    }

    @Test func theReadmeExampleIsTheExamplePackagesTarget() throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent("Examples/Sources/ReadmeExample/main.swift"), encoding: .utf8)
        let example = try Self.libraryExample()
        #expect(example.contains("import ChartCore"))
        #expect(example == file, "README's library example and Examples/Sources/ReadmeExample/main.swift differ")
    }

    @Test func theReadmePlotKindIsTheTestedOne() throws {
        let file = try String(contentsOf: Self.root.appendingPathComponent("Tests/ChartCairoTests/UserPlotKindTests.swift"), encoding: .utf8)
        let lines = file.components(separatedBy: "\n")
        let start = try #require(lines.firstIndex { $0.hasPrefix("// README: \"Your own plot kind\" shows from here") })
        let end = try #require(lines.firstIndex { $0.hasPrefix("// …to here") })
        let marked = lines[(start + 1)..<end].joined(separator: "\n") + "\n"
        let shown = try Self.indentedBlock(after: "### Your own plot kind")
        #expect(shown.contains("final class LollipopPlot: Plot {"))
        #expect(shown == marked, "README's \"Your own plot kind\" and the marked code of UserPlotKindTests.swift differ")
    }

    @Test func theReadmeExampleSetsNoCategoryScaleByHand() throws {
        let example = try Self.libraryExample()
        #expect(!example.contains("xScale"))
        #expect(example.contains("graph.render(to:"))
    }
}
