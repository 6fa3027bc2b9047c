import ChartCairo
import ChartCore
import Testing

/// Renders real graphs with Cairo and Pango and reads the pixels back: what the scene says is
/// where it is painted.
@Suite struct RenderPixelTests {
    let renderer = ChartRenderer()

    func groupedBars() -> Graph {
        let graph = Graph(title: "Rates\nsecond line")
        for (index, code) in ["EUR", "GBP", "CHF"].enumerated() {
            let plot = BarPlot(
                identifier: code, values: [0.91, 0.78, 0.86, 0.9].map { $0 - Double(index) * 0.05 },
                categories: ["Mon", "Tue", "Wed", "Thu"])
            plot.barWidth = 0.25
            plot.barOffset = Double(index - 1) * 0.25
            graph.add(plot)
        }
        graph.defaultPlotSpace.xScale = .category
        return graph
    }

    func color(_ fill: Fill) -> PixelColor {
        let c = fill.representativeColor
        return PixelColor(red: Int((c.red * 255).rounded()), green: Int((c.green * 255).rounded()), blue: Int((c.blue * 255).rounded()))
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 600, height: 1000), Size(width: 320, height: 240)])
    func everyBarHoldsItsColorAtItsCenter(size: Size) throws {
        let scene = renderer.layout(groupedBars(), size: size)
        let image = try renderer.image(of: scene)
        let items = scene.plots.flatMap(\.items)
        #expect(items.count == 12)
        for item in items {
            let center = item.bounds.center
            let pixel = image.pixel(x: Int(center.x), y: Int(center.y))
            #expect(pixel.distance(to: color(item.fill)) <= 2, "bar \(item.record) at \(item.bounds) is \(pixel)")
        }
    }

    @Test func backgroundIsPaintedWhereNothingElseIs() throws {
        let scene = renderer.layout(groupedBars(), size: Size(width: 800, height: 600))
        let image = try renderer.image(of: scene)
        #expect(image.pixel(x: 2, y: 2) == PixelColor(red: 255, green: 255, blue: 255))
        #expect(image.pixel(x: 797, y: 597) == PixelColor(red: 255, green: 255, blue: 255))
    }

    @Test func darkThemePaintsADarkBackground() throws {
        let graph = groupedBars()
        graph.theme = .plainBlack
        let image = try renderer.image(of: renderer.layout(graph, size: Size(width: 400, height: 300)))
        let corner = image.pixel(x: 1, y: 1)
        #expect(corner.red < 60 && corner.green < 60 && corner.blue < 60)
    }

    @Test func everyLabelRectHasInkInIt() throws {
        let scene = renderer.layout(groupedBars(), size: Size(width: 1024, height: 768))
        let image = try renderer.image(of: scene)
        let background = PixelColor(red: 255, green: 255, blue: 255)
        for text in scene.allTexts {
            let rect = text.rect
            var inked = 0
            for y in Int(rect.minY.rounded(.up))..<Int(rect.maxY) {
                for x in Int(rect.minX.rounded(.up))..<Int(rect.maxX) where image.pixel(x: x, y: y).distance(to: background) > 60 {
                    inked += 1
                }
            }
            #expect(inked > 3, "no ink in the rect of '\(text.text)' at \(rect)")
        }
    }

    @Test func nothingIsPaintedOutsideTheLabelsBelowTheAxis() throws {
        // Between the x labels' bottom and the legend or image edge there is only background.
        let graph = groupedBars()
        graph.legend.isHidden = true
        let scene = renderer.layout(graph, size: Size(width: 800, height: 600))
        let image = try renderer.image(of: scene)
        let lowest = scene.axes.first { $0.axisID == "x" }!.labels.map(\.rect.maxY).max()!
        let background = PixelColor(red: 255, green: 255, blue: 255)
        for y in Int(lowest) + 2..<598 {
            for x in stride(from: 0, to: 800, by: 7) {
                #expect(image.pixel(x: x, y: y) == background, "ink at (\(x), \(y))")
            }
        }
    }
}
