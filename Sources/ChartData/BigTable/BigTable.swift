import ChartCore
import Foundation
import Synchronization

/// A query's rows too many to load, charted as lines or points without holding them: the
/// `ViewDataSource` of every plot of one chart (one per y column).
///
/// How (the design the big-table issue chose): one streaming pass over the rows in x order
/// builds a `BlockPyramid` in memory (about 0.3 bytes a row); a view whose half pixel columns
/// hold whole blocks is answered from it, and only the blocks that straddle a column's edge are
/// read again from the database, by x range (an index on x makes that a seek). Deeply zoomed
/// views read their x range directly. Either way the records delivered are those the plot's own
/// thinning keeps from every row (`LineColumnThinner`, `ScatterPixelThinner`), so the picture is
/// the picture of every row. Until they arrive, the pyramid's summaries stand in.
///
/// Two connections: one for the pass, one for views, each used by one thread at a time.
public final class BigTable: ViewDataSource, @unchecked Sendable {
    /// The plot identifiers, one per y column, in column order.
    public let plotIDs: [String]
    private let passEngine: any NumberStreaming
    private let viewEngine: any NumberStreaming
    private let sql: String
    private let xColumn: String
    /// Whether x is a date or time column (which the engine reads as seconds since 1970).
    private let xIsDate: Bool
    private let yColumns: [String]
    /// The x extent of every row (data units).
    public let xExtent: PlotRange

    private let state = Mutex(State())
    private let viewQueue = DispatchQueue(label: "chartview.bigtable.views")
    private let generations = Atomic<Int>(1)

    private struct State {
        var pyramid: BlockPyramid?
        var passDone = false
        var passFailure: DataError?
        /// Records fetched per request (the latest few).
        var exact = FetchedViews()
        /// The last stand-in made from the pyramid: for which request, at which row count.
        var standIn: (request: ViewDataRequest, rows: Int, records: ViewRecords)?
        var running: [ViewDataRequest] = []
        var fetchFailure: DataError?
        /// The requests whose fetch failed last.
        var failed: [ViewDataRequest] = []
        var viewToken = 0
        /// The callbacks of each fetch still running, by its token.
        var callbacks: [Int: [@Sendable () -> Void]] = [:]
        /// A fetch waiting for the pass: its requests and token.
        var waiting: (requests: [ViewDataRequest], token: Int)?
        /// Told when what stands in improves (the pass grew the pyramid).
        var progress: (@Sendable () -> Void)?
    }

    /// Opens the table: reads the x extent and starts the pass on its own thread, returning once
    /// the first rows are summarized (a preview). `passEngine` and `viewEngine` are two
    /// connections to the same database; `sql` is the user's query, read as a subquery.
    /// The pyramid may take at most `memoryBudget` bytes (`--max-memory`): past it the pass
    /// stops with an error rather than the process running out of memory.
    public init(
        sql: String, xColumn: String, xIsDate: Bool, yColumns: [String], plotIDs: [String],
        passEngine: any NumberStreaming, viewEngine: any NumberStreaming,
        memoryBudget: Int = DatabaseOptions.defaultMemoryBudget
    ) throws(DataError) {
        precondition(yColumns.count == plotIDs.count && !yColumns.isEmpty, "A big table needs one plot per y column.")
        self.sql = sql
        self.xColumn = Self.quoted(xColumn)
        self.xIsDate = xIsDate
        self.yColumns = yColumns.map(Self.quoted)
        self.plotIDs = plotIDs
        self.passEngine = passEngine
        self.viewEngine = viewEngine
        // The x range of the rows with a value, as a plot that loads every row fits: the first
        // and last such row in x order (two seeks with an index on x).
        let x = viewEngine.numberExpression(self.xColumn, isDate: xIsDate)
        let valued = self.yColumns.map { "\($0) IS NOT NULL" }.joined(separator: " OR ")
        var ends: [Double] = []
        for order in ["", " DESC"] {
            try viewEngine.streamNumbers(
                "SELECT \(x) FROM (\(sql)) AS chartview_rows WHERE \(self.xColumn) IS NOT NULL AND (\(valued))"
                    + " ORDER BY \(self.xColumn)\(order) LIMIT 1000", parameters: [], columns: 1
            ) { row in
                // The first x an axis holds: past ±infinity (PostgreSQL's 'infinity', a float's).
                guard row[0].isFinite else { return true }
                ends.append(row[0])
                return false
            }
        }
        guard ends.count == 2, ends[0] <= ends[1] else {
            throw DataError.unusable(path: viewEngine.name, message: "the query returned no rows with an x value and a y value")
        }
        let extent = PlotRange(ends[0], ends[1])
        xExtent = extent
        sample = Self.sample(of: sql, x: self.xColumn, xIsDate: xIsDate, ys: self.yColumns, extent: extent, engine: viewEngine)
        let started = DispatchSemaphore(value: 0)
        // The pass holds the table weakly: a chart replaced (a reload, another chart) stops it.
        let pass = Pass(
            table: self, engine: passEngine, seriesCount: yColumns.count, memoryBudget: memoryBudget,
            query: "SELECT \(selectList) FROM (\(sql)) AS chartview_rows WHERE \(self.xColumn) IS NOT NULL",
            orderBy: passEngine.wholeOrder(of: "SELECT \(selectList) FROM (\(sql)) AS chartview_rows WHERE \(self.xColumn) IS NOT NULL", by: self.xColumn))
        let thread = Thread { pass.run(started: started) }
        thread.stackSize = 1 << 20
        thread.name = "chartview.bigtable.pass"
        thread.start()
        started.wait()
        if let failure = state.withLock({ $0.passFailure }) { throw failure }
    }

