import ChartCore
import Foundation
import Testing

/// Axes at every view a zoom or pan can reach: date axes re-tick at calendar units from
/// decades down to seconds, a zoomed category axis names each category in view, a log axis
/// zoomed within one decade keeps its labels, and no two labels overlap anywhere.
@Suite("Zoomed axes")
struct ZoomedAxisTests {
    // MARK: Date axes

    /// A zoom's date span, and the label forms its ticks may take (coarsest to finest).
    struct DateSpan: CustomTestStringConvertible, Sendable {
        var name: String
        var seconds: Double
        var forms: [LabelForm]
        var testDescription: String { name }
    }

    enum LabelForm: CaseIterable, Sendable {
        case year, month, day, minute, second

        /// Whether a label's first line has this form: "2026", "Nov" or "Nov 2026", "Nov 29",
        /// "14:30", "14:30:15".
        func matches(_ text: String) -> Bool {
            let pattern =
                switch self {
                case .year: #"^-?\d{1,6}$"#
                case .month: #"^[A-Z][a-z]{2}( -?\d{1,6})?$"#
                case .day: #"^[A-Z][a-z]{2} \d{1,2}$"#
                case .minute: #"^\d\d:\d\d$"#
                case .second: #"^\d\d:\d\d:\d\d$"#
                }
            return text.range(of: pattern, options: .regularExpression) != nil
        }
    }

    static let year = 31_556_952.0, day = 86_400.0
    static let spans = [
        DateSpan(name: "40 years", seconds: 40 * year, forms: [.year]),
        DateSpan(name: "2 years", seconds: 2 * year, forms: [.year, .month]),
        DateSpan(name: "3 months", seconds: 91 * day, forms: [.month, .day]),
        DateSpan(name: "10 days", seconds: 10 * day, forms: [.month, .day, .minute]),
        DateSpan(name: "1 day", seconds: day, forms: [.day, .minute]),
        DateSpan(name: "3 hours", seconds: 3 * 3_600, forms: [.minute]),
        DateSpan(name: "20 minutes", seconds: 20 * 60, forms: [.minute]),
        DateSpan(name: "90 seconds", seconds: 90, forms: [.minute, .second]),
        DateSpan(name: "10 seconds", seconds: 10, forms: [.second])
    ]

    static let viewSizes = [
        Size(width: 1600, height: 500), Size(width: 800, height: 600), Size(width: 500, height: 900),
        Size(width: 320, height: 240)
    ]

    /// 2024-02-29 12:34:56 UTC, a leap day: where the date views are centred.
    static let leapDay = 1_709_210_096.0

    /// A line over 60 years of daily-ish dates (sparse: zoomed in, it runs across the view between
    /// two records), on a date x axis whose finest unit is `finest`.
    static func dateGraph(finest: DateTickGenerator.Unit? = nil) -> Graph {
        let start = leapDay - 30 * year
        let xs = (0..<20_000).map { start + Double($0) * 60 * year / 20_000 }
        let graph = Graph(title: "dates")
        graph.add(ScatterPlot(identifier: "t", x: xs, y: xs.indices.map { Double($0 % 100) }))
        graph.legend.isHidden = true
        graph.defaultPlotSpace.xScale = .date
        graph.xAxis.finestDateUnit = finest
        return graph
    }

    @Test("A zoomed date axis ticks at whole calendar units and names them", arguments: spans, viewSizes)
    func dateAxisAtEveryZoom(span: DateSpan, size: Size) throws {
        let graph = Self.dateGraph()
        let view = PlotRange(Self.leapDay - span.seconds / 2, Self.leapDay + span.seconds / 2)
        graph.defaultPlotSpace.xRange = view
        let scene = layout(graph, size.width, size.height)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        let texts = x.labels.map(\.text)
        #expect(texts.count >= (size.width >= 500 ? 2 : 1), "\(span.name) at \(size): labels \(texts)")
        for text in texts {
            let first = String(text.split(separator: "\n")[0])
            #expect(span.forms.contains { $0.matches(first) }, "\(span.name) at \(size): '\(first)' is not one of \(span.forms)")
        }
        let read = DateTickGeneratorTests.resolved(texts)
        #expect(Set(read).count == read.count, "\(span.name) at \(size): two labels read alike in \(texts)")
        // Every tick the layout can ask for is a whole calendar unit of its step.
        for target in 1...12 {
            let (step, values) = DateTickGenerator.ticks(in: view, targetCount: target)
            #expect(!values.isEmpty, "\(span.name), target \(target): no tick")
            for value in values {
                #expect(DateTickGeneratorTests.isBoundary(value, of: step, zone: "UTC"), "\(span.name): \(value) is not a boundary of \(step)")
            }
        }
        #expect(LabelOverlapTests.overlappingPairs(x.labels).isEmpty)
    }

