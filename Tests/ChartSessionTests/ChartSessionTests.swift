import ChartCore
@testable import ChartSession
import Foundation
import Testing

/// A chart's life in a host, driven by commands and a manual clock: no window, no sleeping.
@Suite("Chart session")
struct ChartSessionTests {
    @Test("A chart loads on a thread of its own, with a placeholder meanwhile, and shows with the show animation")
    func aChartLoads() throws {
        let fixture = try SessionFixture([TestChart(name: "sales")])
        let placeholder = fixture.session.interaction
        #expect(placeholder.graph.noDataText == "Loading… (Esc cancels)")
        #expect(!fixture.session.showsLoadedChart)
        #expect(fixture.settle())
        #expect(fixture.session.showsLoadedChart)
        #expect(fixture.session.interaction !== placeholder)
        #expect(fixture.session.interaction.graph.title == "sales")
        #expect(fixture.host.replaced.map(\.animates) == [false, true], "the placeholder, then the chart")
        #expect(fixture.host.replaced.last?.old === placeholder)
        #expect(fixture.newEvents() == [.loading(chart: "sales"), .described(chart: "sales", note: nil)])
    }

    @Test("Rows of the file not drawn as it has them are said on the status line when the chart is shown, for 3 s")
    func aCaveatIsShownOnTheStatusLine() throws {
        let chart = TestChart(name: "sales")
        chart.caveat = "1 row set aside (line 85)"
        let fixture = try SessionFixture([chart])
        #expect(fixture.settle())
        #expect(fixture.newEvents() == [.loading(chart: "sales"), .described(chart: "sales", note: nil), .status(text: "1 row set aside (line 85)")])
        #expect(fixture.status == "1 row set aside (line 85)")
        fixture.clock.advance(by: .milliseconds(3000))
        #expect(fixture.status != "1 row set aside (line 85)")
    }

