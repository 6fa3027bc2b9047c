/// Hears about a plot's records being selected, by a click or by the keyboard: Core Plot's
/// `CPTPlotDelegate`, one protocol for every plot kind (a bar, a point, a slice, a box, a kind
/// of one's own). Set it on any plot (`plot.delegate`), which holds it weakly. Called on the
/// thread that owns the window (the only thread that touches the graph).
public protocol PlotDelegate: AnyObject {
    /// `record` of `plot` was selected. `record` indexes the plot's data source (a bin of a
    /// histogram, a category of a box plot).
    func plot(_ plot: any Plot, wasSelectedAtRecord record: Int)
}
