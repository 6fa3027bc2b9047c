import CX11

/// Owns one connection to an X server and closes it.
public final class DisplayConnection {
    public let display: OpaquePointer

    /// Connects to `name` (nil for `$DISPLAY`); nil when no X server answers.
    public init?(name: String? = nil) {
        guard let display = XOpenDisplay(name) else { return nil }
        self.display = display
    }

    deinit { XCloseDisplay(display) }
}
