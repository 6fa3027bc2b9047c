import ChartCore
import Foundation

/// One chart of a spec bound to its data: runs its query (or reads its CSV file), knows its
/// periods, builds its graph, and notices when the data changed on disk.
///
/// Databases are opened read-only, each by the engine that reads it (`DatabaseEngines`), and
/// shared by the charts of one spec file.
public final class ChartSource {
    /// The chart spec this source loads: its data source and how it is drawn.
    public let spec: ChartSpec
    /// What errors and titles call the data: the database or CSV path, or the server's name
    /// (`postgresql://user@host:port/db`, never a password).
    public let sourceName: String
    private let database: (any ChartDatabase)?
    /// Opens another connection to the chart's database, for a table too large to load: for
    /// its pass over every row (`forPass`, bounded by no time limit but Escape) or its views.
    private let reconnect: ((_ forPass: Bool) throws(DataError) -> any NumberStreaming)?
    /// How many rows a line or scatter query may have before it is charted without loading
    /// them (`BigTable`); nil to load every row.
    private let outOfCoreRows: Int?
    /// What a big table's summary may take, in bytes (the databases' budget, `--max-memory`).
    private let memoryBudget: Int
    private let csvPath: String?
    private let skipBadRows: Bool
    /// What reading a CSV file may cost.
    private let limits: InputLimits
    /// The periods a `:period` query steps through, oldest first; empty without a period.
    public private(set) var periods: [String] = []
    /// The index in `periods` shown now.
    public private(set) var periodIndex = 0
    /// Rows set aside or filled in the last CSV read.
    public private(set) var setAside = CSVSetAside()
    /// Rows set aside in the last CSV read.
    public var skippedRows: Int { setAside.count }
    private var lastVersion: Int64 = 0
    private var lastModified: Date?

    /// Binds `spec` to its data. `baseDirectory` resolves relative paths; `databases` caches
    /// databases already open by path (shared between the charts of one file). `limits`
    /// bound reading a CSV file (a database's are the cache's). `defaultServer` is the spec file's
    /// `"postgres"` connection string, for charts that name no database of their own.
    public init(
        spec: ChartSpec, baseDirectory: String, defaultDatabase: String?, databases: DatabaseCache,
        skipBadRows: Bool = false, limits: InputLimits = InputLimits(), defaultServer: String? = nil
    ) throws(DataError) {
        self.spec = spec
        self.skipBadRows = skipBadRows
        self.limits = limits
        var reconnect: ((_ forPass: Bool) throws(DataError) -> any NumberStreaming)?
        func resolve(_ path: String) -> String {
            path.hasPrefix("/") || DatabaseEngines.isServer(path) ? path : (baseDirectory as NSString).appendingPathComponent(path)
        }
        if let csv = spec.data.csv {
            csvPath = resolve(csv)
            database = nil
            sourceName = csvPath!
        } else {
            guard let (location, engine) = spec.data.databaseLocation(fileDatabase: defaultDatabase, fileServer: defaultServer) else {
                throw DataError.spec(path: baseDirectory, keyPath: "charts[\(spec.name)].data", message: "give a database, a postgres server, or a csv file")
            }
            guard spec.data.query != nil || spec.data.table != nil else {
                throw DataError.spec(path: baseDirectory, keyPath: "charts[\(spec.name)].data", message: "give a query or a table")
            }
            let resolved = engine.isPath(location) ? resolve(location) : location
            let opened = try databases.database(at: resolved, engine: engine)
            database = opened
            csvPath = nil
            sourceName = opened.name
            // The pass over every row of a big table may take longer than one query may.
            let (seconds, passSeconds) = (databases.timeLimit, 1e7)
            if let again = engine.reconnection(to: resolved, options: databases.options(for: resolved)) {
                reconnect = { (forPass: Bool) throws(DataError) -> any NumberStreaming in try again(forPass ? passSeconds : seconds) }
            }
        }
        if let periodQuery = spec.period?.query, let database {
            periods = try database.rows(periodQuery).compactMap { row -> String? in
                switch row.first {
                case .text(let t)?: t
                case .integer(let v)?: String(v)
                case .real(let v)?: String(v)
                default: nil
                }
            }
            // Start at the latest period with data.
            periodIndex = max(0, periods.count - 1)
        }
        self.reconnect = reconnect
        outOfCoreRows = databases.outOfCoreRows
        memoryBudget = databases.memoryBudget
        lastVersion = database?.dataVersion() ?? 0
        lastModified = csvPath.flatMap(Self.modificationDate)
    }

