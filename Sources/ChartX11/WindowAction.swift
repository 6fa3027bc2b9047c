import CX11
import ChartCore
import ChartSession

/// What a key asks the window to do: a command for the chart session (`command`), or
/// something only the window can do (fullscreen, quit).
public enum WindowAction: Hashable, Sendable {
    /// A command for the chart itself (zoom, pan, select, hide a series…), carried out by ChartCore's interaction.
    case chart(InteractionCommand)
    /// Save the view at once under the suggested name (Ctrl+S).
    case save
    /// Ask where to save the view, suggesting a name (`s`): the session's save prompt.
    case saveAs
    /// Put the selection's text (Ctrl+C), or the data in view as CSV (Ctrl+Shift+C), on the clipboard.
    case copySelection, copyVisibleData
    /// Show the next or the previous chart of the window's list (Tab, Shift+Tab).
    case nextChart, previousChart
    /// Fullscreen on or off, through the window manager (`f`, `F11`).
    case toggleFullscreen
    /// Step the chart's period (the journal's previous/next month).
    case previousPeriod, nextPeriod
    /// A live chart's view follows its newest data again (End).
    case follow
    /// Pause a live chart's picture, or show every row again (p, Space).
    case togglePause
    /// Ask for a note's text and add it at the pointer (`n`): the session's note prompt.
    case addNote
    /// Close the window and return from `run()` (q).
    case quit

    /// The session's command this action is; nil for what only the window does (fullscreen,
    /// quitting).
    var command: SessionCommand? {
        switch self {
        case .chart(let command): .chart(command)
        case .save: .save
        case .saveAs: .saveAs
        case .copySelection: .copySelection
        case .copyVisibleData: .copyVisibleData
        case .nextChart: .nextChart
        case .previousChart: .previousChart
        case .previousPeriod: .previousPeriod
        case .nextPeriod: .nextPeriod
        case .follow: .follow
        case .togglePause: .togglePause
        case .addNote: .addNote
        case .toggleFullscreen, .quit: nil
        }
    }

