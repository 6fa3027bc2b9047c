@testable import ChartCore
import Foundation
import Testing

/// A long line thinned in two halves at once, split where a pixel column begins, keeps the
/// records and the runs one walk keeps: with gaps around the split, ties in x, at the fitted
/// view and zoomed, on plot areas of whole and fractional pixels.
@Suite struct LineSplitTests {
    static func series(_ count: Int, ties: Int, gapEvery: Int?) -> SeriesData {
        var state: UInt64 = 29, y = 0.0
        var xs: [Double] = [], ys: [Double] = []
        xs.reserveCapacity(count); ys.reserveCapacity(count)
        for i in 0..<count {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            y += Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
            xs.append(Double(i / ties))
            let gap = gapEvery.map { i % $0 < 3 } ?? false
            ys.append(gap ? .nan : y)
        }
        return SeriesData(locations: xs, values: ys)
    }

    @Test(arguments: [(1, nil), (7, nil), (1, 997), (40, 50_000)] as [(Int, Int?)])
    func halvesKeepWhatOneWalkKeeps(ties: Int, gapEvery: Int?) throws {
        let data = Self.series(1_200_000, ties: ties, gapEvery: gapEvery)
        let last = data.locations[data.count - 1]
        for area in [Rect(x: 60, y: 20, width: 900, height: 600), Rect(x: 41.5, y: 10.25, width: 333.5, height: 500)] {
            for (low, high) in [(0.0, last), (last * 0.3, last * 0.31), (last * 0.45, last * 0.55)] {
                let fx = area.width / (high - low)
                let x = AxisMapping(factor: fx, offset: area.minX - low * fx, isLogarithmic: false)
                let y = AxisMapping(factor: -0.5, offset: area.midY, isLogarithmic: false)
                let records = ThinnedRecords.visibleRecords(of: data, x: x, from: area.minX, to: area.maxX)
                try #require(records.count >= ThinnedRecords.fewestSplitRecords || low > 0)
                let one = ThinnedRecords.lineWalk(data, records: records, x: x, y: y, capacity: 6_000)
                let split = ThinnedRecords.line(data, records: records, x: x, y: y, capacity: 6_000)
                #expect(split.kept == one.kept, "view \(low)...\(high) in \(area)")
                #expect(split.breaks == one.breaks, "view \(low)...\(high) in \(area)")
            }
        }
    }

    /// The split record starts a pixel column the record before it is not in.
    @Test func theSplitStartsAColumn() throws {
        let data = Self.series(1_000_000, ties: 3, gapEvery: nil)
        let x = AxisMapping(factor: 900.0 / 333_333, offset: 60, isLogarithmic: false)
        let split = try #require(ThinnedRecords.columnStart(in: data.locations, records: 0..<data.count, x: x))
        func column(_ i: Int) -> Int { Int((x.device(data.locations[i])).rounded(.down)) }
        #expect(column(split) > column(split - 1))
        #expect(abs(split - data.count / 2) < data.count / 100)
    }

    /// Runs of 4,096 records inside one half column count by their extremes alone (a narrow plot
    /// of a long line): the records kept are still those a record-by-record walk finds.
    @Test(arguments: [nil, 97_003] as [Int?])
    func runsKeepTheRecordsOfTheRecordWalk(gapEvery: Int?) throws {
        let data = Self.series(1_200_000, ties: 3, gapEvery: gapEvery)
        let plot = ScatterPlot(identifier: "line", dataSource: ArrayDataSource(numbers: data.values, locations: data.locations))
        plot.lineStyle = LineStyle(color: .black, width: 1)
        let graph = Graph(title: "long")
        graph.add(plot)
        graph.legend.isHidden = true
        for width in [90.0, 700] {
            let cost = LayoutCost()
            let scene = LayoutCost.$current.withValue(cost) { layout(graph, width, 300) }
            if width < 100 { #expect(cost.recordsVisited < data.count / SeriesData.blockSize / 2, "runs were read whole") }
            let line = try #require(scene.plot("line"))
            let transform = try #require(scene.transform(ofSpace: "default"))
            let (runs, _) = LineThinningTests.expectedRuns(x: data.locations, y: data.values, transform: transform)
            #expect(LineThinningTests.firstDifference(line.items.map(\.record), runs.flatMap { $0 }) == nil, "at \(width) wide")
        }
    }
}
