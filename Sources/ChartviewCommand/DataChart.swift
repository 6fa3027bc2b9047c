import ChartCore
import ChartData
import ChartSession
import Foundation

/// A chart source as the window sees it.
final class DataChart: ChartProvider {
    let source: ChartSource
    let theme: Theme?
    /// Where the chart's notes are kept, and the notes now.
    let sidecar: NotesSidecar?
    private var notes: [ChartNote]

    /// Which axes a split's cells share, given on the command line; nil for the spec's (x by default).
    let link: GridLink?

    init(_ source: ChartSource, theme: Theme?, sidecar: NotesSidecar? = nil, link: GridLink? = nil) throws(CommandError) {
        self.source = source
        self.link = link
        self.theme = theme
        self.sidecar = sidecar
        notes = try sidecar?.notes(for: source.spec.name) ?? []
    }

    var name: String { source.spec.name }

    var title: String { source.spec.title ?? source.spec.name }

    /// A split chart's series one per cell, stacked, sharing the axes its spec links
    /// (`GraphGrid.stacking(_:)`), as is a graph that prefers panels (`Graph.prefersPanels`)
    /// unless the spec says `"split": false`; any other chart's graph alone.
    func makeFigure(cancellation: CancellationFlag) throws(ChartFailure) -> ChartFigure {
        Self.figure(of: try makeGraph(cancellation: cancellation), spec: source.spec, link: link)
    }

    /// `graph` as shown: split into stacked cells when the spec asks or, unless it says
    /// `"split": false`, when the graph prefers panels (its plan found magnitudes one axis
    /// cannot share); else alone. `link` is the command line's, over the spec's.
    static func figure(of graph: Graph, spec: ChartSpec, link: GridLink?) -> ChartFigure {
        guard spec.split ?? graph.prefersPanels else { return .graph(graph) }
        let grid = GraphGrid.stacking(graph)
        grid.link = link ?? spec.link ?? grid.link
        return .grid(grid)
    }

    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph {
        do {
            let graph = try source.graph(cancellation: cancellation)
            if let theme { graph.theme = theme }
            graph.notes = notes
            return graph
        } catch .cancelled {
            throw ChartFailure(message: "Loading cancelled", wasCancelled: true)
        } catch {
            throw ChartFailure(message: error.description)
        }
    }

    func stepPeriod(by delta: Int) -> String? {
        source.step(by: delta) ? source.period : nil
    }

    func dataChanged() -> Bool { source.hasChanged() }

    /// Keeps the notes of every graph shown beside the input file: a split's cells' notes are
    /// the chart's (each carrying its series, `ChartNote.series`, so that the next split puts
    /// it on its series' chart).
    func keepNotes(_ notes: [[ChartNote]], changedIn cell: Int) throws(ChartFailure) -> String? {
        guard let sidecar else { return nil }
        let kept = notes.flatMap { $0 }
        do throws(CommandError) {
            try sidecar.keep(kept, for: source.spec.name)
        } catch {
            throw ChartFailure(message: error.message)
        }
        self.notes = kept
        return (sidecar.path as NSString).lastPathComponent
    }

    func cancelLoading() { source.cancel() }
}
