import Foundation
import Testing

@testable import ChartData

/// A followed file, written by a real writer while the follower polls it: appended lines only,
/// a partial line held until its line feed, a truncation and a rotation picked up, a file not
/// there yet waited for. Each step waits for its lines with a deadline, never a sleep.
@Suite struct FileFollowerTests {
    /// The lines the queue gives until they number `count`, or the deadline (10 s) passes.
    static func lines(_ queue: LineQueue, count: Int) -> [String] {
        var lines: [String] = []
        let deadline = Date(timeIntervalSinceNow: 10)
        while lines.count < count {
            guard case .lines(let chunk) = queue.next(until: deadline) else { break }
            lines += String(decoding: chunk.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        }
        return lines
    }

    static func append(_ text: String, to path: String) throws {
        let handle = try #require(FileHandle(forWritingAtPath: path))
        handle.seekToEndOfFile()
        handle.write(Data(text.utf8))
        try handle.close()
    }

    @Test func appendedLinesTruncationAndRotation() throws {
        let dir = NSTemporaryDirectory() + "chartview-follow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/log.csv"
        // Not there yet: waited for.
        let follower = FileFollower(path: path)
        follower.start()
        defer { follower.stop() }
        try Data("t,v\n1,10\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.lines(follower.queue, count: 2) == ["t,v", "1,10"])
        // A partial line waits for its line feed.
        try Self.append("2,2", to: path)
        try Self.append("0\n3,30\n", to: path)
        #expect(Self.lines(follower.queue, count: 2) == ["2,20", "3,30"])
        // Truncated: read again from the start.
        try Data("t,v\n".utf8).write(to: URL(fileURLWithPath: path))
        try Self.append("9,90\n", to: path)
        let afterTruncation = Self.lines(follower.queue, count: 2)
        #expect(afterTruncation == ["t,v", "9,90"] || afterTruncation == ["9,90"])
        // Rotated: the old file's last line (written after the rename, without its line feed),
        // then the new file from its start.
        try FileManager.default.moveItem(atPath: path, toPath: path + ".1")
        try Self.append("10,100", to: path + ".1")
        try Data("t,v\n11,110\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.lines(follower.queue, count: 3) == ["10,100", "t,v", "11,110"])
    }

    @Test func stoppingAtTheEndReadsWhatIsThereWithItsLastLine() throws {
        let dir = NSTemporaryDirectory() + "chartview-follow-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("a\nb".utf8).write(to: URL(fileURLWithPath: dir + "/f.csv"))
        let follower = FileFollower(path: dir + "/f.csv", stopsAtEnd: true)
        follower.run()
        #expect(Self.lines(follower.queue, count: 2) == ["a", "b"])
        guard case .end(nil) = follower.queue.next(until: nil) else {
            Issue.record("the queue did not end")
            return
        }
        let missing = FileFollower(path: dir + "/none.csv", stopsAtEnd: true)
        missing.run()
        guard case .end(let failure?) = missing.queue.next(until: nil) else {
            Issue.record("a missing file did not fail")
            return
        }
        #expect(failure.description == "\(dir)/none.csv: cannot open: no such file")
    }

    @Test func aPipeIsReadOnItsOwnThreadToItsEnd() throws {
        let pipe = Pipe()
        let reader = DescriptorLineReader(fd: pipe.fileHandleForReading.fileDescriptor, name: "standard input")
        reader.start()
        pipe.fileHandleForWriting.write(Data("x,y\n1,".utf8))
        #expect(Self.lines(reader.queue, count: 1) == ["x,y"])
        pipe.fileHandleForWriting.write(Data("2\n3,4".utf8))
        try pipe.fileHandleForWriting.close()
        #expect(Self.lines(reader.queue, count: 2) == ["1,2", "3,4"])
        guard case .end(nil) = reader.queue.next(until: Date(timeIntervalSinceNow: 10)) else {
            Issue.record("the end of the pipe was not reported")
            return
        }
    }
}
