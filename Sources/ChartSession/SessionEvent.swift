import ChartCore

/// What a chart session reports as it runs, for a program's trace, its messages and tests
/// (`ChartSession.Options.onEvent`). A window reports these inside its own events
/// (`WindowEvent.session`).
public enum SessionEvent: Equatable, Sendable {
    /// A selection, deselection, toggle, view change or refusal, after the layout that shows it.
    case interaction(InteractionEvent)
    /// The chart moved to another period.
    case period(value: String)
    /// The chart was rebuilt because its data changed, and its first layout is on its way to
    /// the screen; `records` is the largest plot's count.
    case reload(records: Int)
    /// The data changed but could not be read (`message` names the file and place): the last
    /// good chart stays, with the message in its status line until a reload succeeds.
    case reloadFailed(message: String)
    /// The status line's readout of the data under the pointer changed (nil: the pointer left
    /// the plot area).
    case readout(text: String?)
    /// `bytes` of text went on the host's clipboard.
    case copied(bytes: Int)
    /// The view was saved to `path`.
    case saved(path: String)
    /// The view could not be saved: `message` says where and why (the status line says
    /// "Could not save: " and the message; a program may print it).
    case saveFailed(message: String)
    /// The status line shows `text` for a while ("Saved …", "Save cancelled", a refusal).
    case status(text: String)
    /// The save prompt opened or its answer changed: `text` with the cursor after `cursor`
    /// characters; nil when it closed (saved or cancelled).
    case prompt(text: String?, cursor: Int)
    /// Another chart of the list is shown.
    case chart(name: String)
    /// A chart's graph was installed (shown, another period, reloaded); `note` says how it was
    /// chosen from its data (`Graph.note`), nil when no one chose for the user.
    case described(chart: String, note: String?)
    /// `chart` started loading on a thread of its own; meanwhile the session shows its name and
    /// "Loading… (Esc cancels)", and answers Escape, Tab and the help.
    case loading(chart: String)
    /// Loading `chart` was cancelled (Escape, another chart, a reload given up): the session
    /// went on at once, without waiting for the loading thread.
    case loadCancelled(chart: String)
    /// `chart` could not be built (`message` names the file and place, or says the input is too
    /// large): the session shows the message in the chart's place, or in the status line over
    /// the last good chart for a reload, and goes on.
    case loadFailed(chart: String, message: String)
    /// A live chart's frame: `rows` rows arrived since the last (coalesced), `total` in all
    /// (drawn or set aside), the newest row at x `t` (data units; seconds since 1970 for
    /// dates; nil before a row was kept). Once per frame with rows, at most 30 a second.
    case append(rows: Int, total: Int, t: Double?)
    /// A live chart's view started (true) or stopped (false) following its newest data: shown,
    /// End, or the user's pan or zoom.
    case follow(on: Bool)
    /// A live chart's picture was paused (true: rows keep arriving, the picture holds) or
    /// resumed (false: every row shows at once): p or Space.
    case pause(on: Bool)
    /// A live chart's input ended after `total` rows (drawn or set aside): normally (`failure`
    /// nil, end of standard input) or not (why, one line). Once, at the frame that shows the end.
    case ended(total: Int, failure: String?)
}
