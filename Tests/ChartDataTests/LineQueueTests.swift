import Foundation
import Synchronization
import Testing

@testable import ChartData

/// The queue between an input's reading thread and its parser is bounded: a reader faster than
/// the parser waits (in the pipe, in the file) once the limit is queued, and nothing is dropped.
@Suite struct LineQueueTests {
    @Test func aFastReaderWaitsForTheParserAndNoLineIsLost() throws {
        let queue = LineQueue(byteLimit: 1_000)
        let pushed = Atomic<Int>(0)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            for k in 0..<1_000 {
                queue.push(LineChunk(bytes: Array("\(k),\(k % 7)\n".utf8) + Array(repeating: UInt8(ascii: "\n"), count: 90)))
                pushed.add(1, ordering: .relaxed)
            }
            queue.finish(nil)
            done.signal()
        }
        thread.start()
        // Nothing is taken before the limit is queued: a reader that did not wait would queue
        // all 1,000 chunks; this one stops within a chunk of the limit.
        let deadline = Date(timeIntervalSinceNow: 10)
        while pushed.load(ordering: .relaxed) < 10 && Date() < deadline { Thread.sleep(forTimeInterval: 0.001) }
        var lines = 0
        while case .lines(let chunk) = queue.next(until: Date(timeIntervalSinceNow: 10)) {
            #expect(String(decoding: chunk.bytes.prefix(while: { $0 != 10 }), as: UTF8.self) == "\(lines),\(lines % 7)")
            lines += 1
        }
        #expect(lines == 1_000)
        #expect(queue.peakBytes < 1_000 + 100, "\(queue.peakBytes) bytes queued at once")
        #expect(done.wait(timeout: .now() + 10) == .success)
    }
}
