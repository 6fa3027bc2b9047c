import Foundation
import Testing

/// Clicking every kind of plot item in the real window: bars, line and scatter points, pie and
/// donut slices, and a pie's legend entries. Part of `WindowTests`, so serialized with them.
extension WindowTests {
    @Test func aClickDuringTheShowAnimationSelectsTheBar() throws {
        let layout = try dump("rates", size: "900x600")
        let bar = layout.plots[0].items[3]
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"], animated: true)
        // Straight after the first frame: the bars are still growing, and the click goes to the
        // bar as laid out, not as painted so far.
        let (x, y) = center(bar.rect)
        try quickClick(session, x, y)
        var before: [[String: Any]] = []
        let select = try session.lines.next("select", skipped: &before)
        expectSelect(select, plot: "eur", record: bar.record, value: bar.value, "a click during the animation")
        // On a loaded machine the 0.6 s animation may end before the click lands; the selection
        // must be right either way, so that order is not asserted (no timing in tests).
        let events = before.compactMap { $0["event"] as? String }
        if !events.contains("animated") { try session.next("animated") }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
