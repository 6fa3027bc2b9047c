/// Why the window could not be shown, with what to do instead.
public enum WindowError: Error, Equatable, CustomStringConvertible {
    /// No X server could be reached.
    case noDisplay(name: String?)
    /// The X server refused to create something.
    case cannotCreate(what: String)

    public var description: String {
        switch self {
        case .noDisplay(nil):
            "cannot open a window: DISPLAY is not set; use --output FILE to render without a display"
        case .noDisplay(let name?):
            "cannot open display '\(name)'; is an X server running? Use --output FILE to render without a display"
        case .cannotCreate(let what):
            "the X server could not create \(what)"
        }
    }
}
