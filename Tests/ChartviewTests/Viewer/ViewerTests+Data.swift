import Foundation
import Testing

/// Data in the viewer: stepping a chart's periods, reloading when another program changes the
/// database (the watch polls on the session's clock), never changing the database, and three
/// million points resized, selected and toggled.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func bracketsStepTheMoodChartsPeriodsAndStopAtTheOldest() throws {
        let session = try WindowlessViewer([gallery, "--chart", "mood", "--size", "800x600"])
        try session.key("bracketleft")
        #expect(try session.next("period")["value"] as? String == "2026-10")
        try session.next("layout")
        try session.key("bracketleft")
        #expect(try session.next("period")["value"] as? String == "2026-09")
        try session.next("layout")
        // September is the oldest: nothing happens. "l" (the legend: a layout) marks the end of
        // whatever the key caused.
        try session.key("bracketleft")
        try session.key("l")
        let events = try session.events(until: "layout")
        #expect(!events.contains("period"), "events: \(events)")
        try session.key("bracketright")
        #expect(try session.next("period")["value"] as? String == "2026-10")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aRowInsertedByAnotherProgramReloadsTheWindow() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"])
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('d', 4);")
        #expect(try session.next("reload", timeout: 10)["records"] as? Int == 4)

        // The window now shows the scene --dump-layout gives for four rows: its fourth bar
        // answers a click.
        let result = try ChartviewProcess.run([db, "--table", "t", "--size", "800x600", "--dump-layout", "-"])
        let layout = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        try #require(layout.plots.count == 1 && layout.plots[0].items.count == 4)
        let (x, y) = center(layout.plots[0].items[3].rect)
        try session.click(x, y)
        let select = try session.next("select")
        #expect(select["record"] as? Int == 3)
        #expect(select["value"] as? Double == 4)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aWALDatabaseReloadsAndGetsNoFilesBesideIt() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let db = dir + "/wal.sqlite"
        try DataFixture.sqlite(db, "PRAGMA journal_mode = WAL; CREATE TABLE t (name TEXT, value REAL); INSERT INTO t VALUES ('a', 1), ('b', 2);")
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["wal.sqlite"], "the window's connection created files")
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('c', 3);")
        #expect(try session.next("reload", timeout: 10)["records"] as? Int == 3)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func withNoWatchAChangedDatabaseIsNotReloaded() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600", "--no-watch"])
        // The window polls nothing (the reload tests see a watching window's polls at work).
        #expect(session.first["watching"] as? Bool == false)
        try DataFixture.sqlite(db, "INSERT INTO t VALUES ('d', 4);")
        // A key with a known answer: what the window did up to then.
        try session.key("l")
        let events = try session.events(until: "layout")
        #expect(!events.contains("reload"), "events: \(events)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aWindowSessionLeavesTheDatabaseAsItWas() throws {
        let (dir, db) = try threeRowDatabase()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.setAttributes([.modificationDate: Date(timeIntervalSince1970: 1_700_000_000)], ofItemAtPath: db)
        let before = try FileSnapshot(db)
        let saves = dir + "/saves"
        try FileManager.default.createDirectory(atPath: saves, withIntermediateDirectories: true)
        let session = try WindowlessViewer([db, "--table", "t", "--size", "800x600"], directory: saves)
        try session.key("Right")
        try session.next("select")
        try session.key("1")
        try session.next("toggle")
        try session.key("0")
        try session.next("toggle")
        for key in ["l", "g", "d"] {
            try session.key(key)
            try session.next("layout")
        }
        try session.key("ctrl+s")
        let saved = try #require(try session.next("saved")["path"] as? String)
        #expect(saved.hasPrefix(saves + "/"))
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        #expect(try FileSnapshot(db) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["db.sqlite", "saves"], "no journal or lock files")
    }
    /// Millions of points: the window resizes, answers a click on a drawn point and toggles the
    /// series, each with its trace event (no timing is asserted: make bench measures it).
    @Test func aWindowWithThreeMillionPointsResizesSelectsAndToggles() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let csv = try walkCSV(rows: 3_000_000, in: dir)
        let session = try WindowlessViewer([csv, "--size", "900x600"])
        try session.resize(700, 500)
        var layout = try session.next("layout", timeout: 30)
        while layout["size"] as? [Int] != [700, 500] { layout = try session.next("layout", timeout: 30) }
        try session.next("frame", timeout: 30)

        let result = try ChartviewProcess.run([csv, "--size", "700x500", "--dump-layout", "-"])
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(result.stdout.utf8))
        let items = try #require(dump.plots.first?.items)
        // At most six points per pixel column (ThinnedRecords.line), far fewer than 3,000,000.
        #expect(items.count < 6 * 700, "the line is thinned: \(items.count) points")
        let point = try #require(items[items.count / 3].point)
        try session.click(point[0], point[1])
        let select = try session.next("select", timeout: 30)
        #expect(select["plot"] as? String == dump.plots[0].id)

        try session.key("1")
        #expect(try session.next("toggle", timeout: 30)["visible"] as? Bool == false)
        try session.key("1")
        #expect(try session.next("toggle", timeout: 30)["visible"] as? Bool == true)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
