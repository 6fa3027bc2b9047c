import ChartCore
import Foundation

/// A chart of live input: planned once from the feed's first rows (`ChartBuilder.plan`), its
/// graph built from them, and each of its plots reading a `LiveSeries` that every later row
/// is appended to, on a thread of its own (or on the caller's, to the end of the input, for a
/// chart rendered to a file).
///
/// Only a line or points over numbers or dates (x as numbers, dates, or the rows' numbers)
/// can be live (`ChartKind.readsPerView`); any other chart is refused in one line.
public final class LiveChart: @unchecked Sendable {
    /// Where the rows come from.
    public let feed: any LiveFeed
    /// The chart as the command line describes it.
    public let spec: ChartSpec
    /// The rows the plots read, once `graph(cancellation:readsToEnd:)` made them.
    public private(set) var series: LiveSeries?
    /// Whether x is a date (seconds since 1970), once the graph is made.
    public private(set) var xIsDate = false

    /// The bytes of rows kept in memory; past it the oldest move to a temporary SQLite file
    /// (`LiveSpillFile`). nil: every row in memory.
    public let memoryBudget: Int?

    /// A chart of `feed`'s rows as `spec` describes it, keeping at most `memoryBudget` bytes of
    /// rows in memory (`--max-memory`; nil for no bound).
    public init(feed: any LiveFeed, spec: ChartSpec, memoryBudget: Int? = nil) {
        self.feed = feed
        self.spec = spec
        self.memoryBudget = memoryBudget
    }

    /// What messages call the input.
    public var name: String { feed.name }

    /// What the input held that is not charted as written (lines skipped, with the first of
    /// their numbers; cells not numbers); nil when nothing. Read after a graph read to the end.
    public var inputNote: String? { feed.note }

    /// Lines of the input skipped as rows that do not fit (`--strict` refuses them).
    public var skippedLines: Int { feed.skippedLines }

    /// Reads the first rows (blocking until they come), plans and builds the graph over a
    /// `LiveSeries`, then feeds it: to the end of the input before returning when `readsToEnd`
    /// (the graph's note then says what the rows held), else on a thread of its own. Call once.
    /// Throws for input that cannot be charted live, naming it: no data rows, a kind other than
    /// a line or points, x as text.
    public func graph(cancellation: CancellationFlag?, readsToEnd: Bool) throws(DataError) -> Graph {
        precondition(series == nil, "A live chart's graph is made once.")
        let first = try feed.firstRows(cancellation: cancellation)
        var (table, spec) = (first, self.spec)
        // Live rows are charted a column each: numbered columns (a sensor array's t0 … t9) are
        // series as they come, not turned into a curve per row (`SeriesPerRow`).
        if ChartBuilder.prepared(table, spec: spec).turning != nil {
            spec.y = table.columns.filter { $0.numbers != nil && !$0.isDate }.map(\.name)
        }
        var plan = try ChartBuilder.plan(for: table, spec: spec, source: name)
        // Without --x: a date the plan chose, else a column that times or counts the rows, else
        // the rows in their order of arrival, as a strip chart (vmstat's columns against time).
        var chartsByRow = false
        if spec.x == nil, feed.chartsByRowNumber, plan.kind.readsPerView || plan.kindIsDetected {
            switch Self.liveX(table, plan: plan) {
            case .planned: break
            case .column(let column):
                spec.x = column
                plan = try ChartBuilder.plan(for: table, spec: spec, source: name)
            case .rowNumbers:
                table = Self.byRowNumber(table)
                chartsByRow = true
                spec.x = table.columns[0].name
                // Each number column is a series of the strip chart: judged from a few rows, one
                // could look like a key or a code (vmstat's `id`, idle time, distinct in two rows).
                if spec.y == nil { spec.y = first.columns.filter { $0.numbers != nil && !$0.isDate }.map(\.name) }
                plan = try ChartBuilder.plan(for: table, spec: spec, source: name)
            }
        }
        let prepared = ChartBuilder.prepared(table, spec: spec)
        guard prepared.turning == nil else {
            throw .unusable(path: name, message: "live input is charted as a line or points per column, not turned into a series per row")
        }
        let rowNumbers = prepared.columns.count == table.columns.count + 1 || chartsByRow
        let offset = prepared.columns.count - first.columns.count
        guard plan.kind.readsPerView, plan.group == nil, spec.keepOrder != true,
            rowNumbers || prepared.columns.count == table.columns.count,
            prepared.columns[plan.x].numbers != nil
        else {
            let xColumn = prepared.columns[plan.x]
            let why =
                xColumn.numbers == nil
                ? "x as text (column '\(xColumn.name)')"
                : !plan.kind.readsPerView ? "a \(plan.kind.rawValue) chart" : plan.group != nil ? "one series per group" : "x as text"
            throw .unusable(path: name, message: "live input is charted as a line or points over numbers or dates, not \(why)")
        }
        let x = rowNumbers ? nil : plan.x
        let seriesColumns = plan.series.map { $0 - offset }
        let graph = try ChartBuilder.graph(from: table, plan: plan, spec: spec, source: name)
        let plots = graph.plots.compactMap { $0 as? any ViewDataReading }
        guard plots.count == plan.series.count else {
            throw .unusable(path: name, message: "live input is charted as one line or set of points per column")
        }
        let firstRows = try feed.bind(x: x, series: seriesColumns, table: first)
        let series = LiveSeries(plotIDs: plots.map(\.identifier), memoryBudget: memoryBudget) { () throws(LiveRowStoreFailure) in
            try LiveSpillFile()
        }
        series.append(firstRows)
        for plot in plots { plot.viewDataSource = series }
        self.series = series
        xIsDate = x.map { first.columns[$0].isDate } ?? false
        if readsToEnd {
            feed.feed(series)
            if let note = feed.note { graph.note = (graph.note.map { $0 + " · " } ?? "") + note }
        } else {
            let feed = self.feed
            let thread = Thread { feed.feed(series) }
            thread.name = "chartview live rows"
            thread.start()
        }
        return graph
    }

