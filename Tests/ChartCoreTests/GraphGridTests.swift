import ChartCore
import Foundation
import Testing

/// A grid of graphs in one scene: cells tile the surface without overlapping, linked cells show
/// one x range with their plot areas' edges aligned, a stacked split keeps each series and its
/// color, and no two texts of the whole scene overlap at a wide, a tall and a small size.
@Suite struct GraphGridTests {
    /// Three series of 2,000 records over one x (a date-like span), each with its own magnitude
    /// and extent: the second starts later and ends sooner.
    static func signals() -> Graph {
        let graph = Graph(title: "Three signals")
        let n = 2_000
        let x = (0..<n).map { 1.0e9 + Double($0) * 3_600 }
        let series: [(String, [Double], [Double?])] = [
            ("returns", x, x.indices.map { sin(Double($0) / 37) * 0.02 }),
            ("volume in shares", Array(x[200..<1_800]), (200..<1_800).map { 1.0e6 + Double($0 % 97) * 2.0e4 }),
            ("volatility", x, x.indices.map { -10 + cos(Double($0) / 200) })
        ]
        for (name, xs, ys) in series {
            let plot = ScatterPlot(identifier: name, x: xs, y: ys)
            plot.title = name
            plot.showsLine = true
            graph.add(plot)
        }
        graph.defaultPlotSpace.xScale = .date
        graph.xAxis.title = "time"
        return graph
    }

