import ChartCore

/// What the window reports as it runs, for `--trace` and tests. Sizes and rects are device pixels.
public enum WindowEvent: Sendable {
    /// The first frame is on screen.
    case ready(window: UInt, size: Size)
    /// A new layout at `scene.size`.
    case layout(Scene)
    /// A selection, deselection or toggle, after the layout that shows it.
    case interaction(InteractionEvent)
    /// A frame reached the screen `milliseconds` after the first event that asked for it.
    case frame(milliseconds: Double)
    /// The chart moved to another period.
    case period(value: String)
    /// The chart was rebuilt because its data changed; `records` is the largest plot's count.
    case reload(records: Int)
    /// The show animation ended.
    case animated
    /// The view was saved to `path`.
    case saved(path: String)
    /// Another chart of the gallery is shown.
    case chart(name: String)
    /// The window is closing.
    case quit
}
