/// Why the window could not be shown, or could not go on. Says what went wrong, not what to
/// do instead: a command adds its own advice (another way to run it) where it reports one.
public enum WindowError: Error, Equatable, CustomStringConvertible {
    /// No X server could be reached.
    case noDisplay(name: String?)
    /// The X server refused to create something.
    case cannotCreate(what: String)
    /// The connection to the X server broke (the server ended, the socket closed): Xlib cannot
    /// go on after that.
    case connectionLost

    public var description: String {
        switch self {
        case .noDisplay(nil):
            "cannot open a window: DISPLAY is not set"
        case .noDisplay(let name?):
            "cannot open display '\(name)'; is an X server running?"
        case .cannotCreate(let what):
            "the X server could not create \(what)"
        case .connectionLost:
            "lost the connection to the X server"
        }
    }
}
