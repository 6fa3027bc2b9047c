import Foundation
import Testing

/// SIGTERM, SIGINT and SIGHUP during a render, through the real binary: chartview removes its
/// partial file, leaves the old output as it was and exits with 128 + the signal's number.
@Suite struct SignalCleanupTests {
    /// A CSV of `rows` unsorted points: drawn as a line in row order to a PDF, it takes seconds.
    static func writeUnsortedPoints(_ path: String, rows: Int) throws {
        var text = "x,y\n"
        text.reserveCapacity(rows * 14)
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<rows {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            text += "\(state >> 47),\((state >> 20) & 0xFFFF)\n"
        }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    /// The partial files of `name` in `dir`.
    static func partials(of name: String, in dir: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir).filter { $0.hasPrefix(".\(name).") && $0.hasSuffix(".partial") }
    }

    @Test(
        "A signal during a render removes the partial file and exits 128 + its number",
        arguments: [SIGTERM, SIGINT, SIGHUP])
    func aSignalRemovesThePartialFile(signal: Int32) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Self.writeUnsortedPoints(dir + "/points.csv", rows: 1_500_000)
        try Data("old".utf8).write(to: URL(fileURLWithPath: dir + "/out.pdf"))

        let process = Process()
        process.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
        process.arguments = [dir + "/points.csv", "--kind", "line", "--keep-order", "--output", dir + "/out.pdf"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        // The render has started once its partial file exists.
        let deadline = Date().addingTimeInterval(120)
        while try Self.partials(of: "out.pdf", in: dir).isEmpty {
            try #require(process.isRunning, "chartview ended before its partial file appeared")
            try #require(Date() < deadline, "no partial file in time")
            usleep(2_000)
        }
        try #require(process.isRunning, "the render ended before the signal")
        kill(process.processIdentifier, signal)
        try process.waitForExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 128 + signal)
        #expect(try Self.partials(of: "out.pdf", in: dir).isEmpty)
        #expect(FileManager.default.contents(atPath: dir + "/out.pdf") == Data("old".utf8))
    }

    @Test func aStalePartialFileOfAGoneProcessIsRemovedByTheNextWrite() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x,y\n1,2\n2,3\n".utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
        // A PID past the kernel's largest (2^22) belongs to no process.
        let stale = ".out.png.4194305.partial"
        try Data("half".utf8).write(to: URL(fileURLWithPath: dir + "/" + stale))
        // One of a live process (this one) is left alone.
        let live = ".out.png.\(getpid()).partial"
        try Data("busy".utf8).write(to: URL(fileURLWithPath: dir + "/" + live))
        let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/out.png"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try Self.partials(of: "out.png", in: dir) == [live])
    }
}
