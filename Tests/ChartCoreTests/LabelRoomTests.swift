import ChartCore
import Foundation
import Testing

/// Long category names, turned to fit, never take the plot's room: a label reaches at most 30%
/// of the chart's height down from a bottom axis (and stretches at most 30% of its width), cut
/// with "…" past that. Before, names of 50 characters at 45° took 54% of a 1200x500 chart and
/// left a 240x180 chart's plot a 20-pixel strip.
@Suite struct LabelRoomTests {
    static func graph() -> Graph {
        let graph = Graph(title: "Long names")
        let names = (0..<8).map { "Region-" + String(repeating: String($0), count: 45) }
        graph.add(BarPlot(identifier: "revenue", title: "Revenue", values: (0..<8).map { Double($0 * 3) }, categories: names))
        graph.defaultPlotSpace.xScale = .category
        return graph
    }

    @Test(arguments: [Size(width: 1200, height: 500), Size(width: 400, height: 800), Size(width: 240, height: 180)])
    func turnedLabelsLeaveThePlotItsRoom(size: Size) throws {
        let scene = Self.graph().layout(size: size, measurer: testMeasurer)
        let x = try #require(scene.axes.first { $0.axisID == "x" })
        #expect(!x.labels.isEmpty)
        for label in x.labels {
            #expect(
                label.rect.maxY - scene.plotArea.maxY <= 0.3 * size.height + 12,
                "'\(label.text)' reaches \(label.rect.maxY - scene.plotArea.maxY) px down at \(size)")
            #expect(label.rect.width <= 0.3 * size.width + 12, "'\(label.text)' is \(label.rect.width) px wide at \(size)")
        }
        #expect(x.labels.contains { $0.text.hasSuffix("…") })
        #expect(scene.plotArea.height >= (size.height < 300 ? 0.2 : 0.35) * size.height, "plot area \(scene.plotArea) at \(size)")
    }
}
