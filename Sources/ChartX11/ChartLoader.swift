import ChartCore

/// The window's chart loads (`ChartLoad`): the one it wants, and those it gave up on whose
/// threads may still run. Starts a load, cancels or abandons it, and hands over its outcome
/// once its thread is done; what to show and what to say about it is the window's.
///
/// The window never waits for a load: an abandoned one (Escape, another chart, the window
/// closing) is kept here until its thread ends, so that a new load of the same chart waits for
/// it on its own thread (one loading thread per provider), and so that the window knows to
/// leave that provider alone meanwhile (`isUsing`). Pruned as loads end.
///
/// Used on the window's thread. Needs no X server: the loading threads wake the window's loop
/// through a descriptor (the write end of its wake-up pipe).
final class ChartLoader {
    /// Where loading threads write a byte once done.
    private let wake: Int32
    /// The load the window wants; nil when none runs.
    private(set) var current: ChartLoad?
    /// Loads the window gave up on whose threads may still run, oldest first.
    private var abandoned: [ChartLoad] = []

    init(wake: Int32) {
        self.wake = wake
    }

    /// Whether a load the window wants runs.
    var isLoading: Bool { current != nil }

    /// Starts building `provider`'s graph for `purpose` on a loading thread, after the last
    /// abandoned load of the same provider, if it still runs. Only when no load is wanted
    /// (`abandonCurrent()` first).
    @discardableResult
    func start(_ provider: any ChartProvider, purpose: ChartLoad.Purpose) -> ChartLoad {
        precondition(current == nil, "One wanted load at a time: abandon the current one first.")
        prune()
        let load = ChartLoad(
            provider: provider, purpose: purpose, wake: wake,
            after: abandoned.last { $0.provider === provider })
        current = load
        load.start()
        return load
    }

    /// Asks the wanted load to stop as soon as it can (`ChartLoad.cancel`); it still ends
    /// through `finished()`, its outcome saying it was cancelled.
    func cancelCurrent() {
        current?.cancel()
    }

    /// Gives up on the wanted load without waiting for it (`ChartLoad.abandon`): it will not
    /// wake the window, and its outcome is dropped. Returns it (nil when none runs).
    @discardableResult
    func abandonCurrent() -> ChartLoad? {
        guard let load = current else { return nil }
        load.abandon()
        abandoned.append(load)
        current = nil
        return load
    }

    /// Whether a loading thread, wanted or abandoned, is using `provider`: the window's thread
    /// leaves it alone meanwhile.
    func isUsing(_ provider: any ChartProvider) -> Bool {
        current?.provider === provider || abandoned.contains { $0.provider === provider && !$0.isDone }
    }

    /// The wanted load and its outcome once its thread is done; nil while it runs or when none
    /// does. It stays the wanted load until `end(_:)`. Frees what abandoned loads that ended
    /// built (a graph finished after all).
    func finished() -> (load: ChartLoad, outcome: Result<Graph, ChartFailure>)? {
        prune()
        guard let load = current, let outcome = load.take() else { return nil }
        return (load, outcome)
    }

    /// Forgets `load`, the wanted one, once the window took its outcome.
    func end(_ load: ChartLoad) {
        precondition(current === load, "Only the wanted load ends through the loader.")
        current = nil
    }

    /// Drops the abandoned loads whose threads ended.
    private func prune() {
        if !abandoned.isEmpty { abandoned.removeAll { $0.isDone } }
    }
}
