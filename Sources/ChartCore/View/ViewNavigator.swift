import Foundation

/// The arithmetic of zooming and panning: a view and a gesture in device pixels give the next
/// view. Reads the scene on screen for the mapping the user sees (`Scene.plotSpaces`) and the
/// graph's plot spaces for their scales, limits and delegates; changes neither. Pure Swift and
/// O(plot spaces) per gesture, so a burst of wheel notches costs nothing before its frame.
///
/// Zooms and pans give anchored ranges (`ViewRange.anchored`), computed from the view itself
/// when it is anchored already: notches that arrive before their frame compose exactly, and
/// the value under the pointer stays under it whatever room the new labels take.
public struct ViewNavigator {
    /// The graph navigated.
    public let graph: Graph
    /// The scene laid out, whose transforms map pixels to data.
    public let scene: Scene

    /// A navigator over `graph` as laid out in `scene`.
    public init(graph: Graph, scene: Scene) {
        self.graph = graph
        self.scene = scene
    }

    /// The narrowest span shown, as a share of the magnitude of the values at its ends: past
    /// about 1e-13 a double can no longer tell neighbouring pixels apart.
    static let relativePrecision = 1e-12
    /// The widest span shown, in scale units (data units, or decades on a log scale).
    static let widestSpan = 1e300

    /// `view` zoomed by `factor` (above 1 zooms in) about device point `point` along `axes`;
    /// nil when nothing changes (refused by a delegate, or past the narrowest or widest span).
    public func zoomed(_ view: GraphView, by factor: Double, about point: Point, axes: NavigationAxes) -> GraphView? {
        precondition(factor > 0 && factor.isFinite, "A zoom factor is positive and finite (got \(factor)).")
        return changed(
            view, axes: axes,
            asking: { space in
                space.delegate?.plotSpace(space, shouldScaleBy: factor, aboutPoint: point) ?? true
            }
        ) { current, t, isVertical in
            let scale = isVertical ? t.yScale : t.xScale
            guard case .anchored(let value, let pixel, let perPixel)? = anchored(current, transform: t, isVertical: isVertical),
                let f = scale.forward(value)
            else { return nil }
            let at = isVertical ? point.y : point.x
            let sign = isVertical ? -1.0 : 1.0
            let under = scale.inverse(f + sign * (at - pixel) * perPixel)
            guard under.isFinite else { return nil }
            return .anchored(value: under, pixel: at, unitsPerPixel: perPixel / factor)
        }
    }

    /// `view` moved by `delta` device pixels along `axes`, as a drag moves it: the data under
    /// the pointer follows the pointer. nil when nothing changes.
    public func panned(_ view: GraphView, by delta: Point, axes: NavigationAxes) -> GraphView? {
        changed(view, axes: axes) { current, t, isVertical in
            guard case .anchored(let value, let pixel, let perPixel)? = anchored(current, transform: t, isVertical: isVertical) else { return nil }
            return .anchored(value: value, pixel: pixel + (isVertical ? delta.y : delta.x), unitsPerPixel: perPixel)
        }
    }

    /// `view` showing exactly the device rectangle `rect` of the plot area: its ends in data
    /// units, along both axes of every plot space. nil for an empty rectangle.
    public func zoomed(_ view: GraphView, to rect: Rect) -> GraphView? {
        guard rect.width >= 1, rect.height >= 1 else { return nil }
        let box = rect.intersection(scene.plotArea)
        guard box.width >= 1, box.height >= 1 else { return nil }
        let factor = min(scene.plotArea.width / box.width, scene.plotArea.height / box.height)
        return changed(
            view, axes: .both,
            asking: { space in
                space.delegate?.plotSpace(space, shouldScaleBy: factor, aboutPoint: box.center) ?? true
            }
        ) { _, t, isVertical in
            let a = t.dataPoint(Point(x: box.minX, y: box.maxY)), b = t.dataPoint(Point(x: box.maxX, y: box.minY))
            return .ends(isVertical ? PlotRange(clamping: a.y, b.y) : PlotRange(clamping: a.x, b.x))
        }
    }

    /// `view` with y autoscaled again (`on`), or with each autoscaled y fixed where it shows now.
    public func autoscaling(_ view: GraphView, _ on: Bool) -> GraphView {
        var next = view
        next.autoscalesY = on
        for space in scene.plotSpaces {
            next[space: space.identifier].y = on ? nil : (view[space: space.identifier].y ?? .ends(space.transform.yRange))
        }
        return next
    }

    // MARK: The common part

