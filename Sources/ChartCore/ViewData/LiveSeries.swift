import Synchronization

/// Data that grows while it is charted: rows pushed from any thread (a reader of standard input,
/// a file being followed, a computation), one series per plot, every row kept. The
/// `ViewDataSource` of the plots that chart it (`ScatterPlot.viewDataSource`), answering each
/// view with what the plot's own thinning keeps from every row, so the picture is the picture of
/// every row however many there are.
///
/// Rows arrive in x order (a time series, row numbers): x never decreases. A row whose x goes
/// back, or is missing (NaN), cannot be placed in that order: it is set aside, kept with its
/// values (`setAsideRows`) but not drawn, and counted (`Status.setAsideCount`) so that a host
/// says so rather than drawing a misleading line back in time.
///
/// Storage: the rows in chunks of `LiveChunk.rows` allocated once (appending never copies what
/// is stored), and a summary per block of 256 rows (first and last x; per series the first,
/// lowest, highest and last value and whether one is missing) from which a zoomed-out view is
/// thinned in O(blocks). Memory: 8 bytes × (1 + series) per row, plus about
/// (16 + 56 × series) / 256 bytes per row for the blocks (`memoryBytes`).
///
/// Past a memory budget (`init(plotIDs:memoryBudget:makeRowStore:)`), the oldest chunks' rows
/// move to a `LiveRowStore` (chartview's is a temporary SQLite file) while their block
/// summaries stay: nothing is lost, a zoomed-out view still reads summaries, and a view of old
/// rows reads back only the blocks it needs.
///
/// Holding (`isHeld`, a paused picture): readers (layout) see only the rows up to the hold while
/// appends go on; releasing shows them all at once.
///
/// Thread-safe: appends are serialized by one lock and published under another, which readers
/// take only to see how many rows there are; they then read those rows without it (rows are
/// never rewritten once published). Hence `@unchecked Sendable`.
public final class LiveSeries: ViewDataSource, @unchecked Sendable {
    /// How the input feeding a live series stands, read at one moment (`status`).
    public struct Status: Sendable, Equatable {
        /// Rows kept in x order (drawn once not held back).
        public var rowCount: Int
        /// Rows readers see: `rowCount`, or the rows up to the hold while held.
        public var visibleRowCount: Int
        /// Rows set aside because their x went back or was missing (kept, not drawn).
        public var setAsideCount: Int
        /// The newest kept row's x, data units; nil before the first.
        public var lastX: Double?
        /// The newest visible row's x, data units; nil before the first.
        public var visibleLastX: Double?
        /// Whether the picture is held (`LiveSeries.isHeld`).
        public var isHeld: Bool
        /// Whether the input ended (`finish(message:)`), normally or not.
        public var isFinished: Bool
        /// Why the input failed (one line); nil while it goes on or when it ended normally.
        public var failure: String?
        /// Rows kept in the row store past the memory budget rather than in memory.
        public var storedRowCount: Int = 0
        /// Why rows could not be moved to the row store (they stay in memory) or read back from
        /// it (they read as missing), one line; nil while nothing failed.
        public var storeFailure: String?

        /// Rows that arrived since the hold and are not shown yet.
        public var heldBack: Int { rowCount - visibleRowCount }
        /// Every row appended, drawn or set aside.
        public var appendedCount: Int { rowCount + setAsideCount }
    }

    /// The plot identifiers, one per series, in the order of `LiveRows.values`.
    public let plotIDs: [String]

    /// Serializes appends (the writer's side: its chunks and the block being filled).
    private let writer: Mutex<Writer>
    /// What readers see.
    private let state: Mutex<State>
    /// Told when rows arrived or the input ended. In a struct, not a bare optional closure: a
    /// `Mutex` of a function type reabstracts it on each `withLock`, wrapping the stored closure
    /// in one more thunk per call (after 600,000 rows in batches, a chain whose calls grew
    /// slower and whose release overflowed the stack).
    private let progress = Mutex<ProgressObserver?>(nil)

    /// What `observeProgress` registered.
    private struct ProgressObserver: Sendable {
        let body: @Sendable () -> Void
    }

    /// The rows of chunks moved out of memory, nil without a memory budget.
    private let spill: LiveSpill?
    /// The bytes of chunk rows kept in memory before the oldest move to the row store.
    private let residentBudget: Int

    private struct Writer {
        var chunks: [LiveChunk] = []
        /// Per chunk, its rows while in memory.
        var rows: [LiveChunkRows?] = []
        /// Chunks whose rows are in the row store (the oldest ones).
        var storedChunks = 0
        /// Why moving rows to the store failed: they all stay in memory from then on.
        var storeFailure: String?
        var count = 0
        var lastX = -Double.infinity
        var stats: [SeriesStats]
        var finished = false
    }