    /// What a live chart's x is when the command line does not say.
    enum LiveX: Equatable {
        /// The plan's: a date.
        case planned
        /// The column of this name.
        case column(String)
        /// The rows' numbers, in their order of arrival (`byRowNumber`).
        case rowNumbers
    }

    /// Name words that say a column times or counts rows (`t`, `time`, `elapsed_ms`, `step`).
    static let timeNames: Set<String> = [
        "t", "time", "timestamp", "ts", "elapsed", "seconds", "secs", "ms", "millis", "step", "steps", "iteration", "iter",
        "epoch", "frame", "tick", "row", "index", "idx", "sample", "x"
    ]

    /// The x of a live chart of `table` (its first rows) without `--x`: the plan's when it is a
    /// date; else the first column whose name says it times or counts the rows and whose
    /// numbers never go back; else the first column when its numbers increase over three rows
    /// or more; else the rows' numbers. A measure that happened to grow over the first rows (a
    /// sine's first quarter) would be a wrong x: every later row going back would be set aside.
    static func liveX(_ table: DataTable, plan: ChartPlan) -> LiveX {
        if table.columns[plan.x].isDate { return .planned }
        func increases(_ column: DataColumn, strictly: Bool) -> Bool {
            guard let numbers = column.numbers, numbers.allSatisfy(\.isFinite) else { return false }
            return zip(numbers, numbers.dropFirst()).allSatisfy { strictly ? $0 < $1 : $0 <= $1 }
        }
        if let named = table.columns.first(where: {
            !ColumnProfile.tokens(of: $0.name).isDisjoint(with: timeNames) && increases($0, strictly: false)
        }) {
            return .column(named.name)
        }
        if table.rowCount >= 3, let column = table.columns.first, increases(column, strictly: true) { return .column(column.name) }
        return .rowNumbers
    }

    /// `table` with the rows' numbers (1, 2, …) as its first column.
    static func byRowNumber(_ table: DataTable) -> DataTable {
        var name = "row"
        while table.column(named: name) != nil { name += " #" }
        let rows = DataColumn(name: name, values: .number((0..<table.rowCount).map { Double($0 + 1) }))
        return DataTable(columns: [rows] + table.columns, notes: table.notes + ["charted against the rows' numbers, in their order of arrival"])
    }
}
