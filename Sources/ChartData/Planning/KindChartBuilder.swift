import ChartCore

/// Builds the graph of chart kinds from what every kind shares: the prepared table, its plan,
/// the spec, and the graph with its title, theme and note already set. Each lives in a file of
/// its own under Kinds/; `ChartBuilder` hands over to it through `ChartKind.builder`, and no one
/// else asks which kind a chart is.
protocol KindChartBuilder {
    /// Adds the kind's plots to `context.graph` and sets its axes and legend. Throws for data
    /// the kind cannot chart (a column that is missing or holds text where numbers are needed),
    /// naming the source.
    static func build(_ context: KindChartContext) throws(DataError)

    /// The graph of a database query too large to load (more rows than `--out-of-core`),
    /// computed in the database (a histogram's counts by `GROUP BY`); nil for a kind that
    /// loads its rows (within the memory budget), the default.
    static func aggregatedGraph(_ context: AggregatedChartContext) throws(DataError) -> Graph?
}

extension KindChartBuilder {
    static func aggregatedGraph(_ context: AggregatedChartContext) throws(DataError) -> Graph? { nil }
}

/// What a `KindChartBuilder` aggregates a query too large to load from.
struct AggregatedChartContext {
    /// The query's first rows (`ChartSource.sampleRows`), typed, and the plan made from them.
    let sample: DataTable
    let plan: ChartPlan
    let spec: ChartSpec
    /// The data's name for errors.
    let source: String
    /// The database and the user's query (one SELECT, read as a subquery).
    let database: any ChartDatabase
    let query: String
    /// How a column reads as a double in this database (SQL).
    let number: (String) -> String
    /// A double as a literal of this database's SQL, and a double expression as an integer.
    var real: (Double) -> String = HistogramBinning.sqlReal
    var integer: (String) -> String = HistogramBinning.sqlInteger
}

/// What a `KindChartBuilder` builds from.
struct KindChartContext {
    /// The table, prepared (a single column of numbers gains its row numbers).
    let table: DataTable
    let plan: ChartPlan
    let spec: ChartSpec
    /// The data's name for errors.
    let source: String
    let kind: ChartKind
    /// The graph to add to: title, theme and note set, no plots yet.
    let graph: Graph
    let theme: Theme
    /// The x column's locations, names and scale.
    let x: XValues
    /// Each group's rows (with an x), or one nil entry for every row in order.
    let rowsByGroup: [[Int]?]
    /// Each row's data label from the spec's `labels` column; nil without one.
    let labels: [String]?
    /// Each row's note for its popup ("sum of 4 rows": the row adds up several of the data's);
    /// nil when no row does.
    let recordNotes: [String]?
    /// The rows with an x value of a table charted from its first rows only (a big table's),
    /// for marker sizes (`SeriesChart.defaultSymbolSize`); 0 when the table is whole.
    let rowCountHint: Int

    /// The column named `name`, or an error listing the columns.
    func column(named name: String) throws(DataError) -> Int {
        guard let index = table.columns.firstIndex(where: { $0.name == name }) else {
            throw DataError.unusable(path: source, message: "no column '\(name)'; the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }
        return index
    }

    /// The numbers of column `index`, or an error saying it holds text.
    func numbers(ofColumn index: Int) throws(DataError) -> [Double] {
        guard let numbers = table.columns[index].numbers else {
            throw DataError.unusable(path: source, message: "column '\(table.columns[index].name)' holds text; --kind \(kind.rawValue) needs numbers there")
        }
        return numbers
    }
}
