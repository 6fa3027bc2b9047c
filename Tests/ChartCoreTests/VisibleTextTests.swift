import Foundation
import Testing
import ChartCore

/// Absurd text lengths are cut at layout to what can be seen, before anything measures them: a
/// title of megabytes lays out as one of a few thousand characters does.
@Suite("Visible text")
struct VisibleTextTests {
    /// Fixed metrics that remember the longest text they were asked to measure.
    final class RecordingMeasurer: TextMeasuring {
        let metrics = FixedTextMeasurer()
        var longest = 0
        var total = 0

        func size(of text: String, style: TextStyle) -> Size {
            longest = max(longest, text.utf8.count)
            total += text.utf8.count
            return metrics.size(of: text, style: style)
        }
    }

    /// Whether `text` is within the visible limits: lines of at most the kept characters and
    /// "…", at most the kept lines and a last "…".
    static func isWithinLimits(_ text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        return lines.count <= VisibleText.linesPerText + 1 && lines.allSatisfy { $0.count <= VisibleText.charactersPerLine + 1 }
    }

    @Test func shortTextsAreLeftAsTheyAre() {
        for text in [
            "", "Sales", "Two\nlines", "ünïcödé · 中文 · 🇫🇷", String(repeating: "x", count: VisibleText.charactersPerLine),
            String(repeating: "line\n", count: VisibleText.linesPerText - 1) + "last"
        ] {
            #expect(VisibleText.cut(text) == text)
        }
    }

    @Test func aLongLineIsCutWithAnEllipsis() {
        let line = String(repeating: "abcdefghij", count: 300_000)  // 3 MB
        let cut = VisibleText.cut(line)
        #expect(cut.count == VisibleText.charactersPerLine + 1)
        #expect(cut.hasSuffix("…") && line.hasPrefix(cut.dropLast()))
        // Characters, not bytes: a flag is one character of eight bytes.
        let flags = String(repeating: "🇫🇷", count: 5_000)
        #expect(VisibleText.cut(flags) == String(repeating: "🇫🇷", count: VisibleText.charactersPerLine) + "…")
    }

