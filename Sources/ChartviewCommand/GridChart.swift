import ChartCore
import ChartData
import ChartSession

/// A grid page (`GridPage`) as the window sees it: its charts (`DataChart`) loaded one after
/// another into one figure, each cell keeping its chart's notes.
final class GridChart: ChartProvider {
    let page: GridPage
    /// The charts of the cells, in order.
    let charts: [DataChart]

    init(_ page: GridPage, charts: [DataChart]) {
        precondition(charts.count == page.sources.count, "A grid chart has a chart per cell.")
        self.page = page
        self.charts = charts
    }

    var name: String { page.name }

    var title: String { page.title ?? page.name }

    /// Every chart's graph, in its cell. The first failure is the page's: a grid with a hole
    /// would show less than asked without saying so.
    func makeFigure(cancellation: CancellationFlag) throws(ChartFailure) -> ChartFigure {
        var graphs: [Graph] = []
        for chart in charts {
            do throws(ChartFailure) {
                graphs.append(try chart.makeGraph(cancellation: cancellation))
            } catch {
                if error.wasCancelled { throw error }
                throw ChartFailure(message: "chart '\(chart.name)': \(error.message)")
            }
        }
        return .grid(page.grid(of: graphs))
    }

    /// The first chart's graph alone.
    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        try charts[0].makeGraph(cancellation: cancellation)
    }

    /// Every chart with periods steps; the first one's period is said.
    func stepPeriod(by delta: Int) -> String? {
        charts.compactMap { $0.stepPeriod(by: delta) }.first
    }

    func dataChanged() -> Bool {
        // Each chart is asked: each remembers its own data's state.
        charts.map { $0.dataChanged() }.contains(true)
    }

    /// The changed cell's chart keeps its notes.
    func keepNotes(_ notes: [[ChartNote]], changedIn cell: Int) throws(ChartFailure) -> String? {
        guard charts.indices.contains(cell), notes.indices.contains(cell) else { return nil }
        return try charts[cell].keepNotes([notes[cell]], changedIn: 0)
    }

    var components: [any ChartProvider] { charts }

    func cancelLoading() {
        for chart in charts { chart.cancelLoading() }
    }
}
