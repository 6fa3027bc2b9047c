/// How much an input may cost to read: the bytes it may hold in memory and the seconds a
/// stream (a FIFO, a character device) may take to reach its end. Shared by every loader, so a
/// limit chosen once on the command line reaches CSV files, specs and scripts alike.
public struct InputLimits: Sendable, Equatable {
    /// The most bytes of one input: a regular file's size, or the bytes read from a stream.
    public var memoryBudget: Int
    /// The most seconds reading a stream may take, from opening it to its end.
    public var streamTimeout: Double

    /// Limits of `memoryBudget` bytes per input (no limit by default) and `streamTimeout` seconds per stream; both positive.
    public init(memoryBudget: Int = .max, streamTimeout: Double = 60) {
        precondition(memoryBudget > 0 && streamTimeout > 0, "Input limits are positive.")
        self.memoryBudget = memoryBudget
        self.streamTimeout = streamTimeout
    }
}
