import CX11
import ChartSession

/// The save prompt's reading of X keys: what a key does while the prompt is open
/// (`ChartSession.answerPrompt(_:)` does it). Needs no X server.
enum PromptKeys {
    /// The prompt's reading of `keysym` with modifier `state` (an X key event's state bits):
    /// readline's keys, and any other key that stands for a character typed as it.
    static func key(_ keysym: KeySym, state: UInt32) -> PromptKey {
        let control = state & UInt32(ControlMask) != 0
        switch Int32(truncatingIfNeeded: keysym) {
        case XK_Return, XK_KP_Enter: return .submit
        case XK_Escape: return .cancel
        case XK_BackSpace: return .edit(control ? .deleteWordBackward : .deleteBackward)
        case XK_Delete, XK_KP_Delete: return .edit(.deleteForward)
        case XK_Left, XK_KP_Left: return .edit(control ? .moveWordLeft : .moveLeft)
        case XK_Right, XK_KP_Right: return .edit(control ? .moveWordRight : .moveRight)
        case XK_Home, XK_KP_Home: return .edit(.moveToStart)
        case XK_End, XK_KP_End: return .edit(.moveToEnd)
        default: break
        }
        if control {
            switch Int32(truncatingIfNeeded: keysym) {
            case XK_a, XK_A: return .edit(.moveToStart)
            case XK_e, XK_E: return .edit(.moveToEnd)
            case XK_b, XK_B: return .edit(.moveLeft)
            case XK_f, XK_F: return .edit(.moveRight)
            case XK_h, XK_H: return .edit(.deleteBackward)
            case XK_d, XK_D: return .edit(.deleteForward)
            case XK_u, XK_U: return .edit(.deleteToStart)
            case XK_k, XK_K: return .edit(.deleteToEnd)
            case XK_w, XK_W: return .edit(.deleteWordBackward)
            case XK_g, XK_G, XK_c, XK_C: return .cancel
            default: return .ignore
            }
        }
        return character(for: keysym).map { .edit(.insert(String($0))) } ?? .ignore
    }

    /// The character a keysym types: Latin-1's keysyms are their code points, and a keysym
    /// 0x01000000 + U is Unicode's U (how xdotool and input methods send other characters).
    /// Nil for function keys, modifiers and control characters.
    static func character(for keysym: KeySym) -> Character? {
        let value = UInt32(truncatingIfNeeded: keysym)
        let code: UInt32
        switch Int32(truncatingIfNeeded: keysym) {
        // The keypad's digits and signs type as the main keys do.
        case XK_KP_0...XK_KP_9: return Character(Unicode.Scalar(UInt8(0x30 + Int(keysym) - Int(XK_KP_0))))
        case XK_KP_Decimal: return "."
        case XK_KP_Subtract: return "-"
        case XK_KP_Add: return "+"
        case XK_KP_Divide: return "/"
        case XK_KP_Multiply: return "*"
        default: break
        }
        switch value {
        case 0x20...0x7e, 0xa0...0xff: code = value
        case 0x0100_0000...0x0110_FFFF: code = value - 0x0100_0000
        default: return nil
        }
        guard code >= 0x20, code != 0x7f, let scalar = Unicode.Scalar(code) else { return nil }
        return Character(scalar)
    }
}
