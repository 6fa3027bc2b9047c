import CX11
import Foundation

/// Owns the X `CLIPBOARD` selection for one window and answers the requests of other programs
/// (a paste, `xclip -o -selection clipboard`): the ICCCM conversation, since Xlib has only the
/// primitives. Targets: `TARGETS`, `UTF8_STRING`, `TEXT` and `STRING` (Latin-1 clients get
/// "?" for what Latin-1 cannot write).
///
/// Text is sent in one property, so it is capped at what one X request can carry (with
/// BIG-REQUESTS, usually 16 MB); `own(_:time:)` says how much went in. Used on the window's
/// thread only.
final class ClipboardOwner {
    private let display: OpaquePointer
    private let window: Window
    private let clipboard: Atom, targets: Atom, utf8: Atom, textAtom: Atom
    /// What the clipboard holds while this window owns it; nil when another program does.
    private(set) var contents: [UInt8]?

    init(connection: DisplayConnection, window: Window) {
        display = connection.display
        self.window = window
        clipboard = connection.atom("CLIPBOARD")
        targets = connection.atom("TARGETS")
        utf8 = connection.atom("UTF8_STRING")
        textAtom = connection.atom("TEXT")
    }

    /// The most bytes one property may take: the largest request less room for its header.
    var capacity: Int {
        let units = XExtendedMaxRequestSize(display) > 0 ? XExtendedMaxRequestSize(display) : XMaxRequestSize(display)
        return max(0, Int(units) * 4 - 4_096)
    }

    /// Puts `text` on the clipboard, cut at the last line break that fits `capacity`, at the X
    /// server `time` of the event that asked (ICCCM wants a real time, not `CurrentTime`).
    /// Returns how many bytes of `text` went in; 0 when the server gave the selection to
    /// someone else.
    @discardableResult
    func own(_ text: String, time: Time) -> Int {
        var bytes = Array(text.utf8)
        if bytes.count > capacity {
            let cut = bytes[..<capacity].lastIndex(of: 0x0A).map { $0 + 1 } ?? capacity
            bytes.removeSubrange(cut...)
        }
        XSetSelectionOwner(display, clipboard, window, time)
        guard XGetSelectionOwner(display, clipboard) == window else {
            contents = nil
            return 0
        }
        contents = bytes
        return bytes.count
    }

    /// Another program took the clipboard.
    func selectionCleared(_ event: XSelectionClearEvent) {
        if event.selection == clipboard { contents = nil }
    }

    /// Answers a `SelectionRequest`: writes the text in the asked form to the requestor's
    /// property and tells it, or says the conversion failed (property None).
    func answer(_ request: XSelectionRequestEvent) {
        var reply = XEvent()
        reply.xselection.type = SelectionNotify
        reply.xselection.display = display
        reply.xselection.requestor = request.requestor
        reply.xselection.selection = request.selection
        reply.xselection.target = request.target
        reply.xselection.time = request.time
        reply.xselection.property = Atom(None)
        // An obsolete client names no property: the target is the property then.
        let property = request.property == Atom(None) ? request.target : request.property
        if request.selection == clipboard, let contents {
            if request.target == targets {
                // Format 32 items are C longs to Xlib, as Atom is.
                let offered: [Atom] = [targets, utf8, textAtom, Atom(XA_STRING)]
                offered.withUnsafeBytes { bytes in
                    _ = XChangeProperty(
                        display, request.requestor, property, Atom(XA_ATOM), 32, PropModeReplace,
                        bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(bytes.count / MemoryLayout<Atom>.size))
                }
                reply.xselection.property = property
            } else if request.target == utf8 || request.target == textAtom || request.target == Atom(XA_STRING) {
                let latin1 = request.target == Atom(XA_STRING)
                let data = latin1 ? Self.latin1(contents) : contents
                _ = data.withUnsafeBufferPointer { buffer in
                    XChangeProperty(
                        display, request.requestor, property, latin1 ? Atom(XA_STRING) : utf8, 8, PropModeReplace,
                        buffer.baseAddress, Int32(buffer.count))
                }
                reply.xselection.property = property
            }
        }
        XSendEvent(display, request.requestor, 0, 0, &reply)
        XFlush(display)
    }

    /// UTF-8 `bytes` as Latin-1, "?" for characters past it.
    private static func latin1(_ bytes: [UInt8]) -> [UInt8] {
        String(decoding: bytes, as: UTF8.self).unicodeScalars.map { $0.value < 256 ? UInt8($0.value) : 0x3F }
    }
}
