import Foundation
import Testing

/// The window as a desktop citizen: its class, its process and its icon, drawn by chartview,
/// are on the window for task bars and switchers. Part of `WindowTests`, so serialized.
extension WindowTests {
    @Test func theWindowCarriesItsClassPidAndIcon() throws {
        let session = try TraceSession(["--chart", "rates", "--size", "640x480"])
        _ = try session.lines.next("layout", timeout: 30)
        let props = try TraceSession.run("xprop", ["-id", session.window, "WM_CLASS", "_NET_WM_PID", "_NET_WM_ICON"])
        #expect(props.output.contains("WM_CLASS(STRING) = \"chartview\", \"chartview\""), "\(props.output.prefix(300))")
        #expect(props.output.contains("_NET_WM_PID(CARDINAL) = "))
        // xprop writes the icon as its sizes ("Icon (16 x 16):") followed by art; the numbers
        // themselves with -notype and a 32c format.
        let raw = try TraceSession.run("xprop", ["-notype", "-id", session.window, "-f", "_NET_WM_ICON", "32c", "_NET_WM_ICON"])
        let numbers = raw.output.split(whereSeparator: { !"0123456789".contains($0) }).compactMap { UInt64($0) }
        #expect(numbers.count > 2 + 16 * 16, "\(raw.output.prefix(200))")
        var sizes: [UInt64] = [], index = 0
        var opaque = 0, clear = 0
        while index + 1 < numbers.count {
            let width = numbers[index], height = numbers[index + 1]
            guard width > 0, width == height, width <= 256 else { break }
            sizes.append(width)
            let pixels = numbers[(index + 2)..<min(numbers.count, index + 2 + Int(width * height))]
            opaque += pixels.filter { $0 >> 24 == 255 }.count
            clear += pixels.filter { $0 >> 24 == 0 }.count
            index += 2 + Int(width * height)
        }
        #expect(sizes == [16, 32, 48, 64, 128], "icon sizes \(sizes)")
        // A donut on a clear background: both opaque slices and clear corners.
        #expect(opaque > 1000 && clear > 1000, "opaque \(opaque), clear \(clear)")
        try session.key("q")
        #expect(try session.waitForExit() == 0)
    }
}
