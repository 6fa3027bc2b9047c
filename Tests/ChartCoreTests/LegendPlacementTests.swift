import Testing
import Foundation
import ChartCore

@Suite("Legend placement")
struct LegendPlacementTests {
    /// The bounds of every label and title of every axis.
    static func axisTextRects(_ scene: Scene) -> [Rect] {
        scene.axes.flatMap { $0.labels.map(\.rect) + ($0.title.map { [$0.rect] } ?? []) }
    }

    /// Checks that hold wherever the legend is: inside the graph, clear of the plot area and the
    /// axis texts, entries inside the legend and apart from each other.
    static func checkCommon(_ scene: Scene, _ legend: LegendScene) {
        let bounds = Rect(origin: .zero, size: scene.size)
        #expect(bounds.contains(legend.rect), "legend \(legend.rect) leaves the graph \(scene.size)")
        #expect(!legend.rect.intersects(scene.plotArea), "legend \(legend.rect) covers the plot area \(scene.plotArea)")
        for rect in axisTextRects(scene) {
            #expect(!legend.rect.intersects(rect), "legend \(legend.rect) covers an axis text at \(rect)")
        }
        if let title = scene.title { #expect(!legend.rect.intersects(title.rect)) }
        #expect(legend.rows * legend.columns >= legend.entries.count)
        for entry in legend.entries {
            #expect(legend.rect.contains(entry.rect), "entry \(entry.plotID) \(entry.rect) outside \(legend.rect)")
            // The swatch is snapped to whole pixels, the entry is not: allow half a pixel.
            #expect(entry.rect.insetBy(dx: -0.5, dy: -0.5).contains(entry.swatch), "swatch \(entry.swatch) outside \(entry.rect)")
            #expect(legend.rect.contains(entry.text.rect))
            #expect(entry.text.text == entry.title)
        }
        for (i, a) in legend.entries.enumerated() {
            for b in legend.entries[(i + 1)...] {
                #expect(!a.rect.intersects(b.rect), "entries \(a.plotID) and \(b.plotID) overlap")
            }
        }
    }

    @Test("A landscape graph puts the legend right of the plot area")
    func landscapeRight() throws {
        let scene = layout(SampleGraph.groupedBars.make(), 1200, 600)
        let legend = try #require(scene.legend)
        #expect(legend.position == .right)
        #expect(!legend.rect.intersects(scene.plotArea))
        #expect(legend.rect.minX >= scene.plotArea.maxX)
        #expect(legend.columns == 1 && legend.rows == 3)
        #expect(legend.entries.map(\.plotID) == ["eur", "gbp", "chf"])
        // Entries stack top to bottom.
        let ys = legend.entries.map(\.rect.minY)
        #expect(ys == ys.sorted() && Set(ys).count == 3)
        Self.checkCommon(scene, legend)
    }

    @Test("A portrait graph puts the legend below the plot area")
    func portraitBottom() throws {
        let scene = layout(SampleGraph.groupedBars.make(), 600, 1000)
        let legend = try #require(scene.legend)
        #expect(legend.position == .bottom)
        #expect(legend.rect.minY >= scene.plotArea.maxY)
        // Below the x axis labels and title too.
        let xAxis = try #require(scene.axes.first { $0.axisID == "x" })
        let lowest = (xAxis.labels.map(\.rect.maxY) + [xAxis.title?.rect.maxY ?? 0]).max() ?? 0
        #expect(legend.rect.minY >= lowest)
        #expect(legend.rows == 1 && legend.columns == 3)
        Self.checkCommon(scene, legend)
    }

    @Test(
        "Automatic placement follows the shape of the graph",
        arguments: [
            (Size(width: 1200, height: 600), Legend.Position.right), (Size(width: 801, height: 800), .right),
            (Size(width: 800, height: 800), .bottom), (Size(width: 600, height: 1000), .bottom)
        ])
    func automaticPosition(size: Size, expected: Legend.Position) throws {
        let scene = SampleGraph.groupedBars.make().layout(size: size, measurer: testMeasurer)
        let legend = try #require(scene.legend)
        #expect(legend.position == expected)
        Self.checkCommon(scene, legend)
    }

    @Test("An explicit position is kept", arguments: [Legend.Position.left, .right, .top, .bottom])
    func explicitPosition(position: Legend.Position) throws {
        let graph = SampleGraph.groupedBars.make()
        graph.legend.position = position
        let scene = layout(graph, 900, 700)
        let legend = try #require(scene.legend)
        #expect(legend.position == position)
        switch position {
        case .left: #expect(legend.rect.maxX <= scene.plotArea.minX)
        case .right: #expect(legend.rect.minX >= scene.plotArea.maxX)
        case .top: #expect(legend.rect.maxY <= scene.plotArea.minY)
        case .bottom: #expect(legend.rect.minY >= scene.plotArea.maxY)
        case .automatic: Issue.record("never .automatic after layout")
        }
        Self.checkCommon(scene, legend)
    }

    @Test(
        "Many entries wrap into several columns or rows and stay inside the graph",
        arguments: [
            Size(width: 1200, height: 600), Size(width: 600, height: 1000), Size(width: 800, height: 800), Size(width: 2000, height: 1000)
        ])
    func manyEntriesWrap(size: Size) throws {
        let graph = manyPlotsGraph(count: 30)
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let legend = try #require(scene.legend)
        #expect(legend.entries.count == 30)
        #expect(legend.entries.map(\.plotID) == (1...30).map { "s\($0)" })
        if legend.position == .right {
            // 30 rows of text do not fit in 600 px.
            if size.height <= 600 { #expect(legend.columns > 1) }
        } else {
            #expect(legend.rows > 1)
            #expect(legend.columns > 1)
        }
        Self.checkCommon(scene, legend)
        #expect(!scene.plotArea.isEmpty)
    }

    @Test("Past the entries that fit, the last place counts every entry not shown, also past the 200 laid out")
    func moreCountsEveryEntry() throws {
        for count in [120, 1_000] {
            let scene = layout(manyPlotsGraph(count: count), 1024, 768)
            let legend = try #require(scene.legend)
            let last = try #require(legend.entries.last)
            #expect(last.title == "+\(count - (legend.entries.count - 1)) more", "\(count) entries: \(last.title)")
        }
    }

    @Test("A vertical legend fills columns top to bottom; a horizontal one rows left to right")
    func fillOrder() throws {
        let right = try #require(layout(manyPlotsGraph(count: 30), 1200, 600).legend)
        #expect(right.position == .right)
        let r = right.rows
        // Entry 1 is directly below entry 0; entry `rows` starts the next column.
        #expect(right.entries[1].rect.minX == right.entries[0].rect.minX)
        #expect(right.entries[1].rect.minY > right.entries[0].rect.minY)
        #expect(right.entries[r].rect.minX > right.entries[0].rect.minX)
        #expect(right.entries[r].rect.minY == right.entries[0].rect.minY)

        let bottom = try #require(layout(manyPlotsGraph(count: 30), 600, 1000).legend)
        #expect(bottom.position == .bottom)
        let c = bottom.columns
        #expect(bottom.entries[1].rect.minY == bottom.entries[0].rect.minY)
        #expect(bottom.entries[1].rect.minX > bottom.entries[0].rect.minX)
        #expect(bottom.entries[c].rect.minX == bottom.entries[0].rect.minX)
        #expect(bottom.entries[c].rect.minY > bottom.entries[0].rect.minY)
    }

    @Test("A fixed column count is honoured")
    func fixedColumns() throws {
        let graph = manyPlotsGraph(count: 7)
        graph.legend.numberOfColumns = 2
        graph.legend.position = .bottom
        let scene = layout(graph, 900, 700)
        let legend = try #require(scene.legend)
        #expect(legend.columns == 2)
        #expect(legend.rows == 4)
        Self.checkCommon(scene, legend)
    }

    @Test("A hidden plot keeps its legend entry, greyed")
    func hiddenPlotEntry() throws {
        let graph = SampleGraph.groupedBars.make()
        graph.plot(identifier: "gbp")?.isHidden = true
        let scene = layout(graph, 1200, 600)
        let legend = try #require(scene.legend)
        #expect(legend.entries.map(\.plotID) == ["eur", "gbp", "chf"])
        let gbp = try #require(legend.entries.first { $0.plotID == "gbp" })
        #expect(!gbp.isVisible)
        #expect(gbp.title == "GBP")
        #expect(gbp.text.style.color == graph.theme.disabledText)
        #expect(gbp.swatchFill == .solid(graph.theme.disabledText))
        let eur = try #require(legend.entries.first { $0.plotID == "eur" })
        #expect(eur.isVisible)
        #expect(eur.text.style.color != graph.theme.disabledText)
    }

    @Test("A hidden legend is absent and gives its room to the plot area")
    func hiddenLegend() {
        let shown = layout(SampleGraph.groupedBars.make(), 1200, 600)
        let graph = SampleGraph.groupedBars.make()
        graph.legend.isHidden = true
        let scene = layout(graph, 1200, 600)
        #expect(scene.legend == nil)
        #expect(scene.plotArea.width > shown.plotArea.width)
        #expect(!scene.allTexts.contains { $0.text == "EUR" })
    }

    @Test("A graph without plots has no legend")
    func noPlotsNoLegend() {
        #expect(layout(Graph(), 800, 600).legend == nil)
    }

    @Test("Legend sizes scale with the device scale")
    func legendScales() throws {
        let one = try #require(layout(SampleGraph.groupedBars.make(), 1200, 600).legend)
        let two = try #require(layout(SampleGraph.groupedBars.make(), 2400, 1200, scale: 2).legend)
        #expect(isClose(two.rect.width, 2 * one.rect.width, tolerance: 1))
        #expect(isClose(two.rect.height, 2 * one.rect.height, tolerance: 1))
        #expect(two.entries[0].swatch.width == 2 * one.entries[0].swatch.width)
    }
}
