import ChartCore
@testable import ChartSession
import Foundation
import Testing

/// A live chart in a session driven by a manual clock: frames coalesced to 30 a second, the
/// view following the newest window until the user pans or zooms and again after End, pause,
/// the status line's rate and end of input, and no reload by the watch.
@Suite("Live session")
struct LiveSessionTests {
    /// A chart of one line reading `live` (plot "p"), whose data always says it changed.
    final class LiveChart: ChartProvider {
        let name = "live"
        let live: LiveSeries
        private(set) var builds = 0
        init(_ live: LiveSeries) { self.live = live }
        func makeGraph(cancellation: CancellationFlag) -> Graph {
            builds += 1
            let graph = Graph(title: name)
            let plot = ScatterPlot(identifier: "p")
            plot.viewDataSource = live
            graph.add(plot)
            return graph
        }
        func stepPeriod(by delta: Int) -> String? { nil }
        func dataChanged() -> Bool { true }
    }

    /// Rows from `from` (x = row number, times `step`), y a ramp.
    static func rows(_ count: Int, from: Int, step: Double = 1) -> LiveRows {
        let x = (from..<from + count).map { Double($0) * step }
        return LiveRows(x: x, values: [x.map { $0.truncatingRemainder(dividingBy: 37) }])
    }

    /// The host's part after an append: the wake is taken.
    static func take(_ fixture: SessionFixture) { fixture.session.takeFinishedWork() }

    static func appends(_ events: [SessionEvent]) -> [SessionEvent] {
        events.filter { if case .append = $0 { true } else { false } }
    }