    /// The period shown now ("2026-11"); nil for a chart without periods.
    public var period: String? { periods.isEmpty ? nil : periods[periodIndex] }

    /// Moves `delta` periods on; false (and no change) past either end.
    @discardableResult
    public func step(by delta: Int) -> Bool {
        let next = periodIndex + delta
        guard periods.indices.contains(next) else { return false }
        periodIndex = next
        return true
    }

    /// The chart's rows now. Raising `cancellation` from another thread stops a CSV read
    /// within a block or a few thousand rows, and a query within 10,000 steps (as `cancel()`
    /// does), with `.cancelled`.
    public func table(cancellation: CancellationFlag? = nil) throws(DataError) -> DataTable {
        if cancellation?.isCancelled == true { throw .cancelled(path: sourceName) }
        if let csvPath {
            // The version read, taken first: a file that fails to read is not read again until
            // it changes again (a window polls `hasChanged()`), and a change during the read
            // shows as another.
            lastModified = Self.modificationDate(csvPath)
            let result = try CSVReader.read(path: csvPath, skipBadRows: skipBadRows, limits: limits, cancellation: cancellation)
            setAside = result.setAside
            return ColumnTyping.combiningDatesAndTimes(result.table)
        }
        guard let database else { preconditionFailure("A chart source has a database or a CSV file.") }
        lastVersion = database.dataVersion()
        let sql = query
        let needsPeriod = sql.contains(":period")
        if needsPeriod && period == nil && spec.period == nil {
            throw DataError.spec(
                path: sourceName, keyPath: "charts[\(spec.name)].period",
                message: "the query uses :period, so the chart needs a \"period\" with a query listing them")
        }
        return ColumnTyping.combiningDatesAndTimes(
            try database.table(
                sql, parameters: needsPeriod ? ["period": period ?? ""] : [:],
                cancellation: cancellation))
    }

    /// The chart's graph now: its rows through `ChartBuilder`. Rows are required, except in a
    /// chart that steps through periods, where an empty period is a chart saying so. A raised
    /// `cancellation` stops it as `table(cancellation:)` says, or once the rows are read.
    public func graph(cancellation: CancellationFlag? = nil) throws(DataError) -> Graph {
        // A chart's statements (sample, count, rows) share one --timeout.
        guard let database else { return try loadGraph(cancellation: cancellation) }
        return try database.withinOneTimeLimit { () throws(DataError) -> Graph in try loadGraph(cancellation: cancellation) }
    }

    private func loadGraph(cancellation: CancellationFlag?) throws(DataError) -> Graph {
        if let rows = try smallQueryTable(cancellation: cancellation) {
            try requireRows(rows)
            return try ChartBuilder.graph(from: rows, spec: spec, source: sourceName, period: period)
        }
        if let big = try bigTableGraph() { return big }
        let rows = try table(cancellation: cancellation)
        if cancellation?.isCancelled == true { throw .cancelled(path: sourceName) }
        try requireRows(rows)
        let graph = try ChartBuilder.graph(from: rows, spec: spec, source: sourceName, period: period)
        // Rows not drawn as the file has them are said on the chart, not only in --describe.
        if let summary = setAside.summary {
            graph.note = (graph.note.map { $0 + " · " } ?? "") + summary
            graph.caveat = setAside.shortSummary
        }
        return graph
    }

    /// How the chart is chosen from its rows now, for `--describe` (from the first rows of a
    /// query too large to load).
    public func plan() throws(DataError) -> ChartPlan {
        if let rows = try smallQueryTable(cancellation: nil) {
            try requireRows(rows)
            return try ChartBuilder.plan(for: rows, spec: spec, source: sourceName)
        }
        if let sample = try bigTableSample() { return try ChartBuilder.plan(for: sample, spec: spec, source: sourceName) }
        let rows = try table()
        try requireRows(rows)
        return try ChartBuilder.plan(for: rows, spec: spec, source: sourceName)
    }

    private func requireRows(_ table: DataTable) throws(DataError) {
        guard table.rowCount == 0, spec.period == nil else { return }
        let what = spec.data.query != nil ? "the query returned no rows" : spec.data.table != nil ? "the table has no rows" : "has no data rows"
        throw DataError.unusable(path: sourceName, message: what)
    }

