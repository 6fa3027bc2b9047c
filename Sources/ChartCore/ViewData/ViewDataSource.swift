/// A data source too large to hold in memory: it answers what one view needs (`ViewDataRequest`)
/// asynchronously, from a database (SQLite, PostgreSQL) or any store that can read an x range.
///
/// Layout stays a pure function of what has arrived: a plot lays out the records that best stand
/// in for its view (`arrivedRecords`), and when they were not fetched for that very view its
/// scene names the request (`PlotScene.pendingData`). The host then asks the graph to fetch
/// (`Graph.fetchPendingData(of:arrived:)`) and lays out again once `arrived` is called.
/// One source may serve several plots (one per series of a query), told apart by `plotID`.
public protocol ViewDataSource: AnyObject, Sendable {
    /// The records for `request` if they have arrived; else the nearest stand-in (the records of
    /// another view, a preview). Fast (no query): layout calls it. Thread-safe.
    func arrivedRecords(for request: ViewDataRequest) -> ViewRecords

    /// The records that stand in for plot `plotID` when there is no view yet (a preview, or the
    /// last records delivered). Thread-safe.
    func currentRecords(for plotID: String) -> ViewRecords

    /// The extent of plot `plotID`'s data as far as it is known: x (data units) and the finite
    /// values; nil while nothing is known. Thread-safe.
    func extent(for plotID: String) -> (locations: PlotRange, values: PlotRange)?

    /// The range of plot `plotID`'s finite values among the records located in `x` (data units),
    /// and of those locations, as far as it is known: exact from records fetched for a view of
    /// that range, else from what stands in. nil when none is known. Fast; thread-safe.
    func valueRange(for plotID: String, inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)?

    /// The number of records of plot `plotID` as far as it is known (for marker sizes and notes).
    func estimatedCount(for plotID: String) -> Int

    /// Starts fetching `requests` (one view's, for one or more plots), cancelling fetches of
    /// older views still running; requests already being fetched are not fetched again.
    /// `arrived` is called from another thread exactly once, when the records arrived or the
    /// fetch was cancelled or failed (`failure` then says why). Requests whose last fetch
    /// failed are not fetched again (`arrived` is then not called): only other requests are.
    /// Thread-safe.
    func fetch(_ requests: [ViewDataRequest], arrived: @escaping @Sendable () -> Void)

    /// Registers what to call (from another thread) when the records that stand in improve
    /// without a fetch, such as a first pass over the data growing its preview. The last
    /// registered is called.
    func observeProgress(_ body: @escaping @Sendable () -> Void)

    /// Cancels what `fetch` started (Escape in the window). Thread-safe.
    func cancelFetches()

    /// Why the last fetch failed (the query's error); nil when it did not. Thread-safe.
    var failure: (any Error)? { get }

    /// Whether something is still being read (a first pass over the data, a view). Thread-safe.
    var isBusy: Bool { get }
}
