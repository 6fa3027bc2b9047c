/// Cuts bytes read in arbitrary pieces into whole lines: each `take(_:count:)` gives the bytes
/// up to and including the last line feed seen, and holds the rest (a partial line) until its
/// line feed comes, or the input ends (`finish()`). O(bytes); each byte copied once.
public struct LineSplitter: Sendable {
    private var partial: [UInt8] = []

    /// A splitter holding nothing.
    public init() {}

    /// The bytes held back: a line whose line feed has not come yet.
    public var pendingCount: Int { partial.count }

    /// The complete lines that `count` bytes at `base` finish, with any held partial line
    /// before them; nil when they complete none (they are held).
    public mutating func take(_ base: UnsafePointer<UInt8>, count: Int) -> LineChunk? {
        guard count > 0 else { return nil }
        var last = count - 1
        while last >= 0 && base[last] != 0x0A { last -= 1 }
        guard last >= 0 else {
            partial.append(contentsOf: UnsafeBufferPointer(start: base, count: count))
            return nil
        }
        var bytes = partial
        partial = []
        bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: last + 1))
        if last + 1 < count { partial.append(contentsOf: UnsafeBufferPointer(start: base + last + 1, count: count - last - 1)) }
        return LineChunk(bytes: bytes)
    }

    /// The complete lines in `bytes` (see `take(_:count:)`).
    public mutating func take(_ bytes: [UInt8]) -> LineChunk? {
        bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.flatMap { take($0, count: buffer.count) } }
    }

    /// At the end of the input: the partial last line held, given a line feed; nil for none.
    public mutating func finish() -> LineChunk? {
        guard !partial.isEmpty else { return nil }
        var bytes = partial
        partial = []
        bytes.append(0x0A)
        return LineChunk(bytes: bytes)
    }

    /// Forgets the partial line held (the file it came from was truncated).
    public mutating func reset() { partial = [] }
}
