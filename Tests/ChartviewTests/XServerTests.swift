import Foundation
import Testing

/// The window and the X server around it, each test on an Xvfb of its own: HiDPI resources,
/// the window manager's close request, the server going away, and an idle window's CPU.
@Suite(.serialized, .enabled(if: TraceSession.hasDisplay, "needs Xvfb (make test installs it)"))
struct XServerTests {
    @Test func xftDpiScalesFontsLinesAndLayoutLikeScale2() throws {
        let server = try PrivateXServer()
        try server.setResources("Xft.antialias:\t1\nXft.dpi:\t192\n")
        let session = try TraceSession(["--chart", "rates", "--size", "1200x800"], display: server.display)
        let layout = try session.next("layout")
        let expected = try ChartviewProcess.run(["--chart", "rates", "--size", "1200x800", "--scale", "2", "--dump-layout", "-"])
        let dump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(expected.stdout.utf8))
        #expect(layout["plotArea"] as? [Double] == dump.plotArea)
        // --scale overrides the resource.
        let override = try TraceSession(["--chart", "rates", "--size", "1200x800", "--scale", "1"], display: server.display)
        let plain = try ChartviewProcess.run(["--chart", "rates", "--size", "1200x800", "--dump-layout", "-"])
        let plainDump = try JSONDecoder().decode(LayoutDumpReader.self, from: Data(plain.stdout.utf8))
        #expect(try override.next("layout")["plotArea"] as? [Double] == plainDump.plotArea)
    }

    @Test func theWindowManagersCloseRequestQuitsCleanly() throws {
        let server = try PrivateXServer()
        let session = try TraceSession(["--chart", "mood"], display: server.display)
        try server.requestClose(window: UInt(session.window)!)
        try session.next("quit")
        #expect(try session.waitForExit() == 0)
    }

    @Test func losingTheXServerEndsWithAMessageAndStatus1() throws {
        let server = try PrivateXServer()
        let session = try TraceSession(["--chart", "rates"], display: server.display)
        server.stop()
        #expect(try session.waitForExit(timeout: 5) == 1)
        let message = String(decoding: session.stderr.readDataToEndOfFile(), as: UTF8.self)
        #expect(message.contains("chartview: lost the connection to the X server"))
    }

    @Test func anIdleWindowUsesNoCPU() throws {
        let server = try PrivateXServer()
        let session = try TraceSession(["--chart", "rates"], display: server.display)
        func cpuTicks() throws -> Int {
            let stat = try String(contentsOfFile: "/proc/\(session.process.processIdentifier)/stat", encoding: .utf8)
            let fields = stat.split(separator: ")").last!.split(separator: " ")
            return Int(fields[11])! + Int(fields[12])!   // utime + stime, in clock ticks
        }
        let before = try cpuTicks()
        Thread.sleep(forTimeInterval: 1)
        // A busy loop would burn about 100 ticks in this second; a sleeping loop none.
        #expect(try cpuTicks() - before <= 2)
    }
}
