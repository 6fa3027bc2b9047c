import ChartCore

extension KindChartContext {
    /// The unit every one of `columns` was written with ("%", "$"); nil when one has none, the
    /// units differ or there are no columns. O(columns).
    func sharedUnit(of columns: some Collection<Int>) -> NumberUnit? {
        guard let first = columns.first, let unit = table.columns[first].unit else { return nil }
        return columns.allSatisfy { table.columns[$0].unit == unit } ? unit : nil
    }

    /// Has the axis called `identifier` write the unit `columns` share on its labels (nothing
    /// when they share none): "12.5%" ticks for a column of percentages.
    func writeUnit(of columns: some Collection<Int>, onAxis identifier: String) {
        guard let unit = sharedUnit(of: columns) else { return }
        graph[axis: identifier].labelFormat = graph[axis: identifier].labelFormat.withUnit(unit)
    }

    /// The format of a plot's popups and value labels for `values` written with `unit`: the
    /// fewest decimals (up to 2) that write them, then the unit ("12.5%"); nil without a unit,
    /// which leaves the plot its own. O(values).
    static func valueFormat(for values: [Double], unit: NumberUnit?) -> NumberFormat? {
        guard let unit else { return nil }
        return NumberFormat.fewestDecimals(for: values).withUnit(unit)
    }
}
