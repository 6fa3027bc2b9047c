import ChartCairo
import Foundation
import Testing
import TestDepth

/// Live data in the real window (issue 29): a file followed while a logger writes and rotates
/// it, standard input from a generator at 200,000 rows a second, pause, a rolling window of
/// time, and history kept after a million rows. Every check waits for trace lines (`append`,
/// `view`, `pause`, `ended`, `follow`); timings are measured from them and printed, and only
/// correctness is asserted (this is a shared, loaded machine). Part of `WindowTests`, so
/// serialized with them.
extension WindowTests {
    @Test func standardInputAt200000RowsASecondLosesNoRowAndStaysResponsive() throws {
        let seconds = TestDepth.choose(quick: 3.0, full: 30.0)
        let rows = Int(200_000 * seconds)
        let generator = try RowGenerator(rows: rows, rate: 200_000)
        // Rows past 4 MB move to a temporary SQLite file: memory stays bounded however long it runs.
        let budget = 4 << 20
        let session = try TraceSession(
            ["-", "--window", "5000", "--size", "900x600", "--max-memory", "4M"], standardInput: generator.pipe.fileHandleForReading)
        var clock = TraceClock()
        var line = try session.next("append", timeout: 30)
        clock.note(line)
        let first = (total: line["total"] as? Int ?? 0, time: clock.time(of: line))
        let startRSS = try residentBytes(session.process.processIdentifier)
        // A key while rows stream in: from just before xdotool runs to the trace line of its toggle.
        let pressed = TraceLines.milliseconds(.now)
        try session.key("1")
        var keyLatency: Double?
        var toggles = 0
        var total = first.total
        var ended: [String: Any]?
        while ended == nil {
            line = try session.nextLine(timeout: 60)
            clock.note(line)
            switch line["event"] as? String {
            case "append":
                total = try #require(line["total"] as? Int)
                #expect(line["x"] as? Double == Double(total), "rows out of order or missing: \(line)")
            case "toggle":
                toggles += 1
                #expect(line["visible"] as? Bool == (toggles == 2))
                guard toggles == 1 else { break }
                keyLatency = clock.time(of: line) - pressed
                try session.key("1")
            case "ended":
                ended = line
            default: break
            }
        }
        let end = try #require(ended)
        #expect(end["total"] as? Int == rows && total == rows, "\(total) of \(rows) rows")
        #expect(end["error"] is NSNull)
        let endRSS = try residentBytes(session.process.processIdentifier)
        // LiveSeries keeps the budget's rows in memory and 72 bytes of summary per 256 rows
        // (one series here); the rest (the window's fonts and back buffer, SQLite's page cache,
        // what the parser and malloc hold) is given 48 MB.
        let bound = startRSS + budget + rows * 72 / 256 + 48 << 20
        let rate = Double(rows - first.total) / ((clock.time(of: end) - first.time) / 1000)
        print(
            String(
                format: "live stdin: %d rows, %.0f rows/s sustained; RSS %.1f MB at the first rows, %.1f MB at the end "
                    + "(%.1f bytes/row, bound %.1f MB); key to trace %.1f ms",
                rows, rate, Double(startRSS) / 1e6, Double(endRSS) / 1e6, Double(endRSS - startRSS) / Double(rows),
                Double(bound) / 1e6, keyLatency ?? .nan))
        #expect(keyLatency != nil, "the key was not acted on while rows streamed")
        #expect(endRSS <= bound, "RSS \(endRSS) bytes over \(bound)")
        if toggles < 2 { try session.next("toggle") }
        try session.key("q")
        let status = try session.waitForExit()
        #expect(status == 0, "\(String(decoding: session.stderr.readDataToEndOfFile(), as: UTF8.self))")
    }

}
