import Foundation

/// Maps data coordinates to the plot area, Core Plot's `CPTXYPlotSpace`.
///
/// A nil range is fitted to the visible plots at each layout (with `fitMargin`); a set range
/// stays as set. `scaleToFit(_:)` fixes the fitted ranges, as Core Plot's method does. What
/// the user zoomed to is not kept here but in a `GraphView`, which layout takes beside the
/// graph; the mapping a layout used is in its scene (`Scene.plotSpaces`). Navigation asks the
/// `delegate`, and keeps within `globalXRange` and `globalYRange` when they are set.
/// Plot spaces are shared by the plots and axes that use them, hence a class.
public final class XYPlotSpace {
    /// Unique within a graph ("default" for the graph's own).
    public let identifier: String
    /// The x range in data units; nil to fit the data.
    public var xRange: PlotRange?
    /// The y range in data units; nil to fit the data.
    public var yRange: PlotRange?
    /// How x maps; when never given (to `init` or set since), `.linear`, and a layout uses
    /// `.category` instead while a plot in the space names categories along x (see
    /// `scales(for:)`).
    public var xScale: Scale {
        didSet { isXScaleSet = true }
    }
    /// How y maps; inferred as `xScale` is (horizontal bars name categories along y).
    public var yScale: Scale {
        didSet { isYScaleSet = true }
    }
    /// Whether `xScale` was given, so that no plot's categories change it.
    public private(set) var isXScaleSet: Bool
    /// Whether `yScale` was given.
    public private(set) var isYScaleSet: Bool
    /// How far a user may pan or zoom out along x, in data units (Core Plot's `globalXRange`);
    /// nil for no limit.
    public var globalXRange: PlotRange?
    /// How far a user may pan or zoom out along y; nil for no limit.
    public var globalYRange: PlotRange?
    /// Hears about, and may veto or clamp, changes of the view (zoom, pan); weak.
    public weak var delegate: (any PlotSpaceDelegate)?
    /// The share of the data's span added beyond its ends when fitting, on ends that are not
    /// anchored to a base. 0.05 leaves 5% free above the tallest bar.
    public var fitMargin: Double = 0.05 {
        didSet { precondition(fitMargin >= 0 && fitMargin < 10, "fitMargin must be in 0..<10 (got \(fitMargin)).") }
    }

    /// A nil scale is inferred at layout: `.category` along a coordinate where a plot names
    /// categories, `.linear` otherwise.
    public init(
        identifier: String = "default", xScale: Scale? = nil, yScale: Scale? = nil,
        xRange: PlotRange? = nil, yRange: PlotRange? = nil
    ) {
        self.identifier = identifier
        self.xScale = xScale ?? .linear
        self.yScale = yScale ?? .linear
        isXScaleSet = xScale != nil
        isYScaleSet = yScale != nil
        self.xRange = xRange
        self.yRange = yRange
    }

    /// Fixes both ranges to the data of `plots` (hidden ones are skipped), with `fitMargin`.
    public func scaleToFit(_ plots: [any Plot]) {
        let fitted = fittedRanges(for: plots)
        xRange = fitted.x
        yRange = fitted.y
    }

    /// The ranges a layout uses now: the set ones, and fitted ones for those that are nil.
    /// Pure: changes nothing. O(total records).
    public func effectiveRanges(for plots: [any Plot]) -> (x: PlotRange, y: PlotRange) {
        if let xRange, let yRange { return (Self.usable(xRange), Self.usable(yRange)) }
        let fitted = fittedRanges(for: plots)
        return (Self.usable(xRange ?? fitted.x), Self.usable(yRange ?? fitted.y))
    }

    /// The narrowest span a layout maps, in data units: pixels per data unit stay finite over
    /// any plot area below 10⁸ pixels.
    static let minimumSpan = 1e-300

    /// `range`, or a range of `minimumSpan` centred on it when it is narrower but not empty
    /// (an axis set from 1e-320 to 2e-320 would map at infinitely many pixels per unit).
    static func usable(_ range: PlotRange) -> PlotRange {
        guard range.length > 0, range.length < minimumSpan else { return range }
        let center = range.lower / 2 + range.upper / 2
        return PlotRange(center - minimumSpan / 2, center + minimumSpan / 2)
    }

