import Foundation
import Testing
import ChartCore

/// Histogram and box plot layouts: geometry from the data, exact to the pixel through the
/// scene's transform; stacking; popups' text; hits.
@Suite("Histogram and box layout")
struct HistogramBoxLayoutTests {
    static func rects(_ scene: Scene, _ plotID: String) throws -> [Int: Rect] {
        let plot = try #require(scene.plot(plotID))
        return Dictionary(uniqueKeysWithValues: plot.items.map { ($0.record, $0.bounds) })
    }

    @Test(
        "A bar per non-empty bin, edge to edge, as tall as its count, growing from 0",
        arguments: [Size(width: 640, height: 480), Size(width: 320, height: 240), Size(width: 1024, height: 768)])
    func histogramGeometry(size: Size) throws {
        let binning = HistogramBinning(lower: 0, upper: 10, count: 5)
        let plot = HistogramPlot(identifier: "h", binning: binning, counts: [2, 5, 0, 3, 1])
        let graph = Graph(title: "H")
        graph.add(plot)
        let scene = layout(graph, size.width, size.height)
        let t = try #require(scene.transform(ofSpace: "default"))
        let rects = try Self.rects(scene, "h")
        #expect(Set(rects.keys) == [0, 1, 3, 4])
        for (i, count) in [2, 5, 0, 3, 1].enumerated() where count > 0 {
            let r = try #require(rects[i])
            #expect(r.minX == t.deviceX(binning.edge(i))!.rounded(), "bin \(i) left")
            #expect(r.maxX == t.deviceX(binning.edge(i + 1))!.rounded(), "bin \(i) right")
            #expect(r.minY == t.deviceY(Double(count))!.rounded(), "bin \(i) top")
            #expect(r.maxY == t.deviceY(0)!.rounded(), "bin \(i) base")
        }
        // Touching: a bar's right edge is the next one's left.
        #expect(rects[0]!.maxX == rects[1]!.minX && rects[3]!.maxX == rects[4]!.minX)
        // The x range is the edges exactly; y starts at 0 and fits the tallest.
        #expect(t.xRange.lower == 0 && t.xRange.upper == 10)
        #expect(t.yRange.lower == 0 && t.yRange.upper >= 5)
        let item = try #require(scene.plot("h")?.items.first)
        #expect(item.base?.position == t.deviceY(0)!.rounded())
    }

    @Test("Density bars have area 1; stacked bars start on the ones below")
    func densityAndStack() throws {
        let binning = HistogramBinning(lower: 0, upper: 4, count: 4)
        let a = HistogramPlot(identifier: "a", binning: binning, counts: [1, 2, 3, 4])
        let b = HistogramPlot(identifier: "b", binning: binning, counts: [4, 0, 1, 1])
        a.showsDensity = true
        #expect((0..<4).map { a.value(ofBin: $0) * binning.width }.reduce(0, +) == 1)
        a.showsDensity = false
        b.stackedOn = a
        let graph = Graph(title: "S")
        graph.add(a)
        graph.add(b)
        let scene = layout(graph, 640, 480)
        let t = try #require(scene.transform(ofSpace: "default"))
        let ra = try Self.rects(scene, "a"), rb = try Self.rects(scene, "b")
        #expect(rb[0]!.maxY == ra[0]!.minY)
        #expect(rb[0]!.minY == t.deviceY(5)!.rounded())
        #expect(rb[1] == nil)
        #expect(rb[3]!.minY == t.deviceY(5)!.rounded() && rb[3]!.maxY == t.deviceY(4)!.rounded())
        #expect(t.yRange.upper >= 5)
    }

    @Test("A bin's popup names its edges, the series, the count and its share")
    func histogramPopup() throws {
        let binning = HistogramBinning(lower: 10, upper: 20, count: 4)
        let plot = HistogramPlot(identifier: "m", title: "body_mass_g", binning: binning, counts: [10, 37, 250, 45])
        let text = try #require(plot.describe(record: 1, in: RecordContext()))
        #expect(text.text == "12.5–15.0 · body_mass_g 37 (10.8%)")
        plot.showsDensity = true
        let density = try #require(plot.describe(record: 2, in: RecordContext()))
        #expect(density.text.hasPrefix("15.0–17.5 · body_mass_g 0.292 "))
        #expect(density.text.hasSuffix("(250, 73.1%)"))
        let wide = HistogramPlot(identifier: "w", binning: HistogramBinning(lower: 2700, upper: 6300, count: 20), counts: Array(repeating: 1, count: 20))
        #expect(wide.binText(0) == "2700–2880")
    }

    @Test("Ten thousand bins in 300 pixels: the tallest per pixel column, hit where drawn")
    func manyBins() throws {
        let binning = HistogramBinning(lower: 0, upper: 1, count: 10_000)
        let counts = (0..<10_000).map { ($0 * 7919) % 100 }
        let plot = HistogramPlot(identifier: "many", binning: binning, counts: counts)
        let graph = Graph(title: "Many")
        graph.add(plot)
        let scene = layout(graph, 400, 300)
        let items = try #require(scene.plot("many")).items
        #expect(items.count < 1000 && items.count > 100)
        let tester = HitTester(scene: scene)
        for item in items.prefix(20) {
            let r = item.bounds
            guard r.height > 2 else { continue }
            let hit = tester.hit(at: Point(x: r.minX + 0.5, y: r.maxY - 1))
            guard case .record(let id, _) = hit else { Issue.record("no hit on \(r)"); continue }
            #expect(id == "many")
        }
    }

    static let stats = BoxStatistics(
        lowerQuartile: 3350, median: 3700, upperQuartile: 4000, lowerWhisker: 2850, upperWhisker: 4775,
        outliers: [2000, 6000], count: 151)