    @Test func cellsTileTheAreaInRowsByTheirHeights() {
        let grid = GraphGrid(cells: (0..<5).map { _ in Graph() }, columns: 2, rowHeights: [2, 1])
        #expect(grid.rows == 3)
        let area = Rect(x: 8, y: 30, width: 1000, height: 700)
        let frames = grid.frames(in: area, gap: 10)
        #expect(frames.count == 5)
        for (i, a) in frames.enumerated() {
            #expect(a.minX >= area.minX && a.maxX <= area.maxX && a.minY >= area.minY && a.maxY <= area.maxY + 0.5, "\(a)")
            #expect(a.minX == a.minX.rounded() && a.width == a.width.rounded() && a.height == a.height.rounded())
            for b in frames[(i + 1)...] { #expect(a.intersection(b).width * a.intersection(b).height == 0, "\(a) × \(b)") }
        }
        // Row heights 2 : 1 : 1 of what the gaps leave.
        #expect(abs(frames[0].height - 340) <= 1 && abs(frames[2].height - 170) <= 1 && abs(frames[4].height - 170) <= 1)
        #expect(frames[0].width == frames[1].width && frames[0].minY == frames[1].minY)
    }

    @Test func aStackedSplitKeepsEachSeriesItsColorAndItsName() {
        let graph = Self.signals()
        let whole = graph.layout(size: Size(width: 900, height: 600), measurer: FixedTextMeasurer())
        let colors = whole.plots.map { $0.paths.first?.stroke?.color }
        #expect(Set(colors.compactMap { $0 }).count == 3, "\(colors)")
        let grid = GraphGrid.stacking(graph)
        #expect(grid.cells.count == 3 && grid.columns == 1 && grid.linksX && grid.title == "Three signals")
        #expect(graph.plots.isEmpty)
        let scene = grid.layout(size: Size(width: 900, height: 600), measurer: FixedTextMeasurer())
        #expect(scene.isGrid && scene.cells.count == 3)
        for (k, cell) in scene.cells.enumerated() {
            #expect(cell.scene.plots.count == 1 && cell.scene.legend == nil)
            #expect(cell.scene.plots[0].paths.first?.stroke?.color == colors[k], "cell \(k) changed its series' color")
            let titles = cell.scene.axes.compactMap(\.title?.text)
            #expect(titles.contains(grid.cells[k].plots[0].title), "cell \(k): \(titles)")
            // The x title once, under the bottom cell.
            #expect(titles.contains("time") == (k == 2), "cell \(k): \(titles)")
        }
    }

    @Test(arguments: [Size(width: 1600, height: 1000), Size(width: 800, height: 1200), Size(width: 500, height: 400)])
    func linkedCellsShowOneXAtOnePixelColumnAndNoTextOverlaps(size: Size) {
        let grid = GraphGrid.stacking(Self.signals())
        let scene = grid.layout(size: size, measurer: FixedTextMeasurer())
        let ranges = scene.cells.map { $0.scene.plotSpaces[0].transform.xRange }
        #expect(Set(ranges).count == 1, "x ranges differ: \(ranges)")
        // The union of the three extents: the first and third span all of x.
        #expect(ranges[0].lower <= 1.0e9 && ranges[0].upper >= 1.0e9 + 1_999 * 3_600)
        let edges = scene.cells.map { [$0.frame.minX + $0.scene.plotArea.minX, $0.frame.minX + $0.scene.plotArea.maxX] }
        #expect(Set(edges).count == 1, "plot areas' edges differ: \(edges)")
        for cell in scene.cells {
            #expect(cell.frame.minX >= 0 && cell.frame.maxX <= size.width && cell.frame.maxY <= size.height)
            for text in cell.scene.allTexts {
                let r = text.rect
                #expect(r.minX >= -0.5 && r.maxX <= cell.frame.width + 0.5, "'\(text.text)' leaves its cell at \(size)")
            }
        }
        let pairs = LabelOverlapTests.overlappingPairs(scene.allTexts)
        #expect(pairs.isEmpty, "at \(size): \(pairs.prefix(5))")
    }

    @Test func aRangeGivenToOneCellIsEveryLinkedCells() {
        let grid = GraphGrid.stacking(Self.signals())
        var zoomed = GraphView.fitted
        zoomed[space: "default"] = GraphView.Ranges(x: .ends(PlotRange(1.0e9 + 360_000, 1.0e9 + 720_000)))
        let views = grid.linkedViews([.fitted, zoomed])
        #expect(views.count == 3)
        for view in views { #expect(view[space: "default"].x == .ends(PlotRange(1.0e9 + 360_000, 1.0e9 + 720_000))) }
        let scene = grid.layout(size: Size(width: 800, height: 600), views: [.fitted, zoomed], measurer: FixedTextMeasurer())
        // Each cell's y fits what it shows of x.
        let y = scene.cells.map { $0.scene.plotSpaces[0].transform.yRange }
        #expect(y[1].lower > 1.0e6 - 1 && y[2].upper < -8.9)
        grid.linksX = false
        #expect(grid.linkedViews([.fitted, zoomed])[0] == .fitted)
    }

    /// A dashboard: two charts over time and a bar chart by category. The two over time share x
    /// by default, the bars keep to themselves; numeric x axes share only with the same title.
    @Test func chartsOverOneXShareItAndTheOthersKeepTheirOwn() {
        func line(_ title: String, scale: Scale, x: [Double]) -> Graph {
            let graph = Graph(title: title)
            let plot = ScatterPlot(identifier: title, x: x, y: x.map { $0 * 2 })
            plot.showsLine = true
            graph.add(plot)
            graph.defaultPlotSpace.xScale = scale
            graph.xAxis.title = scale == .date ? title : "step"
            return graph
        }
        let bars = Graph(title: "by region")
        bars.add(BarPlot(identifier: "sales", values: [3, 5, 2]))
        bars.defaultPlotSpace.xScale = .category
        let early = line("early", scale: .date, x: (0..<100).map { 1.0e9 + Double($0) * 86_400 })
        let late = line("late", scale: .date, x: (50..<300).map { 1.0e9 + Double($0) * 86_400 })
        #expect(GraphGrid.cellsSharingX([early, bars, late]) == [0, 2])
        #expect(GraphGrid.cellsSharingX([early, bars]).isEmpty)
        // A month beside sixty years keeps its own x: linked, it would be a stroke at one edge.
        let decades = line("decades", scale: .date, x: (0..<60).map { 1.0e9 + Double($0) * 365 * 86_400 })
        let month = line("month", scale: .date, x: (0..<30).map { 4.0e9 + Double($0) * 86_400 })
        #expect(GraphGrid.cellsSharingX([decades, month, early]) == [0, 2])
        let steps = [line("a", scale: .linear, x: [1, 2, 3]), line("b", scale: .linear, x: [2, 3, 4])]
        #expect(GraphGrid.cellsSharingX(steps) == [0, 1])
        steps[1].xAxis.title = "other"
        #expect(GraphGrid.cellsSharingX(steps).isEmpty)

        let grid = GraphGrid(cells: [early, bars, late], columns: 3)
        grid.linkedCells = [0, 2]
        let views = grid.linkedViews([])
        // The two over time show the union of their days; the bars their own categories.
        guard case .ends(let x)? = views[0][space: "default"].x else { Issue.record("no linked x: \(views[0])"); return }
        #expect(x.lower <= 1.0e9 && x.upper >= 1.0e9 + 299 * 86_400 && x.length < 330 * 86_400, "\(x)")
        #expect(views[2] == views[0] && views[1] == .fitted)
        #expect(grid.linksCell(0) && !grid.linksCell(1) && grid.linksCell(2))
    }

    /// After the first layout the cells are laid out on several threads at once: the scene is
    /// the one a layout on this thread alone makes, at every view.
    @Test func cellsLaidOutAtOnceAreTheCellsLaidOutAlone() throws {
        let size = Size(width: 900, height: 700)
        var zoomed = GraphView.fitted
        zoomed[space: "default"] = GraphView.Ranges(x: .ends(PlotRange(1.0e9 + 360_000, 1.0e9 + 3_600_000)))
        let together = GraphGrid.stacking(Self.signals()), alone = GraphGrid.stacking(Self.signals())
        alone.laysOutConcurrently = false
        for grid in [together, alone] { _ = grid.layout(size: size, measurer: FixedTextMeasurer()) }
        for views in [[GraphView](), [zoomed], [.fitted, .fitted, zoomed]] {
            let a = try LayoutDump(together.layout(size: size, views: views, measurer: FixedTextMeasurer())).encoded()
            let b = try LayoutDump(alone.layout(size: size, views: views, measurer: FixedTextMeasurer())).encoded()
            #expect(a == b, "\(views)")
        }
    }

    /// A series of one name is one color in every cell; different names differ; within a cell
    /// every series has its own.
    @Test func aSeriesNameIsOneColorAcrossTheCells() {
        func graph(_ names: [String]) -> Graph {
            let graph = Graph()
            for name in names { graph.add(ScatterPlot(identifier: name + "-id", title: name, x: [1, 2], y: [3, 4])) }
            return graph
        }
        let cells = [graph(["Asia", "Europe"]), graph(["Africa", "Asia"]), graph(["Europe", "Oceania", "Asia"])]
        GraphGrid.matchSeriesColors(cells)
        func slot(_ k: Int, _ name: String) -> Int? { cells[k].colorSlots[name + "-id"] }
        #expect(slot(0, "Asia") == 0 && slot(0, "Europe") == 1)
        #expect(slot(1, "Asia") == 0 && slot(1, "Africa") == 2)
        #expect(slot(2, "Asia") == 0 && slot(2, "Europe") == 1 && slot(2, "Oceania") == 3)
    }
}
