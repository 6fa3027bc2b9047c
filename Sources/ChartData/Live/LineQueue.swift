import Foundation

/// Complete lines handed from a reading thread (`DescriptorLineReader`, `FileFollower`) to
/// the one that parses them, in the order read, none dropped. Bounded: past `byteLimit` bytes
/// queued, `push` waits for the parser to take some, so that input faster than parsing waits in
/// the pipe (its writer blocks, as in any pipeline) or in the file, not in memory. Safe to use
/// from any thread.
public final class LineQueue: @unchecked Sendable {
    /// What `next(until:)` gives.
    public enum Item: Sendable {
        /// Lines, each ending in a line feed (a partial last line is held back until its own).
        case lines(LineChunk)
        /// The input ended: nil at its end, else why it failed.
        case end(DataError?)
        /// Nothing came before the deadline.
        case timedOut
    }

    private let condition = NSCondition()
    private var chunks: [LineChunk] = []
    private var head = 0
    private var ended = false
    private var failure: DataError?
    /// Bytes pushed and not taken yet.
    private var queuedBytes = 0
    /// The most bytes queued at once so far.
    private(set) var peakBytes = 0
    /// The bytes queued past which `push` waits.
    public let byteLimit: Int

    /// An empty queue holding up to about `byteLimit` bytes (16 MB by default: some 800,000
    /// rows of 20 bytes, four seconds of 200,000 rows a second).
    public init(byteLimit: Int = 16 << 20) {
        precondition(byteLimit > 0, "A line queue holds some bytes.")
        self.byteLimit = byteLimit
    }

    /// Adds `chunk` (from the reading thread), first waiting while `byteLimit` bytes are queued.
    /// O(1) amortized.
    public func push(_ chunk: LineChunk) {
        guard !chunk.bytes.isEmpty else { return }
        condition.lock()
        while queuedBytes >= byteLimit { condition.wait() }
        chunks.append(chunk)
        queuedBytes += chunk.bytes.count
        peakBytes = max(peakBytes, queuedBytes)
        condition.broadcast()
        condition.unlock()
    }

    /// Marks the end of the input (`failure` nil) or its failure; later pushes are still taken.
    public func finish(_ failure: DataError?) {
        condition.lock()
        ended = true
        self.failure = failure
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest chunk not taken, waiting for one until `deadline` (nil: as long as it takes);
    /// the end once every chunk before it was taken.
    public func next(until deadline: Date?) -> Item {
        condition.lock()
        defer { condition.unlock() }
        while head == chunks.count && !ended {
            if let deadline {
                if !condition.wait(until: deadline) && head == chunks.count && !ended { return .timedOut }
            } else {
                condition.wait()
            }
        }
        guard head < chunks.count else { return .end(failure) }
        let chunk = chunks[head]
        head += 1
        queuedBytes -= chunk.bytes.count
        condition.broadcast()
        if head > 64 && head * 2 > chunks.count {
            chunks.removeFirst(head)
            head = 0
        }
        return .lines(chunk)
    }
}

/// Whole lines of input, as bytes, each ending in a line feed: what a reader hands on at once.
public struct LineChunk: Sendable {
    /// The bytes of the lines, the last one ending in `\n`.
    public var bytes: [UInt8]
    /// Lines set aside before these for being too long (`LineSplitter.lineLimit`).
    public var overlongLines: Int

    /// Lines of `bytes`, which end in a line feed, after `overlongLines` set aside.
    public init(bytes: [UInt8], overlongLines: Int = 0) {
        self.bytes = bytes
        self.overlongLines = overlongLines
    }
}
