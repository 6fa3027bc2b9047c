/// Hears about a bar plot's bars being selected, as Core Plot's `CPTBarPlotDelegate` does.
/// Called on the thread that owns the window (the only thread that touches the graph).
public protocol BarPlotDelegate: AnyObject {
    /// A bar was selected, by a click on it or by the keyboard. `record` indexes the data source.
    func barPlot(_ plot: BarPlot, barWasSelectedAtRecord record: Int)
}
