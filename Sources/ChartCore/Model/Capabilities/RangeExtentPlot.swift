/// A plot that can say what it shows inside an x range, narrower than its whole data: what a
/// zoomed view's autoscaled y fits. Other plots are fitted to their whole `dataExtent()`.
public protocol RangeExtentPlot: Plot {
    /// The extent of what the plot shows inside the x range `x` (data units); nil when it shows
    /// nothing there. O(log n) where its records are sorted.
    func dataExtent(inX x: PlotRange) -> DataExtent?
}
