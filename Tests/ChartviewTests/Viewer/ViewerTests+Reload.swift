import ChartCairo
import Foundation
import Testing

/// Live reload: another program appends to the CSV file or commits to the database, and with
/// no input (the watch polls on the session's clock) the viewer shows the new data, pixel for
/// pixel what `--output` draws of it, keeping the user's toggles and selection; a file made
/// invalid keeps the last good chart with the error in the status line until it is fixed.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func aRowAppendedToTheCSVShowsWithNoInput() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/log.csv"
        try "time,load\n1,3\n2,5\n3,4\n".write(toFile: csv, atomically: true, encoding: .utf8)
        let session = try WindowlessViewer([csv, "--size", "800x600"])
        let before = try screenshot(session, dir + "/before.png")
        try append("4,9\n", to: csv)
        #expect(try nextReload(session) == 4)
        let after = try screenshot(session, dir + "/after.png")
        #expect(difference(before, after) > 0.001, "the window did not change")
        try expectWindowMatchesOutput(session, [csv], size: "800x600", in: dir)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aCommitByAnotherProgramShowsWithNoInput() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"])
        #expect(session.first["watching"] as? Bool == true)
        let before = try screenshot(session, dir + "/before.png")
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('d', 4);")
        #expect(try nextReload(session) == 4)
        let after = try screenshot(session, dir + "/after.png")
        #expect(difference(before, after) > 0.001, "the window did not change")
        try expectWindowMatchesOutput(session, [db, "--table", "t"], size: "800x600", in: dir)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aReloadKeepsTogglesThemeAndTheSelectionByCategory() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/db.sqlite"
        try DataFixture.sqlite(db, "CREATE TABLE t (name TEXT, a REAL, b REAL); INSERT INTO t VALUES ('b', 1, 2), ('c', 3, 1), ('d', 2, 2);")
        let arguments = [db, "--query", "SELECT name, a, b FROM t ORDER BY name"]
        let session = try WindowlessViewer(arguments + ["--size", "800x600"])
        let layout = try JSONDecoder().decode(
            LayoutDumpReader.self,
            from: Data(
                try ChartviewProcess.run(arguments + ["--size", "800x600", "--dump-layout", "-"]).stdout.utf8))
        // Select a's bar of category 'c' (record 1), hide series b, switch to the dark theme.
        let bar = try #require(layout.plots.first { $0.id == "a" }?.items.first { $0.record == 1 })
        let (x, y) = center(bar.rect)
        try session.click(x, y)
        let selected = try session.next("select")
        #expect(selected["record"] as? Int == 1)
        try session.key("2")
        #expect(try session.next("toggle")["visible"] as? Bool == false)
        try session.key("d")
        try session.next("layout")
        try session.next("frame")

        // A row sorted before 'c': 'c' is record 2 now.
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('a', 5, 5);")
        var skipped: [[String: Any]] = []
        let select = try session.next("select", timeout: 10, skipped: &skipped)
        #expect(select["plot"] as? String == "a" && select["record"] as? Int == 2 && select["value"] as? Double == 3, "\(select)")
        #expect(try nextReload(session) == 4)
        #expect(!skipped.contains { $0["event"] as? String == "toggle" }, "the reload toggled a series: \(skipped)")

        let image = try screenshot(session, dir + "/reloaded.png")
        #expect(image.pixel(x: 2, y: 2).red < 60, "the dark theme is kept")
        let reloaded = try JSONDecoder().decode(
            LayoutDumpReader.self,
            from: Data(
                try ChartviewProcess.run(arguments + ["--size", "800x600", "--dump-layout", "-"]).stdout.utf8))
        // Series b stays hidden: none of its bars (as they would be drawn now) shows its color.
        let hiddenBars = try #require(reloaded.plots.first { $0.id == "b" }?.items)
        #expect(hiddenBars.count == 4)
        for bar in hiddenBars where bar.rect[3] >= 4 {
            let (bx, by) = center(bar.rect)
            #expect(image.pixel(x: Int(bx), y: Int(by)).description != bar.color, "a bar of b is drawn at \(bar.rect)")
        }
        // The popup moved with its bar.
        let popup = try #require(select["popup"] as? [Double])
        #expect(popup != (selected["popup"] as? [Double]), "the popup did not move")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aCSVFileMadeInvalidKeepsTheChartAndShowsTheErrorUntilFixed() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = dir + "/log.csv"
        try "time,load\n1,3\n2,5\n3,4\n".write(toFile: csv, atomically: true, encoding: .utf8)
        // Under --strict, where a row with a quote never closed is the file's error, not set aside.
        let session = try WindowlessViewer([csv, "--strict", "--size", "800x600"])
        let before = try screenshot(session, dir + "/before.png")

        try append("\"4,9\n", to: csv)
        let failed = try session.next("reload", timeout: 10)
        let message = try #require(failed["error"] as? String, "\(failed)")
        #expect(message.contains("log.csv:5"), "the message names the file and line: \(message)")
        try session.next("frame")
        let broken = try screenshot(session, dir + "/broken.png")
        // The status line at the bottom left; the chart above it as it was.
        #expect(difference(before, broken, in: [8, 556, 300, 36]) > 0.3, "no status line")
        #expect(difference(before, broken, in: [0, 0, 800, 540]) == 0, "the chart changed")

        try "time,load\n1,3\n2,5\n3,4\n4,9\n".write(toFile: csv, atomically: true, encoding: .utf8)
        #expect(try nextReload(session) == 4)
        // The message is gone: the window is the new chart alone.
        try expectWindowMatchesOutput(session, [csv], size: "800x600", in: dir)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aDroppedTableKeepsTheChartAndShowsTheErrorUntilItIsBack() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"])
        let before = try screenshot(session, dir + "/before.png")
        try DataFixture.sqlite(db, "DROP TABLE t;")
        let failed = try session.next("reload", timeout: 10)
        let message = try #require(failed["error"] as? String, "\(failed)")
        #expect(message.contains("db.sqlite") && message.contains("no such table"), "\(message)")
        try session.next("frame")
        let broken = try screenshot(session, dir + "/broken.png")
        #expect(difference(before, broken, in: [8, 556, 300, 36]) > 0.3, "no status line")
        #expect(difference(before, broken, in: [0, 0, 800, 540]) == 0, "the chart changed")

        // One commit, so that one reload sees the table and its rows.
        try DataFixture.sqlite(db, "BEGIN; CREATE TABLE t (name TEXT, value REAL); INSERT INTO t VALUES ('a', 1), ('b', 2), ('c', 3), ('d', 4); COMMIT;")
        #expect(try nextReload(session) == 4)
        try expectWindowMatchesOutput(session, [db, "--table", "t"], size: "800x600", in: dir)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