    /// Rows at evenly spaced x across the table, one seek each through an index on x: a preview
    /// of the whole x range before the pass has read it. At most `sampleCount` seeks within
    /// `sampleSeconds`; none when a seek is slow (no index: each would read every row).
    private let sample: (x: [Double], ys: [[Double]])
    static let sampleCount = 2_048
    static let sampleSeconds = 0.15

    private static func sample(
        of sql: String, x: String, xIsDate: Bool, ys: [String], extent: PlotRange,
        engine: any NumberStreaming
    ) -> (x: [Double], ys: [[Double]]) {
        var xs: [Double] = [], values = [[Double]](repeating: [], count: ys.count)
        let list = ([engine.numberExpression(x, isDate: xIsDate)] + ys.map { engine.numberExpression($0, isDate: false) }).joined(separator: ", ")
        let query = "SELECT \(list) FROM (\(sql)) AS chartview_rows WHERE \(x) >= \(engine.parameter(1, isDate: xIsDate)) ORDER BY \(x) LIMIT 1"
        let start = DispatchTime.now().uptimeNanoseconds
        // Coarse to fine (the positions in bit-reversed order), so that the seeks done when time
        // is up spread over the whole range.
        let bits = sampleCount.trailingZeroBitCount
        for n in 0..<sampleCount {
            var i = 0
            for b in 0..<bits where n & (1 << b) != 0 { i |= 1 << (bits - 1 - b) }
            let at = extent.lower + (extent.upper - extent.lower) * Double(i) / Double(sampleCount - 1)
            // A seek that takes longer than this is stopped (a scan, without an index).
            let watchdog = DispatchWorkItem { engine.interrupt() }
            DispatchQueue.global().asyncAfter(deadline: .now() + 0.05, execute: watchdog)
            let done =
                (try? engine.streamNumbers(query, parameters: [at], columns: 1 + ys.count) { row in
                    xs.append(row[0])
                    for s in ys.indices { values[s].append(row[s + 1]) }
                    return false
                }) != nil
            watchdog.cancel()
            if !done || Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 > sampleSeconds { break }
        }
        // Seeks can land on the same row: keep each once, in x order.
        var kept = [Int](), last = -Double.infinity
        for i in xs.indices.sorted(by: { xs[$0] < xs[$1] }) where xs[i] > last { kept.append(i); last = xs[i] }
        return (kept.map { xs[$0] }, values.map { v in kept.map { v[$0] } })
    }

