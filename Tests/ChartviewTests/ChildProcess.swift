import Foundation

/// A program the tests run to completion, with a deadline: both pipes are read on threads of
/// their own while it runs (so neither a large stdout nor a large stderr can block it), and a
/// child still running at the deadline is killed (SIGKILL) and reported as `ChildProcessError`,
/// naming the command, so a hang fails the one test that met it instead of holding `make test`
/// until CI's limit.
struct ChildProcess {
    struct Result {
        var status: Int32
        var stdout: Data
        var stderr: Data
    }

    /// How long a child may run, in seconds, unless the caller says otherwise: far above what any
    /// test's child takes on a loaded 2-core machine (the longest, a six-million-row load, about
    /// 40 s in debug), far below CI's limit.
    static let defaultDeadline: Double = 300
    /// Held while a child is launched.
    static let launching = NSLock()

    /// Runs `executable` with `arguments` and waits at most `deadline` seconds for it to end.
    /// `standardInput` is given to the child as is (nil: /dev/null, so that no chartview run
    /// without a data file reads the test's own standard input as live data).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String]? = nil,
        directory: String? = nil, standardInput: Any? = nil, deadline: Double = defaultDeadline
    ) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        if let environment { process.environment = environment }
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.standardInput = standardInput ?? FileHandle.nullDevice
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        let ended = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in ended.signal() }
        // One launch at a time: Foundation's Process.run crashed once copying its arguments while
        // other test threads launched theirs (CI on 90909a1). Children still run at once.
        try Self.launching.withLock { try process.run() }
        let stdout = PipeReader(out.fileHandleForReading)
        let stderr = PipeReader(err.fileHandleForReading)
        if ended.wait(timeout: .now() + deadline) == .timedOut {
            killTree(process.processIdentifier)
            ended.wait()
            let said = String(decoding: stderr.wait(at: .now() + 5).prefix(2_000), as: UTF8.self)
            throw ChildProcessError.deadline(
                command: ([executable] + arguments).joined(separator: " "), seconds: deadline, stderr: said)
        }
        // A grandchild may hold a pipe open after the child ends; read for a moment more, no longer.
        return Result(
            status: process.terminationStatus, stdout: stdout.wait(at: .now() + 30),
            stderr: stderr.wait(at: .now() + 30))
    }
}

/// Kills (SIGKILL) `pid` and every process under it (found through /proc), so that no
/// grandchild (a `zpty` shell, chartview under a shell script) goes on holding a pipe open or a
/// core busy.
func killTree(_ pid: pid_t) {
    var children: [pid_t: [pid_t]] = [:]
    for name in (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? [] {
        guard let id = pid_t(name), let stat = try? String(contentsOfFile: "/proc/\(name)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { continue }
        // After "pid (comm) ": the state, then the parent's pid.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        if fields.count > 1, let parent = pid_t(fields[1]) { children[parent, default: []].append(id) }
    }
    var tree = [pid], next = 0
    while next < tree.count {
        tree += children[tree[next]] ?? []
        next += 1
    }
    for id in tree { kill(id, SIGKILL) }
}

/// A child that outlived its deadline.
enum ChildProcessError: Error, CustomStringConvertible {
    case deadline(command: String, seconds: Double, stderr: String)

    var description: String {
        switch self {
        case .deadline(let command, let seconds, let stderr):
            "still running after \(Int(seconds)) s, killed: \(command.prefix(300)); its stderr: \(stderr)"
        }
    }
}

/// Everything a pipe gives until its end, read on a thread of its own.
private final class PipeReader: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var data = Data()

    init(_ handle: FileHandle) {
        Thread { [self] in
            while true {
                let chunk = handle.availableData
                if chunk.isEmpty { break }
                lock.withLock { data.append(chunk) }
            }
            done.signal()
        }.start()
    }

    /// What was read by the pipe's end, or by `deadline` if it has not ended then.
    func wait(at deadline: DispatchTime) -> Data {
        _ = done.wait(timeout: deadline)
        return lock.withLock { data }
    }
}

extension Process {
    /// Waits for a started child to end, at most `deadline` seconds: one still running then is
    /// killed (SIGKILL) and throws, naming it. For children a test starts itself (to signal or
    /// feed them); `ChildProcess.run` is the whole run.
    func waitForExit(deadline: Double = ChildProcess.defaultDeadline) throws {
        let end = Date().addingTimeInterval(deadline)
        while isRunning {
            if Date() > end {
                killTree(processIdentifier)
                waitUntilExit()
                let command = ([executableURL?.path ?? "?"] + (arguments ?? [])).joined(separator: " ")
                throw ChildProcessError.deadline(command: command, seconds: deadline, stderr: "(not read)")
            }
            usleep(2_000)
        }
    }
}
