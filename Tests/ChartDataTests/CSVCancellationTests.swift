import ChartCore
import ChartData
import Foundation
import Testing

/// Reading a CSV file stops once its cancellation flag is raised (Escape in the window, another
/// chart) and throws `DataError.cancelled`: the serial parse within `CSVReader.recordsPerCheck`
/// records, the bulk path at its next block. Outcomes only, no timings.
@Suite("CSV reading: cancellation")
struct CSVCancellationTests {
    /// "x,y" and `rows` rows of plain numbers.
    static func numbers(rows: Int) -> [UInt8] {
        var bytes = Array("x,y\n".utf8)
        for i in 0..<rows { bytes += Array("\(i),\(i % 97)\n".utf8) }
        return bytes
    }

    @Test func theSerialParseOfARaisedFlagThrowsCancelled() {
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: DataError.cancelled(path: "n.csv")) {
            try CSVReader.parse(Self.numbers(rows: 3 * CSVReader.recordsPerCheck), path: "n.csv", cancellation: flag)
        }
        // A flag never raised changes nothing.
        let table = try? CSVReader.parse(Self.numbers(rows: 3 * CSVReader.recordsPerCheck), path: "n.csv", cancellation: CancellationFlag()).table
        #expect(table?.rowCount == 3 * CSVReader.recordsPerCheck)
    }

    @Test func theBulkPathStopsAtTheBlockAfterTheFlagIsRaised() throws {
        let bytes = Self.numbers(rows: 200_000)
        let tuning = CSVBulkReader.Tuning(sampleBytes: 4096, blockBytes: 4096, minimumRangeBytes: 4096, ranges: 2)
        let flag = CancellationFlag()
        let blocksRead = Counter()
        // Raised from the reading itself, once a tenth of the input has been read.
        let table = try CSVBulkReader.read(size: bytes.count, path: "n.csv", tuning: tuning, cancellation: flag) { buffer, offset in
            blocksRead.add()
            if offset > bytes.count / 10 { flag.cancel() }
            let count = max(0, min(buffer.count, bytes.count - offset))
            bytes.withUnsafeBytes { buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: $0[offset..<(offset + count)])) }
            return count
        }
        #expect(table == nil)
        // Far fewer blocks than the whole input's (about 700 of 4 kB).
        #expect(blocksRead.value < bytes.count / 4096 / 2, "\(blocksRead.value) blocks read")
    }

    @Test(arguments: [1_000, 400_000])
    func readingAFileWithARaisedFlagThrowsCancelledOnEitherPath(rows: Int) throws {
        let dir = NSTemporaryDirectory() + "chartview-cancel-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/n.csv"
        try Data(Self.numbers(rows: rows)).write(to: URL(fileURLWithPath: path))
        let flag = CancellationFlag()
        flag.cancel()
        #expect(throws: DataError.cancelled(path: path)) { try CSVReader.read(path: path, cancellation: flag) }
        #expect(try CSVReader.read(path: path, cancellation: CancellationFlag()).table.rowCount == rows)
    }

    /// Counts calls from several threads.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func add() { lock.lock(); count += 1; lock.unlock() }
        var value: Int { lock.lock(); defer { lock.unlock() }; return count }
    }
}
