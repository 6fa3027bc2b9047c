import ChartCore

/// A chart the window can show: a name, a way to build its graph as the data is now, and the
/// data's periods and changes. The window knows no file format; `chartview` provides these.
public protocol ChartProvider: AnyObject {
    var name: String { get }
    /// The graph as the data is now. A failure to load shows as the graph's message, not an error.
    func makeGraph() -> Graph
    /// Moves to the previous (-1) or next (+1) period; returns the period now shown, or nil when
    /// the chart has no periods or is already at that end.
    func stepPeriod(by delta: Int) -> String?
    /// Whether the data changed since the last `makeGraph()`. Polled about twice a second.
    func dataChanged() -> Bool
    /// Stops a `makeGraph()` running on another thread as soon as it can (it then returns a
    /// graph saying so). Called from the window's thread; must be safe to call from any thread.
    func cancelLoading()
}

extension ChartProvider {
    public func cancelLoading() {}
}

/// A chart built by a closure, with no periods and data that never changes.
public final class FixedChart: ChartProvider {
    public let name: String
    private let make: () -> Graph

    public init(name: String, make: @escaping () -> Graph) {
        self.name = name
        self.make = make
    }

    public func makeGraph() -> Graph { make() }
    public func stepPeriod(by delta: Int) -> String? { nil }
    public func dataChanged() -> Bool { false }
}
