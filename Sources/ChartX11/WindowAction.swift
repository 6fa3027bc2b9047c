import ChartCore
import CX11

/// What a key asks the window to do: a command for the chart, or something only the window
/// can do (save, switch charts, quit).
public enum WindowAction: Hashable, Sendable {
    case chart(InteractionCommand)
    case save
    case nextChart, previousChart
    /// Step the chart's period (the journal's previous/next month).
    case previousPeriod, nextPeriod
    case quit

    /// The action bound to `keysym` with modifier `state` (an X key event's state bits); nil
    /// for unbound keys. `helpLines` below says what each does: change both together.
    static func forKey(_ keysym: KeySym, state: UInt32) -> WindowAction? {
        let control = state & UInt32(ControlMask) != 0
        let shift = state & UInt32(ShiftMask) != 0
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_1...XK_9 where !control: return .chart(.toggleSeries(Int(keysym) - Int(XK_1)))
        case XK_KP_1...XK_KP_9 where !control: return .chart(.toggleSeries(Int(keysym) - Int(XK_KP_1)))
        case XK_0, XK_KP_0: return control ? nil : .chart(.showAllSeries)
        case XK_l, XK_L: return control ? nil : .chart(.toggleLegend)
        case XK_g, XK_G: return control ? nil : .chart(.toggleGrid)
        case XK_d, XK_D: return control ? nil : .chart(.toggleTheme)
        case XK_Left, XK_KP_Left: return .chart(.selectPreviousRecord)
        case XK_Right, XK_KP_Right: return .chart(.selectNextRecord)
        case XK_Up, XK_KP_Up: return .chart(.selectPreviousSeries)
        case XK_Down, XK_KP_Down: return .chart(.selectNextSeries)
        case XK_Escape: return .chart(.cancel)
        case XK_h, XK_H, XK_question, XK_F1: return control ? nil : .chart(.toggleHelp)
        case XK_s, XK_S: return .save
        case XK_q, XK_Q: return control ? nil : .quit
        case XK_w, XK_W: return control ? .quit : nil
        case XK_bracketleft: return .previousPeriod
        case XK_bracketright: return .nextPeriod
        case XK_Tab: return shift ? .previousChart : .nextChart
        case XK_ISO_Left_Tab: return .previousChart
        default: return nil
        }
    }

    /// What the help overlay lists (`ChartInteraction.helpLines`), in order: the bindings of
    /// `forKey` above, and the window's mouse (the primary button clicks).
    static let helpLines: [(keys: String, action: String)] = [
        ("Click a bar", "show its value; click again to hide it"),
        ("Click a legend entry", "hide or show its series"),
        ("1 … 9", "hide or show series 1 to 9"),
        ("0", "show every series"),
        ("← →", "previous / next value of the series"),
        ("↑ ↓", "same value in the previous / next series"),
        ("l", "legend on / off"),
        ("g", "grid on / off"),
        ("d", "dark / light theme"),
        ("[ ]", "previous / next period (month)"),
        ("Tab, Shift+Tab", "next / previous chart"),
        ("s, Ctrl+S", "save the view as PNG"),
        ("Esc", "clear the selection, close this help"),
        ("h, ?, F1", "show / hide this help"),
        ("q, Ctrl+W", "quit"),
    ]
}
