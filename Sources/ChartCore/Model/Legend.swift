/// The key that names each plot beside its swatch, Core Plot's `CPTLegend`.
///
/// Lengths are device pixels at scale 1.
public struct Legend: Hashable, Sendable {
    /// Where the legend sits around the plot area.
    public enum Position: String, Hashable, Sendable {
        /// Right when the graph is wider than tall, bottom otherwise: re-chosen at every layout.
        case automatic
        /// Always on that side of the plot area.
        case right, bottom, top, left
    }

    /// Whether the legend is left out.
    public var isHidden = false
    /// Where the legend sits.
    public var position: Position = .automatic
    /// Fixed column count; nil to use as many as fit (bottom/top) or one per wrap (right/left).
    public var numberOfColumns: Int?
    /// Fill behind the entries; nil for the theme's.
    public var fill: Fill?
    /// Border; nil for the theme's.
    public var borderLineStyle: LineStyle?
    /// Entry text; nil for the theme's.
    public var textStyle: TextStyle?
    /// A swatch's side in pixels.
    public var swatchSize: Double = 12
    /// Between a swatch and its title.
    public var swatchGap: Double = 6
    /// Inside the border.
    public var padding: Double = 8
    /// Space between rows, in pixels.
    public var rowSpacing: Double = 4
    /// Space between columns, in pixels.
    public var columnSpacing: Double = 16
    /// Between the legend and the plot area frame.
    public var margin: Double = 10

    /// A legend with the default look, placed automatically.
    public init() {}
}
