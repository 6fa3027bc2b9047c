/// One record of one plot as laid out: the shape drawn for it and where its popup points.
public struct PlotItem: Hashable, Sendable {
    /// The shape, in device pixels.
    public enum Shape: Hashable, Sendable {
        /// A bar (a box, a candle's body, a heatmap's cell), its `corners` rounded as layout
        /// chose (a bar's tip; `CornerRounding(tipOf:radius:base:pointsDown:)`).
        case rect(Rect, corners: CornerRounding = .none)
        /// A point of a line or scatter plot, with its marker (nil: the point is not marked).
        case point(Point, symbol: PlotSymbol?)
        /// A pie slice: the ring between `innerRadius` and `radius` from `startAngle` to
        /// `endAngle`, in radians from +x towards +y (down), as Cairo measures; start < end.
        case wedge(center: Point, radius: Double, innerRadius: Double, startAngle: Double, endAngle: Double)
        /// Straight strokes in the item's stroke: a candle's wick, an OHLC bar's ticks, error
        /// bars and their caps, a box plot's whiskers. Hit within `hitWidth / 2` of any of them
        /// (never less than the hit tester's slop), so a 1-pixel whisker can still be clicked.
        case segments([Segment], hitWidth: Double)
        /// A closed polygon filled with the item's fill and outlined with its stroke, its corners
        /// round: a radar chart's series. Hit inside, or within `hitWidth / 2` of its outline (at least the hit
        /// tester's slop); inside only for a `hitWidth` of 0.
        case polygon([Point], hitWidth: Double)

        /// A rectangle with all four corners rounded by `cornerRadius` device pixels, clamped to
        /// half its shorter side (square for 0).
        public static func rect(_ rect: Rect, cornerRadius: Double) -> Shape {
            .rect(rect, corners: CornerRounding(radius: cornerRadius, corners: .all).clamped(to: rect))
        }
    }

    /// A straight stroke between two points, in device pixels.
    public struct Segment: Hashable, Sendable {
        /// Where the segment starts, device pixels.
        public var from: Point
        /// Where the segment ends, device pixels.
        public var to: Point

        /// A segment from `from` to `to`.
        public init(from: Point, to: Point) {
            self.from = from
            self.to = to
        }
    }

    /// Where a bar starts, for animating its growth: the device coordinate of its base, along y
    /// for vertical bars and x for horizontal ones.
    public struct Base: Hashable, Sendable {
        /// The base's device coordinate.
        public var position: Double
        /// Whether the bar is horizontal (the base is an x).
        public var isHorizontal: Bool
    }

    /// The record's index in the plot's data source.
    public var record: Int
    /// The record's value, in data units.
    public var value: Double
    /// What is drawn, in device pixels.
    public var shape: Shape
    /// Its fill.
    public var fill: Fill
    /// Its outline (a rect's stroked just inside it); nil for none.
    public var stroke: LineStyle?
    /// Where a value popup for this record points: a bar's tip, a point, a slice's outer middle.
    public var anchor: Point
    /// Whether the popup goes below the anchor (a negative bar).
    public var pointsDown: Bool
    /// Where a bar grows from when animated; nil for other items.
    public var base: Base?
    /// Which point of the popup's box sits on the anchor, when the plot chooses (a slice's popup
    /// keeps clear of the slice's label); nil for the bottom middle, or the top middle when
    /// `pointsDown`.
    public var popupPlacement: RectAnchor?

    /// An item for `record` worth `value`: its shape, fill and stroke, the point its popup points at and where the popup goes.
    public init(
        record: Int, value: Double, shape: Shape, fill: Fill, stroke: LineStyle?, anchor: Point,
        pointsDown: Bool = false, base: Base? = nil, popupPlacement: RectAnchor? = nil
    ) {
        self.popupPlacement = popupPlacement
        self.record = record
        self.value = value
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.anchor = anchor
        self.pointsDown = pointsDown
        self.base = base
    }

    /// The bounds of the shape (a point's marker, a slice's whole disc).
    public var bounds: Rect {
        switch shape {
        case .rect(let rect, _):
            return rect
        case .point(let p, let symbol):
            let half = (symbol?.size ?? 0) / 2
            return Rect(x: p.x - half, y: p.y - half, width: 2 * half, height: 2 * half)
        case .wedge(let c, let r, _, _, _):
            return Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r)
        case .segments(let segments, _):
            return Rect(enclosing: segments.flatMap { [$0.from, $0.to] })
        case .polygon(let points, _):
            return Rect(enclosing: points)
        }
    }
}

/// A plot as laid out: its paths (lines, areas), its items in record order, its data labels.
public struct PlotScene: Hashable, Sendable {
    /// The plot's identifier.
    public var plotID: String
    /// The plot's title.
    public var title: String
    /// The plot's kind.
    public var kind: PlotKind
    /// Whether the plot is shown (false for a hidden one, laid out for its legend entry only).
    public var isVisible: Bool
    /// Areas and lines, drawn before the items.
    public var paths: [ScenePath]
    /// The records drawn, in record order. A record may have several items (a candle's wick and
    /// its body, a box and its whiskers); its first is the one its popup points from.
    public var items: PlotItems
    /// Data labels (values above bars, slice labels), drawn after the items.
    public var labels: [SceneText]
    /// Leader lines from slices to their outside labels.
    public var leaders: [SceneLine]
    /// The clip the plot is drawn in and hit in, in device pixels: its plot area, or more where
    /// the plot reaches past it (a pie's pulled-out slice).
    public var clip: Rect
    /// A narrower clip for the paths only, while the show animation reveals lines from the left
    /// (`Scene.animated(progress:)`); nil to draw them in `clip`.
    public var pathsClip: Rect?
    /// What the plot's `ViewDataSource` has yet to deliver for this view: the plot was laid out
    /// from records that stand in (the view is refining). Empty when it drew what it should.
    public var pendingData: [ViewDataRequest] = []
    /// Plain bars (`PlotItem.plainBar`, by item position) that bars painted after them, of this
    /// plot or a later one, cover: the pieces of each still showing, none when wholly hidden.
    /// Painting only those pieces gives the pixels of painting every bar whole (`BarOcclusion`);
    /// a bar not listed is painted whole. Recorded by layout; empty for a plot laid out alone.
    public var occludedBars: [Int: [Rect]] = [:]
    /// The plot's records in words, as their popups say them (`RecordDescriber`): set by
    /// layout; nil for a plot scene made by hand.
    public var describer: RecordDescriber?

    /// A plot laid out: its items, paths, labels and leader lines, clipped to `clip` (nil for none).
    public init(
        plotID: String, title: String, kind: PlotKind, isVisible: Bool, paths: [ScenePath] = [],
        items: [PlotItem], labels: [SceneText] = [], leaders: [SceneLine] = [], clip: Rect
    ) {
        self.init(
            plotID: plotID, title: title, kind: kind, isVisible: isVisible, paths: paths,
            items: PlotItems(items), labels: labels, leaders: leaders, clip: clip)
    }

    /// A plot laid out with its points as packed arrays (`PlotItems`).
    public init(
        plotID: String, title: String, kind: PlotKind, isVisible: Bool, paths: [ScenePath] = [],
        items: PlotItems, labels: [SceneText] = [], leaders: [SceneLine] = [], clip: Rect
    ) {
        self.plotID = plotID
        self.title = title
        self.kind = kind
        self.isVisible = isVisible
        self.paths = paths
        self.items = items
        self.labels = labels
        self.leaders = leaders
        self.clip = clip
    }
}
