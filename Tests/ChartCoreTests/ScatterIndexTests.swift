@testable import ChartCore
import Foundation
import Testing

/// The scatter index keeps the records the record-order pass keeps (`ThinnedRecords.scatter`),
/// in the same order, at every view: fitted, zoomed into the dense middle, panned past the data,
/// zoomed to a few points, with markers that snap and markers that do not, and with gaps (NaN),
/// repeated points and ties in x.
@Suite struct ScatterIndexTests {
    /// A seeded cloud: a normal-ish blob, a line of repeated x, exact repeats and some gaps.
    static func cloud(_ count: Int, seed: UInt64) -> SeriesData {
        var state = seed
        func uniform() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        var xs: [Double] = [], ys: [Double] = []
        for i in 0..<count {
            switch i % 10 {
            case 0: xs.append(0.25); ys.append(uniform() * 4 - 2)  // ties in x
            case 1: xs.append(xs.last ?? 0); ys.append(ys.last ?? 0)  // a repeat
            case 2 where i % 1000 == 2: xs.append(uniform()); ys.append(.nan)  // a gap
            default:
                let r = (-2 * log(max(uniform(), 1e-12))).squareRoot(), a = 2 * Double.pi * uniform()
                xs.append(r * cos(a)); ys.append(r * sin(a))
            }
        }
        return SeriesData(locations: xs, values: ys)
    }

    /// Linear mappings of the data range `x` by `y` onto `area`.
    static func mappings(area: Rect, x: ClosedRange<Double>, y: ClosedRange<Double>) -> (AxisMapping, AxisMapping) {
        let fx = area.width / (x.upperBound - x.lowerBound), fy = -area.height / (y.upperBound - y.lowerBound)
        return (
            AxisMapping(factor: fx, offset: area.minX - x.lowerBound * fx, isLogarithmic: false),
            AxisMapping(factor: fy, offset: area.maxY - y.lowerBound * fy, isLogarithmic: false)
        )
    }

    static let views: [(x: ClosedRange<Double>, y: ClosedRange<Double>)] = [
        (-4.6...4.4, -4.5...4.5), (-1...1, -0.8...0.7), (0.2...0.3, -0.1...0.1), (3...9, -9...(-3)),
        (-20...20, -0.01...0.01), (0.24...0.26, -2...2)
    ]

    @Test(arguments: [(nil, 1), (1.0, 2), (0.5, 2), (nil, 6), (2.5, 4)] as [(Double?, Int)])
    func keepsTheRecordsOfTheRecordOrderPass(snapHalf: Double?, reach: Int) throws {
        let data = Self.cloud(300_000, seed: 5)
        let index = try #require(ScatterIndex(data))
        for area in [Rect(x: 61, y: 20.5, width: 900, height: 650), Rect(x: 40.25, y: 31, width: 301.5, height: 799)] {
            for view in Self.views {
                let (mx, my) = Self.mappings(area: area, x: view.x, y: view.y)
                let plain = ThinnedRecords.scatter(data, area: area, x: mx, y: my, snapHalf: snapHalf, reach: reach)
                let indexed = index.thinned(area: area, x: mx, y: my, snapHalf: snapHalf, reach: reach)
                #expect(indexed == plain, "view \(view), area \(area): \(indexed.count) against \(plain.count) records")
            }
        }
    }

    /// The unpacked linear arithmetic finds the pixel the general one does, ties at half a
    /// pixel and points just off the grid included.
    @Test func linearPixelsAreTheGridsPixels() {
        let area = Rect(x: 60.5, y: 20, width: 300, height: 200)
        let grid = ThinnedRecords.PixelGrid(area: area, border: 3)
        let x = AxisMapping(factor: 0.5, offset: 10, isLogarithmic: false)
        let y = AxisMapping(factor: -0.25, offset: 240, isLogarithmic: false)
        for half in [nil, 0.5, 1.0, 1.5] as [Double?] {
            let pixels = ThinnedRecords.LinearPixels(grid: grid, x: x, y: y, snapHalf: half)
            for i in -80...800 {
                for j in stride(from: -40, through: 1000, by: 7) {
                    let vx = Double(i) * 1.0 + 0.5 * Double(j % 3), vy = Double(j)
                    let general = grid.bit(px: x.device(vx), py: y.device(vy), snapHalf: half) ?? -1
                    let linear = half == nil ? pixels.bit(vx, vy, snaps: false) : pixels.bit(vx, vy, snaps: true)
                    #expect(general == linear, "(\(vx), \(vy)) snapped by \(String(describing: half))")
                    if general != linear { return }
                }
            }
        }
    }

    /// The branch-free rounding is `rounded()` and `rounded(.down)`, halves and the last double
    /// below a half included.
    @Test func wholeRoundingIsRounding() {
        var values: [Double] = [
            0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 0.49999999999999994, -0.49999999999999994,
            4_194_304.5, -4_194_303.5, 1e15 + 0.5, 2_251_799_813_685_247.5, 3e300, -7.000000000000001
        ]
        var state: UInt64 = 3
        for _ in 0..<10_000 {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            values.append(Double(Int64(bitPattern: state) >> 30) / 1024)
        }
        for v in values {
            #expect(v.wholeRounded == v.rounded(), "\(v)")
            #expect(v.wholeFloor == v.rounded(.down), "\(v)")
        }
    }

    /// From the second layout on, a plot of unsorted points builds its index on another thread,
    /// and lays out through it once built: the same scene as the record-order pass.
    @Test func layoutsThroughTheIndexAreTheFirst() throws {
        let data = Self.cloud(120_000, seed: 9)
        let plot = ScatterPlot(
            identifier: "cloud", dataSource: ArrayDataSource(numbers: data.values, locations: data.locations))
        plot.showsLine = false
        plot.symbol = PlotSymbol(.ellipse, size: 2, fill: .solid(Color(rgb: 0x1C7ED6)))
        let graph = Graph(title: "cloud")
        graph.add(plot)
        let size = Size(width: 800, height: 600)
        let first = graph.layout(size: size, measurer: testMeasurer)
        let second = graph.layout(size: size, measurer: testMeasurer)
        plot.pointIndex.waitForBuild()
        #expect(plot.pointIndex.isBuilt)
        let third = graph.layout(size: size, measurer: testMeasurer)
        #expect(first.plots[0].items.count > 10_000)
        #expect(try LayoutDump(first).encoded() == LayoutDump(second).encoded())
        #expect(try LayoutDump(first).encoded() == LayoutDump(third).encoded())
        // Reloading drops the index: the next layout thins record by record again.
        plot.reloadData()
        #expect(!plot.pointIndex.isBuilt)
        #expect(try LayoutDump(graph.layout(size: size, measurer: testMeasurer)).encoded() == LayoutDump(first).encoded())
    }
}
