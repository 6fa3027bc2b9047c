/// What a plot needs to lay itself out: where its plot area is, how its data maps there, and
/// the styles it may fall back on. Lengths are device pixels.
public struct PlotLayoutContext {
    public var plotArea: Rect
    public var transform: CoordinateTransform
    /// Device pixels per layout unit; plot styles given at scale 1 are multiplied by it.
    public var scale: Double
    public var theme: Theme
    /// The palette color for this plot's place in the graph.
    public var seriesColor: Color
    public var measurer: any TextMeasuring

    public init(plotArea: Rect, transform: CoordinateTransform, scale: Double, theme: Theme,
                seriesColor: Color, measurer: any TextMeasuring) {
        self.plotArea = plotArea
        self.transform = transform
        self.scale = scale
        self.theme = theme
        self.seriesColor = seriesColor
        self.measurer = measurer
    }
}