    /// Per series, over the rows kept: the finite values' range and the x of the first and last
    /// row with one.
    private struct SeriesStats: Sendable {
        var low = Double.infinity, high = -Double.infinity
        var firstX = Double.nan, lastX = Double.nan
    }

    private struct State {
        var chunks: [LiveChunk] = []
        var rows: [LiveChunkRows?] = []
        var storedChunks = 0
        var storeFailure: String?
        var count = 0
        var stats: [SeriesStats]
        var setAside = LiveRows(x: [], values: [])
        /// While held: the rows visible and their statistics.
        var hold: (count: Int, stats: [SeriesStats])?
        var finished = false
        var failure: String?
        /// Answers computed, by request, with the visible row count they were computed at.
        var answers: [ViewDataRequest: (rows: Int, records: ViewRecords)] = [:]
        var answerOrder: [ViewDataRequest] = []
        var generation = 0

        var visibleCount: Int { hold?.count ?? count }
        var visibleStats: [SeriesStats] { hold?.stats ?? stats }
    }

    /// How many answers (views) are kept.
    static let keptAnswers = 16

    /// Rows per block of the summaries, and per block a `LiveRowStore` keeps.
    public static let rowsPerBlock = LiveBlock.rows

    /// An empty live series with one series per plot identifier in `plotIDs`, in order.
    ///
    /// With a `memoryBudget` (bytes) and `makeRowStore`, the rows past the budget move to the
    /// store that `makeRowStore` makes when first needed, oldest first, a chunk of 16,384 rows at
    /// a time; a quarter of the budget (at most 8 MB) caches blocks read back. The block
    /// summaries (about (16 + 56 × series) / 256 bytes a row), the newest chunk and the rows set
    /// aside always stay in memory. Without them every row stays in memory.
    public init(
        plotIDs: [String], memoryBudget: Int? = nil,
        makeRowStore: (@Sendable () throws(LiveRowStoreFailure) -> any LiveRowStore)? = nil
    ) {
        precondition(!plotIDs.isEmpty, "A live series needs at least one plot.")
        precondition((memoryBudget ?? 0) >= 0, "A live series' memory budget is a number of bytes.")
        self.plotIDs = plotIDs
        if let memoryBudget, let makeRowStore {
            let cacheBytes = min(8 << 20, memoryBudget / 4)
            spill = LiveSpill(seriesCount: plotIDs.count, cacheBytes: cacheBytes, makeStore: makeRowStore)
            residentBudget = memoryBudget - cacheBytes
        } else {
            spill = nil
            residentBudget = .max
        }
        let stats = Array(repeating: SeriesStats(), count: plotIDs.count)
        writer = Mutex(Writer(stats: stats))
        state = Mutex(State(stats: stats, setAside: LiveRows(x: [], values: Array(repeating: [], count: plotIDs.count))))
    }

    // MARK: Feeding

    /// Appends `rows` (one value per series per row) from any thread; appends from several
    /// threads are serialized, each batch's rows kept together in order. Every row is kept: in
    /// x order, or set aside when its x goes back or is missing. Then tells the observer
    /// (`observeProgress`). O(rows × series) amortized; no copy of what is stored.
    /// Appending after `finish(message:)` is a programmer error.
    public func append(_ rows: LiveRows) {
        precondition(rows.values.count == plotIDs.count, "LiveRows needs one value array per series (\(plotIDs.count)).")
        precondition(rows.values.allSatisfy { $0.count == rows.x.count }, "LiveRows needs one value per row in each series.")
        guard rows.count > 0 else { return }
        writer.withLock { writer in
            precondition(!writer.finished, "Rows appended to a LiveSeries after finish(message:).")
            var setAside: [Int] = []
            for i in 0..<rows.count {
                let x = rows.x[i]
                guard x >= writer.lastX else {
                    setAside.append(i)
                    continue
                }
                let r = writer.count % LiveChunk.rows
                if r == 0 {
                    storeOldRows(&writer)
                    let chunk = LiveChunk(seriesCount: plotIDs.count), chunkRows = LiveChunkRows(seriesCount: plotIDs.count)
                    writer.chunks.append(chunk)
                    writer.rows.append(chunkRows)
                    state.withLock { state in
                        state.chunks.append(chunk)
                        state.rows.append(chunkRows)
                    }
                }
                writer.chunks[writer.chunks.count - 1].write(row: r, x: x, into: writer.rows[writer.rows.count - 1]!) {
                    rows.values[$0][i]
                }
                for s in 0..<plotIDs.count {
                    let y = rows.values[s][i]
                    guard y.isFinite else { continue }
                    if y < writer.stats[s].low { writer.stats[s].low = y }
                    if y > writer.stats[s].high { writer.stats[s].high = y }
                    if writer.stats[s].firstX.isNaN { writer.stats[s].firstX = x }
                    writer.stats[s].lastX = x
                }
                writer.lastX = x
                writer.count += 1
            }
            let (count, stats) = (writer.count, writer.stats)
            state.withLock { state in
                state.count = count
                state.stats = stats
                for i in setAside {
                    state.setAside.x.append(rows.x[i])
                    for s in 0..<plotIDs.count { state.setAside.values[s].append(rows.values[s][i]) }
                }
            }
        }
        notify()
    }