    @Test("A passing message leaves the status line exactly when the clock passes 3 s; a message in its place shows its own 3 s")
    func passingMessages() throws {
        let fixture = try SessionFixture.shown([TestChart(name: "sales")])
        fixture.session.showStatus("Saved sales.png")
        #expect(fixture.newEvents() == [.status(text: "Saved sales.png")])
        #expect(fixture.status == "Saved sales.png")
        fixture.clock.advance(by: .milliseconds(2999))
        #expect(fixture.status == "Saved sales.png")
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.status == nil)
        fixture.session.showStatus("one")
        fixture.clock.advance(by: .seconds(2))
        fixture.session.showStatus("two")
        fixture.clock.advance(by: .seconds(2))
        #expect(fixture.status == "two")
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.status == nil)
    }

    @Test("A slow load and a slow frame count their seconds in the status line until they end")
    func progressCountsSeconds() throws {
        let chart = TestChart(name: "big", gated: true)
        let fixture = try SessionFixture([chart])
        #expect(chart.waitForCalls(1))
        #expect(fixture.session.isLoading)
        fixture.clock.advance(by: .milliseconds(999))
        #expect(fixture.status == nil)
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.status == "Loading big… 1 s (Esc cancels)")
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.status == "Loading big… 2 s (Esc cancels)")
        fixture.clock.advance(by: .milliseconds(2500))
        #expect(fixture.status == "Loading big… 4 s (Esc cancels)")
        chart.open()
        #expect(fixture.settle())
        #expect(fixture.status == nil)
        fixture.clock.advance(by: .seconds(5))
        #expect(fixture.status == nil, "the count stopped with the load")
        // The host's frame of the loaded chart.
        fixture.session.chartFrameStarted()
        fixture.clock.advance(by: .seconds(2))
        #expect(fixture.status == "Drawing big… 2 s (q quits)")
        fixture.session.chartFrameReturned()
        #expect(fixture.status == nil)
        fixture.clock.advance(by: .seconds(2))
        #expect(fixture.status == nil)
    }

    @Test("A page of several charts shows them in one grid, reloads when one changes keeping each cell's colors, and keeps each cell's notes by cell")
    func aPageOfSeveralCharts() throws {
        let (sales, costs) = (TestChart(name: "sales"), TestChart(name: "costs", values: [1, 2]))
        let page = TestPage(charts: [sales, costs])
        let fixture = try SessionFixture.shown([page], watches: true)
        let grid = try #require(fixture.session.interaction.grid)
        #expect(grid.cells.map(\.title) == ["sales", "costs"])
        let scene = fixture.session.interaction.scene
        #expect(scene.cells.count == 2 && scene.cells.allSatisfy { !$0.scene.plots.isEmpty })
        // A note in the second cell, at its plot area's middle, is kept as the second cell's.
        let cell = scene.cells[1]
        let point = Point(x: cell.frame.minX + cell.scene.plotArea.midX, y: cell.frame.minY + cell.scene.plotArea.midY)
        fixture.session.interaction.addNote("peak", at: point)
        fixture.frame()
        fixture.session.reportInteractionEvents()
        #expect(page.kept.map(\.cell) == [1] && page.kept.first?.notes.map(\.text) == ["peak"])
        #expect(fixture.status == "Notes kept in cell 2")
        // One chart's data changes: the page is read again, as a grid.
        costs.change(to: [5, 1, 4])
        fixture.clock.advance(by: .seconds(1))
        #expect(fixture.settle())
        #expect(fixture.session.interaction.grid?.cells.map(\.title) == ["sales", "costs"])
        #expect(sales.calls == 2 && costs.calls == 2)
    }

    @Test("The watch polls every 0.5 s and reloads a chart whose data changed, keeping its view")
    func theWatchReloads() throws {
        let chart = TestChart(name: "sales")
        let fixture = try SessionFixture.shown([chart], watches: true)
        let first = fixture.session.interaction
        fixture.session.perform(.chart(.zoomIn))
        fixture.frame()
        let zoomed = first.view
        #expect(zoomed != .fitted)
        fixture.clock.advance(by: .seconds(2))
        #expect(!fixture.session.isLoading && chart.calls == 1, "unchanged data is not loaded again")
        _ = fixture.newEvents()
        chart.change(to: [4, 6, 3, 8, 9])
        fixture.clock.advance(by: .milliseconds(499))
        #expect(!fixture.session.isLoading)
        fixture.clock.advance(by: .milliseconds(1))
        #expect(fixture.session.isLoading)
        #expect(fixture.settle())
        let reloaded = fixture.session.interaction
        #expect(reloaded !== first)
        #expect(reloaded.view == zoomed)
        #expect(fixture.host.replaced.last?.animates == false, "a reload is not animated")
        fixture.frame()
        // Once its first layout is in, with the bars in the zoomed view.
        let events = fixture.newEvents()
        let bars = reloaded.scene.plots.map(\.items.count).max() ?? 0
        #expect(bars > 0 && bars < 5)
        #expect(events.first == .described(chart: "sales", note: nil))
        #expect(events.last == .reload(records: bars))
    }

    @Test("A period step keeps the theme, the view and the toggles, and is animated")
    func aPeriodStep() throws {
        let chart = TestChart(name: "journal", periods: ["2024-01", "2024-02"])
        let fixture = try SessionFixture.shown([chart])
        let light = fixture.session.interaction.graph.theme.name
        fixture.session.perform(.chart(.toggleTheme))
        fixture.session.perform(.chart(.zoomIn))
        fixture.frame()
        let dark = fixture.session.interaction.graph.theme.name
        let view = fixture.session.interaction.view
        #expect(dark != light && view != .fitted)
        _ = fixture.newEvents()
        fixture.session.perform(.previousPeriod)
        #expect(!fixture.session.isLoading, "no period before the first")
        fixture.session.perform(.nextPeriod)
        #expect(fixture.session.isLoading)
        #expect(fixture.settle())
        let next = fixture.session.interaction
        #expect(next.graph.title == "journal 2024-02")
        #expect(next.graph.theme.name == dark)
        #expect(next.view == view)
        #expect(fixture.host.replaced.last?.animates == true)
        #expect(fixture.newEvents() == [.described(chart: "journal", note: nil), .period(value: "2024-02")])
    }

    @Test("A failed reload keeps the chart and says why in the status line until a reload succeeds")
    func aFailedReload() throws {
        let chart = TestChart(name: "sales")
        let fixture = try SessionFixture.shown([chart], watches: true)
        let shown = fixture.session.interaction
        let message = "sales.csv:3: column 'n': not a number"
        chart.change(to: [1], failing: ChartFailure(message: message))
        fixture.clock.advance(by: .milliseconds(500))
        #expect(fixture.settle())
        #expect(fixture.session.interaction === shown)
        #expect(fixture.status == message)
        #expect(fixture.newEvents() == [.reloadFailed(message: message)])
        // A passing message goes over it for its time.
        fixture.session.showStatus("Copied")
        #expect(fixture.status == "Copied")
        fixture.clock.advance(by: .seconds(3))
        #expect(fixture.status == message)
        chart.change(to: [2, 3])
        fixture.clock.advance(by: .milliseconds(500))
        #expect(fixture.settle())
        #expect(fixture.session.interaction !== shown)
        #expect(fixture.status == nil)
    }

    @Test("Tab while a chart loads gives the load up at once; Esc shows why the chart is not there; each chart keeps its view")
    func tabWhileLoading() throws {
        let slow = TestChart(name: "slow", gated: true)
        let quick = TestChart(name: "quick")
        let fixture = try SessionFixture([slow, quick])
        #expect(slow.waitForCalls(1))
        #expect(fixture.newEvents() == [.loading(chart: "slow")])
        fixture.session.perform(.chart(.zoomIn))
        fixture.session.perform(.saveAs)
        #expect(!fixture.session.isPrompting, "only Esc, the help and other charts while loading")
        fixture.session.perform(.nextChart)
        #expect(fixture.newEvents() == [.chart(name: "quick"), .loadCancelled(chart: "slow"), .loading(chart: "quick")])
        #expect(fixture.settle())
        #expect(fixture.session.interaction.graph.title == "quick")
        #expect(fixture.newEvents() == [.described(chart: "quick", note: nil)])
        fixture.frame()
        fixture.session.perform(.chart(.zoomIn))
        fixture.frame()
        let quickView = fixture.session.interaction.view
        // Back to the slow one, which loads again (after its abandoned load ended): Esc gives it up.
        fixture.session.perform(.previousChart)
        #expect(fixture.session.isLoading)
        #expect(slow.waitForCalls(2))
        _ = fixture.newEvents()
        fixture.session.perform(.chart(.cancel))
        #expect(!fixture.session.isLoading)
        #expect(fixture.session.interaction.graph.noDataText == "Loading cancelled")
        #expect(fixture.newEvents() == [.loadCancelled(chart: "slow"), .described(chart: "slow", note: nil)])
        #expect(slow.mostAtOnce == 1)
        // And on to the quick one, at the view it had.
        fixture.session.perform(.nextChart)
        #expect(fixture.settle())
        #expect(fixture.session.interaction.view == quickView)
    }

    @Test("The save prompt: suggested, edited, saved; an existing file replaced when asked twice; refusals; cancel")
    func theSavePrompt() throws {
        let fixture = try SessionFixture.shown([TestChart(name: "sales")])
        let session = fixture.session, directory = fixture.host.directory
        func type(_ answer: String) {
            session.answerPrompt(.edit(.moveToEnd))
            session.answerPrompt(.edit(.deleteToStart))
            session.answerPrompt(.edit(.insert(answer)))
        }
        session.perform(.saveAs)
        #expect(session.isPrompting)
        let suggested = SavePrompt.suggestedName(title: "sales", chart: "sales", directory: directory)
        #expect(fixture.newEvents() == [.prompt(text: suggested, cursor: suggested.count - 4)])
        session.answerPrompt(.edit(.deleteToStart))
        session.answerPrompt(.edit(.insert("mine")))
        session.answerPrompt(.ignore)
        #expect(fixture.newEvents() == [.prompt(text: ".png", cursor: 0), .prompt(text: "mine.png", cursor: 4)])
        session.answerPrompt(.submit)
        #expect(!session.isPrompting && session.wantsSave)
        session.save()
        let mine = directory + "/mine.png"
        #expect(fixture.host.saved == [mine])
        #expect(fixture.newEvents() == [.prompt(text: nil, cursor: 0), .saved(path: mine), .status(text: "Saved \(mine)")])
        #expect(!session.wantsSave)

        // The same name again: replaced only when submitted twice.
        session.perform(.saveAs)
        type("mine.png")
        session.answerPrompt(.submit)
        #expect(fixture.status == "mine.png exists: Enter again replaces it")
        #expect(session.isPrompting && !session.wantsSave)
        session.answerPrompt(.submit)
        #expect(!session.isPrompting && session.wantsSave)
        session.save()
        #expect(fixture.host.saved == [mine, mine])

        // Refused at once, the prompt open: an extension the host cannot write, a file that may not be replaced.
        session.perform(.saveAs)
        type("x.jpg")
        session.answerPrompt(.submit)
        #expect(fixture.status == "Cannot save as .jpg: end the name with .png, .svg or .pdf")
        #expect(session.isPrompting)
        fixture.host.refusal = "is read-only; choose another output or make it writable"
        type("mine.png")
        session.answerPrompt(.submit)
        #expect(fixture.status == "'mine.png' is read-only; choose another output or make it writable")
        #expect(session.isPrompting && !session.wantsSave)
        fixture.host.refusal = nil

        // A save that fails says why (the event, for stderr; the status line) and opens the
        // prompt again with the answer.
        let failure = "\(mine): cannot write: No space left on device"
        fixture.host.saveFailure = SaveFailure(message: failure)
        session.answerPrompt(.submit)
        session.answerPrompt(.submit)
        _ = fixture.newEvents()
        session.save()
        #expect(
            fixture.newEvents() == [
                .saveFailed(message: failure), .status(text: "Could not save: \(failure)"), .prompt(text: "mine.png", cursor: 8)
            ])
        #expect(fixture.answer == "mine.png")

        // Cancelled: closed, nothing written.
        session.answerPrompt(.cancel)
        #expect(!session.isPrompting && !session.wantsSave)
        #expect(fixture.newEvents() == [.prompt(text: nil, cursor: 0), .status(text: "Save cancelled")])
        #expect(fixture.host.saved == [mine, mine])
        session.save()
        #expect(fixture.host.saved == [mine, mine], "no save asked for: nothing")

        // Ctrl+S: a new file under the suggested name each time.
        fixture.host.saveFailure = nil
        session.perform(.save)
        session.save()
        session.perform(.save)
        session.save()
        let first: String = directory + "/" + suggested
        let second: String = directory + "/" + suggested.replacingOccurrences(of: ".png", with: "-2.png")
        #expect(Array(fixture.host.saved.suffix(2)) == [first, second])
    }

    @Test("A reload while the save prompt is open keeps it open over the new chart, its answer as typed")
    func aReloadKeepsThePrompt() throws {
        let chart = TestChart(name: "sales")
        let fixture = try SessionFixture.shown([chart], watches: true)
        fixture.session.perform(.saveAs)
        fixture.session.answerPrompt(.edit(.moveToEnd))
        fixture.session.answerPrompt(.edit(.insert("q")))
        let answer = fixture.answer
        chart.change(to: [9, 8])
        fixture.clock.advance(by: .milliseconds(500))
        #expect(fixture.settle())
        #expect(fixture.session.isPrompting)
        #expect(fixture.answer == answer)
    }

    @Test("Copying the selection or the data in view goes through the host's clipboard and is said")
    func copying() throws {
        let fixture = try SessionFixture.shown([TestChart(name: "sales", values: [3, 5])])
        fixture.session.perform(.copySelection)
        #expect(fixture.status == "Nothing selected to copy: click a point or a bar first")
        fixture.session.perform(.copyVisibleData)
        let csv = try #require(fixture.host.copied.last)
        #expect(fixture.status == "Copied 2 rows in view")
        #expect(fixture.newEvents().contains(.copied(bytes: csv.utf8.count)))
    }
}
