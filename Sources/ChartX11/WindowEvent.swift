import ChartCore
import ChartSession

/// What the window reports as it runs, for a program's trace and tests: its frames, and what
/// its chart session reports (`session`). Sizes and rects are device pixels.
public enum WindowEvent: Sendable {
    /// The first frame is on screen, at `size` and `scale` (device pixels per layout pixel);
    /// `watching`: whether the data is polled for changes (`Options.watches`).
    case ready(window: UInt, size: Size, scale: Double, watching: Bool)
    /// A new layout at `scene.size`.
    case layout(Scene)
    /// A frame reached the screen `milliseconds` after the first event that asked for it.
    case frame(milliseconds: Double)
    /// A frame of the chart started on the frame thread, at `size` (not the placeholder shown
    /// while a chart loads). Input goes on being handled while it is built.
    case building(window: UInt, size: Size)
    /// The chart frame being built at `size` was abandoned: a newer state (a resize, a toggle,
    /// another chart) made it stale, or the window closes.
    case cancelled(size: Size)
    /// What lies over the chart (the help, the status line) reached the screen over the last
    /// chart picture while a chart frame is being built, `milliseconds` after the event.
    case frameWhileBuilding(milliseconds: Double)
    /// The show animation ended.
    case animated
    /// `chart` started loading on a thread of its own; meanwhile the window shows its name and
    /// "Loading… (Esc cancels)", and answers Escape, Tab, the help and `q`. (The session's
    /// `SessionEvent.loading`, naming the window.)
    case loading(window: UInt, chart: String)
    /// What the chart session reported: a selection, a load, a reload, a period, the prompt,
    /// the status line, a save (`SessionEvent`); never `SessionEvent.loading`, which is `loading`.
    case session(SessionEvent)
    /// The window is closing.
    case quit
}
