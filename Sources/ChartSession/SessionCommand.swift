import ChartCore

/// What a user asks of a chart session, independent of the key or button that asked (a
/// window maps its keys to these: `WindowAction`). What only the host can do (quitting,
/// fullscreen) is the host's.
public enum SessionCommand: Hashable, Sendable {
    /// A command for the chart itself (zoom, pan, select, hide a series…), carried out by
    /// ChartCore's interaction. While a chart loads, only `.cancel` (which gives the load up)
    /// and `.toggleHelp` are done.
    case chart(InteractionCommand)
    /// Save the view at once under the suggested name, once the host's picture shows it.
    case save
    /// Ask where to save the view, suggesting a name: the save prompt.
    case saveAs
    /// Put the selection's text, or the data in view as CSV, on the host's clipboard.
    case copySelection, copyVisibleData
    /// Show the next or the previous chart of the list (also while one loads: it is given up).
    case nextChart, previousChart
    /// Step the chart's period (the journal's previous or next month).
    case previousPeriod, nextPeriod
    /// A live chart's view follows its newest data again (End), after a pan or zoom stopped it.
    case follow
    /// Pause a live chart's picture while its rows keep arriving, or show them all again (p, Space).
    case togglePause
    /// Asks for a note's text (the prompt) and adds it at the pointer (`n`).
    case addNote
}
