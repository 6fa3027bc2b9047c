/// Hears about changes of a plot space's view and may veto or clamp them: Core Plot's
/// `CPTPlotSpaceDelegate`. Called on the thread that navigates (the window's), before the
/// change is made; ranges are data units.
public protocol PlotSpaceDelegate: AnyObject {
    /// Whether to zoom by `factor` (above 1 zooms in) about `point` (device pixels, origin top-left).
    /// Default: true.
    func plotSpace(_ space: XYPlotSpace, shouldScaleBy factor: Double, aboutPoint point: Point) -> Bool

    /// The range to show along `coordinate` instead of `range`: `range` to allow it, another
    /// to clamp it, nil to refuse the change. Default: `range`.
    func plotSpace(_ space: XYPlotSpace, willChangePlotRangeTo range: PlotRange, for coordinate: Axis.Coordinate) -> PlotRange?
}

extension PlotSpaceDelegate {
    public func plotSpace(_ space: XYPlotSpace, shouldScaleBy factor: Double, aboutPoint point: Point) -> Bool { true }

    public func plotSpace(_ space: XYPlotSpace, willChangePlotRangeTo range: PlotRange, for coordinate: Axis.Coordinate) -> PlotRange? {
        range
    }
}
