import ChartCairo
import Foundation
import Testing

/// Every demo chart rendered headlessly by the real binary at three sizes, its PNG checked
/// against its `--dump-layout` scene: bars and slices hold their color, line and scatter points
/// carry their symbol, no two texts overlap, and every item lies inside the image.
@Suite struct PlotKindPixelTests {
    static let charts = [
        "enrollment", "rates", "rates-pie", "mood", "water-exercise", "categories", "squares", "candles", "ohlc", "price-range", "errorbars", "histogram",
        "boxes", "bubbles", "radar", "heatmap"
    ]
    static let sizes = ["1400x600", "600x1000", "400x300"]

    @Test(arguments: charts, sizes)
    func theSceneMatchesThePixels(chart: String, size: String) throws {
        let dir = try ChartviewProcess.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let result = try ChartviewProcess.run([
            "--chart", chart, "--size", size,
            "--output", dir + "/chart.png", "--dump-layout", dir + "/chart.json"
        ])
        try #require(result.status == 0, "\(result.stderr)")
        let dump = try LayoutDumpReader.read(dir + "/chart.json")
        let image = try CairoSurface.png(path: dir + "/chart.png")
        #expect(Double(image.width) == dump.size[0] && Double(image.height) == dump.size[1])
        let itemCount = dump.plots.reduce(0) { $0 + $1.items.count }
        #expect(itemCount > 0, "\(chart) at \(size) lays out no items")

        checkItemsLieInside(dump, chart: chart, size: size)
        // Most bars and slices are checked; some are too thin, or covered by a line drawn over them.
        let items = dump.plots.flatMap(\.items)
        let bars = items.filter { $0.rect.count == 4 && $0.rect[2] >= 3 && $0.rect[3] >= 3 }.count
        let slices = items.filter { $0.center != nil }.count
        let checkedBars = checkBars(dump, image, chart: chart, size: size)
        #expect(checkedBars * 2 >= bars, "\(chart) \(size): only \(checkedBars) of \(bars) bars checked")
        let checkedSlices = checkSlices(dump, image, chart: chart, size: size)
        #expect(checkedSlices * 4 >= slices * 3, "\(chart) \(size): only \(checkedSlices) of \(slices) slices checked")
        checkPoints(dump, image, chart: chart, size: size)
        checkTextsApart(dump, chart: chart, size: size)
    }

    // MARK: Checks

    /// Every bar's rectangle, every slice's disc and every point lies inside the image.
    func checkItemsLieInside(_ dump: LayoutDumpReader, chart: String, size: String) {
        let image = [0, 0, dump.size[0], dump.size[1]]
        for plot in dump.plots {
            for item in plot.items {
                let what = "\(chart) \(size): \(plot.id)[\(item.record)]"
                if !item.rect.isEmpty {
                    #expect(contains(image, item.rect), "\(what) bar \(item.rect) leaves the image")
                }
                if let p = item.point {
                    #expect(contains(image, [p[0], p[1], 0, 0]), "\(what) point \(p) leaves the image")
                }
                if let c = item.center, let r = item.radius {
                    #expect(contains(image, [c[0], c[1], 0, 0]), "\(what) slice center \(c) leaves the image")
                    #expect(contains(image, [c[0] - r, c[1] - r, 2 * r, 2 * r]), "\(what) slice disc (\(c), r \(r)) leaves the image")
                }
            }
        }
    }

