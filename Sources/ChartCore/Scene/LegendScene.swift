/// The legend as laid out, in device pixels.
public struct LegendScene: Hashable, Sendable {
    /// One plot's entry: its swatch and its title.
    public struct Entry: Hashable, Sendable {
        public var plotID: String
        public var title: String
        /// The whole entry, swatch and text: what a click on the entry hits.
        public var rect: Rect
        public var swatch: Rect
        public var swatchFill: Fill
        public var text: SceneText
        public var isVisible: Bool
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