    /// The action bound to `keysym` with modifier `state` (an X key event's state bits); nil
    /// for unbound keys. `helpLines` below says what each does: change both together.
    static func forKey(_ keysym: KeySym, state: UInt32) -> WindowAction? {
        let control = state & UInt32(ControlMask) != 0
        let shift = state & UInt32(ShiftMask) != 0
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_1...XK_9 where !control: return .chart(.toggleSeries(Int(keysym) - Int(XK_1)))
        case XK_KP_1...XK_KP_9 where !control: return .chart(.toggleSeries(Int(keysym) - Int(XK_KP_1)))
        case XK_0, XK_KP_0: return control ? nil : .chart(.showAllSeries)
        case XK_l: return control ? nil : .chart(.toggleLegend)
        // Shift+l, Shift+k (matplotlib's l and k; l is the legend here).
        case XK_L: return control ? nil : .chart(.toggleLogScale(.y))
        case XK_K: return control ? nil : .chart(.toggleLogScale(.x))
        case XK_g, XK_G: return control ? nil : .chart(.toggleGrid)
        case XK_d, XK_D: return control ? nil : .chart(.toggleTheme)
        case XK_Left, XK_KP_Left: return .chart(shift ? .pan(dx: -1, dy: 0) : .selectPreviousRecord)
        case XK_Right, XK_KP_Right: return .chart(shift ? .pan(dx: 1, dy: 0) : .selectNextRecord)
        case XK_Up, XK_KP_Up: return .chart(shift ? .pan(dx: 0, dy: 1) : .selectPreviousSeries)
        case XK_Down, XK_KP_Down: return .chart(shift ? .pan(dx: 0, dy: -1) : .selectNextSeries)
        case XK_plus, XK_equal, XK_KP_Add: return control ? nil : .chart(.zoomIn)
        case XK_minus, XK_KP_Subtract: return control ? nil : .chart(.zoomOut)
        case XK_Home, XK_KP_Home: return .chart(.resetView)
        case XK_r, XK_R: return control ? nil : .chart(.resetView)
        case XK_BackSpace: return .chart(shift ? .viewForward : .viewBack)
        case XK_a, XK_A: return control ? nil : .chart(.toggleAutoscale)
        case XK_c, XK_C: return control ? (shift ? .copyVisibleData : .copySelection) : .chart(.toggleCrosshair)
        case XK_m, XK_M: return control ? nil : .chart(.dropCursor)
        case XK_n, XK_N: return control ? nil : .addNote
        case XK_Delete, XK_KP_Delete: return .chart(.deleteNote)
        case XK_Return, XK_KP_Enter: return control ? nil : .chart(.toggleMaximized)
        case XK_Escape: return .chart(.cancel)
        case XK_h, XK_H, XK_question, XK_F1: return control ? nil : .chart(.toggleHelp)
        case XK_s, XK_S: return control ? .save : .saveAs
        case XK_q, XK_Q: return control ? nil : .quit
        case XK_w, XK_W: return control ? .quit : nil
        case XK_bracketleft: return .previousPeriod
        case XK_bracketright: return .nextPeriod
        case XK_f, XK_F: return control ? nil : .toggleFullscreen
        case XK_F11: return .toggleFullscreen
        case XK_End, XK_KP_End: return .follow
        case XK_p, XK_P, XK_space: return control ? nil : .togglePause
        case XK_Tab: return shift ? .previousChart : .nextChart
        case XK_ISO_Left_Tab: return .previousChart
        default: return nil
        }
    }

    /// What the help overlay lists (`ChartInteraction.helpLines`), in order: the bindings of
    /// `forKey` above, and the window's mouse (`mouseLines`: clicks, the wheel, drags).
    /// The help lines that name the mouse rather than keys.
    static let mouseLines: Set<String> = [
        "Click a bar", "Click a legend entry", "Wheel", "Shift+wheel", "Drag", "Right-drag, Shift+drag",
        "Double-click", "Double-click a title"
    ]

    static let helpLines: [(keys: String, action: String)] = [
        ("Click a bar", "show its value; click again to hide it"),
        ("Click a legend entry", "hide or show its series"),
        ("Wheel", "zoom about the pointer (over an axis: that axis)"),
        ("Shift+wheel", "pan along x"),
        ("Drag", "pan (over an axis: that axis)"),
        ("Right-drag, Shift+drag", "zoom to the box (Esc cancels)"),
        ("Double-click", "back to the fitted view"),
        ("Double-click a title", "several charts: that one fills the window / all again"),
        ("Home, r", "back to the fitted view"),
        ("+ −", "zoom in / out"),
        ("Shift+← → ↑ ↓", "pan a tenth of the view"),
        ("Backspace, Shift+Backspace", "previous / next view"),
        ("a", "y fits the visible x range on / off"),
        ("c", "crosshair: every series' value at the pointer"),
        ("m, middle click", "cursor A, then B: Δx, Δy, slope, mean, min, max"),
        ("n", "add a note at the pointer (type it, Enter)"),
        ("Delete", "remove the note under the pointer"),
        ("Enter", "several charts: the one under the pointer fills the window / all again"),
        ("L, K", "log scale of y / of x on / off"),
        ("1 … 9", "hide or show series 1 to 9"),
        ("0", "show every series"),
        ("← →", "previous / next value of the series"),
        ("↑ ↓", "same value in the previous / next series"),
        ("l", "legend on / off"),
        ("g", "grid on / off"),
        ("d", "dark / light theme"),
        ("[ ]", "previous / next period (month)"),
        ("End", "live data: follow the newest rows again"),
        ("p, Space", "live data: pause / resume the picture"),
        ("Tab, Shift+Tab", "next / previous chart"),
        ("f, F11", "fullscreen on / off"),
        ("s", "save the view as… (.png, .svg or .pdf)"),
        ("Ctrl+S", "save the view as PNG at once"),
        ("Ctrl+C, Ctrl+Shift+C", "copy the value (or measurement) / the data in view"),
        ("Esc", "cancel a box, clear the cursors or the selection, close this help"),
        ("h, ?, F1", "show / hide this help"),
        ("q, Ctrl+W", "quit")
    ]
}
