/// What a user asks of a chart through keys, independent of the key that asked.
public enum InteractionCommand: Hashable, Sendable {
    /// Hide or show what the legend's entry at this index stands for (key `1` is index 0): a
    /// plot, or a pie's slice.
    case toggleSeries(Int)
    /// Show every plot and every slice (key `0`).
    case showAllSeries
    /// Hide or show the legend (key `l`).
    case toggleLegend
    /// Hide or show the major grid lines (key `g`).
    case toggleGrid
    /// Switch between the light and the dark theme.
    case toggleTheme
    /// Select the previous or next record of the selected plot (`Left`, `Right`).
    case selectPreviousRecord, selectNextRecord
    /// Select the same record in the previous or next visible plot (`Up`, `Down`).
    case selectPreviousSeries, selectNextSeries
    /// Close the help if open, else clear the selection (`Escape`).
    case cancel
    /// Show or hide the help overlay (`h`, `?`, `F1`).
    case toggleHelp
    /// Zoom in or out about the plot area's center (`+`, `-`).
    case zoomIn, zoomOut
    /// Show the data a tenth of the view to the right (`dx` 1), left (-1), above (`dy` 1) or
    /// below (-1) (Shift+arrows).
    case pan(dx: Int, dy: Int)
    /// Back to the fitted view (`Home`, `r`, a double click).
    case resetView
    /// The previous or next view in the history (`Backspace`, `Shift+Backspace`).
    case viewBack, viewForward
    /// Fit y to the data visible in the x range, or stop (`a`).
    case toggleAutoscale
    /// A logarithmic scale on or off along x or y (`K`, `L`), refused where the data has
    /// values at or below 0 (`ChartInteraction.toggleLogScale`).
    case toggleLogScale(Axis.Coordinate)
    /// The crosshair on or off (`c`): a line at the pointer's x and every visible series' value there.
    case toggleCrosshair
    /// Drops cursor A at the pointer's x, then B; a third starts again from A (`m`, a middle click).
    case dropCursor
    /// Removes the note under the pointer (`Delete`).
    case deleteNote
    /// In a grid, the cell under the pointer fills the window, or every cell shows again (Enter).
    case toggleMaximized
}

/// What changed because of a click or a command, reported after the next layout (so a
/// selection's popup rectangle is the one drawn).
public enum InteractionEvent: Hashable, Sendable {
    /// A record was selected; `popup` is its value popup in device pixels, `text` what it says.
    case select(plotID: String, record: Int, value: Double, popup: Rect, text: String)
    /// The selection was cleared: no popup.
    case deselect
    /// A plot, or one record of it (a pie's slice), was hidden or shown.
    case toggle(plotID: String, record: Int? = nil, visible: Bool)
    /// The view changed (`cause` says how), laid out at each plot space's mapping in `spaces`.
    case view(cause: ViewChangeCause, spaces: [ScenePlotSpace])
    /// The scale along `coordinate` of every plot space that has one to change is `scale` now.
    case scale(coordinate: Axis.Coordinate, scale: Scale)
    /// A command could not be done; `reason` says why, for a status line.
    case refused(reason: String)
    /// The A/B cursors were dropped or moved (`ChartInteraction.measurement`), or cleared (nil).
    case measure(CursorMeasurement?)
    /// The crosshair reads other records: its x (`CursorMeasurement.a`) and each visible series' value
    /// there (`CursorMeasurement.Series.a`, of the record nearest it); nil once it left the plot area
    /// or was turned off.
    case crosshair(CursorMeasurement?)
    /// A note was added (`ChartInteraction.addNote(_:at:)`) or removed (`Delete`); `notes` are
    /// the graph's notes since; `cell` is the graph's index in a grid (0 for a graph alone).
    case note(ChartNote, added: Bool, notes: [ChartNote], cell: Int)
}