    /// The anchored form of plot space `space`'s range along an axis as the scene maps it: the
    /// view's own when anchored already, else its lower end at the plot area's edge.
    private func anchored(_ range: ViewRange?, transform: CoordinateTransform, isVertical: Bool) -> ViewRange? {
        if case .anchored? = range { return range }
        let scale = isVertical ? transform.yScale : transform.xScale
        let shown = isVertical ? transform.yRange : transform.xRange
        let length = isVertical ? transform.plotArea.height : transform.plotArea.width
        guard length > 0, let lo = scale.forward(shown.lower), let hi = scale.forward(shown.upper), hi > lo else { return nil }
        return .anchored(
            value: shown.lower, pixel: isVertical ? transform.plotArea.maxY : transform.plotArea.minX,
            unitsPerPixel: (hi - lo) / length)
    }

    /// Sets the range `propose` gives for the current one (nil when unset) along `axes` of
    /// every plot space the delegate lets scale, keeps each within the spans a double
    /// can show, the space's global range and what its delegate allows; a change of y turns
    /// autoscale off, fixing the other spaces' autoscaled y where it shows.
    private func changed(
        _ view: GraphView, axes: NavigationAxes, asking allowed: (XYPlotSpace) -> Bool = { _ in true },
        propose: (ViewRange?, CoordinateTransform, Bool) -> ViewRange?
    ) -> GraphView? {
        var next = view
        var changedAny = false
        if axes.y {
            next = autoscaling(view, false)
        }
        for shown in scene.plotSpaces {
            guard let space = graph.plotSpace(identifier: shown.identifier), allowed(space) else { continue }
            let t = shown.transform
            for isVertical in [false, true] {
                guard isVertical ? axes.movesY(of: shown.identifier) : axes.x else { continue }
                let current = isVertical ? next[space: shown.identifier].y : next[space: shown.identifier].x
                guard let proposed = propose(current, t, isVertical), let accepted = limited(proposed, space: space, transform: t, isVertical: isVertical)
                else { continue }
                if isVertical { next[space: shown.identifier].y = accepted } else { next[space: shown.identifier].x = accepted }
                changedAny = true
            }
        }
        return changedAny && next != view ? next : nil
    }

    /// `range` as shown over the scene's plot area, kept within what a double shows, the global
    /// range and what the delegate allows: `range` itself when nothing had to change, the
    /// allowed ends when something did, nil when the change is refused.
    private func limited(_ range: ViewRange, space: XYPlotSpace, transform t: CoordinateTransform, isVertical: Bool) -> ViewRange? {
        let scale = isVertical ? t.yScale : t.xScale
        let area = t.plotArea
        guard
            let shown = range.resolved(
                from: isVertical ? area.maxY : area.minX, to: isVertical ? area.minY : area.maxX,
                scale: scale, isVertical: isVertical),
            let lo = scale.forward(shown.lower), let hi = scale.forward(shown.upper)
        else { return nil }
        let span = hi - lo
        let narrowest = scale == .category ? 1 : max(max(abs(lo), abs(hi)) * Self.relativePrecision, XYPlotSpace.minimumSpan)
        guard span.isFinite, span <= Self.widestSpan else { return nil }
        // Zooming in past the narrowest span stops there rather than refusing, so that the
        // last notch lands exactly on it; past it nothing changes.
        var limited = shown
        if span < narrowest {
            let current = (isVertical ? t.yRange : t.xRange)
            if let cl = scale.forward(current.lower), let ch = scale.forward(current.upper), ch - cl <= narrowest * 1.000001 { return nil }
            let mid = lo / 2 + hi / 2
            limited = PlotRange(clamping: scale.inverse(mid - narrowest / 2), scale.inverse(mid + narrowest / 2))
        }
        if let global = isVertical ? space.globalYRange : space.globalXRange {
            limited = Self.kept(limited, within: global)
        }
        if let delegate = space.delegate {
            guard let allowed = delegate.plotSpace(space, willChangePlotRangeTo: limited, for: isVertical ? .y : .x) else { return nil }
            limited = allowed
        }
        return limited == shown ? range : .ends(limited)
    }

    /// `range` moved (not resized) to lie within `global`, or `global` itself when longer.
    static func kept(_ range: PlotRange, within global: PlotRange) -> PlotRange {
        if range.length >= global.length { return global }
        if range.lower < global.lower { return PlotRange(global.lower, global.lower + range.length) }
        if range.upper > global.upper { return PlotRange(global.upper - range.length, global.upper) }
        return range
    }
}
