import Foundation
import Testing

/// Every mode that prints text on standard output (`--help`, `--version`, `--values`,
/// `--list`, `--describe`, `--profile`) reports a standard output it cannot write, as a chart
/// written with `--output -` does: closed when chartview started (`>&-`) or full (`>/dev/full`),
/// one line on standard error, "cannot write to standard output: …", status 1 (a failure at run
/// time). Before, each exited 0 having written nothing.
@Suite struct TextOutputFailureTests {
    /// A mode that prints, with the arguments that ask for it (run in a folder holding `v.csv`
    /// and `charts.json`).
    enum Mode: String, CaseIterable, CustomTestStringConvertible {
        case help = "--help"
        case version = "--version"
        case values = "--values theme"
        case list = "charts.json --list"
        case describe = "v.csv --describe"
        case profile = "v.csv --profile --size 200x150"

        var testDescription: String { rawValue }
        var arguments: [String] { rawValue.split(separator: " ").map(String.init) }
    }

    /// Where standard output goes: the shell's redirection.
    enum Sink: String, CaseIterable, CustomTestStringConvertible {
        case closed = ">&-"
        case full = ">/dev/full"
        case file = #">"$CAPTURES/stdout""#

        var testDescription: String { self == .file ? "a file" : rawValue }
    }

    /// Runs `arguments` in `dir` with standard output as `sink` says and standard error
    /// captured, on `display` (none when nil); a run that has not ended within 60 s is ended
    /// (status 124, by timeout).
    func run(_ arguments: [String], _ sink: Sink, in dir: String, display: String? = nil) throws -> (status: Int32, stdout: String, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", #"exec timeout 60 "$0" "$@" </dev/null "# + sink.rawValue + #" 2>"$CAPTURES/stderr""#, ChartviewProcess.binary] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        environment["CAPTURES"] = dir
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try process.waitForExit()
        let read = { (name: String) in FileManager.default.contents(atPath: dir + "/" + name).map { String(decoding: $0, as: UTF8.self) } ?? "" }
        defer { try? FileManager.default.removeItem(atPath: dir + "/stdout") }
        return (process.terminationStatus, read("stdout"), read("stderr"))
    }

    @Test("A closed or full standard output is one line and status 1; a file gets the text", arguments: Mode.allCases, Sink.allCases)
    func reportsFailure(mode: Mode, sink: Sink) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "name,a\nx,1\ny,3\n".write(toFile: dir + "/v.csv", atomically: true, encoding: .utf8)
        let spec = #"{"charts": [{"name": "one", "data": {"csv": "v.csv"}}, {"name": "two", "data": {"csv": "v.csv"}}]}"#
        try spec.write(toFile: dir + "/charts.json", atomically: true, encoding: .utf8)
        let result = try run(mode.arguments, sink, in: dir)
        switch sink {
        case .file:
            #expect(result.status == 0, "\(result.stderr)")
            #expect(!result.stdout.isEmpty)
            #expect(result.stderr.isEmpty)
        case .closed, .full:
            #expect(result.status == 1)
            let reason = sink == .closed ? "it was closed when chartview started" : "No space left on device"
            #expect(result.stderr == "chartview: cannot write to standard output: \(reason)\n")
        }
    }

    @Test(
        "--trace in a window onto a closed or full standard output: one line, status 1, the window ends",
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb"), "needs Xvfb (make test installs it)"),
        arguments: [Sink.closed, Sink.full])
    func traceReportsFailure(sink: Sink) throws {
        let server = try PrivateXServer()
        defer { server.stop() }
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "name,a\nx,1\ny,3\n".write(toFile: dir + "/v.csv", atomically: true, encoding: .utf8)
        let result = try run(["v.csv", "--trace"], sink, in: dir, display: server.display)
        #expect(result.status == 1)
        let reason = sink == .closed ? "it was closed when chartview started" : "No space left on device"
        #expect(result.stderr == "chartview: cannot write to standard output: \(reason)\n")
    }
}
