import ChartCore
import Foundation

/// Live delimited text as a `LiveFeed`: lines from a `DescriptorLineReader` (standard input,
/// a pipe, a FIFO) or a `FileFollower` (a growing file), parsed by a `LiveTextParser`.
///
/// The first rows are those that come within `sampleSeconds` (or the first `sampleLines`
/// lines, or all of them when the input ends sooner), and at least one data row however long
/// it takes to come.
public final class LiveTextFeed: LiveFeed, @unchecked Sendable {
    /// Where the lines are read from.
    public enum Input: Sendable {
        /// A descriptor read to its end (not closed), called `name`.
        case descriptor(Int32, name: String)
        /// A file followed as it grows (`FileFollower`); `stopsAtEnd` reads only what it holds now.
        case file(path: String, stopsAtEnd: Bool)
    }

    /// Seconds of input the chart is planned from, at most.
    public static let sampleSeconds = 1.5
    /// Lines the chart is planned from, at most.
    public static let sampleLines = 100
    /// Bytes the chart is planned from, at most: an input whose first 8 MiB hold no row of
    /// data (`yes | chartview -`, lines of comments) ends, not held and parsed again forever.
    public static let sampleBytes = 8 << 20

    public let name: String
    private let queue = LineQueue()
    private let parser: LiveTextParser
    private let start: @Sendable () -> Void
    private var started = false

    /// A feed of `input`'s lines split by `delimiter` (nil: detected) into the `columns` given
    /// (nil: the header's). Nothing is read before `firstRows`. A line longer than `lineLimit`
    /// bytes is set aside and counted with the lines skipped (`LineSplitter`).
    public init(_ input: Input, delimiter: LiveDelimiter?, columns: [String]?, lineLimit: Int = LineSplitter.defaultLineLimit) {
        let queue = self.queue
        switch input {
        case .descriptor(let fd, let name):
            self.name = name
            let reader = DescriptorLineReader(fd: fd, name: name, queue: queue, lineLimit: lineLimit)
            start = { reader.start() }
        case .file(let path, let stopsAtEnd):
            name = path
            let follower = FileFollower(path: path, queue: queue, stopsAtEnd: stopsAtEnd, lineLimit: lineLimit)
            start = { follower.start() }
        }
        parser = LiveTextParser(name: name, delimiter: delimiter, columns: columns)
    }

    public func firstRows(cancellation: CancellationFlag?) throws(DataError) -> DataTable {
        // A first read cancelled (Escape) and asked again goes on where it stopped.
        if !started { start() }
        started = true
        let deadline = Date(timeIntervalSinceNow: Self.sampleSeconds)
        var timeUp = false
        // Once the time is up, the sample is read again only when it has grown by half since
        // the last reading: O(sample) in all, not O(sample²) when its lines come one by one.
        var triedAt = 0
        while true {
            if cancellation?.isCancelled == true { throw .cancelled(path: name) }
            switch queue.next(until: min(deadline, Date(timeIntervalSinceNow: 0.1))) {
            case .lines(let chunk):
                parser.addSample(chunk)
                let grown = parser.sampleByteCount >= triedAt + triedAt / 2
                if (timeUp && grown) || parser.sampleLineCount >= Self.sampleLines || parser.sampleByteCount > Self.sampleBytes {
                    triedAt = parser.sampleByteCount
                    if let table = try parser.sampleTable() { return table }
                    if parser.sampleByteCount > Self.sampleBytes {
                        throw .unusable(path: name, message: "its first \(Self.sampleBytes >> 20) MB hold no rows of data under a header")
                    }
                }
            case .timedOut:
                guard Date() >= deadline else { continue }
                timeUp = true
                if parser.sampleByteCount > 0, let table = try parser.sampleTable() { return table }
            case .end(let failure?):
                throw failure
            case .end(nil):
                if let table = try parser.sampleTable() { return table }
                throw .unusable(path: name, message: parser.sampleByteCount == 0 ? "has no data (the input ended)" : "has no data rows")
            }
        }
    }

    public func bind(x: Int?, series: [Int], table: DataTable) throws(DataError) -> LiveRows {
        parser.bind(x: x, xIsDate: x.map { table.columns[$0].isDate } ?? false, series: series)
        return parser.sampleRows()
    }

    public func feed(_ series: LiveSeries) {
        while true {
            switch queue.next(until: nil) {
            case .lines(let chunk): series.append(parser.rows(in: chunk))
            case .timedOut: continue
            case .end(let failure):
                // A message means failure to LiveSeries: a normal end has none (the status line
                // then says "input ended after N rows", not "input failed … end of input").
                series.finish(message: failure.map { ([$0.description] + (parser.note.map { [$0] } ?? [])).joined(separator: " · ") })
                return
            }
        }
    }

    public var note: String? { parser.note }

    public var skippedLines: Int { parser.skippedLines }

    public var chartsByRowNumber: Bool { true }
}
