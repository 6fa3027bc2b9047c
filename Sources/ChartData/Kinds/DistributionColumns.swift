import ChartCore

/// Which columns a distribution (a histogram, box plots) is of, and what splits their rows.
///
/// Such a chart has no x of its own: its values are columns of numbers. Those the user named
/// (`--y`, a spec's `y` or `series`) are taken as named; otherwise the numbers the plan
/// charts, and the plan's x too when it is a measurement (the first column of numbers, which
/// a line would have put along x). With a split (a group column, or a box plot's text x),
/// only the first of them: one column's distribution per group reads, four different units
/// overlaid do not. O(rows).
struct DistributionColumns {
    /// The columns of values, in order.
    let columns: [Int]
    /// The column whose values split the rows (the x column's text, else the plan's group), or nil.
    let split: Int?
    /// The split's values in order of first appearance and each one's rows (missing values
    /// left out); one entry of every row (nil) without a split.
    let parts: [(name: String, rows: [Int]?)]

    /// The most parts a split may have.
    static let partLimit = 1000

    init(_ context: KindChartContext, splitByTextX: Bool) throws(DataError) {
        try self.init(
            table: context.table, plan: context.plan, spec: context.spec, source: context.source, kind: context.kind,
            splitByTextX: splitByTextX)
    }

    /// The columns of `table` (prepared) along `plan`; throws when none holds numbers.
    init(table: DataTable, plan: ChartPlan, spec: ChartSpec, source: String, kind: ChartKind, splitByTextX: Bool) throws(DataError) {
        let named = spec.y != nil || spec.series != nil
        var columns = plan.series
        let x = plan.x
        if !named, table.columns[x].numbers != nil, !table.columns[x].isDate,
            plan.profiles[x].role == .measure, !columns.contains(x)
        {
            columns.insert(x, at: 0)
        }
        columns = columns.filter { table.columns[$0].numbers != nil && !table.columns[$0].isDate }
        guard !columns.isEmpty else {
            throw DataError.unusable(
                path: source,
                message: "--kind \(kind.rawValue) needs a column of numbers; "
                    + "the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }
        let split = splitByTextX && table.columns[x].numbers == nil ? x : plan.group
        if split != nil && !named { columns = [columns[0]] }
        self.columns = columns
        self.split = split
        guard let split else {
            parts = [(name: "", rows: nil)]
            return
        }
        let names = ValueNames.names(of: table.columns[split])
        let (order, place) = ValueNames.firstAppearance(names)
        guard order.count <= Self.partLimit else {
            throw DataError.unusable(
                path: source,
                message: "column '\(table.columns[split].name)' has \(order.count) distinct values, "
                    + "more than the \(Self.partLimit) a --kind \(kind.rawValue) chart can show; filter the rows or name another --x")
        }
        var rows = [[Int]](repeating: [], count: order.count)
        for (row, p) in place.enumerated() { rows[p].append(row) }
        parts = order.indices.filter { order[$0] != ValueNames.missing }.map { (name: order[$0], rows: rows[$0]) }
    }
}