    /// Each bar thick enough to hold a whole pixel shows its color inside, at its center or,
    /// where a line plotted over it passes there, further along the bar.
    /// Returns how many bars it checked.
    func checkBars(_ dump: LayoutDumpReader, _ image: CairoSurface, chart: String, size: String) -> Int {
        var checked = 0
        for (index, plot) in dump.plots.enumerated() {
            let above = dump.plots[(index + 1)...]
            // Lines over the bars, and the strokes of any plot's items from this one up (a box's
            // median and whiskers cross it).
            let strokes = dump.plots[index...].flatMap { $0.items.flatMap { $0.segments ?? [] } }.map { ((Double($0[0]), $0[1]), ($0[2], $0[3])) }
            let segments = above.flatMap(lineSegments)
            let points = above.flatMap { $0.items.compactMap(\.point) }
            let labels = dump.plots.flatMap { $0.labels ?? [] }.map(\.rect) + (dump.annotations ?? []).map(\.rect)
            for bar in plot.items where !bar.rect.isEmpty {
                let r = bar.rect
                guard r[2] >= 3 && r[3] >= 3 else { continue }
                let vertical = r[3] >= r[2]
                let fractions = [0.5, 0.4, 0.6, 0.3, 0.7, 0.2, 0.8, 0.1, 0.9]
                // Along the bar first, then across it (a box's median runs along a wide box's middle).
                let candidates =
                    fractions.map { f in
                        vertical ? (r[0] + r[2] / 2, r[1] + r[3] * f) : (r[0] + r[2] * f, r[1] + r[3] / 2)
                    }
                    + fractions.prefix(5).map { f in
                        vertical ? (r[0] + r[2] * f, r[1] + r[3] / 2) : (r[0] + r[2] / 4, r[1] + r[3] * f)
                    }
                let clear = candidates.first { x, y in
                    let inside = x - 1 >= r[0] && x + 1 <= r[0] + r[2] && y - 1 >= r[1] && y + 1 <= r[1] + r[3]
                    return inside
                        && segments.allSatisfy { distance(from: (x, y), toSegment: $0.0, $0.1) > 4 }
                        && strokes.allSatisfy { distance(from: (x, y), toSegment: $0.0, $0.1) > 3 }
                        && points.allSatisfy { hypot($0[0] - x, $0[1] - y) > 6 }
                        && labels.allSatisfy { !intersects($0, [x - 1, y - 1, 2, 2]) }
                }
                guard let (x, y) = clear else { continue }
                let pixel = image.pixel(x: Int(x), y: Int(y))
                #expect(
                    pixel.description == bar.color,
                    "\(chart) \(size): bar \(plot.id)[\(bar.record)] at \(r) is \(pixel) at (\(x), \(y)), not \(bar.color)")
                checked += 1
            }
        }
        return checked
    }

    /// Each slice shows its color on its middle ray, halfway between the hole and the rim (or
    /// elsewhere on that ray where its label covers that spot).
    /// Returns how many slices it checked.
    func checkSlices(_ dump: LayoutDumpReader, _ image: CairoSurface, chart: String, size: String) -> Int {
        var checked = 0
        for plot in dump.plots {
            let labels = (plot.labels ?? []).map(\.rect)
            for slice in plot.items {
                guard let c = slice.center, let r = slice.radius, let inner = slice.innerRadius,
                    let start = slice.startAngle, let end = slice.endAngle
                else { continue }
                #expect(start < end, "\(chart) \(size): slice \(plot.id)[\(slice.record)] runs \(start)…\(end)")
                let mid = (start + end) / 2, halfSweep = min((end - start) / 2, .pi / 2)
                let radii = [0.5, 0.35, 0.65, 0.25, 0.8].map { inner + (r - inner) * $0 }
                let spot = radii.lazy.map { rho in (rho, c[0] + cos(mid) * rho, c[1] + sin(mid) * rho) }.first { rho, x, y in
                    rho * sin(halfSweep) >= 4 && rho >= inner + 3 && rho <= r - 3
                        && labels.allSatisfy { !intersects($0, [x - 1.5, y - 1.5, 3, 3]) }
                }
                guard let (_, x, y) = spot else { continue }
                let pixel = image.pixel(x: Int(x), y: Int(y))
                #expect(
                    pixel.description == slice.color,
                    "\(chart) \(size): slice \(plot.id)[\(slice.record)] is \(pixel) at (\(x), \(y)), not \(slice.color)")
                checked += 1
            }
        }
        return checked
    }

    /// Each line or scatter point has its symbol drawn on it: within 2 pixels, a pixel that is
    /// not the plot area's background and one of the symbol's color.
    func checkPoints(_ dump: LayoutDumpReader, _ image: CairoSurface, chart: String, size: String) {
        let pointPlots = dump.plots.filter { $0.items.contains { $0.point != nil } }
        guard !pointPlots.isEmpty else { return }
        let background = plotAreaBackground(dump, image)
        for plot in pointPlots {
            for item in plot.items {
                guard let p = item.point else { continue }
                var near: [PixelColor] = []
                for j in Int((p[1] - 3).rounded(.down))...Int((p[1] + 3).rounded(.up)) {
                    for i in Int((p[0] - 3).rounded(.down))...Int((p[0] + 3).rounded(.up))
                    where i >= 0 && j >= 0 && i < image.width && j < image.height
                        && hypot(Double(i) + 0.5 - p[0], Double(j) + 0.5 - p[1]) <= 2
                    {
                        near.append(image.pixel(x: i, y: j))
                    }
                }
                let what = "\(chart) \(size): point \(plot.id)[\(item.record)] at \(p)"
                #expect(near.contains { $0.distance(to: background) > 40 }, "\(what) is plot area background (\(background)) all round")
                let symbolColor = color(item.color, over: background)
                #expect(near.contains { $0.distance(to: symbolColor) <= 40 }, "\(what) has no pixel of its symbol's \(item.color) near: \(near)")
            }
        }
    }

    /// No two texts overlap: axis labels and titles, data labels, legend entries, the title and
    /// annotations. Rotated labels' rects are their axis-aligned bounds, so two rotated labels
    /// are not compared with each other.
    func checkTextsApart(_ dump: LayoutDumpReader, chart: String, size: String) {
        var texts: [(name: String, rect: [Double], rotated: Bool)] = []
        func isRotated(_ angle: Double?) -> Bool {
            guard let angle else { return false }
            return abs(angle.remainder(dividingBy: 90)) > 0.01
        }
        if let title = dump.title { texts.append(("title \(title.text.debugDescription)", title.rect, isRotated(title.angle))) }
        for axis in dump.axes {
            for label in axis.labels { texts.append(("axis \(axis.id) label \(label.text.debugDescription)", label.rect, isRotated(label.angle))) }
            if let title = axis.title { texts.append(("axis \(axis.id) title \(title.text.debugDescription)", title.rect, isRotated(title.angle))) }
        }
        for plot in dump.plots {
            for label in plot.labels ?? [] { texts.append(("\(plot.id) label \(label.text.debugDescription)", label.rect, isRotated(label.angle))) }
        }
        for entry in dump.legend.entries { texts.append(("legend entry \(entry.title.debugDescription)", entry.rect, false)) }
        for annotation in dump.annotations ?? [] {
            texts.append(("annotation \(annotation.text.debugDescription)", annotation.rect, isRotated(annotation.angle)))
        }
        for i in texts.indices {
            for j in texts.indices where j > i && !(texts[i].rotated && texts[j].rotated) {
                #expect(
                    !overlaps(texts[i].rect, texts[j].rect),
                    "\(chart) \(size): \(texts[i].name) \(texts[i].rect) overlaps \(texts[j].name) \(texts[j].rect)")
            }
        }
    }

    // MARK: Helpers

    /// The most common color in the plot area outside the bars: its background.
    func plotAreaBackground(_ dump: LayoutDumpReader, _ image: CairoSurface) -> PixelColor {
        let bars = dump.plots.flatMap(\.items).map(\.rect).filter { !$0.isEmpty }
        let area = dump.plotArea
        var counts: [PixelColor: Int] = [:]
        var y = Int(area[1]) + 1
        while y < Int(area[1] + area[3]) - 1 {
            var x = Int(area[0]) + 1
            while x < Int(area[0] + area[2]) - 1 {
                let spot = [Double(x) - 1, Double(y) - 1, 3, 3]
                if !bars.contains(where: { intersects($0, spot) }) { counts[image.pixel(x: x, y: y), default: 0] += 1 }
                x += 3
            }
            y += 3
        }
        return counts.max { $0.value < $1.value }?.key ?? PixelColor(red: 255, green: 255, blue: 255)
    }

    /// The straight pieces of a line plot's line between consecutive records (a missing record
    /// breaks it). Lines in the demos are linear.
    func lineSegments(_ plot: LayoutDumpReader.Plot) -> [((Double, Double), (Double, Double))] {
        guard plot.kind == "line" else { return [] }
        return zip(plot.items, plot.items.dropFirst()).compactMap { a, b in
            guard let p = a.point, let q = b.point, b.record == a.record + 1 else { return nil }
            return ((p[0], p[1]), (q[0], q[1]))
        }
    }

    func distance(from p: (Double, Double), toSegment a: (Double, Double), _ b: (Double, Double)) -> Double {
        let dx = b.0 - a.0, dy = b.1 - a.1
        let lengthSquared = dx * dx + dy * dy
        let t = lengthSquared > 0 ? min(1, max(0, ((p.0 - a.0) * dx + (p.1 - a.1) * dy) / lengthSquared)) : 0
        return hypot(p.0 - (a.0 + t * dx), p.1 - (a.1 + t * dy))
    }

    /// Whether `outer` contains `inner` (rects `[x, y, w, h]`), within a hundredth of a pixel.
    func contains(_ outer: [Double], _ inner: [Double]) -> Bool {
        inner[0] >= outer[0] - 0.01 && inner[1] >= outer[1] - 0.01
            && inner[0] + inner[2] <= outer[0] + outer[2] + 0.01 && inner[1] + inner[3] <= outer[1] + outer[3] + 0.01
    }

    /// Whether two rects share more than a hundredth of a pixel each way: touching is fine.
    func overlaps(_ a: [Double], _ b: [Double]) -> Bool {
        min(a[0] + a[2], b[0] + b[2]) - max(a[0], b[0]) > 0.01 && min(a[1] + a[3], b[1] + b[3]) - max(a[1], b[1]) > 0.01
    }

    /// `#rrggbb` as a pixel color.
    func color(_ hex: String) -> PixelColor {
        let value = Int(hex.dropFirst().prefix(6), radix: 16) ?? 0
        return PixelColor(red: value >> 16 & 0xFF, green: value >> 8 & 0xFF, blue: value & 0xFF)
    }

    /// A `#rrggbbaa` color (a bubble's translucent fill) as painted over `background`; an
    /// opaque `#rrggbb` as it is.
    func color(_ hex: String, over background: PixelColor) -> PixelColor {
        let c = color(hex)
        guard hex.count == 9, let alpha = Int(hex.suffix(2), radix: 16) else { return c }
        let a = Double(alpha) / 255
        func mix(_ top: Int, _ bottom: Int) -> Int { Int((Double(top) * a + Double(bottom) * (1 - a)).rounded()) }
        return PixelColor(red: mix(c.red, background.red), green: mix(c.green, background.green), blue: mix(c.blue, background.blue))
    }
}
