import ChartCore
import ChartData
import ChartSession

/// What the window shows for a command line without an output: the pages it steps through
/// (one provider per chart, shared by the pages showing it), the one shown first, whether their
/// data is watched, and how much of a live chart's newest data the view follows. The window
/// (`Chartview`) and the tests' windowless viewer (a chart session on a manual clock) are both
/// made from it, so that they show the same charts.
struct WindowCharts {
    /// The pages, in the order Tab steps through them.
    let pages: [any ChartProvider]
    /// The page shown first.
    let index: Int
    /// Whether each page's data is polled for changes.
    let watches: Bool
    /// A live chart's followed window; nil for all of its data (or no live chart).
    let liveWindow: LiveWindow?

    /// The charts of a catalog's pages: a chart page's provider, or a grid of its charts'.
    init(_ catalog: ChartCatalog, options: Options) throws(CommandError) {
        var charts: [DataChart] = []
        for source in catalog.sources {
            charts.append(try DataChart(source, theme: options.theme, sidecar: catalog.sidecar(for: source), link: options.link))
        }
        pages = catalog.pages.map { page in
            switch page {
            case .chart(let source, _): charts.first { $0.source === source }!
            case .grid(let grid): GridChart(grid, charts: grid.sources.map { source in charts.first { $0.source === source }! })
            }
        }
        index = catalog.pages.firstIndex { $0.name == catalog.first.name } ?? 0
        watches = options.watches
        liveWindow = nil
    }

    /// A live input's one chart, never reloaded (its rows flow in).
    init(_ live: LiveInput, options: Options) {
        pages = [LiveChartProvider(live.chart, theme: options.theme)]
        index = 0
        watches = false
        liveWindow = options.window.map(\.liveWindow)
    }

    /// What the window would show for `arguments` (no output flags), with `standardInput` as
    /// standard input, and the options they give; throws as the command would.
    static func make(arguments: [String], standardInput: Int32) throws(CommandError) -> (WindowCharts, Options) {
        let options = try Options.parse(arguments)
        if let live = try LiveInput(options, readsToEnd: false, standardInput: standardInput) {
            return (WindowCharts(live, options: options), options)
        }
        return (try WindowCharts(ChartCatalog(options), options: options), options)
    }
}
