import Foundation
import Testing

/// An error is one line whatever it names, and a run writes nothing else on stderr: a file name
/// holding a line break is written with `\n`; a locale Fontconfig cannot read brings no warning
/// of its; an output named with 250 bytes is written (its partial file's name is shortened).
@Suite struct OneLineErrorTests {
    @Test func aFileNameWithALineBreakStaysOnOneLine() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let path = dir + "/n\nl.csv"
        try Data("x,y\na,1\nb\nc,1\n".utf8).write(to: URL(fileURLWithPath: path))
        let result = try ChartviewProcess.run([path, "--strict", "--output", dir + "/o.png"])
        #expect(result.status == 2)
        #expect(result.stderr == "chartview: \(dir)/n\\nl.csv:3: has 1 field, but the header has 2\n")
    }

    @Test func aLocaleFontconfigCannotReadBringsNoWarning() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x,y\na,1\nb,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
        for locale in ["xx_INVALID", "de_DE.UTF-8", "C"] {
            let drawn = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/o.png"], environment: ["LC_ALL": locale])
            #expect(drawn.status == 0 && drawn.stderr.isEmpty, "\(locale): \(drawn.stderr)")
            let failed = try ChartviewProcess.run([dir + "/v.csv", "--output", "/dev/full"], environment: ["LC_ALL": locale])
            #expect(failed.status == 1)
            #expect(failed.stderr == "chartview: /dev/full: cannot write: No space left on device\n", "\(locale)")
        }
    }

    @Test func anOutputWithALongNameIsWritten() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try Data("x,y\na,1\nb,2\n".utf8).write(to: URL(fileURLWithPath: dir + "/v.csv"))
        for name in [String(repeating: "o", count: 246) + ".png", String(repeating: "é", count: 123) + ".svg"] {
            let result = try ChartviewProcess.run([dir + "/v.csv", "--output", dir + "/" + name, "--dump-layout", dir + "/" + name.prefix(240) + ".json"])
            #expect(result.status == 0, "\(result.stderr)")
            #expect(FileManager.default.fileExists(atPath: dir + "/" + name))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).allSatisfy { !$0.hasSuffix(".partial") })
    }
}
