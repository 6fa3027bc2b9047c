import ChartCore
import Testing

/// A pie's slices as the user handles them: each hides and shows from its legend entry or its
/// number key, the others then share the disc; a slice's popup says what its label says, with its
/// share, and never covers that label.
@Suite("Pie slices: toggles and popups")
struct PieInteractionTests {
    static let sizes = [Size(width: 1200, height: 600), Size(width: 600, height: 900), Size(width: 400, height: 300)]

    /// Eight slices of very different sizes, labels outside (a pie) or inside (a donut).
    static func pie(inside: Bool, customLabels: Bool) -> Graph {
        let graph = Graph(title: "Energy")
        let values: [Double] = [12_275, 5_162, 3_100, 900, 450, 7_800, 260, 1_500]
        let names = ["Gas", "Coal", "Wind", "Solar", "Hydro", "Nuclear", "Oil", "Biomass"]
        let labels = customLabels ? zip(names, values).map { "\($0)\n\(Int($1))" } : nil
        let pie = PieChart(identifier: "energy", title: "Energy", values: values, names: names, labels: labels)
        if inside {
            pie.innerRadiusFraction = 0.45
            pie.labelOffset = -6
        }
        graph.add(pie)
        return graph
    }

    @Test(
        "Every slice's popup says its label's value and share, and keeps clear of that label",
        arguments: sizes, [false, true])
    func popupsKeepClearOfLabels(size: Size, inside: Bool) throws {
        for custom in [false, true] {
            let graph = Self.pie(inside: inside, customLabels: custom)
            let interaction = ChartInteraction(graph: graph, size: size, measurer: testMeasurer)
            interaction.layoutIfNeeded()
            let scene = interaction.scene
            let slices = try #require(scene.plot("energy")).items.map { $0 }
            for slice in slices {
                interaction.select(ChartInteraction.Selection(plotID: "energy", record: slice.record))
                interaction.layoutIfNeeded()
                let popup = try #require(interaction.scene.annotations.first { $0.identifier == ChartInteraction.popupIdentifier })
                let text = popup.text.text.replacingOccurrences(of: "\n", with: " ")
                #expect(text.hasSuffix("%)"), "\(text)")
                let labels = interaction.scene.plot("energy")?.labels ?? []
                // A pie too small for its labels goes without them (nothing to cover).
                if labels.isEmpty { continue }
                let own = labels.first {
                    text.hasPrefix($0.text.replacingOccurrences(of: "\n", with: " ") + " (")
                        || text.hasPrefix(["Gas", "Coal", "Wind", "Solar", "Hydro", "Nuclear", "Oil", "Biomass"][slice.record] + " " + $0.text + " (")
                }
                let label = try #require(own, "no label for '\(text)' among \(labels.map(\.text))")
                #expect(!popup.box!.intersects(label.rect), "\(size), inside \(inside): popup \(popup.box!) covers its label \(label.rect) '\(label.text)'")
            }
        }
    }

    @Test("A pie whose labels would leave it under half its room goes without them; a larger one keeps them")
    func smallPieDropsLabels() throws {
        let small = ChartInteraction(graph: Self.pie(inside: false, customLabels: false), size: Size(width: 300, height: 220), measurer: testMeasurer)
        let pie = try #require(small.scene.plot("energy"))
        #expect(pie.labels.isEmpty)
        guard case .wedge(_, let radius, _, _, _)? = pie.items.first?.shape else { Issue.record("no wedge"); return }
        #expect(radius >= 0.8 * (min(small.scene.plotArea.width, small.scene.plotArea.height) / 2 - 8), "radius \(radius)")
        let large = ChartInteraction(graph: Self.pie(inside: false, customLabels: false), size: Size(width: 1200, height: 800), measurer: testMeasurer)
        #expect(large.scene.plot("energy")?.labels.count == 8)
    }

    @Test("The thousands separator is the same on every slice label")
    func labelsGroupAlike() throws {
        let interaction = ChartInteraction(graph: Self.pie(inside: false, customLabels: false), size: Size(width: 900, height: 600), measurer: testMeasurer)
        let labels = try #require(interaction.scene.plot("energy")).labels.map(\.text)
        #expect(labels.contains("12,275") && labels.contains("5,162") && labels.contains("900"), "\(labels)")
    }

