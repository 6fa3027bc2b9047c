import ChartCairo
import Foundation
import Testing

/// `s`'s save prompt (PNG, SVG, PDF, a refused extension, replacing as `--output` does, a full
/// disk) and `L`/`K`'s log scales, with the keys the window's key table maps.
/// Moved from the window tests (`WindowTests`): the window's chart session without the window
/// (`WindowlessViewer`), every assertion kept.
extension ViewerTests {
    @Test func theSavePromptWritesPNGSVGAndPDFAndEscWritesNothing() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let session = try WindowlessViewer(["--chart", "enrollment", "--size", "800x500"], directory: dir)
        try session.key("s")
        let opened = try session.next("prompt")
        let suggested = try #require(opened["text"] as? String)
        // The title's words, today's date, .png; the cursor before the extension.
        let day = Calendar.current.dateComponents([.year, .month, .day], from: Date())
        let stamp = String(format: "%04d-%02d-%02d", day.year!, day.month!, day.day!)
        #expect(suggested.hasSuffix("-\(stamp).png") && suggested.count > 15, "\(suggested)")
        #expect(opened["cursor"] as? Int == suggested.count - 4)
        try session.next("layout")
        try session.screenshot(dir + "/prompt.png.shot")
        // Ctrl+U: the start up to the cursor goes; a name typed there keeps the extension.
        try session.key("ctrl+u")
        #expect(try session.next("prompt")["text"] as? String == ".png")
        try session.type("mine")
        try session.key("Return")
        let png = try #require(try session.next("saved")["path"] as? String)
        #expect(png == dir + "/mine.png")
        let image = try CairoSurface.png(path: png)
        #expect(image.width == 800 && image.height == 500)
        // The same name again: replaced only when Enter is pressed twice.
        try session.key("s")
        try session.next("prompt")
        try session.key("ctrl+u")
        try session.type("mine")
        try session.key("Return")
        #expect(try session.next("status")["text"] as? String == "mine.png exists: Enter again replaces it")
        try session.key("Return")
        #expect(try session.next("saved")["path"] as? String == png)
        // A folder that is not there: the save fails, and the prompt opens again with the answer.
        try session.key("s")
        try session.next("prompt")
        try session.key("ctrl+a")
        try session.key("ctrl+k")
        try session.type("gone/x.png")
        try session.key("Return")
        let failed = try #require(try session.next("status")["text"] as? String)
        #expect(failed.hasPrefix("Could not save: ") && failed.contains("no such directory"), "\(failed)")
        var reopened: String?
        while reopened != "gone/x.png" { reopened = try session.next("prompt")["text"] as? String }
        try session.key("Escape")
        try session.next("status")
        // End, three Backspaces, "svg": the format follows the extension.
        try session.key("s")
        try session.next("prompt")
        try session.key("End")
        for _ in 0..<3 { try session.key("BackSpace") }
        try session.type("svg")
        try session.key("Return")
        let svg = try #require(try session.next("saved")["path"] as? String)
        #expect(svg == dir + "/" + suggested.dropLast(3) + "svg")
        #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
        // Ctrl+A, Ctrl+K clear the line; a name in a folder, as PDF.
        try FileManager.default.createDirectory(atPath: dir + "/sub", withIntermediateDirectories: false)
        try session.key("s")
        try session.next("prompt")
        try session.key("ctrl+a")
        try session.key("ctrl+k")
        try session.type("sub/chart.pdf")
        try session.key("Return")
        let pdf = try #require(try session.next("saved")["path"] as? String)
        #expect(pdf == dir + "/sub/chart.pdf")
        #expect(try Data(contentsOf: URL(fileURLWithPath: pdf)).starts(with: Data("%PDF".utf8)))
        // An extension chartview cannot write is refused, the prompt open; Esc then writes nothing.
        try session.key("s")
        try session.next("prompt")
        try session.key("ctrl+u")
        try session.type("other")
        try session.key("BackSpace")
        try session.key("ctrl+e")
        for _ in 0..<3 { try session.key("BackSpace") }
        try session.type("jpg")
        var text: String?
        while text != "othe.jpg" { text = try session.next("prompt")["text"] as? String }
        try session.key("Return")
        #expect(try session.next("status")["text"] as? String == "Cannot save as .jpg: end the name with .png, .svg or .pdf")
        try session.key("Escape")
        #expect(try session.next("prompt")["closed"] as? Bool == true)
        #expect(try session.next("status")["text"] as? String == "Save cancelled")
        // Ctrl+S saves at once under the suggested name.
        try session.key("ctrl+s")
        let now = try #require(try session.next("saved")["path"] as? String)
        #expect(now == dir + "/" + suggested)
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: dir).sorted()
        #expect(files == [suggested.dropLast(3) + "svg", suggested, "mine.png", "prompt.png.shot", "sub"].sorted(), "\(files)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/sub") == ["chart.pdf"])
    }

    /// `s` over what is there, as `--output` does: a read-only file refused at the first Enter
    /// (before, a second Enter replaced it), a 0600 file kept 0600 (before, 0644), a symbolic
    /// link's target written and the link kept (before, replaced by a plain file).
    @Test func theSavePromptReplacesAsTheCommandLineDoes() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let old = Data("old".utf8)
        try FileManager.default.createDirectory(atPath: dir + "/real", withIntermediateDirectories: false)
        for (name, mode) in [("ro.png", 0o444), ("private.png", 0o600), ("real/t.png", 0o640)] as [(String, mode_t)] {
            try old.write(to: URL(fileURLWithPath: dir + "/" + name))
            chmod(dir + "/" + name, mode)
        }
        try FileManager.default.createSymbolicLink(atPath: dir + "/link.png", withDestinationPath: "real/t.png")
        let session = try WindowlessViewer(["--chart", "enrollment", "--size", "400x300"], directory: dir)
        func answer(_ name: String) throws {
            try session.key("ctrl+a")
            try session.key("ctrl+k")
            try session.type(name)
            try session.key("Return")
        }
        try session.key("s")
        try session.next("prompt")
        try answer("ro.png")
        let refusal = "'ro.png' is read-only; choose another output or make it writable"
        #expect(try session.next("status")["text"] as? String == refusal)
        try session.key("Return")
        #expect(try session.next("status")["text"] as? String == refusal)
        // The prompt is still open: another name replaces a 0600 file, asked twice.
        try answer("private.png")
        #expect(try session.next("status")["text"] as? String == "private.png exists: Enter again replaces it")
        try session.key("Return")
        #expect(try session.next("saved")["path"] as? String == dir + "/private.png")
        try session.key("s")
        try session.next("prompt")
        try answer("link.png")
        #expect(try session.next("status")["text"] as? String == "link.png exists: Enter again replaces it")
        try session.key("Return")
        #expect(try session.next("saved")["path"] as? String == dir + "/link.png")
        try session.key("q")
        #expect(try session.waitForExit() == 0)

        func mode(_ path: String) -> mode_t {
            var info = stat()
            return lstat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
        }
        #expect(FileManager.default.contents(atPath: dir + "/ro.png") == old)
        #expect(mode(dir + "/ro.png") == 0o444)
        #expect(try CairoSurface.png(path: dir + "/private.png").width == 400)
        #expect(mode(dir + "/private.png") == 0o600)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.png") == "real/t.png")
        #expect(try CairoSurface.png(path: dir + "/real/t.png").width == 400)
        #expect(mode(dir + "/real/t.png") == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir).sorted() == ["link.png", "private.png", "real", "ro.png"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir + "/real") == ["t.png"])
    }

    /// A save to a full disk fails with a status message and leaves no file, partial or not.
    /// Needs root for the small file system (CI runs as root).
    @Test(.enabled(if: geteuid() == 0, "mounting a small tmpfs needs root"))
    func aSaveToAFullDiskLeavesNoFile() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let mount = dir + "/small"
        try FileManager.default.createDirectory(atPath: mount, withIntermediateDirectories: false)
        let mounted = try TraceSession.run("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mount])
        try #require(mounted.status == 0, "\(mounted.output)")
        defer { _ = try? TraceSession.run("umount", [mount]) }
        // All but a few kilobytes taken: a 1000x700 chart's PNG does not fit.
        _ = try TraceSession.run("dd", ["if=/dev/zero", "of=\(mount)/filler", "bs=4k", "count=14"])
        let session = try WindowlessViewer(["--chart", "rates", "--size", "1000x700"], directory: mount)
        for (keys, typed) in [(["s"], nil), (["s", "ctrl+e"], "x.svg"), (["ctrl+s"], nil)] as [([String], String?)] {
            for key in keys { try session.key(key) }
            if let typed {
                try session.key("ctrl+u")
                try session.type(typed)
            }
            if keys.first == "s" { try session.key("Return") }
            let status = try #require(try session.next("status")["text"] as? String)
            #expect(status.hasPrefix("Could not save: ") && status.contains("No space left on device"), "\(status)")
            if keys.first == "s" {
                // The prompt opens again with the answer; Esc gives up.
                try session.next("prompt")
                try session.key("Escape")
                #expect(try session.next("status")["text"] as? String == "Save cancelled")
            }
        }
        try session.key("q")
        #expect(try session.waitForExit() == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: mount) == ["filler"])
    }

    @Test func shiftLPutsBarsOfCountsOnALogScaleGrowingFromItsLowEnd() throws {
        // HairEyeColor's frequencies summed by hair colour: 71 to 286, bars from 0.
        let session = try WindowlessViewer([
            try RealData.path("corpus/rdata/datasets/HairEyeColor.csv"), "--x", "Hair", "--y", "Freq", "--group", "none", "--size", "700x500"
        ])
        try session.next("frame")
        try session.key("L")
        let scale = try session.next("scale")
        #expect(scale["axis"] as? String == "y" && scale["scale"] as? String == "logarithmic")
        try session.next("frame")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }

    @Test func shiftLAndShiftKToggleLogScalesAndRefuseValuesAtOrBelowZero() throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Positive x and y: both axes can go logarithmic. A second file has a zero.
        try Data(("x,y\n" + (1...200).map { "\($0),\(Double($0 * $0) * 1.5)" }.joined(separator: "\n") + "\n").utf8)
            .write(to: URL(fileURLWithPath: dir + "/growth.csv"))
        try Data("x,y\n1,5\n2,0\n3,7\n".utf8).write(to: URL(fileURLWithPath: dir + "/zero.csv"))
        let session = try WindowlessViewer([dir + "/growth.csv", "--kind", "line", "--size", "900x600"])
        // A reload (the file grew) while the prompt is open keeps it: the keys typed go on
        // into the answer, and "q" does not quit.
        try session.key("s")
        try session.next("prompt")
        try Data(("\n201,60301.5\n").utf8).append(to: dir + "/growth.csv")
        try session.next("reload", timeout: 20)
        try session.type("q")
        var answer: String?
        while !(answer?.contains("q.png") ?? false) { answer = try session.next("prompt")["text"] as? String }
        try session.key("Escape")
        #expect(try session.next("prompt")["closed"] as? Bool == true)
        try session.key("L")
        let scale = try session.next("scale")
        #expect(scale["axis"] as? String == "y" && scale["scale"] as? String == "logarithmic")
        let view = try session.next("view")
        #expect(view["cause"] as? String == "scale")
        let spaces = try #require(view["spaces"] as? [String: [String: Any]])
        #expect(spaces["default"]?["yScale"] as? String == "logarithmic")
        try session.next("frame")
        try session.screenshot(dir + "/logy.png")
        try session.key("K")
        #expect(try session.next("scale")["axis"] as? String == "x")
        let both = try #require(try session.next("view")["spaces"] as? [String: [String: Any]])
        #expect(both["default"]?["xScale"] as? String == "logarithmic" && both["default"]?["yScale"] as? String == "logarithmic")
        try session.key("L")
        #expect(try session.next("scale")["scale"] as? String == "linear")
        try session.key("q")
        #expect(try session.waitForExit() == 0)

        let zero = try WindowlessViewer([dir + "/zero.csv", "--kind", "line", "--size", "600x400"])
        try zero.key("L")
        let refused = try #require(try zero.next("refused")["reason"] as? String)
        #expect(refused.hasPrefix("No log y: ") && refused.contains("reaches 0"), "\(refused)")
        #expect(try zero.next("status")["text"] as? String == refused)
        try zero.next("frame")
        try zero.screenshot(dir + "/refused.png")
        let image = try CairoSurface.png(path: dir + "/refused.png")
        #expect(image.width == 600)
        try zero.key("q")
        #expect(try zero.waitForExit() == 0)
    }
}
