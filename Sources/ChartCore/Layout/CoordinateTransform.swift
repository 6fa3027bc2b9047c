/// Maps between data units and device pixels for one plot area.
///
/// Device pixels have their origin at the surface's top-left corner with y growing downwards;
/// data y grows upwards, so the lower end of `yRange` maps to the plot area's bottom edge.
/// Every mapping is O(1).
public struct CoordinateTransform: Hashable, Sendable {
    /// The plot area mapped onto, in device pixels (origin top-left, y down).
    public let plotArea: Rect
    /// The x data range shown across the plot area, left to right, in data units.
    public let xRange: PlotRange
    /// The y data range shown up the plot area, bottom to top, in data units.
    public let yRange: PlotRange
    /// How x data values are scaled (linear, logarithmic, category, date).
    public let xScale: Scale
    /// How y data values are scaled.
    public let yScale: Scale

    /// The scaled range: `forward(v) * xFactor - x0` over `xSpan` is v's fraction across. The
    /// factor is 1, or ½ for a range whose span is past Double's range (-1e308 to 1e308), so
    /// that every finite range maps with finite numbers.
    private let x0: Double, xSpan: Double, xFactor: Double, y0: Double, ySpan: Double, yFactor: Double

    /// A transform mapping `xRange` and `yRange` (data units) onto `plotArea` (device pixels, y down): the lower x at its left edge, the lower y at its bottom edge.
    public init(plotArea: Rect, xRange: PlotRange, yRange: PlotRange, xScale: Scale = .linear, yScale: Scale = .linear) {
        self.plotArea = plotArea
        self.xRange = xRange
        self.yRange = yRange
        self.xScale = xScale
        self.yScale = yScale
        (x0, xSpan, xFactor) = Self.span(xRange, xScale)
        (y0, ySpan, yFactor) = Self.span(yRange, yScale)
    }

    private static func span(_ range: PlotRange, _ scale: Scale) -> (Double, Double, Double) {
        var lo = scale.forward(range.lower) ?? 0
        var hi = scale.forward(range.upper) ?? 1
        if !lo.isFinite { lo = lo < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
        if !hi.isFinite { hi = hi < 0 ? -.greatestFiniteMagnitude : .greatestFiniteMagnitude }
        let factor = (hi - lo).isFinite ? 1.0 : 0.5
        let span = hi * factor - lo * factor
        return (lo * factor, span > 0 ? span : 1, factor)
    }

    /// The device x of data `x`; nil when the scale cannot show it (x <= 0 on a log scale).
    /// With `clampingToRange`, values past the x range map to the plot area's edge.
    @inlinable
    public func deviceX(_ x: Double, clampingToRange: Bool = false) -> Double? {
        var value = x
        if clampingToRange {
            if xScale == .logarithmic, value <= 0 { value = xRange.lower }
            value = min(max(value, xRange.lower), xRange.upper)
        }
        guard let t = fractionX(value) else { return nil }
        return AxisMapping.limited(plotArea.minX + t * plotArea.width)
    }

    /// The device y of data `y`; nil when the scale cannot show it. With `clampingToRange`,
    /// values past the y range map to the plot area's edge (a bar taller than the range is
    /// cut at the top, not drawn over the title).
    @inlinable
    public func deviceY(_ y: Double, clampingToRange: Bool = false) -> Double? {
        var value = y
        if clampingToRange {
            if yScale == .logarithmic, value <= 0 { value = yRange.lower }
            value = min(max(value, yRange.lower), yRange.upper)
        }
        guard let t = fractionY(value) else { return nil }
        return AxisMapping.limited(plotArea.maxY - t * plotArea.height)
    }

    /// The x axis as loops over millions of points use it: `deviceX(x) == mappingX.device(x)`
    /// (up to rounding) for every x the scale can show, linear or logarithmic.
    public var mappingX: AxisMapping {
        let factor = plotArea.width / xSpan
        return AxisMapping(factor: factor * xFactor, offset: plotArea.minX - x0 * factor, isLogarithmic: xScale == .logarithmic)
    }

    /// The y axis in the same form: `deviceY(y) == mappingY.device(y)` (up to rounding).
    public var mappingY: AxisMapping {
        let factor = -plotArea.height / ySpan
        return AxisMapping(factor: factor * yFactor, offset: plotArea.maxY - y0 * factor, isLogarithmic: yScale == .logarithmic)
    }

    /// The device point of a data point; nil when a scale cannot show it.
    public func devicePoint(_ data: Point) -> Point? {
        guard let x = deviceX(data.x), let y = deviceY(data.y) else { return nil }
        return Point(x: x, y: y)
    }

    /// The data point at a device point (any point, inside the plot area or not).
    public func dataPoint(_ device: Point) -> Point {
        let tx = (device.x - plotArea.minX) / max(plotArea.width, .leastNonzeroMagnitude)
        let ty = (plotArea.maxY - device.y) / max(plotArea.height, .leastNonzeroMagnitude)
        return Point(x: xScale.inverse((x0 + tx * xSpan) / xFactor), y: yScale.inverse((y0 + ty * ySpan) / yFactor))
    }

    /// Where data `x` falls across the x range, 0 at its lower end and 1 at its upper end.
    @usableFromInline
    func fractionX(_ x: Double) -> Double? {
        guard let f = xScale.forward(x) else { return nil }
        return (f * xFactor - x0) / xSpan
    }

    @usableFromInline
    func fractionY(_ y: Double) -> Double? {
        guard let f = yScale.forward(y) else { return nil }
        return (f * yFactor - y0) / ySpan
    }
}
