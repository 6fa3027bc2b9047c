/// A failure the user can act on: printed as one line `chartview: <message>` on stderr,
/// exiting with `status` (2 for bad usage or bad input, 1 for a failure at run time).
struct CommandError: Error, CustomStringConvertible {
    var message: String
    var status: Int32

    static func usage(_ message: String) -> CommandError {
        CommandError(message: message + " (see 'chartview --help')", status: 2)
    }

    static func input(_ message: String) -> CommandError {
        CommandError(message: message, status: 2)
    }

    var description: String { message }
}