    static func quoted(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

    private var selectList: String {
        ([passEngine.numberExpression(xColumn, isDate: xIsDate)] + yColumns.map { passEngine.numberExpression($0, isDate: false) }).joined(separator: ", ")
    }

    // MARK: The pass

    /// The pass over every row, on its own thread: reads them once in x order into the pyramid,
    /// publishing it as it grows (after 50 ms of rows, then four times a second). Rows come in
    /// the query's own order when x never decreases in it (a time series), else ordered by x
    /// as `NumberStreaming.wholeOrder` says (SQLite sorts unless an index covers the columns).
    /// Ends early once the table is gone.
    private final class Pass: @unchecked Sendable {
        weak var table: BigTable?
        let engine: any NumberStreaming
        let seriesCount: Int
        let memoryBudget: Int
        let query: String, orderBy: String

        init(table: BigTable, engine: any NumberStreaming, seriesCount: Int, memoryBudget: Int, query: String, orderBy: String) {
            self.table = table
            self.engine = engine
            self.seriesCount = seriesCount
            self.memoryBudget = memoryBudget
            self.query = query
            self.orderBy = orderBy
        }

        func run(started: DispatchSemaphore) {
            var signalled = false
            func signal() { if !signalled { signalled = true; started.signal() } }
            defer { signal() }
            var ordered = false
            while true {
                var builder = BlockPyramidBuilder(seriesCount: seriesCount)
                var previous = -Double.infinity
                var finite = [Double](repeating: .nan, count: seriesCount)
                var unsorted = false, abandoned = false, tooLarge = false
                var lastPublish = DispatchTime.now().uptimeNanoseconds
                do {
                    try engine.streamNumbers(query + (ordered ? orderBy : ""), parameters: [], columns: 1 + seriesCount) { row in
                        let x = row[0]
                        // An x no axis holds (PostgreSQL's 'infinity', NaN) is no row to chart.
                        guard x.isFinite else { return true }
                        guard x >= previous else { unsorted = true; return false }
                        previous = x
                        // A value no axis holds (±infinity from a server) is a missing one.
                        for s in 0..<seriesCount { finite[s] = row[s + 1].isFinite ? row[s + 1] : .nan }
                        finite.withUnsafeBufferPointer { builder.add(x: x, values: $0) }
                        if builder.pyramid.rowCount & 0xffff == 0 {
                            if builder.pyramid.blockCount * BlockPyramid.bytesPerBlock(series: seriesCount) > memoryBudget {
                                tooLarge = true
                                return false
                            }
                            let now = DispatchTime.now().uptimeNanoseconds
                            if now - lastPublish > (signalled ? 250_000_000 : 50_000_000) {
                                guard let table else { abandoned = true; return false }
                                table.publish(builder.snapshot, done: false)
                                lastPublish = now
                                signal()
                            }
                        }
                        return true
                    }
                } catch {
                    table?.failPass(error)
                    return
                }
                if abandoned { return }
                if tooLarge {
                    table?.failPass(.resultTooLarge(path: engine.name, budget: memoryBudget))
                    return
                }
                if unsorted && !ordered {
                    ordered = true
                    continue
                }
                table?.publish(builder.snapshot, done: true)
                return
            }
        }
    }

    private func failPass(_ error: DataError) {
        state.withLock {
            $0.passFailure = error; $0.passDone = true
        }
        finishWaiting()
    }

    private func publish(_ pyramid: BlockPyramid, done: Bool) {
        state.withLock {
            $0.pyramid = pyramid
            $0.passDone = done
        }
        if done { finishWaiting() } else { wakeWaitingForPreview() }
    }

    /// The fetch that waited for the pass runs now (or ends with its failure).
    private func finishWaiting() {
        let waiting = state.withLock { state in
            defer { state.waiting = nil }
            return state.waiting
        }
        if let waiting {
            viewQueue.async { [self] in answer(waiting.requests, token: waiting.token) }
        }
        state.withLock { $0.progress }?()
    }

    /// While the pass runs, the chart is laid out again as the preview grows.
    private func wakeWaitingForPreview() {
        state.withLock { $0.progress }?()
    }

    /// Calls and forgets the callbacks of fetch `token`.
    private func complete(_ token: Int) {
        let callbacks = state.withLock { state in
            defer { state.callbacks[token] = nil }
            return state.callbacks[token] ?? []
        }
        for callback in callbacks { callback() }
    }

    // MARK: ViewDataSource

    /// The view's exact records once fetched; until then what the pyramid says of it (a
    /// stand-in, whose `request` is nil: the plot asks for the view). When the fetch of this
    /// very view failed (the table dropped, the database replaced, a timeout), the stand-in is
    /// final: it carries the request, so the view stops refining and keeps its picture, and
    /// `failure` says why; a newer view tries again.
    public func arrivedRecords(for request: ViewDataRequest) -> ViewRecords {
        let (exact, pyramid, standIn, passDone, failed) = state.withLock { state in
            (
                state.exact[request], state.pyramid, state.standIn, state.passDone,
                state.fetchFailure != nil && state.failed.contains(request)
            )
        }
        if let exact { return exact }
        var records: ViewRecords
        if let pyramid, let s = plotIDs.firstIndex(of: request.plotID) {
            if let standIn, standIn.request == request, standIn.rows == pyramid.rowCount {
                records = standIn.records
            } else {
                records = summaries(of: pyramid, passDone: passDone, series: s, for: request)
                records.request = nil
                state.withLock { [records] in $0.standIn = (request, pyramid.rowCount, records) }
            }
        } else {
            records = .none
        }
        if failed { records.request = request }
        return records
    }

    public func currentRecords(for plotID: String) -> ViewRecords {
        state.withLock { state in
            state.exact.latest(for: plotID) ?? .none
        }
    }

    public func extent(for plotID: String) -> (locations: PlotRange, values: PlotRange)? {
        guard let s = plotIDs.firstIndex(of: plotID),
            let (series, done) = state.withLock({ state in state.pyramid.map { ($0.series[s], state.passDone) } })
        else { return nil }
        if done { return series.valueRange.map { (xExtent, $0) } }
        // While the pass runs, the preview's values too.
        let previewed = sample.ys[s].filter(\.isFinite)
        guard let values = series.valueRange ?? previewed.first.map({ PlotRange($0, $0) }) else { return nil }
        return (xExtent, previewed.reduce(values) { $0.including($1) })
    }

    public func valueRange(for plotID: String, inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        guard let s = plotIDs.firstIndex(of: plotID) else { return nil }
        let (exact, pyramid) = state.withLock { state in (state.exact.latest(for: plotID, inX: x), state.pyramid) }
        if let exact { return FetchedViews.valueRange(of: exact, inX: x) }
        guard let pyramid, let values = pyramid.valueRange(ofSeries: s, inX: x) else { return nil }
        return (values, x)
    }

    public func estimatedCount(for plotID: String) -> Int { state.withLock { $0.pyramid?.rowCount ?? 0 } }

    public var failure: (any Error)? { state.withLock { $0.fetchFailure ?? $0.passFailure } }

    public var isBusy: Bool { state.withLock { !$0.passDone || !$0.running.isEmpty } }

    public func fetch(_ requests: [ViewDataRequest], arrived: @escaping @Sendable () -> Void) {
        enum Start { case none, joined, superseding(Int, waiting: Int?) }
        let start: Start = state.withLock { state in
            let missing = requests.filter { state.exact[$0] == nil }
            guard !missing.isEmpty else { return .none }
            // What just failed is not tried again (a window would ask at every layout): only a
            // newer view is.
            if state.fetchFailure != nil && Set(missing) == Set(state.failed) { return .joined }
            // Already on its way: told when it arrives.
            if Set(missing).isSubset(of: Set(state.running)) {
                state.callbacks[state.viewToken, default: []].append(arrived)
                return .joined
            }
            let superseded = state.waiting?.token
            state.viewToken += 1
            state.running = missing
            state.fetchFailure = nil
            state.callbacks[state.viewToken] = [arrived]
            // While the pass runs, a view of few rows is read directly; others wait for it.
            // (After a failed pass, every view is read directly.)
            let direct =
                state.passFailure != nil
                || state.pyramid.map { pyramid in missing.allSatisfy { estimatedRows(in: $0.reachedXRange, pyramid) <= Double(Self.directRows) } } ?? false
            state.waiting = state.passDone || direct ? nil : (missing, state.viewToken)
            return .superseding(state.viewToken, waiting: superseded)
        }
        switch start {
        case .none:
            arrived()
        case .joined:
            break
        case .superseding(let token, let superseded):
            if let superseded { complete(superseded) }
            // A newer view stops the older one's query.
            viewEngine.interrupt()
            if state.withLock({ $0.waiting == nil }) {
                viewQueue.async { [self] in answer(requests, token: token) }
            }
        }
    }

    public func observeProgress(_ body: @escaping @Sendable () -> Void) {
        state.withLock { $0.progress = body }
    }

    public func cancelFetches() {
        let waiting = state.withLock { state in
            defer {
                state.waiting = nil
                state.viewToken += 1
                state.running = []
            }
            return state.waiting?.token
        }
        viewEngine.interrupt()
        if let waiting { complete(waiting) }
    }

    /// The most rows a view reads directly by its x range while the pass still runs.
    static let directRows = 4_000_000

    /// About how many rows lie in `x` (data units), from the density of the rows the pass has
    /// read so far. O(1).
    private func estimatedRows(in x: PlotRange, _ pyramid: BlockPyramid) -> Double {
        guard let covered = pyramid.lastX.last, covered > xExtent.lower else { return .infinity }
        let overlap = min(x.upper, xExtent.upper) - max(x.lower, xExtent.lower)
        return max(0, overlap) * Double(pyramid.rowCount) / (covered - xExtent.lower)
    }

    private func isCurrent(_ token: Int) -> Bool { state.withLock { $0.viewToken == token } }

    // MARK: Answering views

    /// Fetches the records of `requests` (on the view queue), unless a newer view came.
    private func answer(_ requests: [ViewDataRequest], token: Int) {
        defer { complete(token) }
        guard isCurrent(token),
            let (pyramid, passDone) = state.withLock({ state in
                state.pyramid.map { ($0, state.passDone && state.passFailure == nil) }
            })
        else { return }
        // Requests that share their x mapping and thinning are answered by one walk.
        var groups: [[ViewDataRequest]] = []
        for request in requests where state.withLock({ $0.exact[request] == nil }) {
            if let g = groups.firstIndex(where: { Self.sharesWalk($0[0], request) }) {
                groups[g].append(request)
            } else {
                groups.append([request])
            }
        }
        do {
            for group in groups {
                guard isCurrent(token) else { return }
                let answers = try records(for: group, pyramid: passDone ? pyramid : nil, token: token)
                guard isCurrent(token) else { return }
                state.withLock { state in
                    for records in answers {
                        guard let request = records.request else { continue }
                        state.exact.store(records, for: request)
                    }
                }
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

    private static func sharesWalk(_ a: ViewDataRequest, _ b: ViewDataRequest) -> Bool {
        a.xRange == b.xRange && a.x == b.x && a.y == b.y && a.thinning == b.thinning
    }

    private func nextGeneration() -> Int { generations.add(1, ordering: .relaxed).newValue }

    /// The exact records of `group` (requests sharing one walk), one per request: through the
    /// pyramid once the pass is done, else (nil) by reading the view's rows directly.
    private func records(for group: [ViewDataRequest], pyramid: BlockPyramid?, token: Int) throws(DataError) -> [ViewRecords] {
        let series = group.map { plotIDs.firstIndex(of: $0.plotID)! }
        let request = group[0]
        switch request.thinning {
        case .lineColumns:
            var thinners = group.map { LineColumnThinner(x: $0.x, yFloor: $0.y.floor) }
            let rows: Int
            if let pyramid {
                rows = try walk(pyramid, for: request, series: series, thinners: &thinners, token: token)
            } else {
                rows = try readDirectly(request, series: series, thinners: &thinners, token: token)
            }
            return group.indices.map { i in
                thinners[i].finish()
                var records = ViewRecords(
                    request: group[i], locations: thinners[i].locations, values: thinners[i].values,
                    generation: nextGeneration())
                records.recordsInView = rows
                return records
            }
        case .scatterPixels(let area, let reach, let snapHalf):
            var thinners = group.map { ScatterPixelThinner(area: area, reach: reach, snapHalf: snapHalf, x: $0.x, y: $0.y) }
            var lows = [Double](repeating: .infinity, count: group.count), highs = [Double](repeating: -.infinity, count: group.count)
            var firsts = [Double](repeating: .nan, count: group.count), lasts = firsts
            let range = request.reachedXRange, view = request.xRange
            try readRows(from: range.lower, through: range.upper, skipping: 0, limit: nil, token: token) { x, ys in
                let inView = view.contains(x)
                for (i, s) in series.enumerated() {
                    let y = ys[s]
                    thinners[i].add(location: x, value: y)
                    if inView && y.isFinite {
                        if y < lows[i] { lows[i] = y }
                        if y > highs[i] { highs[i] = y }
                        if firsts[i].isNaN { firsts[i] = x }
                        lasts[i] = x
                    }
                }
                return true
            }
            return group.indices.map { i in
                var records = ViewRecords(
                    request: group[i], locations: thinners[i].locations, values: thinners[i].values,
                    generation: nextGeneration())
                if lows[i] <= highs[i] { records.rangeInView = (PlotRange(lows[i], highs[i]), PlotRange(firsts[i], lasts[i])) }
                return records
            }
        }
    }

    /// A line's records for `request` through the pyramid: the records located in the view and
    /// the one beyond each edge, as `ThinnedRecords.line` takes them from every record
    /// (`visibleRecords`); whole blocks inside the view and inside one half column by their
    /// summaries, the others read again as rows.
    /// Returns the rows it went through (those in view and the neighbours).
    private func walk(
        _ pyramid: BlockPyramid, for request: ViewDataRequest, series: [Int],
        thinners: inout [LineColumnThinner], token: Int
    ) throws(DataError) -> Int {
        guard pyramid.blockCount > 0 else { return 0 }
        var fed = 0
        let lo = request.xRange.lower, hi = request.xRange.upper
        let start = pyramid.firstBlock(notBelow: lo), end = pyramid.firstBlock(above: hi)
        let probe = thinners[0]
        let xFloor = request.x.floor, yFloor = request.y.floor
        func feed(_ x: Double, _ ys: (Int) -> Double) {
            fed += 1
            for (i, s) in series.enumerated() { thinners[i].add(location: x, value: ys(s)) }
        }
        // The record before the view, when it ends a block that lies wholly before it (every
        // block does when the view lies past the last row).
        if start > 0, start == pyramid.blockCount || pyramid.firstX[start] >= lo {
            feed(pyramid.lastX[start - 1]) { pyramid.series[$0].lastY[start - 1] }
        }
        func summarizable(_ b: Int) -> Bool {
            guard pyramid.firstX[b] >= lo, pyramid.lastX[b] <= hi, pyramid.firstX[b] > xFloor,
                probe.halfColumn(of: pyramid.firstX[b]) == probe.halfColumn(of: pyramid.lastX[b])
            else { return false }
            for s in series where pyramid.series[s].hasGap[b] || !(pyramid.series[s].lowY[b] > yFloor) { return false }
            return true
        }
        var passedEnd = false
        var b = start
        while b < end && !passedEnd {
            if summarizable(b) {
                fed += pyramid.rows(inBlock: b)
                for (i, s) in series.enumerated() { pyramid.feed(block: b, series: s, to: &thinners[i]) }
                b += 1
                continue
            }
            // A run of blocks to read as rows: those next to each other that must be (a block
            // summarized between two is not read: a range read kept prepared costs a seek).
            var runEnd = b + 1
            while runEnd < end && !summarizable(runEnd) { runEnd += 1 }
            let rows = (b..<runEnd).reduce(0) { $0 + pyramid.rows(inBlock: $1) }
            passedEnd = try feedRows(
                from: pyramid.firstX[b], through: pyramid.lastX[runEnd - 1], skipping: Int(pyramid.carriedTies[b]),
                limit: rows, view: request.xRange, token: token, feed: feed)
            b = runEnd
        }
        // The record after the view, when it starts a block that lies wholly after it.
        if !passedEnd, end < pyramid.blockCount {
            feed(pyramid.firstX[end]) { pyramid.series[$0].firstY[end] }
        }
        return fed
    }

    /// Feeds the rows from `lower` through `upper` (as `readRows` reads them) that a line through
    /// the records in `view` needs: those in it, the last one before it and the first one after
    /// it (there it stops, returning true).
    private func feedRows(
        from lower: Double, through upper: Double, skipping: Int, limit: Int?, view: PlotRange, token: Int,
        feed: (Double, (Int) -> Double) -> Void
    ) throws(DataError) -> Bool {
        var before: (x: Double, ys: [Double])?
        var passedEnd = false
        try readRows(from: lower, through: upper, skipping: skipping, limit: limit, token: token) { x, ys in
            if x < view.lower {
                before = (x, Array(ys))
                return true
            }
            if let held = before {
                feed(held.x) { held.ys[$0] }
                before = nil
            }
            feed(x) { ys[$0] }
            if x > view.upper { passedEnd = true }
            return !passedEnd
        }
        if let held = before { feed(held.x) { held.ys[$0] } }
        return passedEnd
    }

    /// A line's records for `request` read directly by its x range (without the pyramid, while
    /// the pass runs): from the x of the last row before the view through that of the first row
    /// after it (two seeks with an index on x). Returns the rows fed.
    private func readDirectly(
        _ request: ViewDataRequest, series: [Int], thinners: inout [LineColumnThinner],
        token: Int
    ) throws(DataError) -> Int {
        let x = viewEngine.numberExpression(xColumn, isDate: xIsDate)
        func neighbour(_ aggregate: String, _ comparison: String, _ bound: Double) throws(DataError) -> Double? {
            var found: Double?
            try viewEngine.streamNumbers(
                "SELECT \(aggregate)(\(x)) FROM (\(sql)) AS chartview_rows WHERE \(xColumn) \(comparison) "
                    + viewEngine.parameter(1, isDate: xIsDate), parameters: [bound], columns: 1
            ) { row in
                if row[0].isFinite { found = row[0] }
                return false
            }
            return found
        }
        let lower = try neighbour("max", "<", request.xRange.lower) ?? request.xRange.lower
        let upper = try neighbour("min", ">", request.xRange.upper) ?? request.xRange.upper
        var fed = 0
        _ = try feedRows(from: lower, through: upper, skipping: 0, limit: nil, view: request.xRange, token: token) { location, ys in
            fed += 1
            for (i, s) in series.enumerated() { thinners[i].add(location: location, value: ys(s)) }
        }
        return fed
    }

    /// Reads the rows with x from `lower` through `upper` in x order, skipping the first
    /// `skipping` and stopping after `limit`, on the view connection. Throws `.cancelled` once
    /// a newer view came.
    private func readRows(
        from lower: Double, through upper: Double, skipping: Int, limit: Int?, token: Int,
        _ body: (Double, UnsafeBufferPointer<Double>) -> Bool
    ) throws(DataError) {
        let query =
            "SELECT \(selectList) FROM (\(sql)) AS chartview_rows WHERE \(xColumn) >= \(viewEngine.parameter(1, isDate: xIsDate))"
            + " AND \(xColumn) <= \(viewEngine.parameter(2, isDate: xIsDate)) ORDER BY \(xColumn)"
        var seen = 0, taken = 0
        var stale = false
        var finite = [Double](repeating: .nan, count: yColumns.count)
        try viewEngine.streamNumbers(query, parameters: [lower, upper], columns: 1 + yColumns.count) { row in
            seen += 1
            if seen & 0x3fff == 0 && !isCurrent(token) { stale = true; return false }
            guard seen > skipping else { return true }
            taken += 1
            // Values no axis holds (±infinity from a server) as missing ones; no row without an x.
            guard row[0].isFinite else { return limit.map { taken < $0 } ?? true }
            for s in finite.indices { finite[s] = row[s + 1].isFinite ? row[s + 1] : .nan }
            return finite.withUnsafeBufferPointer { body(row[0], $0) } && limit.map { taken < $0 } ?? true
        }
        if stale { throw .cancelled(path: viewEngine.name) }
    }

    /// What the pyramid alone says of `request`: every block by its summary, straddling or not.
    /// Close to the view (within a block's rows of each column edge), made in O(blocks in view)
    /// without a query: what stands in until the exact records arrive.
    private func summaries(of pyramid: BlockPyramid, passDone: Bool, series s: Int, for request: ViewDataRequest) -> ViewRecords {
        let range = request.reachedXRange
        let start = max(0, pyramid.firstBlock(notBelow: range.lower) - 1)
        let end = min(pyramid.blockCount, pyramid.firstBlock(above: range.upper) + 1)
        var thinner = LineColumnThinner(x: request.x, yFloor: request.y.floor)
        let p = pyramid.series[s]
        for b in start..<max(start, end) {
            if p.hasGap[b] && !(p.lowY[b] <= p.highY[b]) {
                thinner.add(location: pyramid.firstX[b], value: .nan)
                continue
            }
            pyramid.feed(block: b, series: s, to: &thinner, standingIn: true)
        }
        // Past what the pass has read, the preview's rows.
        if !passDone {
            let covered = pyramid.lastX.last ?? -.infinity
            for (i, x) in sample.x.enumerated() where x > covered && x <= range.upper { thinner.add(location: x, value: sample.ys[s][i]) }
            if let next = sample.x.firstIndex(where: { $0 > range.upper && $0 > covered }) {
                thinner.add(location: sample.x[next], value: sample.ys[s][next])
            }
        }
        thinner.finish()
        var records = ViewRecords(request: nil, locations: thinner.locations, values: thinner.values, generation: nextGeneration())
        // As many rows as the view holds, about: a stand-in of a dense line is no sparse one.
        let estimate = estimatedRows(in: request.xRange, pyramid)
        records.recordsInView = estimate.isFinite ? Int(min(estimate, 1e15)) : nil
        return records
    }
}