    /// Moves the oldest chunks' rows to the row store while the chunks in memory take more than
    /// the budget (the newest, being filled, stays). On the appending thread, before a new chunk.
    private func storeOldRows(_ writer: inout Writer) {
        guard let spill, writer.storeFailure == nil else { return }
        let chunkBytes = LiveChunkRows.bytes(series: plotIDs.count)
        // With the chunk about to be made.
        while (writer.chunks.count + 1 - writer.storedChunks) * chunkBytes > residentBudget, writer.storedChunks < writer.chunks.count {
            let c = writer.storedChunks
            do throws(LiveRowStoreFailure) {
                try spill.keep(chunk: c, rows: writer.rows[c]!)
            } catch {
                writer.storeFailure = error.description
                state.withLock { $0.storeFailure = error.description }
                return
            }
            writer.rows[c] = nil
            writer.storedChunks += 1
            state.withLock { state in
                state.rows[c] = nil
                state.storedChunks = c + 1
            }
        }
    }

    /// Ends the input: normally (`message` nil) or failed (`message` says why, one line). The
    /// rows stay; appending afterwards is a programmer error. Tells the observer.
    public func finish(message: String?) {
        writer.withLock { $0.finished = true }
        state.withLock { state in
            state.finished = true
            state.failure = message
        }
        notify()
    }

    // MARK: Reading the input's state

    /// How the input stands, read at one moment. O(1).
    public var status: Status {
        state.withLock { state in
            let snapshot = snapshot(of: state, count: state.count)
            let visible = state.visibleCount
            return Status(
                rowCount: state.count, visibleRowCount: visible, setAsideCount: state.setAside.count,
                lastX: state.count > 0 ? snapshot.x(state.count - 1) : nil,
                visibleLastX: visible > 0 ? snapshot.x(visible - 1) : nil,
                isHeld: state.hold != nil, isFinished: state.finished, failure: state.failure,
                storedRowCount: state.storedChunks * LiveChunk.rows, storeFailure: state.storeFailure ?? spill?.failure)
        }
    }

    /// Rows kept in x order (drawn once not held back). O(1).
    public var rowCount: Int { state.withLock { $0.count } }

    /// Rows that arrived while held and are not shown yet (0 when not held). O(1).
    public var heldBack: Int { state.withLock { $0.count - $0.visibleCount } }

    /// The newest kept row's x, data units; nil before the first. O(1).
    public var lastX: Double? { status.lastX }

    /// Whether the input ended (`finish(message:)`).
    public var isFinished: Bool { state.withLock { $0.finished } }

    /// The rows set aside because their x went back or was missing, in arrival order. O(rows).
    public var setAsideRows: LiveRows { state.withLock { $0.setAside } }

    /// Whether readers see only the rows up to the hold (a paused picture) while appends go on.
    /// Releasing shows every row at once. Tells the observer when it changes.
    public var isHeld: Bool {
        get { state.withLock { $0.hold != nil } }
        set {
            let changed = state.withLock { state in
                guard newValue != (state.hold != nil) else { return false }
                state.hold = newValue ? (state.count, state.stats) : nil
                return true
            }
            if changed { notify() }
        }
    }

    /// The x range (data units) of the newest `window` of the visible rows, through the newest
    /// row's x: the last `count` rows, or the span ending at the newest x; every visible row
    /// when `window` is nil. Its ends are equal with one row; nil with none. O(1).
    public func xRange(of window: LiveWindow?) -> PlotRange? { snapshot().xRange(of: window) }

