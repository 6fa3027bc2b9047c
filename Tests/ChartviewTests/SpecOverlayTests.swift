import Foundation
import Testing

/// The data flags given with a spec file lay themselves over its charts, as they describe the
/// one chart of a data file: nothing the user asked is ignored. A flag that has no place in a
/// spec file's charts (a query, a table: each chart names its own data) is refused in one line.
@Suite struct SpecOverlayTests {
    /// The demo gallery's spec in this source tree.
    static var gallery: String { DataFixture.assets + "/gallery.json" }

    static func dump(_ arguments: [String]) throws -> LayoutDumpReader {
        let result = try ChartviewProcess.run([gallery] + arguments + ["--size", "800x600", "--dump-layout", "-"])
        #expect(result.status == 0, "\(result.stderr)")
        return try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
    }

    @Test func aKindGivenWithASpecFileIsTheKindOfItsCharts() throws {
        let own = try Self.dump(["--chart", "rates"])
        #expect(own.plots.allSatisfy { $0.kind == "bar" })
        let overlaid = try Self.dump(["--chart", "rates", "--kind", "line"])
        #expect(overlaid.plots.map(\.id) == own.plots.map(\.id))
        #expect(overlaid.plots.allSatisfy { $0.kind == "line" }, "\(overlaid.plots.map(\.kind))")
    }

    @Test func anAxisTitleReplacesOnlyTheTitle() throws {
        // The spec fixes x to -11…11 and y to -5…110: the titles change, the ranges stay.
        let own = try Self.dump(["--chart", "squares"])
        let titled = try Self.dump(["--chart", "squares", "--x-title", "Input", "--y-title", "Square", "--title", "Squares"])
        #expect(titled.spaces?.map(\.x) == own.spaces?.map(\.x) && titled.spaces?.map(\.y) == own.spaces?.map(\.y))
        #expect(own.spaces?.first?.x == [-11, 11])
        let titles = titled.axes.compactMap(\.title?.text)
        #expect(titles.contains("Input") && titles.contains("Square"), "\(titles)")
        #expect(titled.title?.text == "Squares")
    }

    @Test(arguments: [["--table", "t"], ["--query", "SELECT 1"]])
    func aQueryOrTableWithASpecFileIsRefusedInOneLine(_ flags: [String]) throws {
        let result = try ChartviewProcess.run([Self.gallery] + flags + ["--output", "/dev/null"])
        #expect(result.status == 2)
        #expect(
            result.stderr
                == "chartview: \(Self.gallery): --query and --table are for a database file or server; a spec file's charts name their own data\n"
        )
    }
}
