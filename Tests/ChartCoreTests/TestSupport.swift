import Testing
import Foundation
import ChartCore

// Shared fixtures for the ChartCore tests: deterministic text metrics, sample graphs and a few
// geometric helpers. Graphs are classes (not Sendable), so parameterized tests take a
// `SampleGraph` case and build a fresh graph inside the test.

/// Every test measures text with the same fixed metrics (0.6 em wide, 1.25 em tall per character).
let testMeasurer = FixedTextMeasurer()

/// Lays `graph` out at `width`×`height` device pixels with the fixed test metrics.
func layout(_ graph: Graph, _ width: Double, _ height: Double, scale: Double = 1) -> Scene {
    graph.layout(size: Size(width: width, height: height), scale: scale, measurer: testMeasurer)
}

/// Sizes from a small widget up to a large window, landscape and portrait.
let sampleSizes: [Size] = [
    Size(width: 200, height: 150), Size(width: 320, height: 240), Size(width: 400, height: 300),
    Size(width: 500, height: 900), Size(width: 640, height: 480), Size(width: 800, height: 600),
    Size(width: 1024, height: 768), Size(width: 1200, height: 600), Size(width: 2000, height: 1000)
]

/// The sizes at which everything is expected to fit inside the graph (≥ 400×300).
let reasonableSizes = sampleSizes.filter { $0.width >= 400 && $0.height >= 300 }

/// Graphs that stress label placement and bars, built fresh per use.
enum SampleGraph: String, CaseIterable, Sendable, CustomTestStringConvertible {
    /// Ten long category names given as custom labels (`.none` policy), free rotation.
    case longCustomLabels
    /// Forty categories from the data source on a category scale.
    case fortyCategories
    /// Numeric x and y axes with huge numbers (locations ~1e9, values ~1e12).
    case hugeNumbers
    /// Three plots of grouped bars over seven named days, a two-line title and a legend.
    case groupedBars
    /// Twelve months with negative values, a y title and no legend.
    case balance

    var testDescription: String { rawValue }

    static let longNames = [
        "Mathematics and Statistics", "English Literature", "Theoretical Physics",
        "Organic Chemistry", "Molecular Biology", "Medieval History", "Human Geography",
        "Computer Science", "Fine Art and Design", "Music Composition"
    ]

    func make() -> Graph {
        switch self {
        case .longCustomLabels:
            let graph = Graph(title: "Enrolment by subject")
            graph.add(BarPlot(identifier: "students", title: "Students", values: [12, 9, 7, 6, 8, 5, 4, 11, 3, 4]))
            graph.xAxis.labelingPolicy = .none
            graph.xAxis.customLabels = Self.longNames.enumerated().map { AxisLabel($0.element, at: Double($0.offset)) }
            graph.xAxis.title = "Subject"
            graph.yAxis.title = "Students"
            return graph
        case .fortyCategories:
            let graph = Graph(title: "Forty categories")
            graph.add(
                BarPlot(
                    identifier: "count", title: "Count", values: (0..<40).map { Double($0 % 7 + 1) },
                    categories: (0..<40).map { "Cat \($0)" }))
            graph.defaultPlotSpace.xScale = .category
            return graph
        case .hugeNumbers:
            let graph = Graph(title: "Huge numbers")
            graph.add(
                BarPlot(
                    identifier: "amount", title: "Amount", values: [1.2e12, 3.4e12, -2.2e12, 9.9e12],
                    locations: [1e9, 2e9, 3e9, 4e9]))
            graph.xAxis.title = "Location"
            graph.yAxis.title = "Amount"
            return graph
        case .groupedBars:
            let days = ["Nov 20", "Nov 21", "Nov 22", "Nov 23", "Nov 24", "Nov 25", "Nov 26"]
            let graph = Graph(title: "USD exchange rates\n20–26 November 2026")
            let series: [(String, [Double])] = [
                ("EUR", [0.912, 0.915, 0.909, 0.918, 0.921, 0.917, 0.914]),
                ("GBP", [0.781, 0.779, 0.785, 0.788, 0.784, 0.790, 0.786]),
                ("CHF", [0.861, 0.866, 0.858, 0.870, 0.874, 0.869, 0.865])
            ]
            for (index, (code, values)) in series.enumerated() {
                let plot = BarPlot(identifier: code.lowercased(), title: code, values: values, categories: days)
                plot.barWidth = 0.25
                plot.barOffset = Double(index - 1) * 0.25
                graph.add(plot)
            }
            graph.defaultPlotSpace.xScale = .category
            graph.defaultPlotSpace.yRange = PlotRange(0, 1.3)
            graph.yAxis.labelFormat = .fixed(decimals: 2)
            graph.yAxis.title = "Units per USD"
            return graph
        case .balance:
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            let values: [Double] = [1200, 850, -300, 1500, 2100, -950, 400, 1800, -1200, 600, 2500, 3100]
            let graph = Graph(title: "Monthly balance 2026")
            graph.add(BarPlot(identifier: "balance", title: "Balance (EUR)", values: values, categories: months))
            graph.defaultPlotSpace.xScale = .category
            graph.legend.isHidden = true
            graph.yAxis.title = "EUR"
            return graph
        }
    }
}

/// A graph of `count` bar plots named "Series 1"…, each with a few values.
func manyPlotsGraph(count: Int) -> Graph {
    let graph = Graph(title: "Many series")
    for i in 0..<count {
        graph.add(BarPlot(identifier: "s\(i + 1)", title: "Series \(i + 1)", values: [Double(i % 5 + 1), Double(i % 3 + 2)]))
    }
    return graph
}

extension Rect {
    /// Whether every edge lies on a whole device pixel.
    var isPixelAligned: Bool {
        minX == minX.rounded() && minY == minY.rounded() && width == width.rounded() && height == height.rounded()
    }
}

/// Whether `a` and `b` are equal within `tolerance`.
func isClose(_ a: Double, _ b: Double, tolerance: Double) -> Bool {
    abs(a - b) <= tolerance
}

/// Whether `value` is -0.0.
func isNegativeZero(_ value: Double) -> Bool {
    value == 0 && value.sign == .minus
}
