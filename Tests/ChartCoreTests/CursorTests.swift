import Foundation
import Testing

@testable import ChartCore

/// The crosshair and the A/B cursors read the records, not the picture: A and B snap to records,
/// Δx and Δy are those records' differences exactly, the mean, lowest, highest and count are
/// those of every record between (inclusive) however thinned the line is, the cursors stay on
/// their records through a zoom, Escape clears them, Ctrl+C's text is the measurement, and in a
/// grid the cells' cursors and crosshair are at one x.
@Suite struct CursorTests {
    /// 200,000 records at x = 0, 0.5, 1, …: far more than pixels, so the line is thinned.
    static let x: [Double] = (0..<200_000).map { (i: Int) -> Double in Double(i) / 2 }
    static let y: [Double?] = (0..<200_000).map { (i: Int) -> Double? in sin(Double(i) / 5_000) * 100 + Double(i % 7) }

    static func chart() -> ChartInteraction {
        let graph = Graph(title: "t")
        let plot = ScatterPlot(identifier: "s", x: x, y: y)
        plot.title = "s"
        plot.showsLine = true
        graph.add(plot)
        return ChartInteraction(graph: graph, size: Size(width: 800, height: 500), measurer: FixedTextMeasurer())
    }

    /// The device point of data x `value` at the plot area's middle height.
    static func point(_ chart: ChartInteraction, x value: Double) throws -> Point {
        let t = try #require(chart.scene.transform(ofSpace: "default"))
        let device = try #require(t.devicePoint(Point(x: value, y: t.yRange.lower)))
        return Point(x: device.x, y: chart.scene.plotArea.midY)
    }

    @Test func cursorsMeasureTheRecordsBetweenExactly() throws {
        let chart = Self.chart()
        chart.pointerMoved(to: try Self.point(chart, x: 20_000.3), time: 0)
        chart.perform(.dropCursor)
        chart.pointerPressed(at: try Self.point(chart, x: 61_234.9), button: .middle, time: 10)
        chart.layoutIfNeeded()
        let m = try #require(chart.measurement)
        let b = try #require(m.b)
        // Snapped to records: x on the half-unit grid, within a pixel of where they were dropped.
        #expect(m.a * 2 == (m.a * 2).rounded() && b * 2 == (b * 2).rounded())
        let perPixel = 100_000 / chart.scene.plotArea.width
        #expect(abs(m.a - 20_000.3) <= perPixel && abs(b - 61_234.9) <= perPixel)
        let ia = Int(m.a * 2), ib = Int(b * 2)
        let s = try #require(m.series.first)
        #expect(s.a == Self.y[ia]! && s.b == Self.y[ib]!)
        #expect(m.dx == b - m.a && s.dy == Self.y[ib]! - Self.y[ia]!)
        let between = Self.y[ia...ib].map { $0! }
        #expect(s.count == between.count && s.low == between.min() && s.high == between.max())
        #expect(abs(s.mean! - between.reduce(0, +) / Double(between.count)) < 1e-9)
        #expect(chart.takeEvents().contains { if case .measure(let reported?) = $0 { reported.b != nil } else { false } })
        #expect(chart.scene.overlays.contains { $0.identifier == "measurement" })
        #expect(chart.scene.overlays.filter { $0.identifier.hasPrefix("cursor-") }.count == 2)
        // Ctrl+C's text is the measurement.
        let text = try #require(chart.selectionText)
        #expect(text.hasPrefix("A ") && text.contains("Δx") && text.contains("n \(between.count)"), "\(text)")
        // A zoom: the cursors stay on their records.
        chart.perform(.zoomIn)
        chart.layoutIfNeeded()
        #expect(chart.measurement?.a == m.a && chart.measurement?.b == b)
        // Escape clears them (and only them: the selection stays cleared, the help closed).
        chart.perform(.cancel)
        chart.layoutIfNeeded()
        #expect(chart.cursors.isEmpty && chart.measurement == nil)
        #expect(!chart.scene.overlays.contains { $0.identifier == "measurement" })
        #expect(chart.takeEvents().contains(.measure(nil)))
    }

