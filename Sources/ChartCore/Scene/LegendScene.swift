/// The legend as laid out, in device pixels.
public struct LegendScene: Hashable, Sendable {
    /// One plot's entry: its swatch and its title.
    public struct Entry: Hashable, Sendable {
        public var plotID: String
        public var title: String
        /// The whole entry, swatch and text: what a click on the entry hits.
        public var rect: Rect
        public var swatch: Rect
        /// The swatch's fill; nil for a line or marker swatch without one.
        public var swatchFill: Fill?
        /// A line across the swatch (line plots).
        public var swatchLine: LineStyle?
        /// A marker in the middle of the swatch (scatter plots), already scaled.
        public var swatchSymbol: PlotSymbol?
        public var text: SceneText
        public var isVisible: Bool
        /// The record the entry stands for (a pie slice); nil for the whole plot.
        public var record: Int?
    }

    /// Where it ended up: never `.automatic`.
    public var position: Legend.Position
    public var rect: Rect
    public var fill: Fill
    public var border: LineStyle?
    public var entries: [Entry]
    public var rows: Int
    public var columns: Int
}
