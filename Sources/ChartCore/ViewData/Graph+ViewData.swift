import Foundation

extension Graph {
    /// The view data sources of the graph's plots, each once, in plot order.
    public var viewDataSources: [any ViewDataSource] {
        var seen: Set<ObjectIdentifier> = []
        return plots.compactMap { ($0 as? any ViewDataReading)?.viewDataSource }.filter { seen.insert(ObjectIdentifier($0)).inserted }
    }

    /// The live series the graph's plots read (`LiveSeries`), each once, in plot order: a host
    /// that finds one follows the chart as rows arrive.
    public var liveSeries: [LiveSeries] { viewDataSources.compactMap { $0 as? LiveSeries } }

    /// Asks the plots' view data sources for what `scene` (a layout of this graph) still lacks
    /// (`Scene.pendingData`), cancelling older views' fetches. `arrived` is called from another
    /// thread once per source asked, when its records arrived (lay out again then) or its fetch
    /// ended otherwise. Returns how many sources were asked: 0 when the scene lacks nothing.
    @discardableResult
    public func fetchPendingData(of scene: Scene, arrived: @escaping @Sendable () -> Void) -> Int {
        let pending = scene.pendingData
        guard !pending.isEmpty else { return 0 }
        var asked = 0
        for source in viewDataSources {
            let mine = pending.filter { request in
                plots.contains { $0.identifier == request.plotID && ($0 as? any ViewDataReading)?.viewDataSource === source }
            }
            guard !mine.isEmpty else { continue }
            source.fetch(mine, arrived: arrived)
            asked += 1
        }
        return asked
    }

    /// Registers `body` with every view data source of the graph (`observeProgress`): the
    /// window lays out again when it is called.
    public func observeDataProgress(_ body: @escaping @Sendable () -> Void) {
        for source in viewDataSources { source.observeProgress(body) }
    }

    /// Cancels every fetch of the plots' view data sources (Escape).
    public func cancelDataFetches() {
        for source in viewDataSources { source.cancelFetches() }
    }

    /// Whether a view data source of the graph is still reading.
    public var isReadingData: Bool { viewDataSources.contains { $0.isBusy } }

    /// The first failure of a view data source's last fetch, if any.
    public var dataFailure: (any Error)? { viewDataSources.lazy.compactMap(\.failure).first }

    /// Lays the graph out as `layout(size:scale:view:measurer:)` does, waiting for the data its
    /// view data sources fetch for it (at most `rounds` times: a y range that autoscales to
    /// arrived data can move the plot area once more): what a file written headlessly draws.
    /// Without view data sources it is one layout. Throws a data source's failure.
    public func layoutWaitingForData(
        size: Size, scale: Double = 1, view: GraphView = .fitted,
        measurer: any TextMeasuring, rounds: Int = 4
    ) throws -> Scene {
        var scene = layout(size: size, scale: scale, view: view, measurer: measurer)
        var round = 0
        while round < rounds, !scene.pendingData.isEmpty {
            if let failure = dataFailure { throw failure }
            let done = DispatchSemaphore(value: 0)
            let asked = fetchPendingData(of: scene) { done.signal() }
            for _ in 0..<asked { done.wait() }
            if let failure = dataFailure { throw failure }
            scene = layout(size: size, scale: scale, view: view, measurer: measurer)
            round += 1
        }
        return scene
    }
}