    @Test("Box statistics: numpy's linear quartiles, Tukey's whiskers, the rest outliers")
    func boxStatistics() throws {
        // 1…9 and 30: Q1 3.25, median 5.5, Q3 7.75; IQR 4.5, fences −3.5 and 14.5.
        let values: [Double] = [5, 1, 9, 3, 30, 7, 2, 8, 4, 6, .nan]
        let s = try #require(BoxStatistics(of: values))
        #expect(s.lowerQuartile == 3.25 && s.median == 5.5 && s.upperQuartile == 7.75)
        #expect(s.lowerWhisker == 1 && s.upperWhisker == 9 && s.outliers == [30] && s.count == 10)
        let one = try #require(BoxStatistics(of: [4]))
        #expect(one.median == 4 && one.lowerWhisker == 4 && one.upperWhisker == 4 && one.outliers.isEmpty)
        #expect(BoxStatistics(of: [.nan]) == nil)
    }

    @Test(
        "Per category: a box from Q1 to Q3, whiskers with caps, the median, outliers on its center",
        arguments: [Size(width: 640, height: 480), Size(width: 320, height: 240)])
    func boxGeometry(size: Size) throws {
        let plot = BoxPlot(identifier: "b", title: "body_mass_g", boxes: [Self.stats, nil, Self.stats], names: ["Adelie", "None", "Gentoo"])
        plot.boxWidth = 0.5
        let graph = Graph(title: "Box")
        graph.add(plot)
        let scene = layout(graph, size.width, size.height)
        let t = try #require(scene.transform(ofSpace: "default"))
        let items = try #require(scene.plot("b")).items
        // Two records of 3 + 2 items each; none for the missing one.
        #expect(items.count == 10)
        #expect(Set(items.map(\.record)) == [0, 2])
        let box = items[0], whiskers = items[1], median = items[2]
        guard case .rect(let r, _) = box.shape, case .segments(let w, _) = whiskers.shape, case .segments(let m, _) = median.shape else {
            Issue.record("shapes \(box.shape) \(whiskers.shape) \(median.shape)"); return
        }
        #expect(r.minX == t.deviceX(-0.25)!.rounded() && r.maxX == t.deviceX(0.25)!.rounded())
        #expect(r.minY == t.deviceY(4000)!.rounded() && r.maxY == t.deviceY(3350)!.rounded())
        #expect(m[0].from.y == t.deviceY(3700)!.rounded() && m[0].from.x == r.minX && m[0].to.x == r.maxX)
        #expect(w.count == 4)
        #expect(w[0].from.y == r.minY && w[0].to.y == t.deviceY(4775)!.rounded())
        #expect(w[2].from.y == r.maxY && w[2].to.y == t.deviceY(2850)!.rounded())
        #expect(w[1].from.y == w[1].to.y && w[1].to.x - w[1].from.x > 0)
        let outliers = items[3...4].map { item -> Point? in if case .point(let p, _) = item.shape { p } else { nil } }
        #expect(outliers[0]?.y == t.deviceY(2000) && outliers[1]?.y == t.deviceY(6000))
        #expect(outliers[0]?.x == ((r.minX + r.maxX) / 2).rounded())
        // y fits the outliers; x leaves half a category each side.
        #expect(t.yRange.lower <= 2000 && t.yRange.upper >= 6000)
        #expect(t.xRange.lower == -0.5 && t.xRange.upper == 2.5)
        // Hits: inside the box, on a whisker, on an outlier.
        let tester = HitTester(scene: scene)
        #expect(tester.hit(at: r.center) == .record(plotID: "b", record: 0))
        #expect(tester.hit(at: Point(x: w[0].from.x + 2, y: (w[0].from.y + w[0].to.y) / 2)) == .record(plotID: "b", record: 0))
        #expect(tester.hit(at: outliers[1]!) == .record(plotID: "b", record: 0))
    }

    @Test("Ten thousand outliers lay out one per pixel row, each where its value is")
    func manyOutliers() throws {
        let body: [Double] = (0..<50_000).map { (i: Int) -> Double in Double(i % 100) }
        let tail: [Double] = (0..<10_000).map { (i: Int) -> Double in 1000 + Double(i) / 10 }
        let values = body + tail
        let box = try #require(BoxStatistics(of: values))
        #expect(box.outliers.count == 10_000)
        let plot = BoxPlot(identifier: "b", boxes: [box])
        let graph = Graph(title: "Tail")
        graph.add(plot)
        let scene = layout(graph, 400, 300)
        let t = try #require(scene.transform(ofSpace: "default"))
        let points = try #require(scene.plot("b")).items.compactMap { item -> Point? in if case .point(let p, _) = item.shape { p } else { nil } }
        #expect(points.count > 50 && points.count <= 300)
        #expect(Set(points.map { $0.y.rounded() }).count == points.count)
        #expect(points.first?.y == t.deviceY(1000))
    }

    @Test("A box's popup gives the five numbers, the count and the outliers")
    func boxPopup() throws {
        let plot = BoxPlot(identifier: "b", title: "body_mass_g", boxes: [Self.stats], names: ["Adelie"])
        let text = try #require(plot.describe(record: 0, in: RecordContext())).text
        #expect(text == "Adelie · body_mass_g median 3700 (Q1 3350, Q3 4000; whiskers 2850–4775; n 151, 2 outliers)")
        #expect(plot.categoryLabels().map(\.name) == ["Adelie"])
        #expect(plot.legendEntries(seriesColor: .black, theme: .plainWhite).map(\.title) == ["body_mass_g"])
    }
}