    /// Data of whole days zoomed to within a day: there are no day boundaries to tick, so hours,
    /// minutes or seconds tick as for finer data, rather than an empty axis.
    @Test("Daily data zoomed inside a day still gets ticks", arguments: [10_800.0, 1_200.0, 90.0, 10.0])
    func dailyDataZoomedInsideADay(seconds: Double) throws {
        let graph = Self.dateGraph(finest: .day)
        graph.defaultPlotSpace.xRange = PlotRange(Self.leapDay - seconds / 2, Self.leapDay + seconds / 2)
        let scene = layout(graph, 1000, 500)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.labels.count >= 3, "labels \(x.labels.map(\.text))")
        #expect(x.labels.allSatisfy { $0.text.contains(":") }, "clock times: \(x.labels.map(\.text))")
        // Zoomed out, daily data keeps day steps: no "12:00" between its days.
        graph.defaultPlotSpace.xRange = PlotRange(Self.leapDay - 3 * Self.day, Self.leapDay + 3 * Self.day)
        let days = try #require(layout(graph, 1600, 500).axes.first { $0.axisID == "x" })
        #expect(days.labels.allSatisfy { !$0.text.contains(":") }, "\(days.labels.map(\.text))")
    }

    // MARK: Category axes

    static let categoryCount = 2_000

    static func categoryGraph() -> Graph {
        let graph = Graph(title: "categories")
        let names = (0..<categoryCount).map { "Store \($0)" }
        graph.add(BarPlot(identifier: "sales", values: (0..<categoryCount).map { Double($0 % 17 + 1) }, categories: names))
        graph.legend.isHidden = true
        graph.defaultPlotSpace.xScale = .category
        return graph
    }

    @Test("A category axis zoomed to a few of 2,000 categories names each one", arguments: viewSizes)
    func zoomedCategoryAxisNamesEachCategory(size: Size) throws {
        let graph = Self.categoryGraph()
        for (first, count) in [(0, 4), (997, 5), (1_994, 6)] {
            graph.defaultPlotSpace.xRange = PlotRange(Double(first) - 0.5, Double(first + count) - 0.5)
            let scene = layout(graph, size.width, size.height)
            let x = try #require(scene.axes.first { $0.axisID == "x" })
            let names = (first..<first + count).map { "Store \($0)" }
            let texts = x.labels.map(\.text)
            if size.width >= 500 {
                #expect(texts == names, "at \(size)")
            } else {
                // A small chart may cut them, in the middle: each still ends as its name does,
                // and no two read alike.
                #expect(texts.count == names.count, "at \(size): \(texts)")
                for (text, name) in zip(texts, names) where text != name {
                    let parts = text.split(separator: "…", omittingEmptySubsequences: false)
                    #expect(
                        parts.count == 2 && name.hasPrefix(parts[0]) && name.hasSuffix(parts[1]) && parts[1].count >= 2,
                        "at \(size): '\(text)' for '\(name)'")
                }
                #expect(Set(texts).count == texts.count, "at \(size): \(texts)")
            }
            #expect(x.majorTicks.count == count)
            #expect(LabelOverlapTests.overlappingPairs(x.labels).isEmpty)
        }
        // Zoomed out: thinned to every k-th name, none overlapping.
        graph.defaultPlotSpace.xRange = nil
        let x = try #require(layout(graph, size.width, size.height).axes.first { $0.axisID == "x" })
        #expect(!x.labels.isEmpty && x.labels.count < Self.categoryCount)
        #expect(LabelOverlapTests.overlappingPairs(x.labels).isEmpty)
    }

    /// Names whose records are not in location order are found in a zoomed view all the same.
    @Test("A zoomed category axis over names out of location order")
    func zoomedCategoriesOutOfOrder() throws {
        let graph = Graph(title: "reversed")
        let names = ["F", "E", "D", "C", "B", "A"]
        graph.add(BarPlot(identifier: "r", values: [1, 2, 3, 4, 5, 6], locations: [5, 4, 3, 2, 1, 0], categories: names))
        graph.defaultPlotSpace.xScale = .category
        graph.defaultPlotSpace.xRange = PlotRange(1.5, 3.5)
        let x = try #require(layout(graph, 800, 400).axes.first { $0.axisID == "x" })
        #expect(x.labels.map(\.text) == ["C", "D"])
    }

    // MARK: Log axes

    @Test(
        "A log axis zoomed within one decade keeps ticks and labels",
        arguments: [
            PlotRange(2.3, 2.9), PlotRange(150, 180), PlotRange(1.01, 1.02), PlotRange(0.0031, 0.0047),
            PlotRange(1_000, 9_000), PlotRange(7_000, 12_000), PlotRange(1.000_01, 1.000_02)
        ])
    func logAxisWithinADecade(range: PlotRange) throws {
        let graph = Graph(title: "log")
        let xs = (1...2_000).map { pow(10, Double($0) / 250 - 3) }
        graph.add(ScatterPlot(identifier: "p", x: xs, y: xs))
        graph.legend.isHidden = true
        graph.defaultPlotSpace.xScale = .logarithmic
        graph.defaultPlotSpace.yScale = .logarithmic
        graph.defaultPlotSpace.xRange = range
        graph.defaultPlotSpace.yRange = range
        for size in Self.viewSizes {
            let scene = layout(graph, size.width, size.height)
            for axis in scene.axes {
                let texts = axis.labels.map(\.text)
                #expect(texts.count >= (size.width >= 500 ? 2 : 1), "\(axis.axisID) over \(range) at \(size): labels \(texts)")
                #expect(Set(texts).count == texts.count, "\(axis.axisID) over \(range): labels repeat: \(texts)")
                #expect(axis.majorTicks.count >= axis.labels.count)
                #expect(LabelOverlapTests.overlappingPairs(axis.labels).isEmpty)
            }
        }
    }

    // MARK: No overlap at any view

    /// A seeded generator (SplitMix64), so that every run tries the same views.
    struct Seeded: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    enum Kind: CaseIterable { case linear, log, date, category }

    /// A random view of data spanning `lower...upper` (in log₁₀ on a log scale): from a millionth
    /// of the span to three times it, centred anywhere from half a span before the data to half
    /// a span past it.
    static func randomRange(_ lower: Double, _ upper: Double, log: Bool, using rng: inout Seeded) -> PlotRange {
        let f0 = log ? log10(lower) : lower, f1 = log ? log10(upper) : upper
        let span = f1 - f0
        let width = span * pow(10, Double.random(in: -6...0.5, using: &rng))
        let center = f0 + span * Double.random(in: -0.5...1.5, using: &rng)
        let a = center - width / 2, b = center + width / 2
        return log ? PlotRange(pow(10, a), pow(10, b)) : PlotRange(a, b)
    }

    static func randomGraph(_ kind: Kind, using rng: inout Seeded) -> Graph {
        let graph: Graph
        switch kind {
        case .linear:
            graph = Graph(title: "linear")
            let ys = (0..<5_000).map { sin(Double($0) / 300) * 1_000 + Double($0) }
            graph.add(ScatterPlot(identifier: "l", x: (0..<5_000).map { Double($0) * 0.37 - 400 }, y: ys))
            graph.defaultPlotSpace.xRange = randomRange(-400, 1_450, log: false, using: &rng)
            graph.defaultPlotSpace.yRange = randomRange(-1_000, 6_000, log: false, using: &rng)
        case .log:
            graph = Graph(title: "log")
            let xs = (1...3_000).map { pow(10, Double($0) / 500 - 1) }
            graph.add(ScatterPlot(identifier: "g", x: xs, y: xs.map { $0 * $0 }))
            graph.defaultPlotSpace.xScale = .logarithmic
            graph.defaultPlotSpace.yScale = .logarithmic
            graph.defaultPlotSpace.xRange = randomRange(0.1, 1e5, log: true, using: &rng)
            graph.defaultPlotSpace.yRange = randomRange(0.01, 1e10, log: true, using: &rng)
        case .date:
            graph = dateGraph()
            graph.defaultPlotSpace.xRange = randomRange(leapDay - 30 * year, leapDay + 30 * year, log: false, using: &rng)
            graph.defaultPlotSpace.yRange = randomRange(0, 100, log: false, using: &rng)
        case .category:
            graph = categoryGraph()
            graph.defaultPlotSpace.xRange = randomRange(-0.5, Double(categoryCount) - 0.5, log: false, using: &rng)
            graph.defaultPlotSpace.yRange = randomRange(0, 18, log: false, using: &rng)
        }
        graph.legend.isHidden = true
        graph.xAxis.title = "x"
        graph.yAxis.title = "y"
        return graph
    }

    @Test(
        "No axis labels overlap at 200 seeded random views",
        arguments: [
            Size(width: 1600, height: 500), Size(width: 500, height: 900),
            Size(width: 320, height: 240)
        ])
    func noOverlapAtRandomViews(size: Size) throws {
        var rng = Seeded(state: 2_026)
        var overlapping: [String] = []
        var unlabeled: [String] = []
        for round in 0..<200 {
            let kind = Kind.allCases[round % Kind.allCases.count]
            let graph = Self.randomGraph(kind, using: &rng)
            let space = graph.defaultPlotSpace
            let scene = layout(graph, size.width, size.height)
            let labels = scene.axes.flatMap(\.labels)
            let pairs = LabelOverlapTests.overlappingPairs(labels)
            if !pairs.isEmpty { overlapping.append("\(kind) x \(space.xRange!) y \(space.yRange!): \(pairs.prefix(3))") }
            // A numeric axis whose view has room for a label keeps one.
            for axis in scene.axes where axis.labels.isEmpty && (kind != .category || axis.axisID == "y") {
                unlabeled.append("\(kind) \(axis.axisID) x \(space.xRange!) y \(space.yRange!)")
            }
        }
        #expect(overlapping.isEmpty, "\(overlapping.count) views at \(size) with overlapping labels: \(overlapping.prefix(5))")
        #expect(unlabeled.isEmpty, "\(unlabeled.count) axes at \(size) without a label: \(unlabeled.prefix(5))")
    }
}
