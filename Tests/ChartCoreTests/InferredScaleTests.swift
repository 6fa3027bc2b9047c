import Testing
import ChartCore

/// A plot space whose scale was never given lays out as a category axis where a plot names
/// categories, so that the README's bar chart needs no `xScale = .category`; a scale given
/// always wins.
@Suite("Inferred category scale")
struct InferredScaleTests {
    static let subjects = ["Maths", "English", "Physics"]

    func graph(_ configure: (Graph) -> Void = { _ in }) -> Graph {
        let graph = Graph()
        graph.add(BarPlot(identifier: "students", values: [12, 9, 7], categories: Self.subjects))
        configure(graph)
        return graph
    }

    func xLabels(_ scene: Scene) -> [String] {
        scene.axes.first { $0.axisID == "x" }?.labels.map(\.text) ?? []
    }

    @Test("Categories given: the x axis is a category axis named by them, as with xScale set by hand")
    func categoriesMakeACategoryAxis() throws {
        let inferred = layout(graph(), 640, 480)
        let byHand = layout(graph { $0.defaultPlotSpace.xScale = .category }, 640, 480)
        #expect(try #require(inferred.transform(ofSpace: "default")).xScale == .category)
        #expect(xLabels(inferred) == Self.subjects)
        #expect(inferred == byHand)
    }

    @Test("No categories: linear, as before")
    func noCategoriesStayLinear() throws {
        let graph = Graph()
        graph.add(BarPlot(identifier: "a", values: [1, 2, 3]))
        #expect(graph.scales(of: graph.defaultPlotSpace) == (x: .linear, y: .linear))
        #expect(try #require(layout(graph, 640, 480).transform(ofSpace: "default")).xScale == .linear)
    }

    @Test(
        "A scale set on the plot space wins over the categories, even .linear",
        arguments: [Scale.linear, .logarithmic, .date])
    func aSetScaleWins(scale: Scale) throws {
        let graph = graph { $0.defaultPlotSpace.xScale = scale }
        #expect(graph.defaultPlotSpace.isXScaleSet)
        #expect(graph.scales(of: graph.defaultPlotSpace).x == scale)
        #expect(try #require(layout(graph, 640, 480).transform(ofSpace: "default")).xScale == scale)
    }

    @Test("A scale given to init wins; a nil one is inferred")
    func initScales() {
        let given = XYPlotSpace(identifier: "given", xScale: .linear)
        #expect(given.isXScaleSet && !given.isYScaleSet)
        let open = XYPlotSpace(identifier: "open")
        #expect(!open.isXScaleSet && open.xScale == .linear)
        let bars = BarPlot(identifier: "b", values: [1, 2], categories: ["a", "b"])
        #expect(given.scales(for: [bars]).x == .linear)
        #expect(open.scales(for: [bars]).x == .category)
    }

    @Test("Horizontal bars with categories infer a category y axis, x stays linear")
    func horizontalBars() {
        let graph = Graph()
        let bars = BarPlot(identifier: "h", values: [3, 1], categories: ["left", "right"])
        bars.barsAreHorizontal = true
        graph.add(bars)
        #expect(graph.scales(of: graph.defaultPlotSpace) == (x: .linear, y: .category))
    }

    @Test("A data source of one's own naming categories infers it too; the popup names the category")
    func ownDataSource() throws {
        final class Source: PlotDataSource {
            func numberOfRecords(for plot: any Plot) -> Int { 2 }
            func number(for plot: any Plot, field: PlotField, record: Int) -> Double? {
                field == .value ? [4, 6][record] : Double(record)
            }
            func categoryName(for plot: any Plot, record: Int) -> String? { ["north", "south"][record] }
        }
        let graph = Graph()
        let line = ScatterPlot(identifier: "line", dataSource: Source())
        graph.add(line)
        let scene = layout(graph, 640, 480)
        #expect(try #require(scene.transform(ofSpace: "default")).xScale == .category)
        #expect(xLabels(scene) == ["north", "south"])
        #expect(graph.recordContext(for: line).locationScale == .category)
    }
}
