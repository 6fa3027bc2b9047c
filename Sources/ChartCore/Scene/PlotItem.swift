/// One record of one plot as laid out: the shape drawn for it and the area a click selects it by.
public struct PlotItem: Hashable, Sendable {
    /// The shape, in device pixels.
    public enum Shape: Hashable, Sendable {
        case rect(Rect)
    }

    /// The record's index in the plot's data source.
    public var record: Int
    /// The record's value, in data units.
    public var value: Double
    public var shape: Shape
    public var fill: Fill
    public var stroke: LineStyle?
    /// Where a value popup for this record points: the middle of a bar's tip.
    public var anchor: Point
    /// Whether the record extends downwards from its base (a negative bar), so its popup goes below.
    public var pointsDown: Bool

    public init(record: Int, value: Double, shape: Shape, fill: Fill, stroke: LineStyle?, anchor: Point, pointsDown: Bool = false) {
        self.record = record
        self.value = value
        self.shape = shape
        self.fill = fill
        self.stroke = stroke
        self.anchor = anchor
        self.pointsDown = pointsDown
    }

    /// The bounds of the shape.
    public var bounds: Rect {
        switch shape {
        case .rect(let rect): rect
        }
    }
}

/// A plot as laid out: its items in record order.
public struct PlotScene: Hashable, Sendable {
    public var plotID: String
    public var title: String
    public var kind: String
    public var isVisible: Bool
    public var items: [PlotItem]
    /// The clip the plot is drawn in (its plot area), in device pixels.
    public var clip: Rect

    public init(plotID: String, title: String, kind: String, isVisible: Bool, items: [PlotItem], clip: Rect) {
        self.plotID = plotID
        self.title = title
        self.kind = kind
        self.isVisible = isVisible
        self.items = items
        self.clip = clip
    }
}