    @Test("A slice hides from its legend entry or number key, the others fill the disc; 0 shows all")
    func slicesToggle() throws {
        let graph = Self.pie(inside: false, customLabels: false)
        let interaction = ChartInteraction(graph: graph, size: Size(width: 900, height: 600), measurer: testMeasurer)
        let entries = try #require(interaction.scene.legend).entries
        #expect(entries.count == 8 && entries.map(\.record) == Array(0..<8))
        // Key 2 (index 1): the second slice.
        interaction.perform(.toggleSeries(1))
        interaction.layoutIfNeeded()
        #expect(interaction.takeEvents() == [.toggle(plotID: "energy", record: 1, visible: false)])
        let items = try #require(interaction.scene.plot("energy")).items.map(\.record)
        #expect(!items.contains(1) && items.count == 7)
        #expect(interaction.scene.legend?.entries[1].isVisible == false)
        #expect(interaction.scene.legend?.entries.count == 8, "a hidden slice keeps its entry, greyed")
        // The seven slices left make a whole disc.
        let sweep = try #require(interaction.scene.plot("energy")).items.reduce(0.0) { total, item in
            guard case .wedge(_, _, _, let start, let end) = item.shape else { return total }
            return total + end - start
        }
        #expect(abs(sweep - 2 * .pi) < 1e-9)
        // A click on the entry brings it back.
        let entry = try #require(interaction.scene.legend?.entries[1])
        interaction.click(at: entry.rect.center)
        interaction.layoutIfNeeded()
        #expect(interaction.takeEvents() == [.toggle(plotID: "energy", record: 1, visible: true)])
        interaction.perform(.toggleSeries(0))
        interaction.perform(.toggleSeries(7))
        interaction.perform(.showAllSeries)
        interaction.layoutIfNeeded()
        #expect(try #require(interaction.scene.plot("energy")).items.count == 8)
        // Hiding every slice says so.
        for index in 0..<8 { interaction.perform(.toggleSeries(index)) }
        interaction.layoutIfNeeded()
        #expect(interaction.scene.message?.text == graph.allHiddenText)
    }

    @Test("Slices keep their colors and hidden state by name when the data changes")
    func slicesCarryOver() throws {
        let old = Self.pie(inside: false, customLabels: false)
        let oldPie = try #require(old.plots.first as? any RecordHidingPlot)
        oldPie.hiddenRecords = [2]  // Wind
        let before = Array(old.layout(size: Size(width: 900, height: 600), measurer: testMeasurer).plot("energy")!.items)
        // The next period lacks Coal and adds Tidal at the end.
        let graph = Graph(title: "Energy")
        graph.add(
            PieChart(
                identifier: "energy", title: "Energy", values: [12_000, 3_000, 800, 400, 7_000, 200, 1_400, 90],
                names: ["Gas", "Wind", "Solar", "Hydro", "Nuclear", "Oil", "Biomass", "Tidal"]))
        graph.carryOver(from: old)
        #expect((graph.plots[0] as? any RecordHidingPlot)?.hiddenRecords == [1])
        let after = Array(graph.layout(size: Size(width: 900, height: 600), measurer: testMeasurer).plot("energy")!.items)
        func color(_ items: [PlotItem], _ record: Int) -> Color? { items.first { $0.record == record }?.fill.representativeColor }
        #expect(color(after, 0) == color(before, 0))  // Gas
        #expect(color(after, 2) == color(before, 3))  // Solar
        #expect(color(after, 6) == color(before, 7))  // Biomass
        let tidal = try #require(color(after, 7))
        #expect(!after.filter { $0.record != 7 }.map(\.fill.representativeColor).contains(tidal))
    }
}

@Suite("Lines and pies at the limits")
struct PlotLimitTests {
    @Test("Two slices of 1e308 and a small one: shares summed scaled, every angle finite")
    func hugeSlices() throws {
        let graph = Graph()
        graph.add(PieChart(identifier: "p", values: [1e308, 1e308, 5]))
        let slices = try #require(graph.layout(size: Size(width: 600, height: 400), measurer: testMeasurer).plot("p")).items
        for slice in slices {
            guard case .wedge(_, let r, _, let start, let end) = slice.shape else { continue }
            #expect(r.isFinite && start.isFinite && end.isFinite && start <= end)
        }
        #expect(slices.count >= 2)
    }

    @Test("A point a line has no neighbour to join (gaps on both sides, a one-row series) is drawn as a dot")
    func lonelyPoints() throws {
        let graph = Graph()
        graph.add(ScatterPlot(identifier: "l", y: [1, nil, 3, nil, 5, 6]))
        let plot = try #require(graph.layout(size: Size(width: 600, height: 400), measurer: testMeasurer).plot("l"))
        let dots = plot.paths.filter { $0.fill != nil && $0.stroke == nil }
        #expect(dots.count == 1)
        #expect(dots.first?.elements.filter { if case .move = $0 { true } else { false } }.count == 2, "dots for records 0 and 2")
        #expect(plot.paths.contains { $0.stroke != nil }, "records 4 and 5 are joined by a line")
    }
}
