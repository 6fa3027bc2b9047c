import Foundation
import Testing

@testable import ChartCore

/// A grid in one interaction, without a window: a gesture goes to the cell under the pointer
/// and moves every linked cell's x the same, keeping the data under the pointer under it; a drag
/// that leaves its cell stays its cell's; keys act on the cell last pointed at; a series key
/// hides the series of its cell; back returns every cell; a click selects in its cell.
@Suite struct GridInteractionTests {
    static func grid() -> ChartInteraction {
        let grid = GraphGrid.stacking(GraphGridTests.signals())
        return ChartInteraction(grid: grid, size: Size(width: 900, height: 700), measurer: FixedTextMeasurer(), laysOutLater: false)
    }

    /// Each cell's x range, as laid out.
    static func xRanges(_ chart: ChartInteraction) -> [PlotRange] {
        chart.scene.cells.map { $0.scene.plotSpaces[0].transform.xRange }
    }

    /// A point on the grid's surface inside cell `k`'s plot area, at fractions of it.
    static func point(_ chart: ChartInteraction, cell k: Int, _ fx: Double, _ fy: Double) -> Point {
        let cell = chart.scene.cells[k]
        let area = cell.scene.plotArea
        return Point(x: cell.frame.minX + area.minX + fx * area.width, y: cell.frame.minY + area.minY + fy * area.height)
    }

    @Test func aWheelNotchInOneCellMovesEveryCellsXTheSame() throws {
        let chart = Self.grid()
        #expect(chart.scene.cells.count == 3 && Set(Self.xRanges(chart)).count == 1)
        let fitted = Self.xRanges(chart)[0]
        let pointer = Self.point(chart, cell: 1, 0.3, 0.5)
        let cell = chart.scene.cells[1]
        let data = try #require(cell.scene.transform(ofSpace: "default")).dataPoint(cell.localPoint(pointer))
        chart.scrolled(at: pointer, dy: 1, time: 1_000)
        #expect(chart.layoutIfNeeded())
        let zoomed = Self.xRanges(chart)
        #expect(Set(zoomed).count == 1, "\(zoomed)")
        #expect(zoomed[0].length < fitted.length)
        // The data under the pointer stays under it in the cell it was over.
        let after = chart.scene.cells[1]
        let back = try #require(after.scene.transform(ofSpace: "default")?.devicePoint(data))
        #expect(abs(back.x - after.localPoint(pointer).x) < 1e-6)
        // One view event, every cell's ranges in it.
        let views = chart.takeEvents().compactMap { event -> [ScenePlotSpace]? in
            if case .view(.wheel, let spaces) = event { return spaces } else { return nil }
        }
        #expect(views.count == 1 && views.first?.map(\.identifier) == ["1:default", "2:default", "3:default"])
        #expect(Set(views.first?.map(\.transform.xRange) ?? []).count == 1)
        // Back: every cell fitted again.
        chart.perform(.viewBack)
        chart.layoutIfNeeded()
        #expect(Self.xRanges(chart).allSatisfy { $0 == fitted }, "\(Self.xRanges(chart)) after back, fitted \(fitted)")
    }

    @Test func linkedXYSharesYAndUnlinkedCellsMoveAlone() throws {
        let grid = GraphGrid.stacking(GraphGridTests.signals())
        grid.link = .xy
        #expect(grid.linksX && grid.linksY)
        let chart = ChartInteraction(grid: grid, size: Size(width: 900, height: 700), measurer: FixedTextMeasurer(), laysOutLater: false)
        let ys = chart.scene.cells.map { $0.scene.plotSpaces[0].transform.yRange }
        #expect(Set(ys).count == 1, "\(ys)")
        // A wheel notch zooms x and y of every cell alike.
        chart.scrolled(at: Self.point(chart, cell: 0, 0.5, 0.5), dy: 1, time: 0)
        chart.layoutIfNeeded()
        #expect(Set(Self.xRanges(chart)).count == 1)
        #expect(Set(chart.scene.cells.map { $0.scene.plotSpaces[0].transform.yRange }).count == 1)
        // Unlinked: the notch moves its own cell only.
        let alone = GraphGrid.stacking(GraphGridTests.signals())
        alone.link = .none
        let free = ChartInteraction(grid: alone, size: Size(width: 900, height: 700), measurer: FixedTextMeasurer(), laysOutLater: false)
        let before = Self.xRanges(free)
        free.scrolled(at: Self.point(free, cell: 1, 0.5, 0.5), dy: 1, time: 0)
        free.layoutIfNeeded()
        let after = Self.xRanges(free)
        #expect(after[0] == before[0] && after[2] == before[2] && after[1] != before[1])
    }

    @Test func enterMaximizesTheCellUnderThePointerAndRestoresThemAll() throws {
        let chart = Self.grid()
        let frames = chart.scene.cells.map(\.frame)
        chart.pointerMoved(to: Self.point(chart, cell: 1, 0.5, 0.5), time: 0)
        chart.perform(.toggleMaximized)
        chart.layoutIfNeeded()
        #expect(chart.maximizedCell == 1)
        let large = chart.scene.cells[1].frame
        #expect(large.height > frames.map(\.height).reduce(0, +) * 0.9 && large.width >= frames[1].width)
        #expect(chart.scene.cells[0].frame == .zero && chart.scene.cells[2].frame == .zero)
        // A wheel notch over it zooms it, and the hidden cells follow (they show linked when back).
        chart.scrolled(at: Self.point(chart, cell: 1, 0.5, 0.5), dy: 1, time: 10)
        chart.layoutIfNeeded()
        #expect(chart.cells.allSatisfy { $0.view[space: "default"].x != nil })
        chart.perform(.toggleMaximized)
        chart.layoutIfNeeded()
        #expect(chart.maximizedCell == nil && chart.scene.cells.map(\.frame) == frames)
        #expect(Set(Self.xRanges(chart)).count == 1)
    }

