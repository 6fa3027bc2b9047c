/// A plot that can list its records within a range of locations: what copying the visible
/// data copies.
public protocol RangeQueryablePlot: Plot {
    /// The records whose location lies in `range` along the plot's location axis (its
    /// `categoryAxis` for a `CategoryPlot`, else x; data units), in record order, at most
    /// `limit`. O(log n + records returned) where its records are sorted.
    func records(in range: PlotRange, limit: Int) -> [PlotRecordValue]
}
