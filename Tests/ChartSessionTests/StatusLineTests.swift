@testable import ChartSession
import Testing

@Suite("Status line")
struct StatusLineTests {
    @Test("The first present part shows: the passing message, the reload's failure, the load's, then the frame's progress")
    func firstPresentWins() {
        var line = StatusLine()
        #expect(line.text == nil)
        line.drawing = StatusLine.drawing("sales", seconds: 2)
        #expect(line.text == "Drawing sales… 2 s (q quits)")
        line.loading = StatusLine.loading("sales", seconds: 4)
        #expect(line.text == "Loading sales… 4 s (Esc cancels)")
        line.reloadError = "sales.csv:12: column 'total': not a number"
        #expect(line.text == "sales.csv:12: column 'total': not a number")
        line.passing = "Saved /tmp/chartview-sales.png"
        #expect(line.text == "Saved /tmp/chartview-sales.png")
        // Each part falls back to the next once it goes.
        line.passing = nil
        #expect(line.text == "sales.csv:12: column 'total': not a number")
        line.reloadError = nil
        line.loading = nil
        #expect(line.text == "Drawing sales… 2 s (q quits)")
        line.drawing = nil
        #expect(line.text == nil)
        #expect(line == StatusLine())
        #expect(StatusLine.passingDuration == 3)
    }
}
