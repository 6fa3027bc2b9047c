import Foundation
import Testing

/// The README's library example is the Examples package's `ReadmeExample` target, which
/// `make test` builds and runs (.ci/examples): so the README's code compiles against the
/// public API and renders.
@Suite struct ReadmeExampleTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The indented code block that follows "## Using the library", without its indent.
    static func libraryExample() throws -> String {
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Using the library"), "README has no '## Using the library'")
        var block: [String] = []
        for line in lines[(heading + 1)...] {
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

    @Test func theReadmeExampleSetsNoCategoryScaleByHand() throws {
        let example = try Self.libraryExample()
        #expect(!example.contains("xScale"))
        #expect(example.contains("graph.render(to:"))
    }
}
