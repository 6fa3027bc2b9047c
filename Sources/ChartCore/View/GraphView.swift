import Foundation

/// What part of a graph's data is looked at: per plot space, the x and y ranges the user zoomed
/// or panned to. A nil range is the graph's own (its plot space's set range, or the fitted
/// one): `GraphView.fitted` is the view `resetView` returns to.
///
/// A value: the view history keeps copies, `--x-range` makes one, and layout reads one
/// (`Graph.layout(size:scale:view:measurer:)`) without changing the graph.
public struct GraphView: Hashable, Sendable, CustomStringConvertible {
    /// The ranges of one plot space; nil for the graph's own.
    public struct Ranges: Hashable, Sendable {
        /// The x range shown; nil for the fitted one.
        public var x: ViewRange?
        /// The y range shown; nil for the fitted one.
        public var y: ViewRange?

        /// Ranges of a plot space's view; nil for fitted.
        public init(x: ViewRange? = nil, y: ViewRange? = nil) {
            self.x = x
            self.y = y
        }
    }

    /// By plot space identifier; a space not named here shows the graph's own ranges.
    public var spaces: [String: Ranges]
    /// While y is not set (the user zoomed or panned x only), y fits the data visible in the
    /// x range rather than all of it (DGCharts' `autoScaleMinMaxEnabled`, gnuplot's `a`).
    public var autoscalesY: Bool

    /// A view with `spaces`' ranges by plot space identifier; `autoscalesY` fits y to the data in view.
    public init(spaces: [String: Ranges] = [:], autoscalesY: Bool = true) {
        self.spaces = spaces
        self.autoscalesY = autoscalesY
    }

    /// The fitted view: every range the graph's own, y autoscaled.
    public static let fitted = GraphView()

    /// Whether no range is set (`a` may have turned autoscale off).
    public var isFitted: Bool { spaces.values.allSatisfy { $0.x == nil && $0.y == nil } }

    /// Whether some range is anchored at a pixel, so that its ends depend on the plot area.
    public var hasAnchoredRanges: Bool {
        spaces.values.contains { ranges in
            [ranges.x, ranges.y].contains { if case .anchored? = $0 { true } else { false } }
        }
    }

    /// The ranges set for plot space `identifier` (both nil when none are).
    public subscript(space identifier: String) -> Ranges {
        get { spaces[identifier] ?? Ranges() }
        set { spaces[identifier] = newValue == Ranges() ? nil : newValue }
    }

    public var description: String {
        let parts = spaces.keys.sorted().map { id -> String in
            let r = spaces[id]!
            return "\(id): x \(r.x?.description ?? "fitted"), y \(r.y?.description ?? "fitted")"
        }
        return (parts.isEmpty ? "fitted" : parts.joined(separator: "; ")) + (autoscalesY ? "" : " (autoscale off)")
    }
}

/// One range of a view: fixed ends, or a value held at a device pixel with a number of data
/// units per pixel, whose ends follow from the plot area a layout settles on.
///
/// Zooming and panning make anchored ranges: the value under the pointer stays under it to
/// the pixel even when the axis labels of the new view take more room and move the plot area
/// (the ends are worked out after the plot area is known). `--x-range` and a box zoom make
/// ends, which is what they name.
public enum ViewRange: Hashable, Sendable, CustomStringConvertible {
    /// From `lower` to `upper`, data units.
    case ends(PlotRange)
    /// Data `value` at device coordinate `pixel` (x from the surface's left edge; y from its
    /// top, growing downwards), `unitsPerPixel` scale units per device pixel along the axis
    /// (data units on a linear or date scale, decades on a log scale; always positive).
    case anchored(value: Double, pixel: Double, unitsPerPixel: Double)

    /// The data range shown from device coordinate `from` to `to` along the axis (the plot
    /// area's edges: minX…maxX for x, maxY…minY for y, which counts upwards) on `scale`; nil
    /// when the ends cannot be shown (past Double's range, or a log value at or below 0).
    public func resolved(from: Double, to: Double, scale: Scale, isVertical: Bool) -> PlotRange? {
        switch self {
        case .ends(let range):
            return range
        case .anchored(let value, let pixel, let perPixel):
            guard let f = scale.forward(value) else { return nil }
            let sign = isVertical ? -1.0 : 1.0
            let a = scale.inverse(f + sign * (from - pixel) * perPixel)
            let b = scale.inverse(f + sign * (to - pixel) * perPixel)
            guard a.isFinite, b.isFinite, a < b else { return nil }
            return PlotRange(a, b)
        }
    }

    public var description: String {
        switch self {
        case .ends(let range): return range.description
        case .anchored(let value, let pixel, let perPixel): return "\(value) at \(pixel) px, \(perPixel)/px"
        }
    }
}