    /// Stops a query running on another thread (it then throws `DataError.cancelled`).
    /// Safe to call from any thread.
    public func cancel() { database?.interrupt() }

    /// Whether the data changed since it was last read: another connection committed to the
    /// database (`PRAGMA data_version`), or the CSV file's modification time moved. O(1).
    public func hasChanged() -> Bool {
        if let csvPath { return Self.modificationDate(csvPath) != lastModified }
        return (database?.dataVersion() ?? lastVersion) != lastVersion
    }

    private static func modificationDate(_ path: String) -> Date? {
        (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
    }
}

extension ChartSource {
    /// The rows read to choose a chart for a query too large to load.
    static let sampleRows = 10_000

    /// The user's query, or the table as one.
    private var query: String {
        guard let sql = spec.data.sql else { preconditionFailure("A database's chart has a query or a table.") }
        return sql
    }

    /// A query's rows in one run, when they are few enough to load: at most `outOfCoreRows` + 1
    /// rows are read (`LIMIT`), and nil means more (or more than the memory budget), for the
    /// out-of-core path to take; nil too where that path does not apply (a table, a CSV file,
    /// periods). Counting first (`bigTableSample`'s probe) would run an aggregate twice: a
    /// `GROUP BY` over 1.4 million rows computes all its groups before its first row.
    private func smallQueryTable(cancellation: CancellationFlag?) throws(DataError) -> DataTable? {
        guard let outOfCoreRows, let database, reconnect != nil, spec.period == nil, let sql = spec.data.query,
            !sql.contains(":period")
        else { return nil }
        lastVersion = database.dataVersion()
        let rows: DataTable
        do {
            rows = try database.table(
                "SELECT * FROM (\(sql)) AS chartview_rows LIMIT \(outOfCoreRows + 1)", parameters: [:], cancellation: cancellation)
        } catch {
            switch error {
            case .query where !error.isTimeout, .notReadOnly, .resultTooLarge, .tooLarge, .outOfMemory:
                // Not readable as a subquery (not one SELECT, or refused), or too much to load
                // here: the usual path says why, or reads it out of core.
                return nil
            default:
                // Cancelled, timed out, busy, a server gone: running it again would say the same, later.
                throw error
            }
        }
        guard rows.rowCount <= outOfCoreRows else { return nil }
        return ColumnTyping.combiningDatesAndTimes(rows)
    }

    /// The query's first rows when it has more than `outOfCoreRows` and could be charted
    /// without loading (a database file, no period); nil otherwise. Counting stops at the
    /// threshold: `LIMIT 1 OFFSET n` reads n rows, not all of them.
    private func bigTableSample() throws(DataError) -> DataTable? {
        guard let outOfCoreRows, let database, reconnect != nil, spec.period == nil else { return nil }
        let sql = query
        guard !sql.contains(":period") else { return nil }
        // A query that cannot be read as a subquery (not one SELECT, or refused) is left to the
        // usual path, whose error says exactly what is wrong with it.
        let beyond: [[SQLValue]]
        do {
            beyond = try database.rows("SELECT 1 FROM (\(sql)) AS chartview_rows LIMIT 1 OFFSET \(outOfCoreRows)")
        } catch .cancelled(let path) {
            throw .cancelled(path: path)
        } catch {
            return nil
        }
        guard !beyond.isEmpty else { return nil }
        return ColumnTyping.combiningDatesAndTimes(try database.table("SELECT * FROM (\(sql)) AS chartview_rows LIMIT \(Self.sampleRows)"))
    }

