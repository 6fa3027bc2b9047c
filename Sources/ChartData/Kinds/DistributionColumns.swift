import ChartCore

/// Which columns a distribution (a histogram, box plots) is of, and what splits their rows.
///
/// Such a chart has no x of its own: its values are columns of numbers. Those the user named
/// (`--y`, a spec's `y` or `series`) are taken as named; otherwise the numbers the plan
/// charts, and the plan's x too when it is a measurement (the first column of numbers, which
/// a line would have put along x). With a split (a group column, or a box plot's text x),
/// only the first of them: one column's distribution per group reads, four different units
/// overlaid do not.
struct DistributionColumns {
    /// The columns of values, in order.
    let columns: [Int]
    /// The column whose values split the rows (the plan's group), or nil.
    let group: Int?

    init(_ context: KindChartContext, splitByTextX: Bool) throws(DataError) {
        let plan = context.plan, table = context.table
        let named = context.spec.y != nil || context.spec.series != nil
        var columns = plan.series
        let x = plan.x
        if !named, table.columns[x].numbers != nil, !table.columns[x].isDate,
           plan.profiles[x].role == .measure, !columns.contains(x) {
            columns.insert(x, at: 0)
        }
        columns = columns.filter { table.columns[$0].numbers != nil && !table.columns[$0].isDate }
        guard !columns.isEmpty else {
            throw DataError.unusable(path: context.source, message: "--kind \(context.kind.rawValue) needs a column of numbers; "
                + "the columns are: \(table.columns.map(\.name).joined(separator: ", "))")
        }
        group = plan.group
        let split = plan.group != nil || (splitByTextX && table.columns[x].numbers == nil)
        if split && !named { columns = [columns[0]] }
        self.columns = columns
    }
}
