// swift-format-ignore-file
// (The articles show this file's marked code as written; DocArticleTests checks.)
import ChartCairo
import ChartCore
import Foundation
import Testing

/// The code of the documentation's seed-chart articles (Sources/ChartCore/ChartCore.docc), run:
/// each chart is built exactly as its article shows, laid out and rendered to a PNG file, and
/// every `swift` block of each article must equal the code between this file's markers, so an
/// article cannot show code that no longer compiles or no longer draws.
///
/// The PNG files go to `$TMPDIR/chartview-doc-articles` (one per chart) for looking at.
@Suite struct DocArticleTests {
    let renderer = ChartRenderer()

    /// The repository's root, found from this file's path.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static let catalog = root.appendingPathComponent("Sources/ChartCore/ChartCore.docc")

    /// Where the rendered charts are written.
    static let outputFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("chartview-doc-articles")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    // MARK: The articles' code

    // article: BuildingAnEnrolmentBarChart
    func enrolmentChart() -> Graph {
        let subjects = ["Mathematics", "English", "Physics", "Chemistry", "Biology", "History"]
        let students: [Double] = [12, 9, 5, 7, 6, 3]
        let colors: [Fill] = [0x4E79A7, 0xF28E2B, 0xE15759, 0x76B7B2, 0x59A14F, 0xEDC948]
            .map { .solid(Color(rgb: $0)) }

        let graph = Graph(title: "Enrolment by subject")
        graph.plotAreaPadding = EdgeInsets(top: 20, left: 10, bottom: 10, right: 20)

        let bars = BarPlot(identifier: "enrolment", title: "Students",
                           values: students, categories: subjects, fills: colors)
        graph.add(bars)

        let space = graph.defaultPlotSpace
        space.xScale = .category
        space.yRange = PlotRange(0, (students.max() ?? 0) + 1)

        graph.xAxis.labelRotation = 45
        graph.yAxis.title = "Students"
        graph.legend.isHidden = true
        return graph
    }
    // end article

    // article: BuildingExchangeRateCharts
    func exchangeRatePie() -> Graph {
        let currencies = ["EUR", "GBP", "CHF", "JPY"]
        let rates = [0.91, 0.78, 0.86, 1.45]

        let graph = Graph(title: "One dollar in")
        let pie = PieChart(identifier: "rates", title: "Rates", values: rates, names: currencies,
                           labels: zip(currencies, rates).map { "\($0)\n\(String(format: "%.2f", $1))" })
        pie.startAngle = 45
        pie.sliceDirection = .clockwise
        pie.borderLineStyle = LineStyle(color: .white, width: 2)
        graph.add(pie)
        graph.legend.position = .automatic
        return graph
    }

    /// Pops up a bar's value above it when the bar is selected.
    final class ValuePopup: PlotDelegate {
        let graph: Graph

        init(graph: Graph) { self.graph = graph }

        func plot(_ plot: any Plot, wasSelectedAtRecord record: Int) {
            guard let bars = plot as? BarPlot else { return }
            graph.annotations.removeAll { $0.identifier == "popup" }
            graph.annotations.append(Annotation(
                identifier: "popup",
                text: String(format: "%.2f", bars.value(at: record)),
                anchor: .record(plotID: plot.identifier, record: record),
                displacement: Point(x: 0, y: -4), hasBox: true, contentAnchor: .bottom))
        }

        /// The switch of one currency: hides or shows its bars, and removes a popup on them.
        func setShown(_ shown: Bool, plot: BarPlot) {
            plot.isHidden = !shown
            if !shown {
                graph.annotations.removeAll {
                    if case .record(plotID: plot.identifier, record: _) = $0.anchor { return true }
                    return false
                }
            }
        }
    }

