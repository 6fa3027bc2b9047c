/// A plot that draws its selected record as part of its layout (a pie pulls the slice out), so
/// that a new selection is a new layout of the chart, not only new marks over it.
public protocol SelectionDrawingPlot: Plot {
    /// The record drawn as selected (the window sets it to the selection); nil for none.
    var selectedRecord: Int? { get set }
}
