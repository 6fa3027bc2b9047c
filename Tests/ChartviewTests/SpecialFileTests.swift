import Foundation
import Testing

/// Inputs that are not regular files, and inputs over the memory budget, through the real
/// binary: FIFOs and character devices are read to their end within `--max-memory` and
/// `--timeout`, never waited on forever nor read without bound; each failure is one line
/// naming the file, status 2.
@Suite struct SpecialFileTests {
    func withDirectory(_ body: (String) throws -> Void) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try body(dir)
    }

    /// Runs `script` with sh, its $0 being `path` (a writer for a FIFO); returns the process.
    func shell(_ script: String, _ path: String) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, path]
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(
        "A CSV linked to a device of zeros or random bytes is not text: one line, status 2",
        arguments: ["/dev/zero", "/dev/urandom"])
    func aDeviceIsNotText(device: String) throws {
        try withDirectory { dir in
            try FileManager.default.createSymbolicLink(atPath: dir + "/data.csv", withDestinationPath: device)
            let result = try ChartviewProcess.run([dir + "/data.csv", "--output", dir + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/data.csv: cannot open: not a text file\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    @Test func aSpecNamingADeviceIsAnsweredAtOnce() throws {
        try withDirectory { dir in
            let spec = #"{"charts": [{"name": "z", "data": {"csv": "/dev/zero"}}]}"#
            try Data(spec.utf8).write(to: URL(fileURLWithPath: dir + "/spec.json"))
            let result = try ChartviewProcess.run([dir + "/spec.json", "--output", dir + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: /dev/zero: cannot open: not a text file\n")
            // The spec itself on a device.
            try FileManager.default.createSymbolicLink(atPath: dir + "/zero.json", withDestinationPath: "/dev/zero")
            let zero = try ChartviewProcess.run([dir + "/zero.json", "--output", dir + "/x.png"])
            #expect(zero.status == 2)
            #expect(zero.stderr == "chartview: \(dir)/zero.json: cannot open: not a text file\n")
        }
    }

    @Test func aFIFOIsReadToItsEnd() throws {
        try withDirectory { dir in
            #expect(mkfifo(dir + "/data.csv", 0o600) == 0)
            let writer = try shell("printf 'x,y\\n1,2\\n2,4\\n3,8\\n' > \"$0\"", dir + "/data.csv")
            let result = try ChartviewProcess.run([dir + "/data.csv", "--dump-layout", dir + "/x.json"])
            try writer.waitForExit()
            #expect(result.status == 0, "\(result.stderr)")
            let dump = try LayoutDumpReader.read(dir + "/x.json")
            #expect(dump.plots.first?.items.map(\.value) == [2, 4, 8])
        }
    }

    @Test func aFIFOWithoutAWriterEndsAtTheTimeout() throws {
        try withDirectory { dir in
            #expect(mkfifo(dir + "/data.csv", 0o600) == 0)
            let result = try ChartviewProcess.run([dir + "/data.csv", "--output", dir + "/x.png", "--timeout", "1"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/data.csv: cannot open: did not reach its end within 1 s and was stopped\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    @Test func aFIFOThatNeverEndsStopsAtTheMemoryBudget() throws {
        try withDirectory { dir in
            #expect(mkfifo(dir + "/data.csv", 0o600) == 0)
            // `yes` writes until the reader goes (then SIGPIPE ends it).
            let writer = try shell("yes 1,2 > \"$0\"", dir + "/data.csv")
            defer { if writer.isRunning { kill(writer.processIdentifier, SIGKILL) } }
            let result = try ChartviewProcess.run([dir + "/data.csv", "--output", dir + "/x.png", "--max-memory", "2M"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/data.csv: is larger than the memory budget (2 MB); raise --max-memory\n")
            try writer.waitForExit()
        }
    }

    @Test func aFileOverTheBudgetIsRefusedBeforeItIsRead() throws {
        try withDirectory { dir in
            let rows = (0..<200_000).map { "\($0),\($0 % 17)" }.joined(separator: "\n")
            try Data(("n,v\n" + rows + "\n").utf8).write(to: URL(fileURLWithPath: dir + "/big.csv"))
            let refused = try ChartviewProcess.run([dir + "/big.csv", "--output", dir + "/x.png", "--max-memory", "1M"])
            #expect(refused.status == 2)
            #expect(refused.stderr == "chartview: \(dir)/big.csv: is larger than the memory budget (1 MB); raise --max-memory\n")
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
            let taken = try ChartviewProcess.run([dir + "/big.csv", "--output", dir + "/x.png", "--max-memory", "64M"])
            #expect(taken.status == 0, "\(taken.stderr)")
        }
    }

    /// Under an address-space limit (`ulimit -v`) a ten-million-row CSV (118 MB) ends in one line:
    /// the default budget is an eighth of the limit, and past it the CSV reader says it ran out
    /// of memory. Before, `Fatal error: Out of memory` and a stack trace, status 132.
    @Test(arguments: [350_000, 500_000])
    func aLargeCSVUnderAnAddressSpaceLimitEndsInOneLine(kilobytes: Int) throws {
        try withDirectory { dir in
            let path = dir + "/rows.csv"
            // "x,y", then 0,0 … 9999999,(9999999 % 977): awk writes it in 3 s, where building the
            // text in an unoptimized test took 4 times as long.
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: "/usr/bin/awk")
            writer.arguments = [#"BEGIN { print "x,y"; for (i = 0; i < 10000000; i++) print i "," i % 977 }"#]
            writer.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: path, isDirectory: false).creatingEmpty())
            try writer.run()
            try writer.waitForExit()
            try #require(writer.terminationStatus == 0)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/sh")
            process.arguments = ["-c", "ulimit -v \(kilobytes) && exec \"$0\" \"$1\" --output \"$2\"", ChartviewProcess.binary, path, dir + "/x.png"]
            let err = Pipe()
            process.standardError = err
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            try process.waitForExit()
            #expect([1, 2].contains(process.terminationStatus), "status \(process.terminationStatus): \(stderr.prefix(300))")
            #expect(stderr.hasPrefix("chartview: ") && stderr.split(separator: "\n").count == 1, "\(stderr.prefix(300))")
            #expect(stderr.contains("rows.csv"))
            #expect(!FileManager.default.fileExists(atPath: dir + "/x.png"))
        }
    }

    @Test func aDatabaseOnAFIFOIsRefusedWithoutWaiting() throws {
        try withDirectory { dir in
            #expect(mkfifo(dir + "/db.sqlite", 0o600) == 0)
            let result = try ChartviewProcess.run([dir + "/db.sqlite", "--table", "t", "--output", dir + "/x.png"])
            #expect(result.status == 2)
            #expect(result.stderr == "chartview: \(dir)/db.sqlite: cannot open: not a regular file (a database cannot be read from a FIFO or device)\n")
        }
    }
}

extension URL {
    /// The file at this URL, made empty (created when missing), for a handle to write it.
    fileprivate func creatingEmpty() throws -> URL {
        guard FileManager.default.createFile(atPath: path, contents: nil) else { throw CocoaError(.fileWriteUnknown) }
        return self
    }
}
