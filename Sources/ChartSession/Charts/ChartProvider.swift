import ChartCore

/// A chart a session can show: a name, a way to build its graph as the data is now, and the
/// data's periods and changes. The session (and the window hosting it) knows no file format;
/// `chartview` provides these.
public protocol ChartProvider: AnyObject {
    /// The chart's name: what the status line and saved files are called after (and the window's title while it loads).
    var name: String { get }
    /// The chart's title, for the graph that shows a failure in its place. Default: `name`.
    var title: String { get }
    /// The graph as the data is now, or why it cannot be built (a bad row, a dropped table, a
    /// cancelled query, input too large). The session shows a failure as the chart's message
    /// when the chart is first shown, and in the status line over the last good chart when a
    /// reload fails. Runs on a loading thread; once `cancellation` is raised (Escape, another
    /// chart, the host closing) it should give up soon with a failure that `wasCancelled`.
    func makeGraph(cancellation: CancellationFlag) throws(ChartFailure) -> Graph
    /// What the session shows: by default the graph `makeGraph(cancellation:)` builds; a chart
    /// shown as several graphs (a split, a layout of charts) builds its grid here, its
    /// `makeGraph` then giving its first graph alone. Runs on a loading thread, as `makeGraph` does.
    func makeFigure(cancellation: CancellationFlag) throws(ChartFailure) -> ChartFigure
    /// Moves to the previous (-1) or next (+1) period; returns the period now shown, or nil when
    /// the chart has no periods or is already at that end.
    func stepPeriod(by delta: Int) -> String?
    /// Whether the data changed since the last `makeFigure(cancellation:)`. Polled about twice a second.
    func dataChanged() -> Bool
    /// Stops a `makeFigure(cancellation:)` running on another thread as soon as it can, beyond
    /// raising its flag (a query blocked in a database is interrupted); it then throws a failure
    /// saying so. Called from the session's thread; must be safe to call from any thread.
    func cancelLoading()
    /// Keeps the notes (`ChartNote`) of the figure on screen for its next showing and its
    /// exports, after a change in the graph of `cell` (0 for a graph alone): `notes` holds each
    /// graph's, in the figure's order (a split's notes carry their series). Says where
    /// ("data.csv.chartview.json"); nil when they are not kept (the default). Throws when they
    /// cannot be written.
    func keepNotes(_ notes: [[ChartNote]], changedIn cell: Int) throws(ChartFailure) -> String?
    /// The providers whose data this one reads: itself (the default), or the charts a page of
    /// several is made of. Two providers with one in common are never loaded at once (a load
    /// waits for an abandoned one's thread to end), nor polled while one loads.
    var components: [any ChartProvider] { get }
}

extension ChartProvider {
    public var title: String { name }
    public func makeFigure(cancellation: CancellationFlag) throws(ChartFailure) -> ChartFigure {
        .graph(try makeGraph(cancellation: cancellation))
    }
    public func keepNotes(_ notes: [[ChartNote]], changedIn cell: Int) throws(ChartFailure) -> String? { nil }
    public func cancelLoading() {}
    public var components: [any ChartProvider] { [self] }

    /// Whether this provider and `other` read the data of a provider in common (`components`). O(components²).
    func sharesData(with other: any ChartProvider) -> Bool {
        let mine = components
        return other.components.contains { theirs in mine.contains { $0 === theirs } }
    }
}

/// Why a chart's graph could not be built: one line naming the file and the place
/// ("sales.csv:12: column 'total': not a number").
public struct ChartFailure: Error, Equatable, CustomStringConvertible {
    /// The one-line message shown in the chart's place and on stderr.
    public var message: String
    /// Whether the user cancelled the load (Esc) rather than the data being wrong.
    public var wasCancelled: Bool

    /// A failure saying `message`; `wasCancelled` when the user stopped the load.
    public init(message: String, wasCancelled: Bool = false) {
        self.message = message
        self.wasCancelled = wasCancelled
    }

    public var description: String { message }
}

/// A chart built by a closure, with no periods and data that never changes.
public final class FixedChart: ChartProvider {
    /// The chart's name, shown in the status line (and the window's title while it loads).
    public let name: String
    private let make: () -> Graph

    /// A chart called `name` whose graph `make` builds afresh each time the session asks (on a loading thread).
    public init(name: String, make: @escaping () -> Graph) {
        self.name = name
        self.make = make
    }

    public func makeGraph(cancellation: CancellationFlag) -> Graph { make() }
    public func stepPeriod(by delta: Int) -> String? { nil }
    public func dataChanged() -> Bool { false }
}