    func exchangeRateBars() -> (Graph, ValuePopup) {
        let days = ["Mon", "Tue", "Wed", "Thu", "Fri"]
        let rates: [String: [Double]] = [
            "EUR": [0.91, 0.92, 0.90, 0.93, 0.92],
            "GBP": [0.78, 0.79, 0.77, 0.78, 0.80],
            "CHF": [0.86, 0.88, 0.87, 0.85, 0.86],
        ]

        let graph = Graph(title: "Exchange rates\none dollar in three currencies")
        let popup = ValuePopup(graph: graph)
        for (index, code) in ["EUR", "GBP", "CHF"].enumerated() {
            let plot = BarPlot(identifier: code, values: rates[code] ?? [], categories: days)
            plot.barWidth = 0.25
            plot.barOffset = Double(index - 1) * 0.25
            plot.delegate = popup
            graph.add(plot)
        }
        let highest = rates.values.flatMap { $0 }.max() ?? 1
        graph.defaultPlotSpace.xScale = .category
        graph.defaultPlotSpace.yRange = PlotRange(0, highest * 1.4)
        return (graph, popup)
    }
    // end article

    // article: BuildingAJournalsCharts
    func moodChart(moods: [Double?]) -> Graph {
        let graph = Graph(title: "Mood in March")
        graph.noDataText = "You need to provide data"
        let days = (1...moods.count).map(Double.init)
        graph.add(BarPlot(identifier: "mood", title: "Mood", values: moods, locations: days))
        graph.xAxis.title = "Day of the month"
        graph.yAxis.title = "Mood (1–5)"
        graph.legend.isHidden = true
        return graph
    }

    func waterAndExercise(water: [Double], exercise: [Double]) -> Graph {
        let graph = Graph(title: "Water and exercise")
        let days = (1...water.count).map(Double.init)
        graph.add(BarPlot(identifier: "water", title: "Water (glasses)", values: water, locations: days))

        let line = ScatterPlot(identifier: "exercise", title: "Exercise (hours)", x: days, y: exercise)
        line.symbol = PlotSymbol(.ellipse, size: 8)
        graph.add(line)

        graph.xAxis.title = "Day of the month"
        graph.legend.position = .bottom
        return graph
    }

    func eventCategories(counts: [String: Int]) -> Graph {
        let names = counts.keys.sorted()
        let graph = Graph(title: "Events in March")
        graph.noDataText = "You need to provide data"
        graph.add(PieChart(identifier: "events", title: "Events",
                           values: names.map { Double(counts[$0] ?? 0) }, names: names))
        return graph
    }
    // end article

    // article: BuildingAScatterPlot
    func squaresScatter() -> Graph {
        let xs = Array(stride(from: -10.0, through: 10.0, by: 1.0))
        let graph = Graph(title: "y = x²", theme: .plainBlack)
        graph.plotAreaPadding = EdgeInsets(top: 20, left: 20, bottom: 20, right: 30)

        let plot = ScatterPlot(identifier: "squares", title: "x²", x: xs, y: xs.map { $0 * $0 })
        plot.showsLine = false
        plot.symbol = PlotSymbol(.cross, size: 10, lineStyle: LineStyle(color: .white, width: 1.5))
        graph.add(plot)

        let space = graph.defaultPlotSpace
        space.xRange = PlotRange(-11, 11)
        space.yRange = PlotRange(-5, 105)

        graph.xAxis.title = "Data X"
        graph.yAxis.title = "Data Y"
        graph.xAxis.lineStyle = LineStyle(color: .white, width: 1)
        graph.yAxis.lineStyle = LineStyle(color: .white, width: 1)
        graph.legend.isHidden = true
        return graph
    }
    // end article

    // MARK: Rendering them

    /// Lays out and writes one chart; returns its scene.
    @discardableResult
    func render(_ graph: Graph, name: String, size: Size = Size(width: 800, height: 600)) throws -> Scene {
        let scene = renderer.layout(graph, size: size)
        try renderer.write(scene, to: Self.outputFolder.appendingPathComponent("\(name).png").path)
        return scene
    }

    @Test func enrolmentHasOneColoredBarPerSubject() throws {
        let scene = try render(enrolmentChart(), name: "enrolment")
        let bars = scene.plots.flatMap(\.items)
        #expect(bars.count == 6)
        #expect(Set(bars.map(\.fill)).count == 6)
        #expect(scene.allTexts.contains { $0.text == "Mathematics" })
    }