    /// The chart of a query too large to load, as lines or points over a `BigTable`; nil when
    /// the query is small enough to load, or its chart is not one a big table can draw (bars,
    /// pies, groups, x as text), which then loads as any other (within the memory budget).
    private func bigTableGraph() throws(DataError) -> Graph? {
        guard let sample = try bigTableSample(), let reconnect, let database else { return nil }
        let plan = try ChartBuilder.plan(for: sample, spec: spec, source: sourceName)
        // A kind that sums its rows (a histogram's bins) asks the database for the sums.
        let streaming = database.numberStreaming
        let aggregated = AggregatedChartContext(
            sample: sample, plan: plan, spec: spec, source: sourceName, database: database, query: query,
            number: { streaming?.numberExpression($0, isDate: false) ?? $0 },
            real: { streaming?.realLiteral($0) ?? HistogramBinning.sqlReal($0) },
            integer: { streaming?.integer($0) ?? HistogramBinning.sqlInteger($0) })
        if let graph = try plan.kind.builder.aggregatedGraph(aggregated) {
            graph.note = (graph.note.map { $0 + " · " } ?? "") + "over \(outOfCoreRows ?? 0) rows: counted in the database"
            return graph
        }
        // A plan that averages repeated times (a panel's) draws the means, which views of the
        // rows would not: such a chart loads its rows.
        guard plan.kind.readsPerView, plan.group == nil, plan.aggregation == nil, spec.keepOrder != true,
            sample.rowCount > 0, sample.columns[plan.x].numbers != nil,
            ChartBuilder.prepared(sample, spec: spec).turning == nil, sample.columns.count == ChartBuilder.prepared(sample, spec: spec).columns.count
        else { return nil }
        let xName = sample.columns[plan.x].name
        // SQLite compares a text date as text: only dates stored as numbers can be bounded.
        // (PostgreSQL's dates and times are read as seconds: `PostgresDatabase.numberExpression`.)
        if sample.columns[plan.x].isDate, database.numberStreaming?.readsEveryDateAsSeconds != true {
            let first = try database.rows(
                "SELECT \(BigTable.quoted(xName)) FROM (\(query)) AS chartview_rows WHERE \(BigTable.quoted(xName)) IS NOT NULL LIMIT 1")
            switch first.first?.first {
            case .integer?, .real?: break
            default: return nil
            }
        }
        let rows = try rowsWithX(xName, series: plan.series.count, in: database)
        let graph = try ChartBuilder.graph(from: sample, plan: plan, spec: spec, source: sourceName, rowCountHint: rows)
        let lines = graph.plots.compactMap { $0 as? any ViewDataReading }
        guard lines.count == plan.series.count else { return nil }
        // A database that thins views itself gets one query per view; others a pass here.
        if let views = try reconnect(false) as? any ViewAggregating {
            let table = try ServerThinnedTable(
                table: AggregatedTable(
                    sql: query, table: spec.data.query == nil ? spec.data.table.map(BigTable.quoted) : nil, x: BigTable.quoted(xName),
                    xIsDate: sample.columns[plan.x].isDate,
                    ys: plan.series.map { BigTable.quoted(sample.columns[$0].name) }),
                plotIDs: lines.map(\.identifier), engine: views)
            for line in lines { line.viewDataSource = table }
            graph.note = (graph.note.map { $0 + " · " } ?? "") + "over \(outOfCoreRows ?? 0) rows: read per view, thinned in the server"
            return graph
        }
        let table = try BigTable(
            sql: query, xColumn: xName, xIsDate: sample.columns[plan.x].isDate,
            yColumns: plan.series.map { sample.columns[$0].name }, plotIDs: lines.map(\.identifier),
            passEngine: try reconnect(true), viewEngine: try reconnect(false), memoryBudget: memoryBudget)
        for line in lines { line.viewDataSource = table }
        graph.note = (graph.note.map { $0 + " · " } ?? "") + "over \(outOfCoreRows ?? 0) rows: read per view"
        return graph
    }
}

extension ChartSource {
    /// How many of a big table's rows have an x value (column `x`), as far as the chart's look
    /// depends on it: more than `outOfCoreRows` rows are known to be there, and when that many
    /// could still make fewer than `SeriesChart.pointsDecidingLook` points (a low
    /// `--out-of-core`), they are counted up to it, in one query that reads at most that many
    /// rows. So a big table's markers are those of loading every row, at any threshold.
    fileprivate func rowsWithX(_ x: String, series: Int, in database: any ChartDatabase) throws(DataError) -> Int {
        let known = (outOfCoreRows ?? 0) + 1
        let enough = (SeriesChart.pointsDecidingLook + series - 1) / max(1, series)
        guard known < enough else { return known }
        let counted = try database.rows(
            "SELECT count(*) FROM (SELECT 1 FROM (\(query)) AS chartview_rows WHERE \(BigTable.quoted(x)) IS NOT NULL"
                + " LIMIT \(enough)) AS chartview_counted")
        guard case .integer(let rows)? = counted.first?.first else { return known }
        return Int(rows)
    }
}
