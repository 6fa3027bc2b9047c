import ChartCairo
import ChartCore
import Testing

// Deliberately not `@testable`: what this file uses is what a library user can reach.

// README: "Your own plot kind" shows from here…
extension PlotKind {
    /// This kind's name in the scene and `--dump-layout`, declared beside its plot type as the
    /// built-in kinds are.
    static let lollipop = PlotKind("lollipop")
}

/// A plot kind written outside ChartCore with its public building blocks only: a stem from a
/// base line to each value (a segment, hit along its length) and a head (a point), pulled
/// through `SeriesCache` with a field of its own, placed through the context's transform.
/// What `Plot` requires and nothing more: the capability protocols (`CategoryPlot`,
/// `KeyedRecordsPlot`, …) are for what it does not do.
final class LollipopPlot: Plot {
    /// A field of this kind's own: where each stem starts (data units of y).
    static let stemBase = PlotField("stemBase")

    var state: PlotState
    var kind: PlotKind { .lollipop }
    let dataSource: any PlotDataSource
    private var cache = SeriesCache()

    init(identifier: String, title: String, dataSource: any PlotDataSource) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    private func data() -> SeriesData { cache.data(for: self, source: dataSource, fields: [Self.stemBase]) }

    var hasData: Bool { data().hasFiniteValue }

    func dataExtent() -> DataExtent? {
        let data = data()
        let bases = data.numbers(of: Self.stemBase).filter(\.isFinite)
        guard let values = data.valueRange else { return nil }
        let y = bases.reduce(values) { $0.including($1) }
        return DataExtent(x: data.locationRange, y: y, yAnchors: bases)
    }

    func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = data()
        let bases = data.numbers(of: Self.stemBase)
        let color = context.seriesColor
        var items: [PlotItem] = []
        for i in 0..<data.count {
            guard let head = context.transform.devicePoint(Point(x: data.locations[i], y: data.values[i])),
                let foot = context.transform.devicePoint(Point(x: data.locations[i], y: bases[i].isFinite ? bases[i] : 0))
            else { continue }
            items.append(
                PlotItem(
                    record: i, value: data.values[i],
                    shape: .segments([PlotItem.Segment(from: foot, to: head)], hitWidth: 6 * context.scale),
                    fill: .solid(color), stroke: LineStyle(color: color, width: 3 * context.scale), anchor: head))
            items.append(
                PlotItem(
                    record: i, value: data.values[i],
                    shape: .point(head, symbol: PlotSymbol(.ellipse, size: 14 * context.scale, fill: .solid(color))),
                    fill: .solid(color), stroke: nil, anchor: head))
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: context.plotArea)
    }

    func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [
            LegendItem(
                title: title, line: LineStyle(color: seriesColor, width: 3),
                symbol: PlotSymbol(.ellipse, size: 10, fill: .solid(seriesColor)))
        ]
    }

    func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = data()
        guard record < data.count, data.values[record].isFinite else { return nil }
        return RecordDescription(
            location: context.locationText(
                data.locations[record], name: data.name(record),
                dateResolution: .day),
            series: title, value: (valueFormat ?? .fixed(decimals: 1)).format(data.values[record]))
    }
}
// …to here (ReadmeExampleTests checks).

/// Hears selections, of any plot kind.
final class SelectionRecorder: PlotDelegate {
    var heard: [(plotID: String, record: Int)] = []

    func plot(_ plot: any Plot, wasSelectedAtRecord record: Int) { heard.append((plot.identifier, record)) }
}

/// A plot kind defined outside ChartCore renders, is hit where it is drawn, shows in the
/// legend, animates and dumps like a built-in one.
@Suite struct UserPlotKindTests {
    let renderer = ChartRenderer()

    func graph() -> Graph {
        let graph = Graph(title: "Lollipops")
        let source = ArrayDataSource(
            numbers: [3, 7, 5, 9], locations: [1, 2, 3, 4],
            fields: [LollipopPlot.stemBase: [1, 1, 2, .nan]])
        graph.add(LollipopPlot(identifier: "pops", title: "Pops", dataSource: source))
        graph.add(ScatterPlot(identifier: "line", title: "Line", dataSource: ArrayDataSource(numbers: [11, 12, 11, 12], locations: [1, 2, 3, 4])))
        graph.legend.isHidden = false
        return graph
    }

