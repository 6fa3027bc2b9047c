import Testing
import Foundation
import ChartCore

/// The grid index must answer exactly what scanning every item answers: a reference scan
/// written here from the rules `HitTester` documents, against thousands of clicks.
@Suite("Hit testing with a grid index")
struct HitGridTests {
    /// The documented rule, by scanning: topmost bar whose hit area holds the point, else the
    /// nearest point within its reach (ties to the topmost).
    static func reference(_ tester: HitTester, _ plot: PlotScene, _ point: Point) -> Int? {
        var nearest: (record: Int, distance: Double)?
        for item in plot.items.reversed() {
            switch item.shape {
            case .rect:
                if tester.hitArea(of: item).contains(point) { return item.record }
            case .point(let p, let symbol):
                let reach = max(tester.pointSlop, (symbol?.size ?? 0) / 2 + 2 * tester.scene.scale)
                let d = point.distance(to: p)
                if d <= reach, d < (nearest?.distance ?? .infinity) { nearest = (item.record, d) }
            case .wedge, .segments, .polygon:
                Issue.record("only bars and points here")
            }
        }
        return nearest?.record
    }

    static func clicks(in area: Rect, count: Int, seed: Int) -> [Point] {
        (0..<count).map { i in
            let fx = Double((i * 7919 + seed * 31) % 997) / 997, fy = Double((i * 104_729 + seed * 17) % 991) / 991
            return Point(x: area.minX + area.width * fx, y: area.minY + area.height * fy)
        }
    }

    @Test("Scatter points: grid answers equal the scan's", arguments: [Size(width: 900, height: 600), Size(width: 400, height: 900)])
    func scatter(size: Size) throws {
        let graph = Graph(title: "Cloud")
        let n = 4000
        let xs = (0..<n).map { Double(($0 * 7919) % 1000) / 10 }
        let ys = (0..<n).map { Double(($0 * 104_729) % 1000) / 10 }
        let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: ys, locations: xs))
        plot.showsLine = false
        plot.symbol = PlotSymbol(.ellipse, size: 4, fill: .solid(Color(red: 0.2, green: 0.4, blue: 0.7)))
        graph.add(plot)
        let scene = graph.layout(size: size, measurer: testMeasurer)
        let tester = HitTester(scene: scene)
        let laidOut = try #require(scene.plot("cloud"))
        #expect(laidOut.items.count >= 256, "enough items for a grid")
        var hits = 0
        for point in Self.clicks(in: scene.plotArea, count: 3000, seed: 1) + laidOut.items.prefix(300).map(\.anchor) {
            let expected = Self.reference(tester, laidOut, point)
            let got: Int? = if case .record(_, let record) = tester.hit(at: point) { record } else { nil }
            #expect(got == expected, "at \(point)")
            if got != nil { hits += 1 }
        }
        #expect(hits > 300, "clicks land on points")
    }

    @Test("Thousands of bars, thin and short ones included: grid answers equal the scan's")
    func bars() throws {
        let graph = Graph(title: "Bars")
        let values: [Double?] = (0..<2000).map { (i: Int) -> Double? in
            let v = Double((i * 37) % 100) - 20
            return i % 97 == 0 ? 0 : v
        }
        graph.add(BarPlot(identifier: "b", values: values))
        let scene = graph.layout(size: Size(width: 1200, height: 700), measurer: testMeasurer)
        let tester = HitTester(scene: scene)
        let laidOut = try #require(scene.plot("b"))
        for point in Self.clicks(in: scene.plotArea, count: 4000, seed: 2) + laidOut.items.prefix(500).map(\.bounds.center) {
            let expected = Self.reference(tester, laidOut, point)
            let got: Int? = if case .record(_, let record) = tester.hit(at: point) { record } else { nil }
            #expect(got == expected, "at \(point)")
        }
    }
}

/// Far more bars than pixels: the layout keeps, per pixel column, the longest bar up and down,
/// which are the tallest of the bars an unthinned layout gives for that column.
@Suite("Bars merged per pixel column")
struct BarPixelMergeTests {
    @Test(
        "100,000 bars: per column the thinned layout keeps the tallest bars of the full one",
        arguments: [Size(width: 800, height: 600), Size(width: 300, height: 500)])
    func keepsTallest(size: Size) throws {
        func layout(thinning: Bool) throws -> PlotScene {
            let graph = Graph(title: "Many")
            let values: [Double?] = (0..<100_000).map { (i: Int) -> Double? in
                let v = Double((i * 7919) % 1000) / 10 - 30
                return v
            }
            let bars = BarPlot(identifier: "b", values: values)
            bars.thinsToPixels = thinning
            graph.add(bars)
            return try #require(graph.layout(size: size, measurer: testMeasurer).plot("b"))
        }
        let thin = try layout(thinning: true), full = try layout(thinning: false)
        #expect(thin.items.count <= 2 * Int(thin.clip.width) + 4, "\(thin.items.count) items")
        func tallest(_ plot: PlotScene) -> [String: Double] {
            var result: [String: Double] = [:]
            for item in plot.items {
                let key = "\(Int(item.bounds.minX)) \(item.pointsDown)"
                result[key] = max(result[key] ?? 0, item.bounds.height)
            }
            return result
        }
        #expect(tallest(thin) == tallest(full))
    }
}
