/// A marker drawn over the chart, not as part of a plot: the halo around a selected point.
/// `center` is in device pixels; the symbol's size is device pixels already scaled.
public struct SceneMarker: Hashable, Sendable {
    public var center: Point
    public var symbol: PlotSymbol

    public init(center: Point, symbol: PlotSymbol) {
        self.center = center
        self.symbol = symbol
    }
}
