import Foundation
import Testing

@testable import ChartCore

/// Notes stay at their data point: added at a point of the plot area (the data under it), drawn
/// from that point at every zoom and hidden while it is out of view, removed from under the
/// pointer, reported with the notes since; in a grid, in the cell under the point.
@Suite struct NoteTests {
    static func chart() -> ChartInteraction {
        let graph = Graph(title: "t")
        let plot = ScatterPlot(identifier: "s", x: (0..<1_000).map(Double.init), y: (0..<1_000).map { sin(Double($0) / 50) * 10 })
        plot.showsLine = true
        graph.add(plot)
        return ChartInteraction(graph: graph, size: Size(width: 800, height: 500), measurer: FixedTextMeasurer())
    }

    /// The note annotation's box corner (its bottom left) in `scene`, and the device point of its data.
    static func placement(_ scene: Scene, _ note: ChartNote) -> (corner: Point, data: Point)? {
        guard let box = scene.annotations.first(where: { $0.identifier == "note-0" })?.box,
            let data = scene.transform(ofSpace: "default")?.devicePoint(Point(x: note.x, y: note.y))
        else { return nil }
        return (Point(x: box.minX, y: box.maxY), data)
    }

    @Test func aNoteStaysAtItsDataPointThroughZoomsAndGoesOutOfView() throws {
        let chart = Self.chart()
        let area = chart.scene.plotArea
        let point = Point(x: area.minX + area.width * 0.4, y: area.minY + area.height * 0.6)
        chart.addNote("  the dip  ", at: point)
        chart.layoutIfNeeded()
        let note = try #require(chart.graph.notes.first)
        #expect(note.text == "the dip")
        let data = try #require(chart.scene.transform(ofSpace: "default")).dataPoint(point)
        #expect(note.x == data.x && note.y == data.y)
        #expect(chart.takeEvents().contains(.note(note, added: true, notes: [note], cell: 0)))
        var placed = try #require(Self.placement(chart.scene, note))
        #expect(abs(placed.corner.x - point.x) <= 1 && abs(placed.corner.y - point.y) <= 1)
        // Zoomed about another point: the note is where its data went.
        chart.zoom(by: 2, about: Point(x: area.minX + area.width * 0.3, y: area.midY))
        chart.layoutIfNeeded()
        placed = try #require(Self.placement(chart.scene, note))
        // At its data point: the box's bottom left corner, or its top left where it flipped to stay inside.
        let box = try #require(chart.scene.annotations.first { $0.identifier == "note-0" }?.box)
        let onCorner = abs(box.minX - placed.data.x) <= 1 && (abs(box.maxY - placed.data.y) <= 1 || abs(box.minY - placed.data.y) <= 1)
        #expect(onCorner, "\(box) at \(placed.data) in \(chart.scene.plotArea)")
        #expect(abs(placed.data.x - point.x) > 10, "the zoom moved the data")
        // Panned until the point is out of view: no note drawn.
        chart.pan(by: Point(x: -area.width, y: 0), axes: .x, cause: .keys)
        chart.layoutIfNeeded()
        #expect(!chart.scene.annotations.contains { $0.identifier == "note-0" })
        chart.perform(.viewBack)
        chart.layoutIfNeeded()
        placed = try #require(Self.placement(chart.scene, note))
        // Delete under the pointer.
        chart.pointerMoved(to: Point(x: placed.corner.x + 3, y: placed.corner.y - 3), time: 0)
        chart.perform(.deleteNote)
        chart.layoutIfNeeded()
        #expect(chart.graph.notes.isEmpty && !chart.scene.annotations.contains { $0.identifier == "note-0" })
        #expect(chart.takeEvents().contains(.note(note, added: false, notes: [], cell: 0)))
    }

    @Test func nothingIsAddedOutsideThePlotAreaOrEmpty() {
        let chart = Self.chart()
        chart.addNote("x", at: Point(x: 2, y: 2))
        chart.addNote("   ", at: chart.scene.plotArea.center)
        #expect(chart.graph.notes.isEmpty)
    }

    @Test func aGridsNoteGoesToTheCellUnderThePoint() {
        let chart = GridInteractionTests.grid()
        chart.addNote("here", at: GridInteractionTests.point(chart, cell: 2, 0.5, 0.5))
        chart.layoutIfNeeded()
        #expect(chart.cells[2].graph.notes.count == 1 && chart.cells[0].graph.notes.isEmpty)
        #expect(chart.scene.cells[2].scene.annotations.contains { $0.identifier == "note-0" })
    }
}
