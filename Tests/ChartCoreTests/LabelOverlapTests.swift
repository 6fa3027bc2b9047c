import Testing
import Foundation
import ChartCore

@Suite("Label overlap")
struct LabelOverlapTests {
    /// Pairs of texts in `texts` whose true (rotated) outlines overlap.
    static func overlappingPairs(_ texts: [SceneText]) -> [String] {
        var pairs: [String] = []
        for i in texts.indices {
            for j in texts.indices where j > i && texts[i].frame.intersects(texts[j].frame) {
                pairs.append("'\(texts[i].text)' × '\(texts[j].text)'")
            }
        }
        return pairs
    }

    @Test("No two labels of one axis overlap", arguments: SampleGraph.allCases, sampleSizes)
    func sameAxisLabelsApart(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        for axis in scene.axes {
            let pairs = Self.overlappingPairs(axis.labels)
            #expect(pairs.isEmpty, "axis \(axis.axisID) at \(size): \(pairs.prefix(5))")
        }
    }

    @Test("Neighbouring labels keep the layout's 6 px gap", arguments: SampleGraph.allCases, reasonableSizes)
    func neighboursKeepGap(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        for axis in scene.axes {
            for (a, b) in zip(axis.labels, axis.labels.dropFirst()) {
                // Widen each outline by 3 px on every side: the two must still be apart.
                let grownA = OrientedRect(
                    size: Size(width: a.size.width + 6, height: a.size.height + 6),
                    anchor: Point(x: a.anchor.x + 3, y: a.anchor.y + 3), position: a.position, angle: a.angle)
                let grownB = OrientedRect(
                    size: Size(width: b.size.width + 6, height: b.size.height + 6),
                    anchor: Point(x: b.anchor.x + 3, y: b.anchor.y + 3), position: b.position, angle: b.angle)
                #expect(!grownA.intersects(grownB), "axis \(axis.axisID) at \(size): '\(a.text)' and '\(b.text)' closer than 6 px")
            }
        }
    }

    @Test("No two texts of the scene overlap", arguments: SampleGraph.allCases, sampleSizes)
    func allTextsApart(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        let pairs = Self.overlappingPairs(scene.allTexts)
        withKnownIssue(
            "texts collide when the plot area collapses at very small sizes",
            isIntermittent: true
        ) {
            #expect(pairs.isEmpty, "at \(size): \(pairs.prefix(5))")
        } when: {
            scene.plotArea.isEmpty
        }
    }

    @Test("At reasonable sizes every text lies inside the graph", arguments: SampleGraph.allCases, reasonableSizes)
    func textsInsideBounds(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        let bounds = Rect(origin: .zero, size: size)
        for text in scene.allTexts {
            #expect(bounds.contains(text.rect), "'\(text.text)' at \(text.rect) leaves \(size)")
        }
    }

    @Test("At reasonable sizes the plot area is clear of all texts", arguments: SampleGraph.allCases, reasonableSizes)
    func textsOutsidePlotArea(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        let area = OrientedRect(size: scene.plotArea.size, anchor: .zero, position: scene.plotArea.origin, angle: 0)
        for text in scene.allTexts {
            #expect(!text.frame.intersects(area), "'\(text.text)' covers the plot area")
        }
    }

    @Test(
        "Long category labels at a narrow width are rotated or thinned",
        arguments: [
            Size(width: 400, height: 300), Size(width: 500, height: 900), Size(width: 640, height: 480)
        ])
    func longLabelsRotateOrThin(size: Size) throws {
        let scene = SampleGraph.longCustomLabels.make().layout(size: size, measurer: testMeasurer)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.majorTicks.count == 10)
        #expect(x.labelRotation == 45 || x.labels.count < 10, "rotation \(x.labelRotation), \(x.labels.count) labels")
        #expect(!x.labels.isEmpty)
        if x.labelRotation == 45 {
            #expect(x.labels.allSatisfy { isClose($0.angle, .pi / 4, tolerance: 1e-12) })
        }
    }

    @Test("Long labels stay level when there is room")
    func longLabelsLevelWhenWide() throws {
        let scene = layout(SampleGraph.longCustomLabels.make(), 2400, 800)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.labelRotation == 0)
        #expect(x.labels.count == 10)
    }

    @Test("Rotated labels end at their tick, below the axis")
    func rotatedLabelsHangFromTicks() throws {
        let graph = SampleGraph.longCustomLabels.make()
        graph.xAxis.labelRotation = 45
        let scene = layout(graph, 1200, 700)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.labelRotation == 45)
        #expect(x.labels.count == 10)
        for (label, tick) in zip(x.labels, x.majorTicks) {
            #expect(label.rect.minY > scene.plotArea.maxY)
            // The text's end (its right edge's middle) sits at the tick's x.
            #expect(isClose(label.position.x, tick.from.x, tolerance: 1))
            #expect(label.rect.maxX <= tick.from.x + label.size.height)
        }
    }

    @Test("A set rotation is used even where level labels would fit")
    func forcedRotation() throws {
        let graph = SampleGraph.balance.make()
        graph.xAxis.labelRotation = 90
        let scene = layout(graph, 1600, 800)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.labelRotation == 90)
        #expect(x.labels.count == 12)
    }

    @Test("Numeric labels are thinned rather than crowded")
    func numericThinning() throws {
        let narrow = try #require(layout(SampleGraph.hugeNumbers.make(), 640, 480).axes.first { $0.axisID == "x" })
        let wide = try #require(layout(SampleGraph.hugeNumbers.make(), 2000, 1000).axes.first { $0.axisID == "x" })
        #expect(narrow.labels.count < wide.labels.count)
        #expect(narrow.labels.count >= 2)
    }

    @Test("Every numeric axis keeps at least one label", arguments: [SampleGraph.hugeNumbers, .balance], reasonableSizes)
    func numericAxisKeepsALabel(sample: SampleGraph, size: Size) {
        let scene = sample.make().layout(size: size, measurer: testMeasurer)
        let numeric = sample == .hugeNumbers ? scene.axes : scene.axes.filter { $0.axisID == "y" }
        let empty = numeric.filter(\.labels.isEmpty).map(\.axisID)
        // Backing off to a target of 1 tick can pick a step wider than the range (niceStep(4e9, 1)
        // is 5e9 for 0.5e9...4.5e9), leaving the axis with no tick at all.
        #expect(empty.isEmpty, "axes \(empty) have no labels at \(size)")
    }

    @Test("Category labels name the categories in order")
    func categoryLabelsInOrder() throws {
        let scene = layout(SampleGraph.balance.make(), 1600, 800)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(x.labels.map(\.text) == ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"])
        let xs = x.labels.map(\.position.x)
        #expect(xs == xs.sorted())
    }

    @Test("Level y labels sit left of the plot area, centered on their ticks")
    func yLabelsBesideTicks() throws {
        let scene = layout(SampleGraph.balance.make(), 800, 600)
        let y = try #require(scene.axes.first { $0.axisID == "y" })
        #expect(!y.labels.isEmpty)
        #expect(y.labels.count == y.majorTicks.count)
        for (label, tick) in zip(y.labels, y.majorTicks) {
            #expect(label.rect.maxX < scene.plotArea.minX)
            #expect(isClose(label.rect.midY, tick.from.y, tolerance: 1))
        }
    }
}