    /// The y range fitted to what `plots` show inside the x range `x` (data units), with
    /// `fitMargin`: a zoomed x range's y autoscaled. The set `yRange` wins when there is one.
    /// O(log n) per plot whose records are sorted by location (see `RangeExtentPlot`).
    public func autoscaledY(for plots: [any Plot], inX x: PlotRange) -> PlotRange {
        if let yRange { return Self.usable(yRange) }
        let fitted = fittedRanges(for: plots) { plot in
            // A plot that cannot say what it shows in x is fitted to all it shows.
            if let ranged = plot as? any RangeExtentPlot { return ranged.dataExtent(inX: x) }
            return plot.dataExtent()
        }
        return Self.usable(fitted.y)
    }

    private func fittedRanges(
        for plots: [any Plot],
        extent: (any Plot) -> DataExtent? = { $0.dataExtent() }
    ) -> (x: PlotRange, y: PlotRange) {
        let (xScale, yScale) = scales(for: plots)
        var x: PlotRange?, y: PlotRange?
        var xAnchors: Set<Double> = [], yAnchors: Set<Double> = []
        for plot in plots where !plot.isHidden {
            guard let extent = extent(plot) else { continue }
            if let ex = extent.x { x = x.map { $0.union(ex) } ?? ex }
            if let ey = extent.y { y = y.map { $0.union(ey) } ?? ey }
            xAnchors.formUnion(extent.xAnchors)
            yAnchors.formUnion(extent.yAnchors)
        }
        // Anchors are part of the extent where the scale can show them.
        for anchor in xAnchors where xScale != .logarithmic || anchor > 0 { x = x?.including(anchor) }
        for anchor in yAnchors where yScale != .logarithmic || anchor > 0 { y = y?.including(anchor) }
        return (
            Self.fit(x, scale: xScale, margin: xScale == .category ? 0 : fitMargin, anchors: xAnchors),
            Self.fit(y, scale: yScale, margin: fitMargin, anchors: yAnchors)
        )
    }

    /// Grows `range` by `margin` of its span on each end not in `anchors`, and gives an empty or
    /// zero-width range a usable span. On a log scale margins are ratios and ends stay positive.
    static func fit(_ range: PlotRange?, scale: Scale, margin: Double, anchors: Set<Double>) -> PlotRange {
        if scale == .logarithmic {
            guard let range, range.upper > 0 else { return PlotRange(1, 10) }
            let lo = range.lower > 0 ? range.lower : range.upper / 10
            let span = max(log10(range.upper) - log10(lo), 1)
            return PlotRange(clamping: pow(10, log10(lo) - span * margin), pow(10, log10(range.upper) + span * margin))
        }
        guard let range else { return PlotRange(0, 1) }
        guard range.length > 0 else {
            // One value: center a unit-ish span on it (or start at it when it is an anchor); on
            // a date axis half of the value's own calendar unit (a year either side of 2013
            // would be ±4 years as a tenth of its seconds since 1970).
            var pad = range.lower == 0 ? 1 : abs(range.lower) * 0.1
            if scale == .date {
                pad =
                    switch DateResolution.of([range.lower]) {
                    case .year: 31_556_952 / 2
                    case .month: 2_629_746 / 2
                    case .day: 43_200
                    case .minute: 1_800
                    case .second: 30
                    }
            }
            if anchors.contains(range.lower) { return PlotRange(clamping: range.lower, range.lower + pad) }
            return PlotRange(clamping: range.lower - pad, range.upper + pad)
        }
        // A span past Double's range (from -1e308 to 1e308) gets no margin rather than infinite ends.
        let pad = range.length * margin
        guard pad.isFinite else { return range }
        let lower = anchors.contains(range.lower) ? range.lower : max(range.lower - pad, -Double.greatestFiniteMagnitude)
        let upper = anchors.contains(range.upper) ? range.upper : min(range.upper + pad, Double.greatestFiniteMagnitude)
        return PlotRange(lower, upper)
    }
}