    @Test func manyLinesAreCutToTheFirstFewHundred() {
        let text = (0..<100_000).map { "line \($0)" }.joined(separator: "\n")
        let cut = VisibleText.cut(text)
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == VisibleText.linesPerText + 1)
        #expect(lines.first == "line 0" && lines[VisibleText.linesPerText - 1] == "line \(VisibleText.linesPerText - 1)")
        #expect(lines.last == "…")
    }

    @Test func longLinesAmongShortOnesAreEachCut() {
        let long = String(repeating: "y", count: 1_000_000)
        let text = "first\n" + long + "\r\nthird\n" + long
        let cut = VisibleText.cut(text)
        let lines = cut.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 4)
        #expect(lines[0] == "first" && lines[2] == "third")
        #expect(lines[1].count == VisibleText.charactersPerLine + 1 && lines[3].hasSuffix("…"))
    }

    @Test func theLongestFittingPrefixMatchesCuttingOneCharacterAtATime() {
        let measurer = FixedTextMeasurer()
        let style = TextStyle(fontSize: 10)
        let text = "Mathematics and Statistics, a long subject name"
        // As the legend uses it: for a title that does not fit.
        for width in stride(from: 5.0, through: 300, by: 7) where measurer.size(of: text, style: style).width > width {
            var slow = text
            while slow.count > 1 && measurer.size(of: slow + "…", style: style).width > width { slow.removeLast() }
            let fast = VisibleText.longestFittingPrefix(of: text, width: width, minimum: 1) { measurer.size(of: $0, style: style).width }
            #expect(fast == slow + "…", "at width \(width)")
        }
    }

    /// A graph whose every user text is megabytes long: title, axis titles, category labels, a
    /// legend entry, an annotation.
    static func hugeTextGraph(megabytes: Int) -> Graph {
        let huge = String(repeating: "Quarterly revenue ", count: megabytes * 1_000_000 / 18)
        let manyLines = (0..<(megabytes * 50_000)).map { "line \($0)" }.joined(separator: "\n")
        let graph = Graph(title: huge + "\n" + manyLines)
        graph.add(
            BarPlot(
                identifier: "sales", title: huge, values: [3, 5, 2],
                categories: ["North " + huge, "South", manyLines]))
        graph.add(BarPlot(identifier: "costs", title: "Costs", values: [1, 2, 1], categories: ["North " + huge, "South", manyLines]))
        graph.defaultPlotSpace.xScale = .category
        graph.xAxis.title = huge
        graph.yAxis.title = manyLines
        graph.annotations.append(Annotation(identifier: "note", text: huge, anchor: .plotArea(.topLeft)))
        return graph
    }

    @Test(arguments: [1, 4])
    func aGraphOfMegabyteTextsLaysOutMeasuringOnlyWhatIsKept(megabytes: Int) {
        let graph = Self.hugeTextGraph(megabytes: megabytes)
        for size in [Size(width: 320, height: 240), Size(width: 1024, height: 768), Size(width: 3840, height: 2160)] {
            let measurer = RecordingMeasurer()
            let start = ContinuousClock.now
            let scene = graph.layout(size: size, measurer: measurer)
            let elapsed = ContinuousClock.now - start
            // Nothing measured is longer than what can be seen: 200 lines of 2,000 characters.
            let mostBytes = (VisibleText.linesPerText + 1) * (VisibleText.charactersPerLine + 1) * 4
            #expect(measurer.longest <= mostBytes, "measured \(measurer.longest) bytes at once at \(size)")
            for text in scene.allTexts + scene.plots.flatMap(\.labels) {
                #expect(Self.isWithinLimits(text.text), "a drawn text of \(text.text.count) characters at \(size)")
            }
            for entry in scene.legend?.entries ?? [] { #expect(Self.isWithinLimits(entry.title)) }
            for plot in scene.plots { #expect(Self.isWithinLimits(plot.title)) }
            // (At 320x240 the megabyte labels leave no room for both: the legend of two series
            // stays, the title goes.)
            #expect(scene.title?.text.hasPrefix("Quarterly revenue") == true || (size.width <= 320 && scene.legend != nil))
            print("\(megabytes) MB texts at \(Int(size.width))x\(Int(size.height)): layout \(elapsed), \(measurer.total) bytes measured in all")
        }
    }

    @Test func aMegabyteMessageAndStatusLineAreCut() {
        let graph = Graph(title: "Empty")
        graph.noDataText = String(repeating: "no data ", count: 500_000)
        let measurer = RecordingMeasurer()
        let interaction = ChartInteraction(graph: graph, size: Size(width: 800, height: 600), measurer: measurer)
        interaction.statusMessage = String(repeating: "status ", count: 500_000)
        interaction.layoutIfNeeded()
        #expect(interaction.scene.message.map { Self.isWithinLimits($0.text) } == true)
        #expect(interaction.scene.overlays.flatMap(\.texts).allSatisfy { Self.isWithinLimits($0.text) })
        #expect(measurer.longest <= (VisibleText.charactersPerLine + 1) * 4)
    }

    @Test func aTitleOfManyLinesTakesAtMostHalfTheHeightAndSaysItWasCut() {
        let graph = Graph(title: (0..<1_000).map { "Title line \($0)" }.joined(separator: "\n"))
        graph.add(BarPlot(identifier: "sales", values: [3, 5, 2], categories: ["North", "South", "West"]))
        graph.defaultPlotSpace.xScale = .category
        let size = Size(width: 800, height: 600)
        let scene = graph.layout(size: size, measurer: FixedTextMeasurer())
        let title = try! #require(scene.title)
        #expect(title.rect.height <= size.height / 2)
        let lines = title.text.split(separator: "\n")
        #expect(lines.count > 1 && lines.first == "Title line 0")
        #expect(lines.last?.hasSuffix("…") == true)
        #expect(scene.plotArea.height > size.height / 3)
    }

    @Test func aMegabyteAxisTitleIsCutToThePlotAreaWhichKeepsItsRoom() {
        let huge = String(repeating: "Revenue in euros ", count: 60_000)
        let graph = Graph(title: "Sales")
        graph.add(BarPlot(identifier: "sales", values: [3, 5, 2], categories: ["North", "South", "West"]))
        graph.defaultPlotSpace.xScale = .category
        let plain = graph.layout(size: Size(width: 800, height: 600), measurer: FixedTextMeasurer())
        graph.xAxis.title = huge
        graph.yAxis.title = (0..<10_000).map { "line \($0)" }.joined(separator: "\n")
        let scene = graph.layout(size: Size(width: 800, height: 600), measurer: FixedTextMeasurer())
        // The titles take room beside the plot area, which stays most of what it was.
        #expect(scene.plotArea.width > plain.plotArea.width / 2 && scene.plotArea.height > plain.plotArea.height / 2)
        for axis in scene.axes {
            let title = try! #require(axis.title)
            #expect(title.text.hasSuffix("…"))
            let along = axis.axisID == "x" ? title.rect.width : title.rect.height
            let plotLength = axis.axisID == "x" ? scene.plotArea.width : scene.plotArea.height
            #expect(along <= plotLength + 1, "axis \(axis.axisID)")
        }
    }

    @Test func aPopupAndAStatusLineOfMegabytesStayInsideTheWindowCutWithAnEllipsis() throws {
        let huge = String(repeating: "North region ", count: 100_000)
        let graph = Graph(title: "Sales")
        graph.add(BarPlot(identifier: "sales", values: [3, 5, 2], categories: [huge, "South", "West"]))
        graph.defaultPlotSpace.xScale = .category
        let size = Size(width: 800, height: 600)
        let interaction = ChartInteraction(graph: graph, size: size, measurer: FixedTextMeasurer())
        interaction.statusMessage = "Could not read " + huge
        interaction.layoutIfNeeded()
        interaction.perform(.selectNextRecord)
        interaction.layoutIfNeeded()
        let bounds = Rect(origin: .zero, size: size)
        let popup = try #require(interaction.scene.annotations.first { $0.box != nil })
        #expect(popup.text.text.contains("…"))
        #expect(popup.box.map { $0.minX >= 0 && $0.maxX <= bounds.maxX } == true, "popup at \(String(describing: popup.box))")
        let status = try #require(interaction.scene.overlays.first)
        // The status line keeps a message's end (here the end `cut` left of it).
        #expect(status.texts.first?.text.hasPrefix("…") == true)
        #expect(status.box.minX >= 0 && status.box.maxX <= bounds.maxX, "status line at \(status.box)")
    }

    @Test func aStatusLineTooWideKeepsTheReasonAtItsEnd() throws {
        let graph = Graph(title: "t")
        graph.add(BarPlot(identifier: "v", values: [1, 2], categories: ["a", "b"]))
        graph.defaultPlotSpace.xScale = .category
        let interaction = ChartInteraction(graph: graph, size: Size(width: 320, height: 240), measurer: FixedTextMeasurer())
        interaction.statusMessage = "/home/someone/a/long/folder/db-320x240.sqlite: query failed: no such table: t"
        interaction.layoutIfNeeded()
        let text = try #require(interaction.scene.overlays.first?.texts.first?.text)
        #expect(text.hasPrefix("…") && text.hasSuffix("query failed: no such table: t"), "\(text)")
        #expect(VisibleText.longestFittingSuffix(of: "abcdef", width: 4, measure: { Double($0.count) }) == "…def")
        #expect(VisibleText.longestFittingSuffix(of: "abcdef", width: 0, measure: { Double($0.count) }) == "…f")
    }

    @Test func megabyteBarAndPieLabelsAndLegendEntriesStayInsideTheGraph() {
        let huge = String(repeating: "Quarterly revenue ", count: 60_000)
        let size = Size(width: 900, height: 600)
        let bounds = Rect(origin: .zero, size: size)
        func inside(_ rect: Rect) -> Bool { rect.minX >= -0.5 && rect.maxX <= bounds.maxX + 0.5 }

        let bars = Graph(title: "Bars")
        let plot = BarPlot(identifier: "v", dataSource: ArrayDataSource(numbers: [3, 5, 2], categories: ["North", "South", "West"]))
        (plot.dataSource as? ArrayDataSource)?.labels = [huge, "South", "West"]
        plot.showsValueLabels = true
        bars.add(plot)
        bars.defaultPlotSpace.xScale = .category
        let barScene = bars.layout(size: size, measurer: FixedTextMeasurer())
        let valueLabels = barScene.plots.flatMap(\.labels)
        #expect(valueLabels.contains { $0.text.hasSuffix("…") })
        #expect(valueLabels.allSatisfy { $0.rect.width <= barScene.plotArea.width + 0.5 })

        let pie = Graph(title: "Pie")
        pie.add(PieChart(identifier: "p", values: [3, 5, 2], names: [huge, "South", "West"], labels: [huge, "South", "West"]))
        pie.legend.isHidden = false
        let pieScene = pie.layout(size: size, measurer: FixedTextMeasurer())
        let sliceLabels = pieScene.plots.flatMap(\.labels)
        // The labels still show (a label of megabytes would have hidden them all), each inside.
        #expect(sliceLabels.count == 3 && sliceLabels.contains { $0.text.hasSuffix("…") })
        #expect(sliceLabels.allSatisfy { inside($0.rect) }, "\(sliceLabels.map(\.rect))")
        let entries = pieScene.legend?.entries ?? []
        #expect(!entries.isEmpty && entries.allSatisfy { inside($0.rect) }, "\(entries.map(\.rect))")
    }
}
