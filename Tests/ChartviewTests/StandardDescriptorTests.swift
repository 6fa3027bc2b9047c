import Foundation
import Testing

/// chartview started with standard input, output or error closed (`<&-`, `>&-`, `2>&-`), in
/// every combination: a closed descriptor is /dev/null to it, never the next file it opens
/// (the data file, a partial file, libpq's socket), so no byte lands anywhere but where it
/// was sent; `--output -` or `--dump-layout -` onto a standard output that was closed is
/// refused with one line and status 2 (before, the PNG went into whatever descriptor 1 had
/// become, and chartview said it succeeded).
@Suite struct StandardDescriptorTests {
    /// Which of descriptors 0, 1 and 2 are closed: every combination.
    static let states: [[Int32]] = [[], [0], [1], [2], [0, 1], [0, 2], [1, 2], [0, 1, 2]]

    /// Where the chart goes.
    enum Output: String, CaseIterable, CustomTestStringConvertible {
        case chartToStandardOutput = "--output -"
        case chartToFile = "--output o.png"
        case dumpToStandardOutput = "--dump-layout -"

        var testDescription: String { rawValue }
        var arguments: [String] { rawValue.split(separator: " ").map(String.init) }
        var toStandardOutput: Bool { self != .chartToFile }
    }

    /// A CSV with one bad row: chartview warns on standard error even when it succeeds, so a
    /// closed standard error is written to as well.
    static let csv = "name,a,b\nx,1,2\ny,3\nz,5,6\n"

    /// What a run left: its status, and what it wrote to standard output and error (nil for
    /// one that was closed).
    struct Outcome {
        var status: Int32
        var stdout: Data?
        var stderr: String?
    }

    /// Runs chartview in `dir` on `v.csv` with `output`, descriptors `closed` closed by the
    /// shell that starts it (`exec … >&-`), the open ones onto files in `captures`.
    func run(_ output: Output, closing closed: [Int32], in dir: String, captures: String) throws -> Outcome {
        var script = #"exec "$0" "$@""#
        script += closed.contains(0) ? " <&-" : " </dev/null"
        script += closed.contains(1) ? " >&-" : #" >"$CAPTURES/stdout""#
        script += closed.contains(2) ? " 2>&-" : #" 2>"$CAPTURES/stderr""#
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, ChartviewProcess.binary, "v.csv", "--skip-bad-rows", "--size", "300x200"] + output.arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = nil
        environment["CAPTURES"] = captures
        process.environment = environment
        process.currentDirectoryURL = URL(fileURLWithPath: dir)
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        try process.waitForExit()
        return Outcome(
            status: process.terminationStatus,
            stdout: FileManager.default.contents(atPath: captures + "/stdout"),
            stderr: FileManager.default.contents(atPath: captures + "/stderr").map { String(decoding: $0, as: UTF8.self) })
    }

    @Test("Every state of descriptors 0-2: output only where it was sent", arguments: states, Output.allCases)
    func closedDescriptorsTakeNoOutput(closed: [Int32], output: Output) throws {
        let dir = try ChartviewProcess.temporaryDirectory(), captures = try ChartviewProcess.temporaryDirectory()
        defer {
            try? FileManager.default.removeItem(atPath: dir)
            try? FileManager.default.removeItem(atPath: captures)
        }
        try Data(Self.csv.utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
        // What the output is with every descriptor open.
        let expected = try run(output, closing: [], in: dir, captures: captures)
        #expect(expected.status == 0, "\(expected.stderr ?? "")")
        #expect(expected.stderr == "chartview: \(dir)/v.csv: 1 short row filled with missing cells (line 3)\n")
        let reference = try #require(output.toStandardOutput ? expected.stdout : FileManager.default.contents(atPath: dir + "/o.png"))
        #expect(reference.count > 100)
        try? FileManager.default.removeItem(atPath: dir + "/o.png")
        for name in ["stdout", "stderr"] { try? FileManager.default.removeItem(atPath: captures + "/" + name) }

        let outcome = try run(output, closing: closed, in: dir, captures: captures)
        let refused = output.toStandardOutput && closed.contains(1)
        if refused {
            #expect(outcome.status == 2)
            let flag = output == .dumpToStandardOutput ? "--dump-layout" : "--output"
            #expect(outcome.stderr == (closed.contains(2) ? nil : "chartview: \(flag) -: standard output is closed; name a file to write\n"))
        } else {
            #expect(outcome.status == 0, "\(outcome.stderr ?? "")")
            #expect(outcome.stderr == (closed.contains(2) ? nil : expected.stderr))
        }
        // Standard output has the chart when it was sent there, else nothing.
        if !closed.contains(1) {
            #expect(outcome.stdout == (output.toStandardOutput ? reference : Data()))
        }
        // The data file unchanged; the file output whole; nothing else written beside them.
        #expect(FileManager.default.contents(atPath: dir + "/v.csv") == Data(Self.csv.utf8))
        if output == .chartToFile {
            #expect(FileManager.default.contents(atPath: dir + "/o.png") == reference)
        }
        let files = Set(try FileManager.default.contentsOfDirectory(atPath: dir))
        #expect(files == (output == .chartToFile ? ["v.csv", "o.png"] : ["v.csv"]))
    }
}
