import ChartCore

/// What the window reports as it runs, for a program's trace and tests. Sizes and rects are device pixels.
public enum WindowEvent: Sendable {
    /// The first frame is on screen, at `size` and `scale` (device pixels per layout pixel);
    /// `watching`: whether the data is polled for changes (`Options.watches`).
    case ready(window: UInt, size: Size, scale: Double, watching: Bool)
    /// A new layout at `scene.size`.
    case layout(Scene)
    /// A selection, deselection or toggle, after the layout that shows it.
    case interaction(InteractionEvent)
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
    /// The chart moved to another period.
    case period(value: String)
    /// The chart was rebuilt because its data changed, and its first frame is about to reach
    /// the screen; `records` is the largest plot's count.
    case reload(records: Int)
    /// The data changed but could not be read (`message` names the file and place): the last
    /// good chart stays, with the message in its status line until a reload succeeds.
    case reloadFailed(message: String)
    /// The show animation ended.
    case animated
    /// The status line's readout of the data under the pointer changed (nil: the pointer left
    /// the plot area).
    case readout(text: String?)
    /// `bytes` of text went on the CLIPBOARD selection (Ctrl+C, Ctrl+Shift+C).
    case copied(bytes: Int)
    /// The view was saved to `path`.
    case saved(path: String)
    /// The status line shows `text` for a while ("Saved …", "Save cancelled", a refusal).
    case status(text: String)
    /// The save prompt (`s`) opened or its answer changed: `text` with the cursor after
    /// `cursor` characters; nil when it closed (saved or cancelled).
    case prompt(text: String?, cursor: Int)
    /// Another chart of the gallery is shown.
    case chart(name: String)
    /// A chart's graph was installed (shown, another period, reloaded); `note` says how it was
    /// chosen from its data (`Graph.note`), nil when no one chose for the user.
    case described(chart: String, note: String?)
    /// `chart` started loading on a thread of its own; meanwhile the window shows its name and
    /// "Loading… (Esc cancels)", and answers Escape, Tab, the help and `q`.
    case loading(window: UInt, chart: String)
    /// Loading `chart` was cancelled (Escape, another chart, a reload given up): the window
    /// went on at once, without waiting for the loading thread.
    case loadCancelled(chart: String)
    /// `chart` could not be built (`message` names the file and place, or says the input is too
    /// large): the window shows the message in the chart's place, or in the status line over
    /// the last good chart for a reload, and goes on.
    case loadFailed(chart: String, message: String)
    /// The window is closing.
    case quit
}
