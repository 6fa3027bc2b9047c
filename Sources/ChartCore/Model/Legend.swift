/// The key that names each plot beside its swatch, Core Plot's `CPTLegend`.
///
/// Lengths are device pixels at scale 1.
public struct Legend: Hashable, Sendable {
    /// Where the legend sits around the plot area.
    public enum Position: String, Hashable, Sendable {
        /// Right when the graph is wider than tall, bottom otherwise: re-chosen at every layout.
        case automatic
        case right, bottom, top, left
    }

    public var isHidden = false
    public var position: Position = .automatic
    /// Fixed column count; nil to use as many as fit (bottom/top) or one per wrap (right/left).
    public var numberOfColumns: Int?
    /// Fill behind the entries; nil for the theme's.
    public var fill: Fill?
    /// Border; nil for the theme's.
    public var borderLineStyle: LineStyle?
    /// Entry text; nil for the theme's.
    public var textStyle: TextStyle?
    public var swatchSize: Double = 12
    /// Between a swatch and its title.
    public var swatchGap: Double = 6
    /// Inside the border.
    public var padding: Double = 8
    public var rowSpacing: Double = 4
    public var columnSpacing: Double = 16
    /// Between the legend and the plot area frame.
    public var margin: Double = 10

    public init() {}
}
