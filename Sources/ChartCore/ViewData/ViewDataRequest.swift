/// What one view of a plot needs from a data source that does not hold every record in memory
/// (`ViewDataSource`): the records of an x range thinned as the plot thins them for that view's
/// device pixels. Two requests are equal exactly when their answers are.
///
/// A line's answer depends only on the x mapping (its half pixel columns) and on which values
/// each scale can show, so its y mapping is kept only as that: a y range that autoscales as data
/// arrives does not make the line's request change again.
public struct ViewDataRequest: Hashable, Sendable {
    /// How the records are thinned for the view.
    public enum Thinning: Hashable, Sendable {
        /// A line (or the edge of an area): per half device pixel column and run between gaps,
        /// the first, the lowest, the highest and the last record (`ThinnedRecords.line`).
        case lineColumns
        /// Points without a line: the first record per device pixel of `area` (device pixels) and
        /// a border of `reach` pixels around it, per snapped position when markers snap
        /// (`snapHalf`, half their side in pixels) (`ThinnedRecords.scatter`).
        case scatterPixels(area: Rect, reach: Int, snapHalf: Double?)
    }

    /// The plot the records are for.
    public var plotID: String
    /// The x range the plot area shows, data units, from its left edge to its right edge.
    public var xRange: PlotRange
    /// Data x → device x (pixels from the surface's left edge).
    public var x: AxisMapping
    /// Data y → device y; for `.lineColumns` only whether the scale is logarithmic.
    public var y: AxisMapping
    /// How the records may be thinned to the plot area's pixels.
    public var thinning: Thinning

    /// A request for plot `plotID`'s records in `xRange`, mapped by `x` and `y`, thinned by `thinning`.
    public init(plotID: String, xRange: PlotRange, x: AxisMapping, y: AxisMapping, thinning: Thinning) {
        self.plotID = plotID
        self.xRange = xRange
        self.x = x
        self.thinning = thinning
        if case .lineColumns = thinning {
            self.y = AxisMapping(factor: -1, offset: 0, isLogarithmic: y.isLogarithmic)
        } else {
            self.y = y
        }
    }

    /// The x range (data units) whose records can show: the plot area's, widened for points by
    /// the markers' reach and a pixel (a snapped center moves by up to half a pixel; the pixel
    /// grid decides). Records beyond it on either side matter only as a line's neighbours.
    public var reachedXRange: PlotRange {
        guard case .scatterPixels(let area, let reach, _) = thinning else { return xRange }
        let a = x.value(atDevice: area.minX - Double(reach) - 1), b = x.value(atDevice: area.maxX + Double(reach) + 1)
        return PlotRange(Swift.min(a, b), Swift.max(a, b))
    }
}