    @Test("Arrivals coalesce into at most one frame per 1/30 s of the session's clock")
    func framesAreCoalesced() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let fixture = try SessionFixture.shown([LiveChart(live)])
        #expect(fixture.session.isLive && fixture.session.isFollowing)
        for batch in 0..<6 {
            live.append(Self.rows(100, from: batch * 100))
            Self.take(fixture)
        }
        #expect(Self.appends(fixture.newEvents()).isEmpty, "within 1/30 s of the first frame")
        fixture.clock.advance(by: .milliseconds(34))
        #expect(Self.appends(fixture.newEvents()) == [.append(rows: 600, total: 600, t: 599)])
        live.append(Self.rows(10, from: 600))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(20))
        #expect(Self.appends(fixture.newEvents()).isEmpty)
        live.append(Self.rows(10, from: 610))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(14))
        #expect(Self.appends(fixture.newEvents()) == [.append(rows: 20, total: 620, t: 619)])
        // Long after the last frame, an arrival is shown at once.
        fixture.clock.advance(by: .seconds(1))
        live.append(Self.rows(1, from: 620))
        Self.take(fixture)
        #expect(Self.appends(fixture.newEvents()) == [.append(rows: 1, total: 621, t: 620)])
    }

    @Test("Following shows the newest rows (by count), y fitted to them; a zoom stops it, End resumes; history stays the user's")
    func followingByCount() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let fixture = try SessionFixture.shown([LiveChart(live)], liveWindow: .count(100))
        live.append(Self.rows(1_000, from: 0))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(40))
        fixture.frame()
        let space = try #require(fixture.session.interaction.scene.plotSpaces.first)
        #expect(space.transform.xRange == PlotRange(900, 999))
        #expect(space.transform.yRange.lower > -5 && space.transform.yRange.upper < 45)
        for batch in 0..<50 {
            live.append(Self.rows(10, from: 1_000 + batch * 10))
            Self.take(fixture)
            fixture.clock.advance(by: .milliseconds(40))
        }
        fixture.frame()
        #expect(fixture.session.interaction.scene.plotSpaces[0].transform.xRange == PlotRange(1_400, 1_499))
        #expect(fixture.session.interaction.history.views.count == 1, "live frames leave no history")
        _ = fixture.newEvents()
        fixture.session.perform(.chart(.zoomOut))
        fixture.frame()
        #expect(fixture.newEvents().contains(.follow(on: false)))
        #expect(!fixture.session.isFollowing)
        #expect(fixture.status?.contains("not following (End follows)") == true)
        let zoomed = fixture.session.interaction.view
        live.append(Self.rows(100, from: 1_500))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(40))
        fixture.frame()
        #expect(fixture.session.interaction.view == zoomed, "not following: the user's view stays")
        fixture.session.perform(.follow)
        fixture.frame()
        #expect(fixture.newEvents().contains(.follow(on: true)))
        #expect(fixture.session.interaction.scene.plotSpaces[0].transform.xRange == PlotRange(1_500, 1_599))
        #expect(fixture.session.interaction.history.views.count == 2, "the zoom only")
    }

    @Test("A window by span shows the last seconds of time x")
    func followingBySpan() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let fixture = try SessionFixture.shown([LiveChart(live)], liveWindow: .span(10))
        let start = 1_800_000_000.0
        live.append(LiveRows(x: (0..<600).map { start + Double($0) * 0.1 }, values: [(0..<600).map { Double($0 % 7) }]))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(40))
        fixture.frame()
        let range = fixture.session.interaction.scene.plotSpaces[0].transform.xRange
        #expect(abs(range.lower - (start + 49.9)) < 1e-6 && abs(range.upper - (start + 59.9)) < 1e-6)
    }

    @Test("Pause freezes the picture while rows arrive, says how many; unpausing catches up at once")
    func pause() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let fixture = try SessionFixture.shown([LiveChart(live)])
        live.append(Self.rows(100, from: 0))
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(40))
        fixture.frame()
        _ = fixture.newEvents()
        fixture.session.perform(.togglePause)
        #expect(fixture.session.isPaused && live.isHeld)
        #expect(fixture.newEvents().contains(.pause(on: true)))
        for batch in 0..<5 {
            live.append(Self.rows(100, from: 100 + batch * 100))
            Self.take(fixture)
            fixture.clock.advance(by: .milliseconds(40))
        }
        fixture.frame()
        #expect(fixture.session.interaction.scene.plotSpaces[0].transform.xRange.upper < 110)
        #expect(fixture.status?.contains("paused, 500 rows since (p resumes)") == true, "\(fixture.status ?? "")")
        #expect(Self.appends(fixture.newEvents()).count == 5, "the rows are still reported")
        fixture.session.perform(.togglePause)
        #expect(!live.isHeld && live.heldBack == 0)
        #expect(fixture.newEvents().contains(.pause(on: false)))
        fixture.frame()
        #expect(fixture.session.interaction.scene.plotSpaces[0].transform.xRange.upper >= 599)
        #expect(fixture.status?.contains("paused") == false)
    }

    @Test("The status line tells the input rate by the session's clock, and how the input ended")
    func rateAndEnd() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let fixture = try SessionFixture.shown([LiveChart(live)])
        for batch in 0..<20 {
            live.append(Self.rows(50, from: batch * 50))
            Self.take(fixture)
            fixture.clock.advance(by: .milliseconds(100))
        }
        // 500 rows a second, measured over the last second's frames and ticks.
        let rate = fixture.status?.components(separatedBy: " · ").first { $0.hasSuffix(" rows/s") }
        let value = rate.flatMap { Int($0.split(separator: " ")[0]) } ?? -1
        #expect((440...560).contains(value), "\(fixture.status ?? "")")
        fixture.clock.advance(by: .seconds(2))
        #expect(fixture.status?.contains(" 0 rows/s") == true, "\(fixture.status ?? "")")
        live.finish(message: nil)
        Self.take(fixture)
        fixture.clock.advance(by: .milliseconds(40))
        #expect(fixture.status?.contains("input ended after 1000 rows") == true, "\(fixture.status ?? "")")
        #expect(fixture.newEvents().filter { if case .ended = $0 { true } else { false } } == [.ended(total: 1000, failure: nil)])

        let failing = LiveSeries(plotIDs: ["p"])
        let other = try SessionFixture.shown([LiveChart(failing)])
        failing.append(Self.rows(3, from: 0))
        failing.finish(message: "stdin: line 5: 2 fields, expected 3")
        Self.take(other)
        other.clock.advance(by: .milliseconds(40))
        #expect(other.status?.contains("input failed after 3 rows: stdin: line 5: 2 fields, expected 3") == true, "\(other.status ?? "")")
        #expect(other.newEvents().contains(.ended(total: 3, failure: "stdin: line 5: 2 fields, expected 3")))
    }

    @Test("The watch never reloads a live chart")
    func theWatchLeavesALiveChartAlone() throws {
        let live = LiveSeries(plotIDs: ["p"])
        let chart = LiveChart(live)
        let fixture = try SessionFixture.shown([chart], watches: true)
        fixture.clock.advance(by: .seconds(3))
        #expect(!fixture.session.isLoading && chart.builds == 1)
    }
}
