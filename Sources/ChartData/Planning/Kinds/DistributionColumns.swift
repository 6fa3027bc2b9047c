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

    init(_ context: KindChartContext, splitByX: SplitByX) throws(DataError) {
        try self.init(
            table: context.table, plan: context.plan, spec: context.spec, source: context.source, kind: context.kind,
            splitByX: splitByX)
    }

    /// When the x column splits the rows rather than the plan's group.
    enum SplitByX {
        /// When x is text whose values repeat (a histogram per species), a code (whole numbers
        /// that name groups), or any column the user named as x (box plots of mpg by
        /// cylinders, 4, 6, 8).
        case whenCategories
        /// Only when x is text whose values repeat, never a column of numbers (a histogram's
        /// x is its values' axis).
        case whenRepeatingText
    }

    /// The column that splits the rows: none when the user said `--group none`; x by
    /// `splitByX`; else the plan's group (detected, or the one the user named). Text with a value per row splits
    /// nothing: a histogram of one value per part says nothing.
    static func split(plan: ChartPlan, spec: ChartSpec, table: DataTable, splitByX: SplitByX) -> Int? {
        if spec.asksForNoGroups { return nil }
        let x = plan.x, profile = plan.profiles[x]
        let xNamed = spec.x != nil
        if table.columns[x].numbers == nil {
            if xNamed || (profile.distinctCount < profile.presentCount && profile.distinctCount >= 2) { return x }
        } else if xNamed || plan.xComparesCodes, splitByX == .whenCategories {
            // A code the plan compares its measure across (Michelson's experiments) is
            // categories as a named x is.
            return x
        }
        return plan.group
    }

    /// The columns of `table` (prepared) along `plan`; throws when none holds numbers.
    init(table: DataTable, plan: ChartPlan, spec: ChartSpec, source: String, kind: ChartKind, splitByX: SplitByX) throws(DataError) {
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
        let split = Self.split(plan: plan, spec: spec, table: table, splitByX: splitByX)
        if let split, split == columns.first, columns.count == 1 {
            throw DataError.unusable(
                path: source,
                message: "--kind \(kind.rawValue) cannot split '\(table.columns[split].name)' by itself; "
                    + "name the values with --y (--x names the categories)")
        }
        columns.removeAll { $0 == split }
        if split != nil && !named { columns = [columns[0]] }
        self.columns = columns
        self.split = split
        guard let split else {
            parts = [(name: "", rows: nil)]
            return
        }
        let (order, place) = ValueNames.groups(of: table.columns[split])
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