    /// A reload (a new graph of the same chart, `restore(_:)` of the old one's `viewState()`):
    /// the cursors stay at their x and measure the new data; the crosshair stays on.
    @Test func cursorsSurviveAReload() throws {
        let chart = Self.chart()
        chart.pointerMoved(to: try Self.point(chart, x: 10_000), time: 0)
        chart.perform(.dropCursor)
        chart.pointerMoved(to: try Self.point(chart, x: 30_000), time: 1)
        chart.perform(.dropCursor)
        chart.perform(.toggleCrosshair)
        chart.layoutIfNeeded()
        let state = chart.viewState()
        let reloaded = Self.chart()
        reloaded.restore(state)
        reloaded.layoutIfNeeded()
        #expect(reloaded.cursors == chart.cursors && reloaded.cursors.count == 2 && reloaded.showsCrosshair)
        #expect(reloaded.measurement?.series.first?.count == chart.measurement?.series.first?.count)
        #expect(reloaded.scene.overlays.contains { $0.identifier == "measurement" })
    }

    @Test func theCrosshairReadsTheRecordNearestThePointer() throws {
        let chart = Self.chart()
        chart.perform(.toggleCrosshair)
        let point = try Self.point(chart, x: 33_333.4)
        chart.pointerMoved(to: point, time: 0)
        chart.layoutIfNeeded()
        let x = try #require(chart.crosshairX)
        let nearest = Int((x * 2).rounded())
        let readings = chart.takeEvents().compactMap { event -> CursorMeasurement? in
            if case .crosshair(let r?) = event { return r } else { return nil }
        }
        let reading = try #require(readings.last)
        #expect(reading.series.first?.a == Self.y[nearest]!, "\(reading)")
        #expect(chart.scene.overlays.contains { $0.identifier == "crosshair" } && chart.scene.overlays.contains { $0.identifier == "crosshair-values" })
        chart.perform(.toggleCrosshair)
        chart.layoutIfNeeded()
        #expect(!chart.scene.overlays.contains { $0.identifier == "crosshair" })
        #expect(chart.takeEvents().contains(.crosshair(nil)))
    }

    @Test func aGridsCellsMeasureAtOneX() throws {
        let chart = GridInteractionTests.grid()
        let p = GridInteractionTests.point(chart, cell: 0, 0.25, 0.5)
        chart.pointerMoved(to: p, time: 0)
        chart.perform(.dropCursor)
        chart.pointerMoved(to: GridInteractionTests.point(chart, cell: 2, 0.7, 0.5), time: 1)
        chart.perform(.dropCursor)
        chart.perform(.toggleCrosshair)
        chart.pointerMoved(to: GridInteractionTests.point(chart, cell: 1, 0.5, 0.5), time: 2)
        chart.layoutIfNeeded()
        let cursors = chart.cells.map(\.cursors)
        #expect(cursors[0].count == 2 && Set(cursors).count == 1, "\(cursors)")
        #expect(Set(chart.cells.map(\.crosshairX)).count == 1 && chart.cells[0].crosshairX != nil)
        for cell in chart.scene.cells { #expect(cell.scene.overlays.contains { $0.identifier == "measurement" }) }
        chart.perform(.cancel)
        chart.layoutIfNeeded()
        #expect(chart.cells.allSatisfy { $0.cursors.isEmpty })
    }

    @Test func durationsAndNumbersAreWrittenForPeople() {
        #expect(CursorMeasurement.duration(71 * 86_400) == "71 days")
        #expect(CursorMeasurement.duration(3 * 86_400 + 4 * 3_600) == "3 days 4 h")
        #expect(CursorMeasurement.duration(2 * 3_600 + 5 * 60) == "2 h 5 min")
        #expect(CursorMeasurement.duration(12.5) == "12.5 s")
        #expect(CursorMeasurement.duration(0.0125) == "12.5 ms")
        #expect(CursorMeasurement.duration(-86_400) == "−1 day")
        #expect(CursorMeasurement.number(0.025316123) == "0.0253161" && CursorMeasurement.number(-4) == "-4")
    }
}
