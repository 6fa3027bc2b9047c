/// What the status line says: the first present of a passing message ("Saved …", shown for
/// `passingDuration`), the last reload's failure (until a reload succeeds), and the progress of
/// a slow load or frame, whether a big table's view is refining, and where the pointer is in
/// data units. The session sets each part as it changes, and shows `text`
/// (`ChartInteraction.statusMessage`). A value; no clock of its own (the session's times it).
struct StatusLine: Equatable {
    /// How long a passing message shows, in seconds.
    static let passingDuration = 3.0

    /// A message that shows for `passingDuration` ("Saved …", "Reload cancelled").
    var passing: String?
    /// Why the last reload failed; nil once one succeeds or another chart is shown.
    var reloadError: String?
    /// How long the chart has been loading; nil when it is not, or for less than a second.
    var loading: String?
    /// How long the chart frame has been drawing; nil when none is, or for less than a second.
    var drawing: String?

    /// Said while the chart shows records that stand in for the view's (a table too large to
    /// load is reading them); nil once they arrived.
    var refining: String?

    /// A live chart's state: following or not, paused, the input rate, how the input ended
    /// (`LiveFollowing.text`); nil for a chart that is not live.
    var live: String?

    /// The data coordinates under the pointer ("x=2016-06-10 12:34  y=12.05"); nil when it is
    /// not over the plot area.
    var readout: String?

    /// The line to show: the first present of the passing message, the reload's failure, the
    /// load's and the frame's progress, refining, then the pointer's readout and the live
    /// chart's state (both when both are present); nil for none.
    var text: String? {
        if let first = passing ?? reloadError ?? loading ?? drawing ?? refining { return first }
        let shown = [readout, live].compactMap { $0 }
        return shown.isEmpty ? nil : shown.joined(separator: "   ")
    }

    /// What the status line says while a view refines.
    static let refining = "refining… (Esc stops)"

    /// The progress of loading `chart` for `seconds` (and how to cancel it).
    static func loading(_ chart: String, seconds: Int64) -> String {
        "Loading \(chart)… \(seconds) s (Esc cancels)"
    }

    /// The progress of drawing `chart` for `seconds` (and that quitting works meanwhile).
    static func drawing(_ chart: String, seconds: Int) -> String {
        "Drawing \(chart)… \(seconds) s (q quits)"
    }
}
