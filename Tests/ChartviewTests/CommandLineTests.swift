import Foundation
import Testing

/// Flags, help and bad usage: one clear line on stderr and exit status 2, nothing written.
@Suite struct CommandLineTests {
    @Test func listsTheDemoCharts() throws {
        let result = try ChartviewProcess.run(["--list"])
        #expect(result.status == 0)
        #expect(
            result.stdout.split(separator: "\n") == [
                "enrollment", "rates", "rates-pie", "mood", "water-exercise", "categories", "squares", "candles", "ohlc", "price-range", "errorbars",
                "histogram", "boxes", "bubbles", "radar", "heatmap"
            ])
    }

    @Test func helpAndVersion() throws {
        let help = try ChartviewProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.stdout.contains("--dump-layout FILE"))
        let version = try ChartviewProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.stdout.hasPrefix("chartview "))
    }

    static let badUsage: [([String], String)] = [
        (["--frobnicate"], "chartview: unknown option '--frobnicate' (see 'chartview --help')"),
        (["stray"], "chartview: stray: cannot open: no such file"),
        (["/nonexistent/a.csv", "b.csv", "--output", "x.png"], "chartview: chart 'a': /nonexistent/a.csv: cannot open: no such file"),
        (["a.csv", "-"], "chartview: live input is one file (--follow FILE, or '-' for standard input), not 2 (see 'chartview --help')"),
        (["--chart"], "chartview: --chart needs a value (see 'chartview --help')"),
        (
            ["--chart", "nope", "--output", "x.png"],
            "chartview: no chart named 'nope'; the charts are: enrollment, rates, rates-pie, mood, water-exercise, categories, squares, candles, ohlc, price-range, errorbars, histogram, boxes, bubbles, radar, heatmap (see 'chartview --help')"
        ),
        (["--size", "0x0", "--output", "x.png"], "chartview: --size 0x0 is out of range; width and height must be 1 to 16384 pixels (see 'chartview --help')"),
        (
            ["--size", "100000x100000", "--output", "x.png"],
            "chartview: --size 100000x100000 is out of range; width and height must be 1 to 16384 pixels (see 'chartview --help')"
        ),
        (["--size", "wide", "--output", "x.png"], "chartview: --size takes WIDTHxHEIGHT in pixels, like 1024x768 (got 'wide') (see 'chartview --help')"),
        (
            ["--theme", "neon", "--output", "x.png"],
            "chartview: unknown theme 'neon'; choose one of: light, dark, dark-gradient, slate, stocks (see 'chartview --help')"
        ),
        (["--scale", "0", "--output", "x.png"], "chartview: --scale takes a number from 0.5 to 8 (got '0') (see 'chartview --help')"),
        (["--output", "x.gif"], "chartview: x.gif: unknown output format; use a .png, .svg or .pdf file name, or --format (see 'chartview --help')"),
        (["--output="], "chartview: --output needs a file name (see 'chartview --help')"),
        (["--format", "gif", "--output", "x.png"], "chartview: unknown format 'gif'; choose one of: png, svg, pdf (see 'chartview --help')"),
        (
            ["--max-memory", "lots", "--output", "x.png"],
            "chartview: --max-memory takes a size in bytes or with K, M, G or T, like 512M or 4G (got 'lots') (see 'chartview --help')"
        ),
        (["--max-memory", "512K", "--output", "x.png"], "chartview: --max-memory 512K is less than 1 MB (see 'chartview --help')"),
        (["--max-memory", "9999999T", "--output", "x.png"], "chartview: --max-memory 9999999T is more than 1 PB (see 'chartview --help')"),
        (["--title", String(repeating: "t", count: 1001), "--output", "x.png"], "chartview: --title: longer than 1000 characters (see 'chartview --help')"),
        (
            ["--x-title=" + String(repeating: "é", count: 1001), "--output", "x.png"],
            "chartview: --x-title: longer than 1000 characters (see 'chartview --help')"
        ),
        (["--y-title", String(repeating: "🙂", count: 5000), "--output", "x.png"], "chartview: --y-title: longer than 1000 characters (see 'chartview --help')"),
        (["--x", String(repeating: "c", count: 10_001), "--output", "x.png"], "chartview: --x: longer than 10000 characters (see 'chartview --help')")
    ]

    @Test(arguments: badUsage)
    func badUsageIsOneLineAndStatus2(arguments: [String], message: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try ChartviewProcess.run(arguments.map { $0.hasSuffix(".png") || $0.hasSuffix(".gif") ? "\(dir)/\($0)" : $0 })
        #expect(result.status == 2)
        #expect(result.stdout.isEmpty)
        let expected = message.replacingOccurrences(of: "x.gif:", with: "\(dir)/x.gif:")
        #expect(result.stderr == expected + "\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).isEmpty, "bad usage left a file")
    }

    /// After `--` a name that begins with `-` is a data file, not an unknown option.
    @Test func afterTwoDashesEveryArgumentIsAFile() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try "x,y\n1,2\n2,5\n".write(toFile: dir + "/-x.csv", atomically: true, encoding: .utf8)
        let result = try ChartviewProcess.run(["--export-visible", "-", "--", "-x.csv"], in: dir)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2,5"), "\(result.stdout)")
        let refused = try ChartviewProcess.run(["--export-visible", "-", "-x.csv"], in: dir)
        #expect(refused.stderr == "chartview: unknown option '-x.csv' (see 'chartview --help')\n")
    }

    @Test func titlesUpToTheCapAreTaken() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // 1,000 characters of two bytes each: the cap counts characters, not bytes.
        let result = try ChartviewProcess.run([
            "--chart", "rates", "--title", String(repeating: "é", count: 1000),
            "--max-memory", "64M", "--output", dir + "/x.png"
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(FileManager.default.fileExists(atPath: dir + "/x.png"))
    }

    @Test func anUnwritableOutputIsStatus1WithTheReason() throws {
        let result = try ChartviewProcess.run(["--output", "/nonexistent-dir/x.png"])
        #expect(result.status == 1)
        #expect(result.stderr == "chartview: /nonexistent-dir/x.png: cannot write: no such directory '/nonexistent-dir'\n")
    }
}