    /// The bytes the rows in memory and every block summary take (chunks allocated so far), not
    /// counting the rows set aside or the blocks read back from the row store: about
    /// 8 × (1 + series) per row in memory. O(1).
    public var memoryBytes: Int {
        let (chunks, stored) = state.withLock { ($0.chunks.count, $0.storedChunks) }
        let series = plotIDs.count
        return (chunks - stored) * LiveChunkRows.bytes(series: series) + chunks * LiveChunk.blocks * LiveBlock.bytes(series: series)
    }

    private func snapshot() -> LiveSnapshot {
        state.withLock { snapshot(of: $0, count: $0.visibleCount) }
    }

    /// The first `count` rows of `state` (under its lock).
    private func snapshot(of state: State, count: Int) -> LiveSnapshot {
        LiveSnapshot(
            chunks: state.chunks, rows: state.rows, count: count, seriesCount: plotIDs.count, spill: spill,
            spilledChunks: state.storedChunks)
    }

    private func notify() {
        if let observer = progress.withLock({ $0 }) { observer.body() }
    }

    // MARK: ViewDataSource

    /// The exact records for `request` from the visible rows, computed now (O(log n + blocks in
    /// view) for a line, O(rows reached) for points) or taken from the answers kept when no row
    /// became visible since. Always exact: a plot never waits for a fetch.
    public func arrivedRecords(for request: ViewDataRequest) -> ViewRecords {
        guard let s = plotIDs.firstIndex(of: request.plotID) else { return .none }
        let (snapshot, kept) = state.withLock { state in
            (
                self.snapshot(of: state, count: state.visibleCount),
                state.answers[request].flatMap { $0.rows == state.visibleCount ? $0.records : nil }
            )
        }
        if let kept { return kept }
        var records: ViewRecords
        switch request.thinning {
        case .lineColumns:
            let line = snapshot.line(series: s, for: request)
            records = ViewRecords(request: request, locations: line.locations, values: line.values, generation: 0)
            records.recordsInView = line.rows
        case .scatterPixels(let area, let reach, let snapHalf):
            let points = snapshot.points(series: s, for: request, area: area, reach: reach, snapHalf: snapHalf)
            records = ViewRecords(request: request, locations: points.locations, values: points.values, generation: 0)
            records.rangeInView = points.inView
        }
        return state.withLock { state in
            state.generation += 1
            records.generation = state.generation
            state.answers[request] = (snapshot.count, records)
            state.answerOrder.removeAll { $0 == request }
            state.answerOrder.append(request)
            if state.answerOrder.count > Self.keptAnswers { state.answers[state.answerOrder.removeFirst()] = nil }
            return records
        }
    }

    /// The records last answered for plot `plotID`; none before a view asked.
    public func currentRecords(for plotID: String) -> ViewRecords {
        state.withLock { state in
            state.answerOrder.last { $0.plotID == plotID }.flatMap { state.answers[$0]?.records } ?? .none
        }
    }

    /// The x range of the visible rows with a value of plot `plotID` (as a plot that loads
    /// every record fits it) and their values' range; nil while none has one. O(1).
    public func extent(for plotID: String) -> (locations: PlotRange, values: PlotRange)? {
        guard let s = plotIDs.firstIndex(of: plotID) else { return nil }
        let stats = state.withLock { $0.visibleStats[s] }
        guard stats.low <= stats.high else { return nil }
        return (PlotRange(stats.firstX, stats.lastX), PlotRange(stats.low, stats.high))
    }

    /// The range of plot `plotID`'s finite values among the visible rows located in `x`, and
    /// the x of the first and last row there. Exact; O(log n + blocks in `x`).
    public func valueRange(for plotID: String, inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        guard let s = plotIDs.firstIndex(of: plotID) else { return nil }
        return snapshot().valueRange(series: s, inX: x)
    }

    /// The number of visible rows.
    public func estimatedCount(for plotID: String) -> Int { state.withLock { $0.visibleCount } }

    /// Calls `arrived` at once: every answer is already exact (`arrivedRecords`).
    public func fetch(_ requests: [ViewDataRequest], arrived: @escaping @Sendable () -> Void) { arrived() }

    /// Registers what to call (on the appending thread, after each batch, after `finish` and
    /// when the hold changes) so that a host lays out again; the last registered is called.
    public func observeProgress(_ body: @escaping @Sendable () -> Void) {
        progress.withLock { $0 = ProgressObserver(body: body) }
    }

    /// Nothing to cancel: nothing is fetched.
    public func cancelFetches() {}

    /// Always nil: answers cannot fail (an input's failure is `Status.failure`).
    public var failure: (any Error)? { nil }

    /// Always false: nothing is read in the background (appends are the input's business).
    public var isBusy: Bool { false }
}
