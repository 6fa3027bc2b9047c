import ChartCore
import Foundation
import Testing

/// The thinners a data source too large to load uses (`LineColumnThinner`,
/// `ScatterPixelThinner`) keep what a plot's own thinning keeps from every record: a line or
/// points laid out from their output are the line or points laid out from every record, at the
/// fitted view and zoomed, with ties, gaps and lows below zero on a log scale.
@Suite("Streaming thinners")
struct StreamingThinnerTests {
    /// Records with ties (`ties` per x), runs of gaps and noise; deterministic.
    static func records(_ count: Int, ties: Int, seed: UInt64) -> (x: [Double], y: [Double?]) {
        var state = seed
        func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var x: [Double] = [], y: [Double?] = []
        var walk = 0.0
        for i in 0..<count {
            x.append(Double(i / ties))
            walk += next() - 0.5
            y.append(i % 9_000 < 40 ? nil : walk + 3 * sin(Double(i) / 500))
        }
        return (x, y)
    }

    /// The scene of a line (or points) over `x`, `y` at `view`.
    static func scene(x: [Double], y: [Double?], line: Bool, view: GraphView, logY: Bool = false) -> Scene {
        let graph = Graph(title: "t")
        let plot = ScatterPlot(identifier: "p", x: x, y: y)
        plot.showsLine = line
        if !line { plot.symbol = PlotSymbol(.rectangle, size: 2, fill: .solid(.black)) }
        graph.add(plot)
        if logY { graph.defaultPlotSpace.yScale = .logarithmic }
        return graph.layout(size: Size(width: 500, height: 300), view: view, measurer: FixedTextMeasurer())
    }

    static func views(_ x: [Double]) -> [GraphView] {
        let end = x.last!
        return [.fitted]
            + [(0.3, 0.4), (0.5, 0.5001), (0.123, 0.1234), (0.0, 0.01)].map { a, b in
                GraphView(spaces: ["default": .init(x: .ends(PlotRange(end * a, end * b)))])
            }
    }

    @Test(arguments: [1, 3, 40])
    func aLineFromTheThinnedStreamIsTheLineOfEveryRecord(ties: Int) {
        let (x, y) = Self.records(300_000, ties: ties, seed: UInt64(ties))
        for view in Self.views(x) {
            let full = Self.scene(x: x, y: y, line: true, view: view)
            let space = full.plotSpaces[0]
            let xRange = PlotRange(
                space.transform.mappingX.value(atDevice: full.plotArea.minX),
                space.transform.mappingX.value(atDevice: full.plotArea.maxX))
            var thinner = LineColumnThinner(x: space.transform.mappingX, yFloor: space.transform.mappingY.floor)
            // The records in view and one beyond each edge, as the plot takes them.
            let lo = x.firstIndex { $0 >= xRange.lower } ?? x.count, hi = x.lastIndex { $0 <= xRange.upper } ?? -1
            for i in max(0, lo - 1)...min(x.count - 1, hi + 1) { thinner.add(location: x[i], value: y[i] ?? .nan) }
            thinner.finish()
            #expect(thinner.values.count < 6 * 500 + 100)
            // Laid out at the same ranges as the full line.
            let fixed = GraphView(spaces: ["default": .init(x: .ends(space.transform.xRange), y: .ends(space.transform.yRange))])
            let thinned = Self.scene(x: thinner.locations, y: thinner.values.map { $0.isNaN ? nil : $0 }, line: true, view: fixed)
            #expect(thinned.plotArea == full.plotArea)
            #expect(thinned.plots[0].paths == full.plots[0].paths, "ties \(ties), view \(view)")
        }
    }

    @Test func pointsFromTheThinnedStreamAreThePointsOfEveryRecord() {
        let (x, y) = Self.records(300_000, ties: 3, seed: 7)
        for view in Self.views(x) {
            let full = Self.scene(x: x, y: y, line: false, view: view)
            let t = full.plotSpaces[0].transform
            var thinner = ScatterPixelThinner(area: full.plotArea, reach: 2, snapHalf: 1, x: t.mappingX, y: t.mappingY)
            // The records whose markers can reach the plot area, as the plot culls them (the
            // request's `reachedXRange`): a record culled must not take a pixel.
            let request = ViewDataRequest(
                plotID: "p", xRange: t.xRange, x: t.mappingX, y: t.mappingY,
                thinning: .scatterPixels(area: full.plotArea, reach: 2, snapHalf: 1))
            for i in x.indices where request.reachedXRange.contains(x[i]) { thinner.add(location: x[i], value: y[i] ?? .nan) }
            let fixed = GraphView(spaces: ["default": .init(x: .ends(t.xRange), y: .ends(t.yRange))])
            let thinned = Self.scene(x: thinner.locations, y: thinner.values.map { $0 }, line: false, view: fixed)
            let a = Set(full.plots[0].items.map { $0.anchor }), b = Set(thinned.plots[0].items.map { $0.anchor })
            let missing = a.subtracting(b).count, extra = b.subtracting(a).count
            #expect(missing == 0 && extra == 0, "\(missing) of \(a.count) points missing, \(extra) extra, at \(view))")
        }
    }
}
