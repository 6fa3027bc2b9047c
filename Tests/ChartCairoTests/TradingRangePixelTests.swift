import ChartCairo
import ChartCore
import Foundation
import Testing

/// Candles and OHLC bars are painted where their scene says: bodies in the rising or falling
/// color (a hollow body's inside is the plot area's), wicks and ticks on their pixels; error
/// bars and bands likewise.
@Suite struct TradingRangePixelTests {
    let renderer = ChartRenderer()

    func pixel(of color: Color) -> PixelColor {
        PixelColor(red: Int((color.red * 255).rounded()), green: Int((color.green * 255).rounded()), blue: Int((color.blue * 255).rounded()))
    }

    func candles(_ style: TradingRangePlot.Style, hollow: Bool = false, theme: Theme = .plainWhite) -> Graph {
        let graph = Graph(title: "Candles", theme: theme)
        let plot = TradingRangePlot(
            identifier: "c", style: style, locations: [1, 2, 3, 4, 5],
            open: [10, 12, 11, 9, 10], high: [13, 12.5, 11.5, 12, 14],
            low: [9, 10, 8, 8.5, 9.5], close: [12, 11, 9, 11.5, 13])
        plot.hollowRising = hollow
        graph.add(plot)
        return graph
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 600, height: 1000), Size(width: 320, height: 240)])
    func bodiesAndWicksArePaintedWhereTheSceneSays(size: Size) throws {
        for theme in [Theme.plainWhite, Theme.plainBlack] {
            for hollow in [false, true] {
                let scene = renderer.layout(candles(.candlestick, hollow: hollow, theme: theme), size: size)
                let image = try renderer.image(of: scene)
                let plot = try #require(scene.plot("c"))
                for item in plot.items {
                    let color = pixel(of: item.stroke?.color ?? item.fill.representativeColor)
                    switch item.shape {
                    case .rect(let r, _):
                        if item.fill.representativeColor.alpha == 0 {
                            // Hollow: the outline on the edge, the plot area inside.
                            let edge = image.pixel(x: Int(r.minX), y: Int(r.midY))
                            #expect(edge.distance(to: color) <= 60, "outline of \(item.record) at \(r)")
                            if r.width > 4 && r.height > 4 {
                                let inside = image.pixel(x: Int(r.midX), y: Int(r.midY))
                                #expect(inside.distance(to: pixel(of: theme.plotAreaFill.representativeColor)) <= 40, "inside of \(item.record)")
                            }
                        } else {
                            #expect(image.pixel(x: Int(r.midX), y: Int(r.midY)).distance(to: color) <= 2, "body \(item.record) at \(r)")
                        }
                    case .segments(let segments, _):
                        for s in segments where abs(s.to.y - s.from.y) >= 2 {
                            let p = image.pixel(x: Int(s.from.x), y: Int((s.from.y + s.to.y) / 2))
                            #expect(p.distance(to: color) <= 10, "wick \(item.record) at \(s)")
                        }
                    default:
                        Issue.record("unexpected \(item.shape)")
                    }
                }
            }
        }
    }

    @Test func ohlcTicksArePainted() throws {
        let scene = renderer.layout(candles(.ohlc), size: Size(width: 800, height: 600))
        let image = try renderer.image(of: scene)
        for item in try #require(scene.plot("c")).items {
            guard case .segments(let s, _) = item.shape else { continue }
            let color = pixel(of: item.stroke!.color)
            let open = s[1], close = s[2]
            #expect(image.pixel(x: Int((open.from.x + open.to.x) / 2), y: Int(open.from.y)).distance(to: color) <= 10)
            #expect(image.pixel(x: Int((close.from.x + close.to.x) / 2), y: Int(close.from.y)).distance(to: color) <= 10)
        }
    }

    @Test func errorBarsAndBandsArePainted() throws {
        let graph = Graph(title: "Ranges")
        let bars = RangePlot(
            identifier: "e",
            dataSource: ArrayDataSource(
                numbers: [10, 12, 8], locations: [1, 2, 3],
                fields: [.errorLow: [2, 1, 3], .errorHigh: [2, 1, 3]]))
        let band = RangePlot(
            identifier: "b", style: .band,
            dataSource: ArrayDataSource(numbers: [.nan, .nan, .nan], locations: [1, 2, 3], fields: [.low: [1, 2, 1], .high: [4, 5, 4]]))
        graph.add(band)
        graph.add(bars)
        let scene = renderer.layout(graph, size: Size(width: 800, height: 600))
        let image = try renderer.image(of: scene)
        let t = try #require(scene.transform(ofSpace: "default"))
        for item in try #require(scene.plot("e")).items {
            switch item.shape {
            case .segments(let s, _):
                let color = pixel(of: item.stroke!.color)
                // Below the marker on the bar, and on the caps.
                let bottom = s[0].to
                #expect(image.pixel(x: Int(bottom.x), y: Int(bottom.y) - 2).distance(to: color) <= 30, "bar \(item.record)")
                #expect(image.pixel(x: Int(s[1].from.x + 2), y: Int(s[1].from.y)).distance(to: color) <= 30, "cap \(item.record)")
            case .point(let p, _):
                #expect(image.pixel(x: Int(p.x), y: Int(p.y)).distance(to: pixel(of: item.fill.representativeColor)) <= 2)
            default:
                Issue.record("unexpected \(item.shape)")
            }
        }
        // The band's inside: its color at its opacity over the plot area.
        let inside = image.pixel(x: Int(t.deviceX(1.5)!), y: Int(t.deviceY(3)!))
        let color = try #require(scene.plot("b")?.items.first?.fill.representativeColor)
        let expected = pixel(of: color.withAlpha(1).blended(with: .white, fraction: 1 - color.alpha))
        #expect(inside.distance(to: expected) <= 6, "band inside \(inside) vs \(expected)")
    }
}