    @Test func aDragThatLeavesItsCellPansEveryCellByTheDraggedDistance() throws {
        let chart = Self.grid()
        let before = Self.xRanges(chart)[0]
        let area = chart.scene.cells[2].scene.plotArea
        let start = Self.point(chart, cell: 2, 0.5, 0.5)
        chart.pointerPressed(at: start, button: .primary, time: 0)
        chart.pointerMoved(to: Point(x: start.x + 100, y: start.y), time: 10)
        // Up into the cell above, still the bottom cell's drag.
        chart.pointerMoved(to: Point(x: start.x + 200, y: start.y - 300), time: 20)
        chart.pointerReleased(at: Point(x: start.x + 200, y: start.y - 300), button: .primary, time: 30)
        chart.layoutIfNeeded()
        let after = Self.xRanges(chart)
        #expect(Set(after).count == 1)
        let shift = before.length * 200 / area.width
        #expect(abs((before.lower - after[0].lower) - shift) < 1e-6 * before.length, "moved \(before.lower - after[0].lower), dragged \(shift)")
    }

    @Test func keysActOnTheCellLastPointedAtAndASeriesKeyOnItsCell() throws {
        let chart = Self.grid()
        chart.pointerMoved(to: Self.point(chart, cell: 2, 0.5, 0.5), time: 0)
        chart.perform(.zoomIn)
        chart.layoutIfNeeded()
        #expect(Set(Self.xRanges(chart)).count == 1)
        // Key 2: the second series, the middle cell's.
        chart.perform(.toggleSeries(1))
        chart.layoutIfNeeded()
        #expect(chart.cells[1].graph.plots[0].isHidden && !chart.cells[0].graph.plots[0].isHidden)
        #expect(chart.takeEvents().contains { if case .toggle(_, _, visible: false) = $0 { true } else { false } })
        chart.perform(.showAllSeries)
        chart.layoutIfNeeded()
        #expect(chart.cells.allSatisfy { !$0.graph.plots[0].isHidden })
        // The help is the grid's, over all of it; Escape closes it.
        chart.perform(.toggleHelp)
        chart.layoutIfNeeded()
        #expect(chart.isShowingHelp && chart.scene.overlays.contains { $0.identifier == "help" })
        chart.perform(.cancel)
        chart.layoutIfNeeded()
        #expect(!chart.isShowingHelp)
    }

    @Test func aClickSelectsInItsCellAndTheReadoutIsItsCells() throws {
        let chart = Self.grid()
        let cell = chart.scene.cells[0]
        let item = try #require(cell.scene.plots[0].items.first { $0.record == 1_000 })
        guard case .point(let p, _) = item.shape else { Issue.record("not a point"); return }
        chart.click(at: Point(x: p.x + cell.frame.minX, y: p.y + cell.frame.minY))
        chart.layoutIfNeeded()
        #expect(chart.cells[0].selection?.record == 1_000)
        #expect(chart.scene.cells[0].scene.annotations.contains { $0.identifier == ChartInteraction.popupIdentifier })
        let readout = chart.readout(at: Self.point(chart, cell: 2, 0.5, 0.5))
        #expect(readout?.hasPrefix("x=") == true && readout?.contains("y=-") == true, "\(readout ?? "nil")")
        #expect(chart.readout(at: Point(x: 2, y: 2)) == nil)
    }

    @Test func aLayoutJobLaysTheGridOutOnAnotherThreadAndClicksWaitForIt() throws {
        let grid = GraphGrid.stacking(GraphGridTests.signals())
        let chart = ChartInteraction(grid: grid, size: Size(width: 900, height: 700), measurer: FixedTextMeasurer(), laysOutLater: true)
        let job = try #require(chart.makeLayoutJob())
        #expect(job.views.count == 3)
        let scene = job.run(measurer: FixedTextMeasurer())
        chart.finishLayout(job, scene: scene)
        chart.layoutIfNeeded()
        #expect(chart.scene.cells.count == 3 && chart.makeLayoutJob() == nil)
        // A zoom while a job is out: the job is not stale (a new view follows), the click waits.
        chart.scrolled(at: Self.point(chart, cell: 0, 0.5, 0.5), dy: 1, time: 0)
        let next = try #require(chart.makeLayoutJob())
        #expect(chart.cells.allSatisfy { $0.lentToGrid })
        chart.perform(.toggleSeries(0))
        #expect(!chart.cells[0].graph.plots[0].isHidden, "a cell's graph changed while its grid's job had it")
        chart.finishLayout(next, scene: next.run(measurer: FixedTextMeasurer()))
        chart.layoutIfNeeded()
        #expect(chart.cells[0].graph.plots[0].isHidden)
    }
}
