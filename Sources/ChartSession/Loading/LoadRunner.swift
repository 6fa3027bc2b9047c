import Foundation

/// Where a chart session runs its loads (`ChartProvider.makeFigure`): on a thread of their own,
/// as a window does (`threads`), or wherever and whenever the host says, as a test does with a
/// runner that queues each load and runs it on the test's thread when the test turns its loop
/// (swift-nio's `EmbeddedEventLoop` is the model): the same session, its loads inline.
///
/// A load given to `run(_:)` calls the session's `wake` once done, as from a thread; the host
/// then calls `ChartSession.takeFinishedWork()`. Loads run in the order given.
public protocol LoadRunner: Sendable {
    /// Runs `load` now or later, on any thread, exactly once.
    func run(_ load: @escaping @Sendable () -> Void)
}

/// Each load on a thread of its own, started at once: a window's loads, which the session never
/// waits for.
public struct ThreadLoadRunner: LoadRunner {
    /// The runner.
    public init() {}

    /// Starts `load` on a new thread.
    public func run(_ load: @escaping @Sendable () -> Void) {
        Thread { load() }.start()
    }
}

extension LoadRunner where Self == ThreadLoadRunner {
    /// Each load on a thread of its own (`ThreadLoadRunner`).
    public static var threads: ThreadLoadRunner { ThreadLoadRunner() }
}
