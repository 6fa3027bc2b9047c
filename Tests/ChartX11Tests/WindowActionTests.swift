import Foundation
import CX11
@testable import ChartX11
import Testing

@Suite("Window keys")
struct WindowActionTests {
    /// The keys each help line names, as key events, and what they must do.
    static let bindings: [String: [(keysym: Int32, state: Int32, action: WindowAction)]] = [
        "1 … 9": [(XK_1, 0, .chart(.toggleSeries(0))), (XK_9, 0, .chart(.toggleSeries(8))), (XK_KP_5, 0, .chart(.toggleSeries(4)))],
        "0": [(XK_0, 0, .chart(.showAllSeries)), (XK_KP_0, 0, .chart(.showAllSeries))],
        "← →": [(XK_Left, 0, .chart(.selectPreviousRecord)), (XK_Right, 0, .chart(.selectNextRecord))],
        "↑ ↓": [(XK_Up, 0, .chart(.selectPreviousSeries)), (XK_Down, 0, .chart(.selectNextSeries))],
        "l": [(XK_l, 0, .chart(.toggleLegend))],
        "L, K": [(XK_L, ShiftMask, .chart(.toggleLogScale(.y))), (XK_K, ShiftMask, .chart(.toggleLogScale(.x)))],
        "g": [(XK_g, 0, .chart(.toggleGrid))],
        "d": [(XK_d, 0, .chart(.toggleTheme))],
        "[ ]": [(XK_bracketleft, 0, .previousPeriod), (XK_bracketright, 0, .nextPeriod)],
        "End": [(XK_End, 0, .follow), (XK_KP_End, 0, .follow)],
        "p, Space": [(XK_p, 0, .togglePause), (XK_space, 0, .togglePause)],
        "Tab, Shift+Tab": [(XK_Tab, 0, .nextChart), (XK_Tab, ShiftMask, .previousChart), (XK_ISO_Left_Tab, ShiftMask, .previousChart)],
        "f, F11": [(XK_f, 0, .toggleFullscreen), (XK_F11, 0, .toggleFullscreen)],
        "s": [(XK_s, 0, .saveAs)],
        "Ctrl+S": [(XK_s, ControlMask, .save)],
        "Esc": [(XK_Escape, 0, .chart(.cancel))],
        "h, ?, F1": [(XK_h, 0, .chart(.toggleHelp)), (XK_question, ShiftMask, .chart(.toggleHelp)), (XK_F1, 0, .chart(.toggleHelp))],
        "q, Ctrl+W": [(XK_q, 0, .quit), (XK_w, ControlMask, .quit)],
        "+ −": [
            (XK_plus, ShiftMask, .chart(.zoomIn)), (XK_equal, 0, .chart(.zoomIn)), (XK_KP_Add, 0, .chart(.zoomIn)),
            (XK_minus, 0, .chart(.zoomOut)), (XK_KP_Subtract, 0, .chart(.zoomOut))
        ],
        "Shift+← → ↑ ↓": [
            (XK_Left, ShiftMask, .chart(.pan(dx: -1, dy: 0))), (XK_Right, ShiftMask, .chart(.pan(dx: 1, dy: 0))),
            (XK_Up, ShiftMask, .chart(.pan(dx: 0, dy: 1))), (XK_Down, ShiftMask, .chart(.pan(dx: 0, dy: -1)))
        ],
        "Home, r": [(XK_Home, 0, .chart(.resetView)), (XK_r, 0, .chart(.resetView))],
        "Backspace, Shift+Backspace": [(XK_BackSpace, 0, .chart(.viewBack)), (XK_BackSpace, ShiftMask, .chart(.viewForward))],
        "a": [(XK_a, 0, .chart(.toggleAutoscale))],
        "c": [(XK_c, 0, .chart(.toggleCrosshair))],
        "m, middle click": [(XK_m, 0, .chart(.dropCursor))],
        "n": [(XK_n, 0, .addNote)],
        "Delete": [(XK_Delete, 0, .chart(.deleteNote)), (XK_KP_Delete, 0, .chart(.deleteNote))],
        "Enter": [(XK_Return, 0, .chart(.toggleMaximized)), (XK_KP_Enter, 0, .chart(.toggleMaximized))],
        "Ctrl+C, Ctrl+Shift+C": [(XK_c, ControlMask, .copySelection), (XK_C, ControlMask | ShiftMask, .copyVisibleData)]
    ]

    @Test("Every key the help names does what the help says; the other lines are the mouse's")
    func theHelpMatchesTheBindings() {
        let keyLines = WindowAction.helpLines.filter { !WindowAction.mouseLines.contains($0.keys) }
        #expect(Set(keyLines.map(\.keys)) == Set(Self.bindings.keys))
        #expect(WindowAction.helpLines.count == keyLines.count + WindowAction.mouseLines.count)
        for (keys, events) in Self.bindings {
            for event in events {
                #expect(WindowAction.forKey(KeySym(event.keysym), state: UInt32(event.state)) == event.action, "\(keys)")
            }
        }
        // What the help does not promise stays unbound.
        #expect(WindowAction.forKey(KeySym(XK_q), state: UInt32(ControlMask)) == nil)
        #expect(WindowAction.forKey(KeySym(XK_w), state: 0) == nil)
        #expect(WindowAction.forKey(KeySym(XK_k), state: 0) == nil)
    }
}

/// The man page lists every line of the window's help, its keys written for troff.
@Suite("Man page keys")
struct ManPageKeyTests {
    @Test func everyHelpLineIsInTheManPage() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let page = try String(contentsOf: root.appendingPathComponent("assets/man/chartview.1"), encoding: .utf8)
        // Glyphs a man page reader may not have, as words.
        let words = ["Shift+← → ↑ ↓": "Shift+arrows", "← →": "Left, Right", "↑ ↓": "Up, Down", "+ −": "+ \\-", "1 … 9": "1 ... 9"]
        for line in WindowAction.helpLines {
            let keys = words[line.keys] ?? line.keys
            #expect(page.contains(".B \(keys)\n"), "help line '\(line.keys)' is not in the man page")
        }
    }
}