    @Test(arguments: [Size(width: 1024, height: 768), Size(width: 500, height: 900), Size(width: 320, height: 240)])
    func rendersWhereItsSceneSays(size: Size) throws {
        let scene = renderer.layout(graph(), size: size)
        let plot = try #require(scene.plot("pops"))
        #expect(plot.kind == .lollipop)
        #expect(plot.items.count == 8)
        let image = try renderer.image(of: scene)
        let seriesColor = plot.items[0].fill.representativeColor
        let expected = PixelColor(
            red: Int((seriesColor.red * 255).rounded()), green: Int((seriesColor.green * 255).rounded()),
            blue: Int((seriesColor.blue * 255).rounded()))
        for item in plot.items {
            switch item.shape {
            case .point(let p, _):
                #expect(image.pixel(x: Int(p.x), y: Int(p.y)).distance(to: expected) <= 2, "head \(item.record) at \(p)")
            case .segments(let segments, _):
                let s = segments[0]
                let mid = Point(x: (s.from.x + s.to.x) / 2, y: (s.from.y + s.to.y) / 2)
                #expect(image.pixel(x: Int(mid.x), y: Int(mid.y)).distance(to: expected) <= 40, "stem \(item.record) at \(mid)")
            default:
                Issue.record("unexpected shape \(item.shape)")
            }
        }
    }

    @Test func isHitWhereItIsDrawnAndListedInTheLegend() throws {
        let scene = renderer.layout(graph(), size: Size(width: 800, height: 600))
        let plot = try #require(scene.plot("pops"))
        let tester = HitTester(scene: scene)
        for item in plot.items {
            if case .segments(let segments, _) = item.shape {
                let s = segments[0]
                // A quarter of the way up the stem, 2 pixels to its side: off the head, on the stroke's hit width.
                let p = Point(x: s.from.x + 2, y: s.from.y + (s.to.y - s.from.y) / 4)
                #expect(tester.hit(at: p) == .record(plotID: "pops", record: item.record), "stem \(item.record)")
            }
        }
        let legend = try #require(scene.legend)
        let entry = try #require(legend.entries.first { $0.plotID == "pops" })
        #expect(entry.title == "Pops")
        #expect(tester.hit(at: entry.rect.center) == .legendEntry(plotID: "pops", record: nil))
    }

    @Test func animatesAndDumpsLikeABuiltInKind() throws {
        let graph = graph()
        let scene = renderer.layout(graph, size: Size(width: 800, height: 600))
        let half = scene.animated(progress: 0.5)
        let plot = try #require(half.plot("pops")), whole = try #require(scene.plot("pops"))
        let revealX = whole.clip.minX + whole.clip.width / 2
        #expect(plot.items.count == whole.items.filter { $0.anchor.x <= revealX }.count)
        #expect(plot.items.count > 0 && plot.items.count < whole.items.count)
        #expect(half.plot("line")?.pathsClip?.width == whole.clip.width / 2)
        let json = String(decoding: try LayoutDump(scene).encoded(), as: UTF8.self)
        #expect(json.contains("\"kind\" : \"lollipop\""))
        #expect(json.contains("\"segments\""))
        #expect(json.contains("\"text\" : \"4 · Pops 9.0\""))
    }

    @Test func tellsItsDelegateLikeABuiltInKind() throws {
        let graph = graph()
        let plot = try #require(graph.plot(identifier: "pops"))
        let recorder = SelectionRecorder()
        plot.delegate = recorder
        let interaction = ChartInteraction(graph: graph, size: Size(width: 800, height: 600), measurer: PangoText())
        interaction.perform(.selectNextRecord)
        interaction.layoutIfNeeded()
        let selection = try #require(interaction.selection)
        #expect(selection.plotID == "pops")
        #expect(recorder.heard.map(\.plotID) == ["pops"] && recorder.heard.map(\.record) == [selection.record])
    }
}
