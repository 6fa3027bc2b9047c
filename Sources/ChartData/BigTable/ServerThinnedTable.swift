import ChartCore
import Foundation
import Synchronization

/// A query's rows too many to load, charted as lines or points by a database that thins each
/// view itself (`ViewAggregating`): the `ViewDataSource` of every plot of one chart (one per y
/// column). Unlike `BigTable`, no pass over the rows runs in the client: one summary query at
/// the start (the x extent and each series' values), then one query per view and series, whose
/// answer (a few records per pixel column, a superset of what the plot's thinning keeps) is
/// thinned again here (`LineColumnThinner`, `ScatterPixelThinner`), so the records delivered are
/// exactly those the plot keeps from every row. While a view's query runs, the last view's
/// records stand in, laid out through the new view's mapping.
///
/// One connection for views, used by one thread at a time; a newer view stops the older one's query.
public final class ServerThinnedTable: ViewDataSource, @unchecked Sendable {
    /// The plot identifiers, one per y column, in column order.
    public let plotIDs: [String]
    /// What the summary query said of the rows.
    public let summary: AggregatedTable.Summary
    private var table: AggregatedTable
    private let engine: any ViewAggregating
    private let state = Mutex(State())
    private let viewQueue = DispatchQueue(label: "chartview.server-thinned-table.views")
    private let generations = Atomic<Int>(1)

    private struct State {
        /// Records fetched per request (the latest few), and their order of arrival.
        var exact = FetchedViews()
        var running: [ViewDataRequest] = []
        var fetchFailure: DataError?
        var failed: [ViewDataRequest] = []
        var viewToken = 0
        /// Raised when the view being fetched is no longer wanted (its queries stop).
        var viewCancellation = CancellationFlag()
        var callbacks: [Int: [@Sendable () -> Void]] = [:]
    }

    /// How long a view that comes while another's queries run waits for another before its
    /// queries start, in seconds, where stopped queries linger (`ViewAggregating`).
    static let settleSeconds = 0.06
    /// The rows (as the summary's density estimates them) past which a view's stopped queries
    /// may linger long enough to matter.
    static let lingeringRows = 1_000_000

    /// About how many rows lie in `x` (data units), from the summary's density. O(1).
    private func estimatedRows(_ x: PlotRange) -> Double {
        let width = summary.x.upper - summary.x.lower
        guard width > 0 else { return Double(summary.rows) }
        let overlap = min(x.upper, summary.x.upper) - max(x.lower, summary.x.lower)
        return max(0, overlap) / width * Double(summary.rows)
    }

    /// Runs the summary query of `table` on `engine` (the connection views will use), for plots
    /// `plotIDs` (one per y column of `table`).
    public init(table: AggregatedTable, plotIDs: [String], engine: any ViewAggregating) throws(DataError) {
        precondition(table.ys.count == plotIDs.count && !plotIDs.isEmpty, "A server-thinned table needs one plot per y column.")
        self.table = table
        self.plotIDs = plotIDs
        self.engine = engine
        summary = try engine.summary(of: table)
        self.table.summary = summary
    }

    // MARK: ViewDataSource

    /// The view's records once fetched; until then the last records fetched for the plot, as a
    /// stand-in (`request` nil). When this very view's fetch failed, the stand-in carries the
    /// request, so the view stops asking, and `failure` says why.
    public func arrivedRecords(for request: ViewDataRequest) -> ViewRecords {
        state.withLock { state in
            if let exact = state.exact[request] { return exact }
            var records = state.exact.latest(for: request.plotID) ?? .none
            records.request = state.fetchFailure != nil && state.failed.contains(request) ? request : nil
            return records
        }
    }

    public func currentRecords(for plotID: String) -> ViewRecords {
        state.withLock { $0.exact.latest(for: plotID) ?? .none }
    }

    public func extent(for plotID: String) -> (locations: PlotRange, values: PlotRange)? {
        guard let s = plotIDs.firstIndex(of: plotID), let values = summary.values[s] else { return nil }
        return (summary.x, values)
    }

    public func valueRange(for plotID: String, inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        state.withLock { $0.exact.latest(for: plotID, inX: x) }.flatMap { FetchedViews.valueRange(of: $0, inX: x) }
    }

    public func estimatedCount(for plotID: String) -> Int { summary.rows }

    public var failure: (any Error)? { state.withLock { $0.fetchFailure } }

    public var isBusy: Bool { state.withLock { !$0.running.isEmpty } }

