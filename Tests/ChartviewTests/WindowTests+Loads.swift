import Foundation
import Testing

/// Loading never holds the window: while a large CSV chart loads, Escape gives it up (the trace
/// says `cancelled`, its place says so), Tab gives it up and shows the next chart, and `q` ends
/// the program at once; a chart that cannot be built shows its error in its place and Tab goes
/// on. Outcomes only: the times are measured by hand. Part of `WindowTests`, so serialized.
extension WindowTests {
    @Test func qDuringALoadEndsTheProgram() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try TraceSession([try slowGallery(in: dir)], until: "loading")
        let start = ContinuousClock.now
        try session.key("q")
        // A generous bound for a loaded machine: the load alone takes seconds.
        #expect(try session.waitForExit(timeout: 10) == 0)
        print("q during a six-million-row CSV load: exited \(ContinuousClock.now - start) after xdotool started")
        let events = try session.events(until: "quit")
        #expect(!events.contains("ready") && !events.contains("described"), "the load finished first: \(events)")
    }

}
