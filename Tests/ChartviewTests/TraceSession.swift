import Foundation
import Testing

/// A real `chartview --trace` window under the test X server (`make test` starts Xvfb and sets
/// DISPLAY), driven with real input through xdotool (XTest), observed through its trace lines.
final class TraceSession {
    let process = Process()
    let lines: TraceLines
    /// What chartview wrote on stderr; read it after it exits.
    let stderr: FileHandle
    /// The X window id, from the `ready` line.
    let window: String
    /// The line waited for at the start (`ready`, or the `until` event).
    let first: [String: Any]

    /// Whether tests that need a window can run: an X server is reachable.
    static var hasDisplay: Bool {
        guard let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty else { return false }
        return (try? run("xdotool", ["getdisplaygeometry"]).status) == 0
    }

    /// Starts chartview with `arguments` plus `--trace` in `directory` on `display` (the test
    /// server when nil), and waits for its first frame (`until` another event that names the
    /// window: "building", the first chart frame started, for a chart that takes long to draw).
    /// Without `animated`, charts show at once, so screenshots need not wait for the animation.
    /// `standardInput`: what chartview reads as its standard input (a pipe from a generator);
    /// /dev/null when nil.
    init(
        _ arguments: [String], directory: String? = nil, display: String? = nil, animated: Bool = false,
        until first: String = "ready", standardInput: FileHandle? = nil
    ) throws {
        process.executableURL = URL(fileURLWithPath: ChartviewProcess.binary)
        process.arguments = arguments + ["--trace"] + (animated ? [] : ["--no-animation"])
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        if let display {
            var environment = ProcessInfo.processInfo.environment
            environment["DISPLAY"] = display
            process.environment = environment
        }
        let errors = Pipe()
        process.standardError = errors
        stderr = errors.fileHandleForReading
        let out = Pipe()
        // Not the test's own standard input: chartview without a data file reads a pipe there live.
        process.standardInput = standardInput ?? FileHandle.nullDevice
        process.standardOutput = out
        try process.run()
        lines = TraceLines(reading: out.fileHandleForReading)
        let ready = try lines.next(first, timeout: 60)
        self.first = ready
        window = "\(ready["window"] as? Int ?? 0)"
    }

    deinit {
        // SIGKILL: a child started from a test thread inherits its blocked SIGTERM.
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
    }

    /// The next trace line of event `name`; see `TraceLines.next`.
    @discardableResult
    func next(_ name: String, timeout: Double = 10) throws -> [String: Any] {
        try lines.next(name, timeout: timeout)
    }

    /// Every event name up to and including the next `name` event.
    func events(until name: String, timeout: Double = 10) throws -> [String] {
        try lines.events(until: name, timeout: timeout)
    }

    /// The next trace line, whatever its event; see `TraceLines.next`.
    func nextLine(timeout: Double = 10) throws -> [String: Any] {
        try lines.nextLine(timeout: timeout)
    }

    /// The window's pixels now, as a PNG at `path`.
    func screenshot(_ path: String) throws {
        let result = try Self.run("import", ["-window", window, "png:" + path])
        guard result.status == 0 else { throw TraceError.tool("import", result.output) }
    }

    func xdotool(_ arguments: [String]) throws {
        let result = try Self.run("xdotool", arguments)
        guard result.status == 0 else { throw TraceError.tool("xdotool", result.output) }
    }

    /// Waits for the process to end and returns its exit status; the timeout only catches a
    /// hang (a loaded machine may take seconds).
    func waitForExit(timeout: Double = 30) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        while process.isRunning {
            if Date() > deadline { throw TraceError.timeout(waitingFor: "exit") }
            usleep(1_000)
        }
        return process.terminationStatus
    }

    /// Runs `tool` (found on PATH) to completion, its stdout and stderr as one text; a tool
    /// still running after `deadline` seconds is killed and throws.
    static func run(_ tool: String, _ arguments: [String], deadline: Double = 60) throws -> (status: Int32, output: String) {
        let result = try ChildProcess.run("/usr/bin/env", [tool] + arguments, deadline: deadline)
        return (result.status, String(decoding: result.stdout + result.stderr, as: UTF8.self))
    }

}

/// Trace lines read from a pipe on a thread of their own, handed out in order.
final class TraceLines: @unchecked Sendable {
    private let condition = NSCondition()
    private var lines: [[String: Any]] = []
    private var cursor = 0
    private var finished = false

    init(reading handle: FileHandle) {
        Thread { [self] in
            var buffer = Data()
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                buffer.append(chunk)
                while let newline = buffer.firstIndex(of: 0x0A) {
                    let line = buffer[buffer.startIndex..<newline]
                    buffer.removeSubrange(buffer.startIndex...newline)
                    guard var object = try? JSONSerialization.jsonObject(with: line) as? [String: Any] else { continue }
                    // When the test read it, to relate the line's own "t" to the test's clock.
                    object[Self.receivedKey] = Self.milliseconds(ContinuousClock.now)
                    condition.lock()
                    lines.append(object)
                    condition.broadcast()
                    condition.unlock()
                }
            }
            condition.lock()
            finished = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// The key of when the test read each line: milliseconds on the test's clock
    /// (`milliseconds(_:)`), a clock of its own, not chartview's "t".
    static let receivedKey = "receivedByTest"
    /// The origin of the test's clock.
    static let epoch = ContinuousClock.now

    /// `instant` in milliseconds since `epoch`: `ContinuousClock`, the clock of chartview's
    /// trace "t" too, whose origin is the trace's start instead (`TraceClock` relates the two).
    static func milliseconds(_ instant: ContinuousClock.Instant) -> Double {
        let elapsed = epoch.duration(to: instant)
        return Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15
    }

    /// The next line, whatever its event, after those already taken. Throws after `timeout` seconds.
    func nextLine(timeout: Double = 10) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while cursor == lines.count {
            if finished { throw TraceError.ended(waitingFor: "a line") }
            if !condition.wait(until: deadline) { throw TraceError.timeout(waitingFor: "a line") }
        }
        cursor += 1
        return lines[cursor - 1]
    }

    /// The next line with `"event": name` after those already taken; lines of other events
    /// before it are passed over (and added to `skipped`). Throws after `timeout` seconds.
    func next(_ name: String, timeout: Double = 10, skipped: inout [[String: Any]]) throws -> [String: Any] {
        let deadline = Date().addingTimeInterval(timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            while cursor < lines.count {
                let line = lines[cursor]
                cursor += 1
                if line["event"] as? String == name { return line }
                skipped.append(line)
            }
            if finished { throw TraceError.ended(waitingFor: name) }
            if !condition.wait(until: deadline) { throw TraceError.timeout(waitingFor: name) }
        }
    }

    func next(_ name: String, timeout: Double = 10) throws -> [String: Any] {
        var skipped: [[String: Any]] = []
        return try next(name, timeout: timeout, skipped: &skipped)
    }

    /// Every event name up to and including the next `name` event.
    func events(until name: String, timeout: Double = 10) throws -> [String] {
        var skipped: [[String: Any]] = []
        let last = try next(name, timeout: timeout, skipped: &skipped)
        return (skipped + [last]).compactMap { $0["event"] as? String }
    }
}

enum TraceError: Error, CustomStringConvertible {
    case timeout(waitingFor: String)
    case ended(waitingFor: String)
    case tool(String, String)

    var description: String {
        switch self {
        case .timeout(let name): "no '\(name)' trace line in time"
        case .ended(let name): "chartview ended before a '\(name)' trace line"
        case .tool(let tool, let output): "\(tool) failed: \(output)"
        }
    }
}
