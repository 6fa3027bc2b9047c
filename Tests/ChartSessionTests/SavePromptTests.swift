@testable import ChartSession
import Foundation
import Testing

/// The save prompt's rules: the name it suggests, where an answer saves, what it refuses.
@Suite("The save prompt's rules")
struct SavePromptTests {
    static let formats = ["png", "svg", "pdf"]

    @Test("The suggested name is the title's words, today's date and the first format's extension, free in the folder")
    func suggestedNames() {
        let day = DateComponents(calendar: .current, year: 2026, month: 12, day: 1, hour: 12).date!
        #expect(
            SavePrompt.suggestedName(title: "Exchange rates (EUR → USD), 2026", chart: "rates", date: day, directory: "/d") { _ in false }
                == "exchange-rates-eur-usd-2026-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: nil, chart: "rates", date: day, directory: "/d") { _ in false } == "rates-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: "  ", chart: "??", date: day, directory: "/d") { _ in false } == "chart-2026-12-01.png")
        #expect(SavePrompt.suggestedName(title: "气温 Ü", chart: "x", date: day, directory: "/d") { _ in false } == "气温-ü-2026-12-01.png")
        let taken: Set = ["/d/rates-2026-12-01.png", "/d/rates-2026-12-01-2.png"]
        #expect(SavePrompt.suggestedName(title: "Rates", chart: "r", date: day, directory: "/d") { taken.contains($0) } == "rates-2026-12-01-3.png")
        #expect(
            SavePrompt.suggestedName(title: "Rates", chart: "r", date: day, directory: "/d", fileExtension: "svg") { _ in false }
                == "rates-2026-12-01.svg")
        let long = SavePrompt.slug(String(repeating: "quarterly revenue ", count: 10))
        #expect(long.count <= 60 && !long.hasSuffix("-") && long.hasPrefix("quarterly-revenue"))
    }

    /// A name someone linked elsewhere in advance (a dangling link: `fileExists` says no) is
    /// taken: before, Ctrl+S suggested it and the save created the link's target.
    @Test("A dangling link's name is never suggested")
    func aDanglingLinkIsTaken() throws {
        let day = DateComponents(calendar: .current, year: 2026, month: 12, day: 1, hour: 12).date!
        let directory = NSTemporaryDirectory() + "chartview-prompt-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/rates-2026-12-01.png", withDestinationPath: directory + "/elsewhere")
        #expect(SavePrompt.suggestedName(title: "Rates", chart: "r", date: day, directory: directory) == "rates-2026-12-01-2.png")
    }

    @Test("An answer is resolved under the folder, the first format's extension added, others refused")
    func destinations() throws {
        func destination(_ answer: String) throws(SavePromptError) -> String {
            try SavePrompt.destination(for: answer, directory: "/d", extensions: Self.formats)
        }
        #expect(try destination("a.svg") == "/d/a.svg")
        #expect(try destination(" b ") == "/d/b.png")
        #expect(try destination("sales.2026") == "/d/sales.2026.png")
        #expect(try destination("/x/C.PDF") == "/x/C.PDF")
        #expect(try destination("~/c.png") == NSHomeDirectory() + "/c.png")
        #expect(throws: SavePromptError.unknownExtension("jpg", known: Self.formats)) { try destination("a.jpg") }
        #expect(throws: SavePromptError.empty) { try destination("  ") }
        #expect(throws: SavePromptError.folder("/tmp")) { try destination("/tmp") }
        #expect(throws: SavePromptError.folder("x/")) { try destination("x/") }
    }

    @Test("What the status line says of an answer it cannot save to")
    func refusals() throws {
        #expect(SavePromptError.empty.description == "Type a file name, or Esc to cancel")
        #expect(SavePromptError.folder("sub").description == "'sub' is a folder: add a file name")
        #expect(
            SavePromptError.unknownExtension("jpg", known: Self.formats).description
                == "Cannot save as .jpg: end the name with .png, .svg or .pdf")
        #expect(SavePromptError.unknownExtension("jpg", known: ["png"]).description == "Cannot save as .jpg: end the name with .png")
        let reason = "is read-only; choose another output or make it writable"
        #expect(throws: SavePromptError.cannotReplace("ro.png", reason: reason)) {
            try SavePrompt.replaces(.refused(reason: reason), answer: "ro.png")
        }
        #expect(SavePromptError.cannotReplace("ro.png", reason: reason).description == "'ro.png' " + reason)
        #expect(try SavePrompt.replaces(.replacesFile, answer: "a.png"))
        #expect(try !SavePrompt.replaces(.createsFile, answer: "a.png"))
    }
}
