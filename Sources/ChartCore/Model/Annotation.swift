/// Text placed on the graph, Core Plot's `CPTAnnotation`: at a data point
/// (`CPTPlotSpaceAnnotation`) or at a corner of the graph or plot area (`CPTLayerAnnotation`).
/// The window's value popup is one.
public struct Annotation: Hashable, Sendable {
    /// What an annotation is placed at.
    public enum Anchor: Hashable, Sendable {
        /// At a data point, in data units of the plot space `plotSpace` ("default" for the graph's).
        case dataPoint(x: Double, y: Double, plotSpace: String)
        /// At a point of the graph's frame.
        case graph(RectAnchor)
        /// At a point of the plot area's frame.
        case plotArea(RectAnchor)
        /// At the point a plot's record is laid out at (a bar's tip, a point, a slice's rim):
        /// the value popup's anchor, which follows the record through every layout.
        case record(plotID: String, record: Int)
    }

    /// Names the annotation so its owner can find and replace it ("selection" for the value popup).
    public var identifier: String?
    /// The text shown; a line break starts a new line.
    public var text: String
    /// Where the annotation is placed.
    public var anchor: Anchor
    /// Moves the text from its anchor, in device pixels at scale 1, x right and y down.
    public var displacement: Point
    /// Degrees, counter-clockwise.
    public var rotation: Double
    /// Text style; nil for the theme's annotation style.
    public var textStyle: TextStyle?
    /// Whether the text sits in a filled, bordered box (a popup) or stands alone.
    public var hasBox: Bool
    /// Which point of the text's box lands on the anchor (plus displacement).
    public var contentAnchor: RectAnchor
    /// Keep the whole box inside the graph, shifting or flipping it as needed.
    public var staysInside: Bool
    /// Whether the annotation is left out while its anchor is outside the plot area (a note at
    /// a data point scrolled out of view).
    public var clipsToPlotArea: Bool

    /// An annotation showing `text` at `anchor`; see the properties for the other parameters (pixels at scale 1, degrees).
    public init(
        identifier: String? = nil, text: String, anchor: Anchor, displacement: Point = .zero, rotation: Double = 0,
        textStyle: TextStyle? = nil, hasBox: Bool = false, contentAnchor: RectAnchor = .center,
        staysInside: Bool = true, clipsToPlotArea: Bool = false
    ) {
        self.identifier = identifier
        self.text = text
        self.anchor = anchor
        self.displacement = displacement
        self.rotation = rotation
        self.textStyle = textStyle
        self.hasBox = hasBox
        self.contentAnchor = contentAnchor
        self.staysInside = staysInside
        self.clipsToPlotArea = clipsToPlotArea
    }
}

/// One of nine points of a rectangle.
public enum RectAnchor: String, Hashable, Sendable, CaseIterable {
    /// One of the four corners, the four edges' midpoints, or the center (top is the smaller y on screen).
    case topLeft, top, topRight, left, center, right, bottomLeft, bottom, bottomRight

    /// The point of `rect` this anchor names.
    public func point(in rect: Rect) -> Point {
        Point(x: rect.minX + rect.width * fraction.x, y: rect.minY + rect.height * fraction.y)
    }

    /// Where the anchor sits across a box: 0 left/top to 1 right/bottom.
    public var fraction: Point {
        switch self {
        case .topLeft: Point(x: 0, y: 0)
        case .top: Point(x: 0.5, y: 0)
        case .topRight: Point(x: 1, y: 0)
        case .left: Point(x: 0, y: 0.5)
        case .center: Point(x: 0.5, y: 0.5)
        case .right: Point(x: 1, y: 0.5)
        case .bottomLeft: Point(x: 0, y: 1)
        case .bottom: Point(x: 0.5, y: 1)
        case .bottomRight: Point(x: 1, y: 1)
        }
    }
}
