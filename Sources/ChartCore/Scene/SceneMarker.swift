/// A marker drawn over the chart, not as part of a plot: the halo around a selected point.
/// `center` is in device pixels; the symbol's size is device pixels already scaled.
public struct SceneMarker: Hashable, Sendable {
    /// The marker's center, device pixels.
    public var center: Point
    /// The marker, its size already scaled.
    public var symbol: PlotSymbol

    /// A marker `symbol` at `center`.
    public init(center: Point, symbol: PlotSymbol) {
        self.center = center
        self.symbol = symbol
    }
}
