import ChartCore

/// The session's chart loads (`ChartLoad`): the one it wants, and those it gave up on whose
/// threads may still run. Starts a load, cancels or abandons it, and hands over its outcome
/// once its thread is done; what to show and what to say about it is the session's.
///
/// The session never waits for a load: an abandoned one (Escape, another chart, the host
/// closing) is kept here until its thread ends, so that a new load of the same chart waits for
/// it on its own thread (one loading thread per provider), and so that the session knows to
/// leave that provider alone meanwhile (`isUsing`). Pruned as loads end.
///
/// Used on the host's thread. The loading threads wake the host through `wake` (a window
/// writes a byte to its wake-up pipe; a test signals a semaphore).
final class ChartLoader {
    /// What loading threads call once done.
    private let wake: @Sendable () -> Void
    /// The load the session wants; nil when none runs.
    private(set) var current: ChartLoad?
    /// Loads the session gave up on whose threads may still run, oldest first.
    private var abandoned: [ChartLoad] = []

    /// Where loads run.
    private let runner: any LoadRunner

    init(wake: @escaping @Sendable () -> Void, runner: any LoadRunner = .threads) {
        self.wake = wake
        self.runner = runner
    }

    /// Whether a load the session wants runs.
    var isLoading: Bool { current != nil }

    /// Starts building `provider`'s figure for `purpose` on a loading thread, after the
    /// abandoned loads of providers sharing its data (`ChartProvider.components`) that still run; `started` is the session clock's
    /// now. Only when no load is wanted (`abandonCurrent()` first).
    @discardableResult
    func start(_ provider: any ChartProvider, purpose: ChartLoad.Purpose, at started: ContinuousClock.Instant = .now) -> ChartLoad {
        precondition(current == nil, "One wanted load at a time: abandon the current one first.")
        prune()
        let load = ChartLoad(
            provider: provider, purpose: purpose, started: started, wake: wake,
            after: abandoned.filter { $0.provider.sharesData(with: provider) }, runner: runner)
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
    /// wake the host, and its outcome is dropped. Returns it (nil when none runs).
    @discardableResult
    func abandonCurrent() -> ChartLoad? {
        guard let load = current else { return nil }
        load.abandon()
        abandoned.append(load)
        current = nil
        return load
    }

    /// Whether a loading thread, wanted or abandoned, is using `provider`'s data: the host's thread
    /// leaves it alone meanwhile.
    func isUsing(_ provider: any ChartProvider) -> Bool {
        current?.provider.sharesData(with: provider) == true || abandoned.contains { $0.provider.sharesData(with: provider) && !$0.isDone }
    }

    /// The wanted load and its outcome once its thread is done; nil while it runs or when none
    /// does. It stays the wanted load until `end(_:)`. Frees what abandoned loads that ended
    /// built (a graph finished after all).
    func finished() -> (load: ChartLoad, outcome: Result<ChartFigure, ChartFailure>)? {
        prune()
        guard let load = current, let outcome = load.take() else { return nil }
        return (load, outcome)
    }

    /// Forgets `load`, the wanted one, once the session took its outcome.
    func end(_ load: ChartLoad) {
        precondition(current === load, "Only the wanted load ends through the loader.")
        current = nil
    }

    /// Drops the abandoned loads whose threads ended.
    private func prune() {
        if !abandoned.isEmpty { abandoned.removeAll { $0.isDone } }
    }
}