    @Test func exchangeRatesShowAPieAndAPopupThatAHiddenPlotLoses() throws {
        let pie = try render(exchangeRatePie(), name: "exchange-pie")
        #expect(pie.plots.flatMap(\.items).count == 4)
        #expect(pie.allTexts.contains { $0.text.contains("EUR") })
        // Wider than tall: the legend sits right; taller than wide, below.
        try render(exchangeRatePie(), name: "exchange-pie-tall", size: Size(width: 500, height: 800))

        let (graph, popup) = exchangeRateBars()
        let gbp = try #require(graph.plot(identifier: "GBP") as? BarPlot)
        gbp.notifySelection(record: 2)
        #expect(graph.annotations.map(\.text) == ["0.77"])
        let bars = try render(graph, name: "exchange-bars")
        #expect(bars.plots.flatMap(\.items).count == 15)
        #expect(bars.allTexts.contains { $0.text == "0.77" })

        popup.setShown(false, plot: gbp)
        #expect(graph.annotations.isEmpty)
        let hidden = try render(graph, name: "exchange-bars-hidden")
        #expect(hidden.plots.flatMap(\.items).count == 10)
    }

    @Test func journalChartsShowTheMonthOrAskForData() throws {
        let moods: [Double?] = [3, 4, 2, nil, 5, 4, 3, 3, 4, 5, 2, 1, 3, 4]
        let mood = try render(moodChart(moods: moods), name: "journal-mood")
        #expect(mood.plots.flatMap(\.items).count == 13)

        let combined = try render(waterAndExercise(water: [6, 8, 5, 7, 9, 6, 8], exercise: [0.5, 1, 0, 1.5, 1, 0.5, 2]),
                                  name: "journal-combined")
        #expect(combined.plots.count == 2)

        try render(eventCategories(counts: ["Work": 9, "Family": 6, "Sport": 4, "Friends": 3]), name: "journal-events")

        let empty = try render(eventCategories(counts: [:]), name: "journal-empty")
        #expect(empty.allTexts.contains { $0.text == "You need to provide data" })
    }

    @Test func scatterPlotsTwentyOneCrossesOnDark() throws {
        let scene = try render(squaresScatter(), name: "squares")
        #expect(scene.plots.flatMap(\.items).count == 21)
        #expect(scene.allTexts.contains { $0.text == "Data X" })
        #expect(scene.allTexts.contains { $0.text == "Data Y" })
    }

    // MARK: The articles show this code

    /// The code between `// article: NAME` and `// end article` in this file, by NAME, without
    /// its common indentation.
    static func markedCode() throws -> [String: String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        var blocks: [String: [String]] = [:]
        var current: String?
        for line in source.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("// article: ") {
                current = String(trimmed.dropFirst("// article: ".count))
            } else if trimmed == "// end article" {
                current = nil
            } else if let name = current {
                blocks[name, default: []].append(String(line))
            }
        }
        return blocks.mapValues(Self.dedented)
    }

    /// The lines joined, without the indentation they share and without blank lines at the ends.
    static func dedented(_ lines: [String]) -> String {
        let indent = lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            .map { $0.prefix { $0 == " " }.count }.min() ?? 0
        var body = lines.map { $0.trimmingCharacters(in: .whitespaces).isEmpty ? "" : String($0.dropFirst(indent)) }
        while body.first == "" { body.removeFirst() }
        while body.last == "" { body.removeLast() }
        return body.joined(separator: "\n")
    }

    /// The article's `swift` code blocks, joined by a blank line.
    static func articleCode(_ name: String) throws -> String {
        let text = try String(contentsOf: catalog.appendingPathComponent("\(name).md"), encoding: .utf8)
        var blocks: [[String]] = []
        var current: [String]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line.hasPrefix("```swift") {
                current = []
            } else if current != nil, line.hasPrefix("```") {
                blocks.append(current ?? [])
                current = nil
            } else {
                current?.append(String(line))
            }
        }
        return blocks.map { dedented($0) }.joined(separator: "\n\n")
    }

    @Test(arguments: ["BuildingAnEnrolmentBarChart", "BuildingExchangeRateCharts", "BuildingAJournalsCharts",
                      "BuildingAScatterPlot"])
    func articleShowsTheTestedCode(article: String) throws {
        let code = try #require(try Self.markedCode()[article], "no code marked for \(article) in \(#filePath)")
        #expect(try Self.articleCode(article) == code,
                "the swift blocks of \(article).md differ from the code marked in DocArticleTests.swift")
    }
}
