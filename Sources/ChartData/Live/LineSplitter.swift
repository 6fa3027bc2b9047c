import Foundation

/// Cuts bytes read in arbitrary pieces into whole lines: each `take(_:count:)` gives the bytes
/// up to and including the last line end seen, and holds the rest (a partial line) until its
/// line end comes, or the input ends (`finish()`). A line ends at a line feed, a carriage
/// return and line feed, or a carriage return alone (old Mac and some instruments' exports);
/// every line it gives ends in one line feed, as soon as its line end is read. O(bytes); each
/// byte copied once (twice in a piece that holds a carriage return).
///
/// Bounded: a line found longer than `lineLimit` bytes while it is held is set aside (its bytes
/// dropped up to its end, counted in `overlongLines`); one that ends within the read that made it
/// too long (64 KiB past the limit at most) is kept. So an input that never ends a line holds at
/// most `lineLimit` bytes here; one that goes on without a line end for `endlessLimit` bytes
/// (`/dev/zero`, a binary file) is not lines at all (`isEndless`).
public struct LineSplitter: Sendable {
    private var partial: [UInt8] = []
    /// The last byte seen was a carriage return, given as a line end at once: a line feed
    /// right after it is part of that line end, not another.
    private var afterReturn = false
    /// Dropping the rest of a line found too long.
    private var discarding = false
    /// The bytes of the line being dropped so far.
    private var discarded = 0
    /// The longest line kept, in bytes (its line end aside).
    public let lineLimit: Int
    /// Lines set aside for being longer than `lineLimit`.
    public private(set) var overlongLines = 0
    /// Of those, the ones a chunk has reported (`LineChunk.overlongLines`).
    private var reportedOverlong = 0
    /// Whether a line went on past `endlessLimit` bytes without ending: the input is no text
    /// of lines, and its reader stops.
    public private(set) var isEndless = false

    /// The longest line kept when no limit is given: 16 MiB.
    public static let defaultLineLimit = 16 << 20

    /// The line limit for a memory budget of `bytes` (`--max-memory`): a 64th of it, within
    /// 1 MiB … 64 MiB.
    public static func lineLimit(memoryBudget bytes: Int) -> Int { min(max(bytes / 64, 1 << 20), 64 << 20) }

    /// How long a line may go on without ending before the input is taken for endless: 16
    /// times the limit.
    public var endlessLimit: Int { lineLimit.multipliedReportingOverflow(by: 16).overflow ? .max : lineLimit * 16 }

    /// What a reader says of an input that went on for `bytes` without a line end.
    public static func endlessMessage(_ bytes: Int) -> String {
        "no line end in \(ByteCountFormatter.string(fromByteCount: Int64(bytes), countStyle: .binary)): not lines of text (a device or a binary file?)"
    }

    /// A splitter holding nothing, keeping lines of at most `lineLimit` bytes.
    public init(lineLimit: Int = LineSplitter.defaultLineLimit) {
        self.lineLimit = max(1, lineLimit)
    }

    /// The bytes held back: a line whose line end has not come yet.
    public var pendingCount: Int { partial.count }

    /// The complete lines that `count` bytes at `base` finish, with any held partial line
    /// before them; nil when they complete none (they are held, or dropped past the limit).
    public mutating func take(_ base: UnsafePointer<UInt8>, count: Int) -> LineChunk? {
        guard count > 0 else { return nil }
        if afterReturn || memchr(base, 0x0D, count) != nil {
            // Carriage returns as line feeds (one for a CR LF pair), then as any piece.
            var normal: [UInt8] = []
            normal.reserveCapacity(count)
            for i in 0..<count {
                let byte = base[i]
                if afterReturn {
                    afterReturn = false
                    if byte == 0x0A { continue }
                }
                if byte == 0x0D {
                    afterReturn = true
                    normal.append(0x0A)
                } else {
                    normal.append(byte)
                }
            }
            return normal.withUnsafeBufferPointer { buffer in
                buffer.baseAddress.flatMap { takeLines($0, count: buffer.count) }
            }
        }
        return takeLines(base, count: count)
    }

    /// `take` for bytes whose line ends are line feeds.
    private mutating func takeLines(_ base: UnsafePointer<UInt8>, count: Int) -> LineChunk? {
        var start = 0
        if discarding {
            guard let end = memchr(base, 0x0A, count) else {
                discarded += count
                if discarded > endlessLimit { isEndless = true }
                return nil
            }
            start = UnsafeRawPointer(end) - UnsafeRawPointer(base) + 1
            discarding = false
            discarded = 0
        }
        guard start < count else { return nil }
        var last = count - 1
        while last >= start && base[last] != 0x0A { last -= 1 }
        guard last >= start else {
            partial.append(contentsOf: UnsafeBufferPointer(start: base + start, count: count - start))
            dropPartialPastLimit()
            return nil
        }
        var bytes = partial
        partial = []
        bytes.append(contentsOf: UnsafeBufferPointer(start: base + start, count: last + 1 - start))
        if last + 1 < count {
            partial.append(contentsOf: UnsafeBufferPointer(start: base + last + 1, count: count - last - 1))
            dropPartialPastLimit()
        }
        return chunk(bytes)
    }

    /// A chunk of `bytes`, with the lines set aside since the last one.
    private mutating func chunk(_ bytes: [UInt8]) -> LineChunk {
        defer { reportedOverlong = overlongLines }
        return LineChunk(bytes: bytes, overlongLines: overlongLines - reportedOverlong)
    }

    /// Sets the held partial line aside once it is longer than the limit.
    private mutating func dropPartialPastLimit() {
        guard partial.count > lineLimit else { return }
        overlongLines += 1
        discarding = true
        discarded = partial.count
        partial = []
    }

    /// The complete lines in `bytes` (see `take(_:count:)`).
    public mutating func take(_ bytes: [UInt8]) -> LineChunk? {
        bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.flatMap { take($0, count: buffer.count) } }
    }

    /// At the end of the input: the partial last line held, given a line feed; nil for none.
    public mutating func finish() -> LineChunk? {
        afterReturn = false
        discarding = false
        discarded = 0
        guard !partial.isEmpty else { return overlongLines > reportedOverlong ? chunk([]) : nil }
        var bytes = partial
        partial = []
        bytes.append(0x0A)
        return chunk(bytes)
    }

    /// Forgets the partial line held (the file it came from was truncated).
    public mutating func reset() {
        partial = []
        afterReturn = false
        discarding = false
        discarded = 0
    }
}
