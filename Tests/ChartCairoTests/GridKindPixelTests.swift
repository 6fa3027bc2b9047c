import ChartCairo
import ChartCore
import Testing

/// Bubbles, radar polygons and heatmap cells rendered by Cairo where their scenes say: the
/// pixel at a bubble's center is its translucent fill over the background (or over the
/// bubble under it), a radar vertex carries its marker's color, each heatmap cell its map
/// color, and the color bar runs from the map's low end at the bottom to its high end at the top.
@Suite struct GridKindPixelTests {
    let renderer = ChartRenderer()

    func pixel(_ c: Color) -> PixelColor {
        PixelColor(red: Int((c.red * 255).rounded()), green: Int((c.green * 255).rounded()), blue: Int((c.blue * 255).rounded()))
    }

    /// `top` with its alpha over an opaque `bottom`.
    func over(_ top: Color, _ bottom: Color) -> Color {
        let a = top.alpha
        return Color(red: top.red * a + bottom.red * (1 - a), green: top.green * a + bottom.green * (1 - a), blue: top.blue * a + bottom.blue * (1 - a))
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 600, height: 1000), Size(width: 320, height: 240)])
    func bubblesAreTheirTranslucentFill(size: Size) throws {
        let graph = Graph(title: "Bubbles")
        // Far apart, so each center shows one bubble over the plot area.
        let source = ArrayDataSource(numbers: [1, 9, 5], locations: [1, 9, 5], fields: [.size: [10, 40, 90]])
        graph.add(BubblePlot(identifier: "b", title: "B", dataSource: source))
        let scene = renderer.layout(graph, size: size)
        let image = try renderer.image(of: scene)
        let plot = try #require(scene.plot("b"))
        for item in plot.items {
            guard case .point(let p, let symbol?) = item.shape else { continue }
            // The plot area just outside the bubble (the theme's plot area may be a gradient).
            let outside = image.pixel(x: Int(p.x + symbol.size / 2 + 4), y: Int(p.y))
            let under = Color(red: Double(outside.red) / 255, green: Double(outside.green) / 255, blue: Double(outside.blue) / 255)
            let expected = pixel(over(item.fill.representativeColor, under))
            let actual = image.pixel(x: Int(p.x), y: Int(p.y))
            #expect(actual.distance(to: expected) <= 3, "bubble \(item.record) at \(p): \(actual), not \(expected) (\(item.fill) over \(outside))")
            // Just inside its rim: the outline's color.
            let rim = image.pixel(x: Int(p.x), y: Int((p.y - symbol.size / 2 + 0.6).rounded(.down)))
            #expect(rim.distance(to: pixel(item.stroke!.color)) <= 90, "bubble \(item.record)'s outline: \(rim)")
        }
        // Largest first: the biggest bubble is painted before the others.
        #expect(plot.items.map(\.record) == [2, 1, 0])
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 600, height: 1000), Size(width: 320, height: 240)])
    func radarVerticesAndPolygons(size: Size) throws {
        let graph = Graph(title: "Radar")
        let web = RadarWeb(categories: ["Speed", "Power", "Agility", "Stamina", "Skill"])
        graph.add(RadarPlot(identifier: "a", title: "A", dataSource: ArrayDataSource(numbers: [8, 6, 9, 7, 5]), web: web))
        let scene = renderer.layout(graph, size: size)
        let image = try renderer.image(of: scene)
        let plot = try #require(scene.plot("a"))
        for item in plot.items {
            guard case .point(let p, _) = item.shape else { continue }
            #expect(image.pixel(x: Int(p.x), y: Int(p.y)).distance(to: pixel(item.fill.representativeColor)) <= 40, "vertex \(item.record)")
        }
        // Inside the polygon, off the web's lines: the translucent fill over the background.
        guard case .polygon(let vertices, _) = plot.items[0].shape else { Issue.record("no polygon"); return }
        let center = Point(x: scene.plotArea.midX.rounded(), y: scene.plotArea.midY.rounded())
        let between = Point(x: (vertices[1].x + vertices[2].x) / 2, y: (vertices[1].y + vertices[2].y) / 2)
        let spot = Point(x: center.x + (between.x - center.x) * 0.85, y: center.y + (between.y - center.y) * 0.85)
        let expected = over(plot.items[0].fill.representativeColor, graph.theme.plotAreaFill.representativeColor)
        #expect(image.pixel(x: Int(spot.x), y: Int(spot.y)).distance(to: pixel(expected)) <= 6, "inside the polygon at \(spot)")
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 600, height: 1000), Size(width: 320, height: 240)])
    func heatmapCellsAndColorBar(size: Size) throws {
        let graph = Graph(title: "Heat")
        var values: [Double] = [], xs: [Double] = [], ys: [Double] = []
        for i in 0..<12 {
            for j in 0..<5 {
                xs.append(Double(i))
                ys.append(Double(j))
                values.append(Double(i * 5 + j))
            }
        }
        let plot = HeatmapPlot(identifier: "h", title: "v", dataSource: ArrayDataSource(numbers: values, locations: xs, fields: [.row: ys]))
        plot.showsCellValues = false
        plot.colorMap = .magma
        graph.add(plot)
        graph.plotAreaPadding.right = HeatmapPlot.colorBarRoom(labels: 3)
        let scene = renderer.layout(graph, size: size)
        let image = try renderer.image(of: scene)
        let heat = try #require(scene.plot("h"))
        #expect(heat.items.count == 60)
        for item in heat.items {
            let c = item.bounds.center
            #expect(image.pixel(x: Int(c.x), y: Int(c.y)).distance(to: pixel(item.fill.representativeColor)) <= 2, "cell \(item.record)")
        }
        let bar = Rect(enclosing: heat.paths.flatMap(\.vertices))
        let bands = heat.paths.count
        let bottom = image.pixel(x: Int(bar.midX), y: Int(bar.maxY - 2)), top = image.pixel(x: Int(bar.midX), y: Int(bar.minY + 2))
        #expect(bottom.distance(to: pixel(ColorMap.magma.color(at: 0.5 / Double(bands)))) <= 3)
        #expect(top.distance(to: pixel(ColorMap.magma.color(at: (Double(bands) - 0.5) / Double(bands)))) <= 3)
    }

    @Test func aBubbleRendersUnderTheDarkTheme() throws {
        let graph = Graph(title: "Dark", theme: .named("dark") ?? .plainWhite)
        graph.add(BubblePlot(identifier: "b", dataSource: ArrayDataSource(numbers: [1, 2], locations: [1, 2], fields: [.size: [1, 2]])))
        let scene = renderer.layout(graph, size: Size(width: 400, height: 300))
        let image = try renderer.image(of: scene)
        let p = scene.plot("b")!.items[0].anchor
        #expect(image.pixel(x: Int(p.x), y: Int(p.y) + 3).distance(to: PixelColor(red: 255, green: 255, blue: 255)) > 100)
    }
}
