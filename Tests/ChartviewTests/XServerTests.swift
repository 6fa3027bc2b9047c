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

    /// Xft.dpi 960 asks for a scale of 10: a window whose minimum size alone (240x180 layout
    /// pixels) is 2400x1800 device pixels. On a 1600x1200 screen under a real window manager,
    /// which enforces that minimum, the window still opens within the screen, at a sane scale.
    @Test func aWindowAtXftDpi960FitsTheScreen() throws {
        let server = try PrivateXServer(screen: "1600x1200")
        try server.setResources("Xft.dpi:\t960\n")
        let manager = try server.start("openbox", ["--sm-disable"])
        defer { kill(manager.processIdentifier, SIGKILL) }
        var managed = false
        for _ in 0..<100 where !managed {
            managed = try server.run("wmctrl", ["-m"]) == 0
            if !managed { usleep(50_000) }
        }
        try #require(managed, "openbox did not start")
        let session = try TraceSession(["--chart", "rates", "--size", "2400x1800"], display: server.display)
        let size = try #require(session.first["size"] as? [Double])
        let scale = try #require(session.first["scale"] as? Double)
        #expect(size[0] <= 1600 && size[1] <= 1200, "ready at \(size)")
        #expect(scale >= 1 && scale <= 4, "scale \(scale)")
        #expect(size[0] / scale >= 240 && size[1] / scale >= 180, "\(size) at scale \(scale) is below the minimum layout size")
        // The window the server has, after the manager placed it.
        let geometry = try server.output("xdotool", ["getwindowgeometry", "--shell", session.window])
        let fields = Dictionary(
            uniqueKeysWithValues: geometry.output.split(separator: "\n").compactMap { line -> (String, Int)? in
                let parts = line.split(separator: "=")
                guard parts.count == 2, let value = Int(parts[1]) else { return nil }
                return (String(parts[0]), value)
            })
        let width = try #require(fields["WIDTH"]), height = try #require(fields["HEIGHT"])
        #expect(width <= 1600 && height <= 1200, "the window is \(width)x\(height)")
        try server.requestClose(window: UInt(session.window)!)
        #expect(try session.waitForExit() == 0)
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

    @Test func aWindowDestroyedFromOutsideEndsTheProgram() throws {
        let server = try PrivateXServer()
        let session = try TraceSession(["--chart", "rates"], display: server.display)
        try server.destroy(window: UInt(session.window)!)
        try session.next("quit")
        #expect(try session.waitForExit() == 0)
    }

    @Test func aSixteenBitScreenWorks() throws {
        let server = try PrivateXServer(depth: 16)
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"], display: server.display)
        let layout = try JSONDecoder().decode(
            LayoutDumpReader.self,
            from: Data(
                try ChartviewProcess.run(["--chart", "rates", "--size", "900x600", "--dump-layout", "-"]).stdout.utf8))
        let bar = layout.plots[0].items[0].rect
        #expect(
            try server.run(
                "xdotool", ["mousemove", "--window", session.window, String(Int(bar[0] + bar[2] / 2)), String(Int(bar[1] + bar[3] / 2)), "click", "1"]) == 0)
        #expect(try session.next("select")["record"] as? Int == 0)
        try server.requestClose(window: UInt(session.window)!)
        #expect(try session.waitForExit() == 0)
    }

    @Test func underARealWindowManagerResizeAndCloseWork() throws {
        let server = try PrivateXServer()
        let manager = try server.start("openbox", ["--sm-disable"])
        defer { kill(manager.processIdentifier, SIGKILL) }
        let session = try TraceSession(["--chart", "rates", "--size", "900x600"], display: server.display)
        // wmctrl needs the manager up; it answers once it is.
        var managed = false
        for _ in 0..<100 where !managed {
            managed = try server.run("wmctrl", ["-m"]) == 0
            if !managed { usleep(50_000) }
        }
        try #require(managed, "openbox did not start")
        #expect(try server.run("wmctrl", ["-i", "-r", session.window, "-e", "0,0,0,500,900"]) == 0)
        var layout = try session.next("layout")
        while (layout["size"] as? [Double])?.first != 500 { layout = try session.next("layout") }
        #expect(layout["legend"] as? String == "bottom")
        #expect(try server.run("wmctrl", ["-i", "-c", session.window]) == 0)
        try session.next("quit")
        #expect(try session.waitForExit() == 0)
    }

    @Test func fAndF11ToggleFullscreenThroughTheWindowManager() throws {
        let server = try PrivateXServer(screen: "1280x1024")
        let manager = try server.start("openbox", ["--sm-disable"])
        defer { kill(manager.processIdentifier, SIGKILL) }
        var managed = false
        for _ in 0..<100 where !managed {
            managed = try server.run("wmctrl", ["-m"]) == 0
            if !managed { usleep(50_000) }
        }
        try #require(managed, "openbox did not start")
        let session = try TraceSession(["--chart", "rates", "--size", "800x600"], display: server.display)
        var layout = try session.next("layout")
        let windowed = try #require(layout["size"] as? [Double])
        #expect(windowed[0] < 1280)
        func key(_ name: String) throws {
            #expect(try server.run("xdotool", ["key", "--window", session.window, name]) == 0)
        }
        try key("f")
        layout = try session.next("layout")
        while (layout["size"] as? [Double]) != [1280, 1024] { layout = try session.next("layout") }
        let state = try server.output("xprop", ["-id", session.window, "_NET_WM_STATE"])
        #expect(state.output.contains("_NET_WM_STATE_FULLSCREEN"), "\(state.output)")
        try key("F11")
        layout = try session.next("layout")
        while (layout["size"] as? [Double])?.first == 1280 { layout = try session.next("layout") }
        #expect((layout["size"] as? [Double])?.first ?? 0 < 1280)
        #expect(try server.run("wmctrl", ["-i", "-c", session.window]) == 0)
        try session.next("quit")
        #expect(try session.waitForExit() == 0)
    }

    /// An idle window sleeps in the kernel. Watched through /proc until it does, sample after
    /// sample, not by sleeping a while and counting CPU ticks: a loop that polls without sleeping
    /// is never seen asleep in `poll`, a timer that fires again and again shows in poll's time
    /// limit, and a thread that spins or keeps waking shows in its state or its context switches.
    @Test func anIdleWindowUsesNoCPU() throws {
        let server = try PrivateXServer()
        // Not watching its data, an idle window has no timer: its loop sleeps in poll with no
        // limit, and no thread wakes.
        let still = try TraceSession(["--chart", "rates", "--no-watch"], display: server.display)
        let stillLast = try Self.waitUntilIdle(still.process.processIdentifier, windowWakes: false) { $0 == -1 }
        #expect(stillLast == nil, "never idle; last seen: \(stillLast ?? "")")
        // Watching, its loop wakes for the watch's polls (every 0.5 s), and sleeps until the
        // next one each time: no poll with a shorter limit. (Where glibc's poll is ppoll, as on
        // arm64, the limit is not read: nil.)
        let watching = try TraceSession(["--chart", "rates"], display: server.display)
        #expect(watching.first["watching"] as? Bool == true)
        let watchingLast = try Self.waitUntilIdle(watching.process.processIdentifier, windowWakes: true) { ($0 ?? 250) >= 250 }
        #expect(watchingLast == nil, "never idle; last seen: \(watchingLast ?? "")")
    }

    /// Waits, at most a minute, for 20 readings of process `id`'s threads in a row (5 ms or
    /// more apart) in which its main thread, the window's, is asleep in poll with a time limit
    /// (milliseconds, -1 for none) that `limit` accepts, and every other thread is asleep and
    /// has not run since the first of those readings (nor has the window's, unless
    /// `windowWakes`). Nil once they came; else the last reading.
    static func waitUntilIdle(_ id: Int32, windowWakes: Bool, limit: (Int32?) -> Bool) throws -> String? {
        var first: ProcessThreads?
        var inARow = 0
        var last = ""
        let idle = try ProcessThreads.waitUntil(id) { now in
            last = now.description
            let asleep = now.threads.allSatisfy { thread in
                guard thread.state == "S" else { return false }
                guard thread.id == id else { return true }
                guard case .poll(let pollLimit) = thread.wait else { return false }
                return limit(pollLimit)
            }
            // No thread (but the window's, when it may wake) ran since the run's first reading.
            let unchanged =
                first.map { start in
                    start.threads.count == now.threads.count
                        && now.threads.allSatisfy { thread in
                            (windowWakes && thread.id == id) || start.threads.first { $0.id == thread.id }?.switches == thread.switches
                        }
                } ?? true
            if !asleep {
                (first, inARow) = (nil, 0)
            } else if !unchanged {
                (first, inARow) = (now, 1)
            } else {
                first = first ?? now
                inARow += 1
            }
            return inARow == 20
        }
        return idle == nil ? last : nil
    }
}
