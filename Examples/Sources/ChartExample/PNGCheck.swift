import ChartCairo
import ChartCore

/// What `--check` verifies of a written PNG: its size, and that it is a chart rather than a
/// blank page (enough pixels differ from the corner's background, in enough colors).
enum PNGCheck {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Reads `path` back; returns a one-line summary, or throws what is wrong.
    static func check(_ path: String, size: Size) throws(Failure) -> String {
        let image: CairoSurface
        do {
            image = try CairoSurface.png(path: path)
        } catch {
            throw Failure(description: error.description)
        }
        guard image.width == Int(size.width), image.height == Int(size.height) else {
            throw Failure(description: "\(path) is \(image.width)x\(image.height), not \(Int(size.width))x\(Int(size.height))")
        }
        let background = image.pixel(x: 0, y: 0)
        var inked = 0
        var colors = Set<PixelColor>()
        for y in 0..<image.height {
            for x in 0..<image.width {
                let pixel = image.pixel(x: x, y: y)
                if pixel != background { inked += 1 }
                if colors.count < 1000 { colors.insert(pixel) }
            }
        }
        let share = Double(inked) / Double(image.width * image.height)
        // Bars, a line, labels and a framed white plot area on warm paper cover well over a tenth.
        guard share > 0.1, colors.count > 20 else {
            throw Failure(description: "\(path) looks blank: \(inked) pixels differ from the background, \(colors.count) colors")
        }
        return
            "\(path): \(image.width)x\(image.height), \(inked) pixels (\(Int(share * 100))%) not background, \(colors.count)\(colors.count == 1000 ? "+" : "") colors"
    }
}
