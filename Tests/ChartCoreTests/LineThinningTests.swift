import Testing
import Foundation
import ChartCore

/// A long sorted line thinned per pixel column keeps exactly, per unbroken run and device pixel
/// column, the first and last record of the unthinned line and the lowest and highest of each
/// half column (M4 per half column), on linear and log scales, with ties in x, gaps (NaN, and
/// values a log scale cannot show) and area fills; its runs break where the unthinned layout's
/// break. The expected records are computed
/// here naively, record by record, from the same transform. Pure ChartCore, fixed metrics.
@Suite("Line thinning")
struct LineThinningTests {
    /// A seeded generator (64-bit LCG): the same numbers on every run.
    struct Numbers {
        var state: UInt64
        /// Uniform in -1...1.
        mutating func next() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 2001 - 1000) / 1000
        }
    }

    /// The data a case draws: x ascending, y with the case's gaps.
    enum Shape: String, Sendable {
        /// x = 0, 1, 2…; y a random walk.
        case walk
        /// x = 1, 2, 3… (positive, for a log x scale); y a random walk of ratios, positive.
        case positive
        /// A positive walk on x = -999… (the records up to x = 0 cannot show on a log x scale).
        case negativeStart
        /// 300,000 records over 1,500 distinct x values (ties), y noisy and positive.
        case ties
        /// 200,000 records over 300 distinct x values: fewer x values than pixel columns.
        case fewTies
        /// A walk with NaN: single ones, short and long runs of them.
        case nanGaps
        /// A positive walk with zeros and negatives sprinkled (single ones inside blocks of
        /// records, and a long run) and some NaN: gaps on a log y scale only where not NaN.
        case nonPositive
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var shape: Shape
        var logX = false
        var logY = false
        var area = false
        var testDescription: String {
            "\(shape.rawValue)\(logX ? " log x" : "")\(logY ? " log y" : "")\(area ? " area" : "")"
        }

        func data() -> (x: [Double], y: [Double]) {
            var numbers = Numbers(state: 29)
            switch shape {
            case .walk, .nanGaps:
                var y = 0.0
                var ys = (0..<200_000).map { _ in
                    y += numbers.next(); return y
                }
                if shape == .nanGaps {
                    for i in stride(from: 5_000, to: ys.count, by: 9_973) { ys[i] = .nan }
                    for i in 40_000..<40_003 { ys[i] = .nan }
                    for i in 120_000..<126_000 { ys[i] = .nan }
                    ys[ys.count - 1] = .nan
                }
                return ((0..<ys.count).map(Double.init), ys)
            case .positive, .negativeStart, .nonPositive:
                var y = 1.0
                var ys = (0..<200_000).map { _ in
                    y *= 1 + numbers.next() * 0.01; return y
                }
                if shape == .nonPositive {
                    for i in stride(from: 3_001, to: ys.count, by: 4_999) { ys[i] = i % 2 == 0 ? 0 : -ys[i] }
                    for i in 90_000..<91_500 { ys[i] = -1 }
                    for i in stride(from: 7_000, to: ys.count, by: 31_000) { ys[i] = .nan }
                }
                let offset = shape == .negativeStart ? -999.0 : 1
                return ((0..<ys.count).map { Double($0) + offset }, ys)
            case .ties, .fewTies:
                let count = shape == .ties ? 300_000 : 200_000, distinct = shape == .ties ? 1_500 : 300
                let xs = (0..<count).map { Double($0 * distinct / count) }
                let ys = (0..<count).map { i in 50 + 40 * sin(Double(i) / 20_000) + 5 * numbers.next() }
                return (xs.map { $0 + 1 }, ys)
            }
        }

        func plot(thinned: Bool) -> (ScatterPlot, x: [Double], y: [Double]) {
            let (x, y) = data()
            let plot = ScatterPlot(identifier: "line", dataSource: ArrayDataSource(numbers: y, locations: x))
            plot.lineStyle = LineStyle(color: .black, width: 1)
            if area {
                plot.areaFill = .solid(Color(rgb: 0x1C7ED6, alpha: 0.3))
                plot.areaBaseValue = logY ? 0 : -20
            }
            plot.thinsToPixels = thinned
            return (plot, x, y)
        }

        func graph(thinned: Bool) -> (Graph, x: [Double], y: [Double]) {
            let graph = Graph(title: "thinning")
            let (plot, x, y) = plot(thinned: thinned)
            graph.add(plot)
            graph.legend.isHidden = true
            if logX {
                graph.defaultPlotSpace.xScale = .logarithmic
                // Locations at or below zero leave the fitted range to one decade: show the rest.
                if shape == .negativeStart { graph.defaultPlotSpace.xRange = PlotRange(0.5, 300_000) }
            }
            if logY {
                graph.defaultPlotSpace.yScale = .logarithmic
                // Values at or below zero leave the fitted range to one decade: show them all.
                if shape == .nonPositive { graph.defaultPlotSpace.yRange = PlotRange(0.01, 100) }
            }
            return (graph, x, y)
        }
    }

    static let cases: [Case] = [
        Case(shape: .walk), Case(shape: .walk, area: true),
        Case(shape: .positive, logY: true), Case(shape: .positive, logY: true, area: true),
        Case(shape: .positive, logX: true), Case(shape: .positive, logX: true, logY: true, area: true),
        Case(shape: .negativeStart, logX: true), Case(shape: .negativeStart, logX: true, area: true),
        Case(shape: .ties), Case(shape: .ties, logY: true, area: true), Case(shape: .fewTies), Case(shape: .fewTies, area: true),
        Case(shape: .nanGaps), Case(shape: .nanGaps, area: true),
        Case(shape: .nonPositive, logY: true), Case(shape: .nonPositive, logY: true, area: true),
        Case(shape: .nonPositive, area: true)
    ]

    /// The first lowest and the first highest of `records`.
    static func extremes(_ records: [Int], _ y: [Double]) -> [Int] {
        let low = records.min { y[$0] < y[$1] }!
        // `max(by:)` gives the last of equals; the thinning keeps the first.
        let highest = y[records.max { y[$0] < y[$1] }!]
        return [low, records.first { y[$0] == highest }!]
    }

    /// The records the thinned line keeps, in runs, computed record by record: a record is a
    /// gap where the unthinned layout makes one (no finite value, or no device point); a pixel
    /// column of a run keeps its first and last record and the first lowest and first highest
    /// of each of its halves (twice the device x rounded down, even or odd). Also the number
    /// of pixel columns of all runs.
    static func expectedRuns(x: [Double], y: [Double], transform: CoordinateTransform) -> (runs: [[Int]], columns: Int) {
        var runs: [[Int]] = []
        var run: [Int] = []
        var group: [(record: Int, half: Int)] = []
        var columns = 0
        func flush() {
            guard !group.isEmpty else { return }
            columns += 1
            let left = group.filter { $0.half % 2 == 0 }.map(\.record), right = group.filter { $0.half % 2 != 0 }.map(\.record)
            let all = group.map(\.record)
            let halves = left.isEmpty || right.isEmpty ? [all] : [left, right]
            run += Set(halves.flatMap { extremes($0, y) } + [all.first!, all.last!]).sorted()
            group = []
        }
        for i in x.indices {
            guard y[i].isFinite, transform.devicePoint(Point(x: x[i], y: y[i])) != nil else {
                flush()
                if !run.isEmpty { runs.append(run) }
                run = []
                continue
            }
            let half = Int((2 * transform.mappingX.device(x[i])).rounded(.down))
            if let last = group.last, last.half >> 1 != half >> 1 { flush() }
            group.append((i, half))
        }
        flush()
        if !run.isEmpty { runs.append(run) }
        return (runs, columns)
    }

    /// Where two lists of records first differ, in a few words; nil when they are equal.
    static func firstDifference(_ a: [Int], _ b: [Int]) -> String? {
        guard a != b else { return nil }
        let i = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        return "\(a.count) against \(b.count) records, first differing at \(i): \(a.dropFirst(i).prefix(4)) against \(b.dropFirst(i).prefix(4))"
    }

    /// The line's and the area's paths of a plot scene.
    static func paths(_ plot: PlotScene) -> (lines: [ScenePath], areas: [ScenePath]) {
        (plot.paths.filter { $0.stroke != nil }, plot.paths.filter { $0.fill != nil })
    }

    @Test(
        "The thinned line keeps each run's and pixel column's first and last record, and each half column's lowest and highest",
        arguments: cases, [Size(width: 800, height: 600), Size(width: 300, height: 500)])
    func keepsEachColumnsExtremes(c: Case, size: Size) throws {
        let (graph, x, y) = c.graph(thinned: true)
        let scene = layout(graph, size.width, size.height)
        let plot = try #require(scene.plot("line"))
        let transform = scene.transform(ofSpace: "default")!
        let (runs, columns) = Self.expectedRuns(x: x, y: y, transform: transform)
        #expect(Self.firstDifference(plot.items.map(\.record), runs.flatMap { $0 }) == nil)
        // At most six records per pixel column and run piece (a gap splits a column in two).
        #expect(plot.items.count <= 6 * columns, "the line was not thinned: \(plot.items.count) items")
        #expect(columns < Int(scene.plotArea.width) + runs.count + 8)
        // Each run of two or more records is one stroke (and one area) through the kept points,
        // the points hit testing sees.
        let (lines, areas) = Self.paths(plot)
        let drawn = runs.filter { $0.count > 1 }
        #expect(lines.count == drawn.count)
        #expect(areas.count == (c.area ? drawn.count : 0))
        var position = 0, next = 0
        let anchors = plot.items.anchors
        for run in runs {
            defer { position += run.count }
            guard run.count > 1, next < lines.count else { continue }
            #expect(lines[next].vertices == Array(anchors[position..<position + run.count]))
            next += 1
        }
        for item in plot.items.prefix(2_000) {
            let p = try #require(transform.devicePoint(Point(x: x[item.record], y: y[item.record])))
            #expect(abs(p.x - item.anchor.x) < 1e-6 && abs(p.y - item.anchor.y) < 1e-6)
        }
    }

    @Test(
        "Thinned runs and areas start and end where the unthinned ones do",
        arguments: cases, [Size(width: 800, height: 600)])
    func breaksWhereTheUnthinnedLineBreaks(c: Case, size: Size) throws {
        let thin = try #require(layout(c.graph(thinned: true).0, size.width, size.height).plot("line"))
        let full = try #require(layout(c.graph(thinned: false).0, size.width, size.height).plot("line"))
        #expect(full.items.count > 100_000, "every record laid out")
        let a = Self.paths(thin), b = Self.paths(full)
        #expect(a.lines.count == b.lines.count && a.areas.count == b.areas.count)
        func close(_ p: Point?, _ q: Point?) -> Bool {
            guard let p, let q else { return false }
            return abs(p.x - q.x) < 1e-6 && abs(p.y - q.y) < 1e-6
        }
        for (s, t) in zip(a.lines + a.areas, b.lines + b.areas) {
            let u = s.vertices, v = t.vertices
            #expect(
                close(u.first, v.first) && close(u.last, v.last),
                "a run from \(String(describing: u.first)) to \(String(describing: u.last)) against \(String(describing: v.first)) to \(String(describing: v.last))"
            )
            // The area's base: the last two vertices of an area lie on it.
            if s.fill != nil { #expect(close(u.dropLast().last, v.dropLast().last)) }
        }
    }

    @Test("Each of three lines on one graph is thinned on its own")
    func groupedLinesAreThinnedEach() throws {
        let graph = Graph(title: "three")
        var all: [(x: [Double], y: [Double])] = []
        for group in 0..<3 {
            var numbers = Numbers(state: UInt64(group) + 3)
            var y = Double(group) * 100
            let ys = (0..<150_000).map { _ in
                y += numbers.next(); return y
            }
            let xs = (0..<ys.count).map { Double($0 + group * 20_000) }
            all.append((xs, ys))
            graph.add(ScatterPlot(identifier: "g\(group)", dataSource: ArrayDataSource(numbers: ys, locations: xs)))
        }
        let scene = layout(graph, 900, 500)
        let transform = scene.transform(ofSpace: "default")!
        for (group, data) in all.enumerated() {
            let plot = try #require(scene.plot("g\(group)"))
            #expect(plot.items.count < 6 * Int(scene.plotArea.width) + 16)
            #expect(Self.firstDifference(plot.items.map(\.record), Self.expectedRuns(x: data.x, y: data.y, transform: transform).runs.flatMap { $0 }) == nil)
        }
    }

    @Test(
        "Scatter points on log scales merge to one per device pixel; values a log scale cannot show are left out",
        arguments: [(true, false), (false, true), (true, true)])
    func scatterOnLogScales(logX: Bool, logY: Bool) throws {
        var numbers = Numbers(state: 5)
        let n = 150_000
        var xs = (0..<n).map { _ in pow(10, numbers.next()) }, ys = (0..<n).map { _ in pow(10, 1.5 * numbers.next()) }
        for i in stride(from: 0, to: n, by: 97) { xs[i] = -xs[i] }
        for i in stride(from: 1, to: n, by: 89) { ys[i] = i % 2 == 0 ? 0 : .nan }
        let graph = Graph(title: "cloud")
        let plot = ScatterPlot(identifier: "cloud", dataSource: ArrayDataSource(numbers: ys, locations: xs))
        plot.showsLine = false
        plot.symbol = PlotSymbol(.ellipse, size: 2, fill: .solid(.black))
        graph.add(plot)
        if logX { graph.defaultPlotSpace.xScale = .logarithmic; graph.defaultPlotSpace.xRange = PlotRange(0.01, 100) }
        if logY { graph.defaultPlotSpace.yScale = .logarithmic; graph.defaultPlotSpace.yRange = PlotRange(0.001, 1000) }
        let scene = layout(graph, 640, 480)
        let items = try #require(scene.plot("cloud")).items
        let transform = scene.transform(ofSpace: "default")!
        // Snapped markers (2 pixels: centers on whole pixels): the first record at each pixel
        // of the plot area and a border of one.
        let mx = transform.mappingX, my = transform.mappingY, area = scene.plotArea
        let width = Int(area.width.rounded(.up)) + 2, height = Int(area.height.rounded(.up)) + 2
        var taken = Set<Int>(), expected: [Int] = [], disagreeing = 0
        for i in 0..<n {
            let shows = ys[i].isFinite && (!logX || xs[i] > 0) && (!logY || ys[i] > 0)
            if shows != (transform.devicePoint(Point(x: xs[i], y: ys[i])) != nil && ys[i].isFinite) { disagreeing += 1 }
            guard shows else { continue }
            let px = (mx.device(xs[i]) - 1).rounded() + 1, py = (my.device(ys[i]) - 1).rounded() + 1
            let dx = Int((px - area.minX).rounded(.down)) + 1, dy = Int((py - area.minY).rounded(.down)) + 1
            guard dx >= 0, dy >= 0, dx < width, dy < height else { continue }
            if taken.insert(dy * width + dx).inserted { expected.append(i) }
        }
        #expect(disagreeing == 0)
        #expect(items.count < n / 2, "the points were not merged: \(items.count)")
        #expect(Self.firstDifference(items.map(\.record), expected) == nil)
    }
}
