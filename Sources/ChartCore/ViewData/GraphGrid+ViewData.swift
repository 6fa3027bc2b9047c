import Foundation

extension GraphGrid {
    /// `layout(size:scale:views:measurer:cancellation:)`, then, while a cell's plots wait for
    /// records their view needs (a table read per view), fetches them and lays out again, at
    /// most `rounds` times: what a file of the grid shows. Throws a cell's data failure.
    public func layoutWaitingForData(
        size: Size, scale: Double = 1, views: [GraphView] = [], measurer: any TextMeasuring, rounds: Int = 4
    ) throws -> Scene {
        var scene = layout(size: size, scale: scale, views: views, measurer: measurer)
        var round = 0
        while round < rounds, scene.cells.contains(where: { !$0.scene.pendingData.isEmpty }) {
            let done = DispatchSemaphore(value: 0)
            var asked = 0
            for (cell, placed) in zip(cells, scene.cells) where !placed.scene.pendingData.isEmpty {
                if let failure = cell.dataFailure { throw failure }
                asked += cell.fetchPendingData(of: placed.scene) { done.signal() }
            }
            for _ in 0..<asked { done.wait() }
            if let failure = cells.lazy.compactMap(\.dataFailure).first { throw failure }
            scene = layout(size: size, scale: scale, views: views, measurer: measurer)
            round += 1
        }
        return scene
    }
}
