import ChartCairo
import ChartCore
import Testing

/// Histograms and box plots are painted where their scenes say: each bin's bar in its fill,
/// touching neighbours with no background between; a box's fill, its median line, whiskers,
/// and its outliers' markers. Light and dark themes.
@Suite struct HistogramBoxPixelTests {
    let renderer = ChartRenderer()

    static func pixel(_ color: Color) -> PixelColor {
        PixelColor(red: Int((color.red * 255).rounded()), green: Int((color.green * 255).rounded()), blue: Int((color.blue * 255).rounded()))
    }

    static let red = Color(red: 0.8, green: 0.1, blue: 0.1)
    static let blue = Color(red: 0.1, green: 0.2, blue: 0.8)

    @Test(arguments: [Theme.plainWhite, Theme.named("dark")!], [Size(width: 1024, height: 768), Size(width: 320, height: 240)])
    func histogramBarsAreDrawnWhereTheSceneSays(theme: Theme, size: Size) throws {
        let graph = Graph(title: "Histogram", theme: theme)
        let values: [Double] = (0..<2000).map { (i: Int) -> Double in
            let spread: Double = Double((i * 7919) % 1000) / 10
            return spread + Double(i % 7) * 3
        }
        let binning = try #require(HistogramBinning.bins(for: [values], rule: .automatic))
        let plot = HistogramPlot(identifier: "h", binning: binning, values: values)
        plot.fill = .solid(Self.red)
        plot.lineStyle = LineStyle(color: Self.red, width: 1)
        graph.add(plot)
        let scene = renderer.layout(graph, size: size)
        let image = try renderer.image(of: scene)
        let items = try #require(scene.plot("h")).items
        let clip = try #require(scene.plot("h")).clip
        #expect(items.count > binning.count / 2 && items.count <= binning.count)
        for item in items {
            let r = item.bounds
            guard r.height >= 3 else { continue }
            // The middle of each bar, and one pixel inside its left edge: no gap between bars.
            #expect(image.pixel(x: Int(r.midX), y: Int(r.midY)).distance(to: Self.pixel(Self.red)) <= 3, "bin \(item.record) \(r)")
            // (The first bar's left edge is under the y axis line.)
            guard r.minX > clip.minX + 1 else { continue }
            #expect(image.pixel(x: Int(r.minX), y: Int(r.maxY) - 2).distance(to: Self.pixel(Self.red)) <= 3, "bin \(item.record) left edge")
        }
        // Just above the tallest bar: the plot area's background, not bar.
        let tallest = try #require(items.min { $0.bounds.minY < $1.bounds.minY })
        let above = image.pixel(x: Int(tallest.bounds.midX), y: Int(tallest.bounds.minY) - 3)
        #expect(above.distance(to: Self.pixel(Self.red)) > 60)
    }

    @Test(arguments: [Theme.plainWhite, Theme.named("dark")!])
    func boxesAreDrawnWhereTheSceneSays(theme: Theme) throws {
        let graph = Graph(title: "Boxes", theme: theme)
        let a = BoxStatistics(of: (0..<100).map { Double($0) } + [400])!
        let b = BoxStatistics(of: (0..<50).map { Double($0) * 3 + 50 })!
        let plot = BoxPlot(identifier: "b", boxes: [a, b], names: ["A", "B"])
        plot.fill = .solid(Self.blue)
        plot.lineStyle = LineStyle(color: Self.red, width: 2)
        graph.add(plot)
        let scene = renderer.layout(graph, size: Size(width: 640, height: 480))
        let image = try renderer.image(of: scene)
        let items = try #require(scene.plot("b")).items
        #expect(items.count == 3 + 1 + 3)
        for item in items {
            switch item.shape {
            case .rect(let r, _):
                // Between the box's outline and its median: the fill.
                let y = Int((r.minY + r.maxY) / 2 - r.height / 4)
                #expect(image.pixel(x: Int(r.midX) - 5, y: y).distance(to: Self.pixel(Self.blue)) <= 3, "box \(item.record)")
            case .segments(let segments, _):
                let s = segments[0]
                let color = item.stroke!.color
                let p = Point(x: ((s.from.x + s.to.x) / 2).rounded(.down), y: ((s.from.y + s.to.y) / 2).rounded(.down))
                #expect(image.pixel(x: Int(p.x), y: Int(p.y)).distance(to: Self.pixel(color)) <= 40, "segment of \(item.record) at \(p)")
            case .point(let p, _):
                // The outlier 400 of A, its marker in the series color (translucent over the background).
                let background = Self.pixel(theme.plotAreaFill.representativeColor)
                #expect(image.pixel(x: Int(p.x), y: Int(p.y)).distance(to: background) > 40, "outlier at \(p)")
            default:
                Issue.record("unexpected shape \(item.shape)")
            }
        }
    }
}
