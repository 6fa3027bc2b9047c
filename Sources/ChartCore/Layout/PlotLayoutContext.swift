/// What a plot needs to lay itself out: where its plot area is, how its data maps there, and
/// the styles it may fall back on. Lengths are device pixels.
public struct PlotLayoutContext {
    /// The plot area, in device pixels.
    public var plotArea: Rect
    /// Data units to device pixels, for the plot's plot space.
    public var transform: CoordinateTransform
    /// Device pixels per layout unit; plot styles given at scale 1 are multiplied by it.
    public var scale: Double
    /// The graph's theme, for what the plot does not style itself.
    public var theme: Theme
    /// The palette color for this plot's place in the graph.
    public var seriesColor: Color
    /// Measures the plot's text (data labels).
    public var measurer: any TextMeasuring
    /// Raised when the layout is no longer wanted: loops over many records check it every
    /// `CancellationFlag.recordsPerCheck` records and stop (the scene is then thrown away).
    public var cancellation: CancellationFlag?

    /// A context for laying a plot out in `plotArea` (device pixels) with `transform`, at `scale`, in `theme` and `seriesColor`; `cancellation` stops a layout no longer wanted.
    public init(
        plotArea: Rect, transform: CoordinateTransform, scale: Double, theme: Theme,
        seriesColor: Color, measurer: any TextMeasuring, cancellation: CancellationFlag? = nil
    ) {
        self.plotArea = plotArea
        self.transform = transform
        self.scale = scale
        self.theme = theme
        self.seriesColor = seriesColor
        self.measurer = measurer
        self.cancellation = cancellation
    }

    /// Whether to stop after record `i` of a long loop: true every
    /// `CancellationFlag.recordsPerCheck` records once the layout was cancelled.
    @inline(__always) public func shouldStop(at i: Int) -> Bool {
        i & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled
    }
}
