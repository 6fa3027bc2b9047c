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

    var description: String { message }
}

extension CommandError {
    /// A data error as the command reports it: bad input (status 2), except failures at run
    /// time (status 1: a database busy for all of `--timeout`, memory running out); an input
    /// over the memory budget says which flag raises it.
    init(_ error: DataError) {
        switch error {
        case .tooLarge: self.init(message: error.description + "; raise --max-memory", status: 2)
        default: self.init(message: error.description, status: error.isRunTimeFailure ? 1 : 2)
        }
    }
}
