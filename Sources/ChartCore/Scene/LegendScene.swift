/// The legend as laid out, in device pixels.
public struct LegendScene: Hashable, Sendable {
    /// One plot's entry: its swatch and its title. The swatch is its square filled with
    /// `swatchFill`, then `swatchLine`, then `swatchMarker`, each placed by layout.
    public struct Entry: Hashable, Sendable {
        /// The plot the entry stands for.
        public var plotID: String
        /// The entry's text.
        public var title: String
        /// The whole entry, swatch and text: what a click on the entry hits.
        public var rect: Rect
        /// The swatch's square.
        public var swatch: Rect
        /// The swatch's fill, over its square; nil for a line or marker swatch without one.
        public var swatchFill: Fill?
        /// A line across the swatch, through its middle from its left edge to its right (line
        /// plots); nil for none.
        public var swatchLine: SceneLine?
        /// A marker in the middle of the swatch (scatter plots), already scaled; nil for none.
        public var swatchMarker: SceneMarker?
        /// The entry's text, placed.
        public var text: SceneText
        /// Whether what the entry stands for is shown (a hidden one is greyed).
        public var isVisible: Bool
        /// The record the entry stands for (a pie slice); nil for the whole plot.
        public var record: Int?
    }

    /// Where it ended up: never `.automatic`.
    public var position: Legend.Position
    /// The legend's box.
    public var rect: Rect
    /// The box's fill.
    public var fill: Fill
    /// The box's border, stroked just inside the box; nil for none.
    public var border: LineStyle?
    /// The entries, row by row.
    public var entries: [Entry]
    /// The number of rows.
    public var rows: Int
    /// The number of columns.
    public var columns: Int
}