    public func fetch(_ requests: [ViewDataRequest], arrived: @escaping @Sendable () -> Void) {
        enum Start { case none, joined, superseding(Int, [ViewDataRequest], settle: Bool) }
        let settles = engine.stoppedQueriesLinger
        let start: Start = state.withLock { state in
            let missing = requests.filter { state.exact[$0] == nil }
            guard !missing.isEmpty else { return .none }
            // What just failed is not tried again: only a newer view is.
            if state.fetchFailure != nil && Set(missing) == Set(state.failed) { return .joined }
            if Set(missing).isSubset(of: Set(state.running)) {
                state.callbacks[state.viewToken, default: []].append(arrived)
                return .joined
            }
            // (Only a costly view's queries linger long: one of few rows is done in milliseconds.)
            let wasCostly = state.running.contains { estimatedRows($0.reachedXRange) > Double(Self.lingeringRows) }
            state.viewToken += 1
            state.viewCancellation.cancel()
            state.viewCancellation = CancellationFlag()
            state.running = missing
            state.fetchFailure = nil
            state.callbacks[state.viewToken] = [arrived]
            // A view that comes while a costly view's queries run (wheel notches, a drag)
            // settles first where stopped queries linger in the servers: each view started and
            // stopped would still cost its whole grouping there.
            return .superseding(state.viewToken, missing, settle: settles && wasCostly)
        }
        switch start {
        case .none: arrived()
        case .joined: break
        case .superseding(let token, let missing, let settle):
            // A newer view stops the older one's query.
            engine.interrupt()
            if settle {
                viewQueue.asyncAfter(deadline: .now() + Self.settleSeconds) { [self] in answer(missing, token: token) }
            } else {
                viewQueue.async { [self] in answer(missing, token: token) }
            }
        }
    }

    /// Never called: nothing improves without a fetch.
    public func observeProgress(_ body: @escaping @Sendable () -> Void) {}

    public func cancelFetches() {
        state.withLock { state in
            state.viewToken += 1
            state.viewCancellation.cancel()
            state.viewCancellation = CancellationFlag()
            state.running = []
        }
        engine.interrupt()
    }

    private func isCurrent(_ token: Int) -> Bool { state.withLock { $0.viewToken == token } }

    /// Calls and forgets the callbacks of fetch `token`.
    private func complete(_ token: Int) {
        let callbacks = state.withLock { state in
            defer { state.callbacks[token] = nil }
            return state.callbacks[token] ?? []
        }
        for callback in callbacks { callback() }
    }

    /// Fetches the records of `requests` (on the view queue), unless a newer view came.
    private func answer(_ requests: [ViewDataRequest], token: Int) {
        defer { complete(token) }
        let cancellation = state.withLock { $0.viewCancellation }
        do {
            for request in requests {
                guard isCurrent(token) else { return }
                let records = try records(for: request, cancellation: cancellation)
                guard isCurrent(token) else { return }
                state.withLock { $0.exact.store(records, for: request) }
            }
            state.withLock { if $0.viewToken == token { $0.running = [] } }
        } catch .cancelled {
            return
        } catch {
            state.withLock { state in
                if state.viewToken == token {
                    state.fetchFailure = error
                    state.failed = state.running
                    state.running = []
                }
            }
        }
    }

    /// The exact records of `request`: what the server keeps, thinned again as the plot thins.
    private func records(for request: ViewDataRequest, cancellation: CancellationFlag) throws(DataError) -> ViewRecords {
        guard let s = plotIDs.firstIndex(of: request.plotID) else { return .none }
        let generation = generations.add(1, ordering: .relaxed).newValue
        switch request.thinning {
        case .lineColumns:
            var thinner = LineColumnThinner(x: request.x, yFloor: request.y.floor)
            let rows = try engine.lineRecords(of: table, series: s, for: request, cancellation: cancellation) { thinner.add(location: $0, value: $1) }
            thinner.finish()
            var records = ViewRecords(request: request, locations: thinner.locations, values: thinner.values, generation: generation)
            records.recordsInView = rows
            return records
        case .scatterPixels(let area, let reach, let snapHalf):
            var thinner = ScatterPixelThinner(area: area, reach: reach, snapHalf: snapHalf, x: request.x, y: request.y)
            let range = try engine.scatterRecords(of: table, series: s, for: request, cancellation: cancellation) { thinner.add(location: $0, value: $1) }
            var records = ViewRecords(request: request, locations: thinner.locations, values: thinner.values, generation: generation)
            records.rangeInView = range
            return records
        }
    }
}
