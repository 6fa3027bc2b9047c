import ChartData

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

    /// A data error: status 1 when it failed at run time (a database busy for all of
    /// `--timeout`), 2 for bad input.
    static func data(_ error: DataError) -> CommandError {
        CommandError(message: error.description, status: error.isRunTimeFailure ? 1 : 2)
    }

    var description: String { message }
}
