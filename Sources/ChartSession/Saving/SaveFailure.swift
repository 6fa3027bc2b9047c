/// Why the host could not write a save (`ChartSessionHost.session(_:save:)`): one line naming
/// the file and the cause ("/tmp/gone/x.png: cannot write: no such directory"), which the
/// status line shows after "Could not save: " and a program may print (`SessionEvent.saveFailed`).
public struct SaveFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The one-line message.
    public var message: String

    /// A failure saying `message`.
    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
