import Foundation

/// The `--dump-layout` JSON: the scene as tests and tools read it (and the fuzz targets encode,
/// since JSON has no NaN or infinity: a scene holding one fails to encode). Rects are
/// `[x, y, width, height]` in device pixels, origin top-left. Keep the format stable; add keys,
/// never rename them.
public struct LayoutDump: Codable, Sendable {
    struct Legend: Codable {
        var position: String
        var rect: [Double]?
        var rows: Int
        var columns: Int
        var entries: [Entry]
    }

    struct Entry: Codable {
        var plot: String
        /// The record a pie slice's entry stands for.
        var record: Int?
        var title: String
        var rect: [Double]
        var swatch: [Double]
        var visible: Bool
    }

    struct Plot: Codable {
        var id: String
        var title: String
        var kind: String
        var visible: Bool
        var items: [Item]
        /// Data labels: values over bars, slice labels.
        var labels: [Label]
    }

    /// One item of a record: `rect` for a bar (a candle's body, a box, a heatmap's cell);
    /// `point` for a line or scatter record (a bubble, an outlier); `center`, `radius`,
    /// `innerRadius`, `startAngle` and `endAngle` (radians from +x towards +y, which points
    /// down, as Cairo measures; start < end) for a pie slice; `segments`, each
    /// `[x1, y1, x2, y2]`, for strokes (a wick, an OHLC bar's ticks, whiskers, error bars);
    /// `polygon`, `[x1, y1, x2, y2, …]`, for a closed outline (a radar's series: its whole
    /// polygon first, then per record its vertex's `point` and the transparent share of the
    /// polygon nearest that vertex, a polygon of hit width 0). `hitWidth`
    /// is how wide a stroke or outline is hit (0: inside only). `symbolSize` is a point's
    /// marker's size (a bubble's diameter). A record may have several items.
    struct Item: Codable {
        var record: Int
        var value: Double
        var rect: [Double]?
        var point: [Double]?
        var center: [Double]?
        var radius: Double?
        var innerRadius: Double?
        var startAngle: Double?
        var endAngle: Double?
        var segments: [[Double]]?
        var polygon: [Double]?
        var hitWidth: Double?
        var symbolSize: Double?
        /// The fill's color as `#rrggbb`, for checking pixels.
        var color: String
        /// What the record's popup says ("2008-03-01 · AAPL 143.50"): dates as the axis shows
        /// them, never seconds since 1970.
        var text: String?

        init(_ item: PlotItem, text: String? = nil) {
            record = item.record
            value = item.value
            self.text = text
            color = item.fill.representativeColor.hexString
            switch item.shape {
            case .rect(let r, _):
                rect = r.array
            case .point(let p, let symbol):
                point = [p.x, p.y]
                symbolSize = symbol?.size
            case .wedge(let c, let r, let inner, let start, let end):
                center = [c.x, c.y]
                radius = r
                innerRadius = inner
                startAngle = start
                endAngle = end
            case .segments(let list, let width):
                segments = list.map { [$0.from.x, $0.from.y, $0.to.x, $0.to.y] }
                hitWidth = width
            case .polygon(let vertices, let width):
                polygon = vertices.flatMap { [$0.x, $0.y] }
                hitWidth = width
            }
        }
    }

    struct Axis: Codable {
        var id: String
        var rotation: Double
        var labels: [Label]
        var title: Label?
    }

    struct Label: Codable {
        var text: String
        var rect: [Double]
        /// Degrees, counter-clockwise.
        var angle: Double
    }

    /// One plot space as the layout mapped it: its ranges in data units, whether each is the
    /// graph's own (fitted or set) or the view's, and the mapping `device = forward(value) ×
    /// factor + offset` per axis (`forward` is log10 on a log scale).
    struct Space: Codable {
        struct Mapping: Codable {
            var factor: Double
            var offset: Double
            var logarithmic: Bool
        }

        var id: String
        var x: [Double]
        var y: [Double]
        var xScale: String
        var yScale: String
        var fittedX: Bool
        var fittedY: Bool
        var xMapping: Mapping
        var yMapping: Mapping
    }

    var size: [Double]
    var scale: Double
    var plotArea: [Double]
    /// Each plot space's ranges and mapping, the default first.
    var spaces: [Space]?
    /// Whether the view autoscales y to the visible x range.
    var autoscalesY: Bool?
    var title: Label?
    var legend: Legend
    var plots: [Plot]
    var axes: [Axis]
    var annotations: [Label]
    var message: String?
    /// How the chart was chosen from its data (`Scene.note`).
    var note: String?
    /// A grid's cells (`Scene.cells`): each one's frame on the surface and its scene's dump, in
    /// the cell's own pixels (origin at the frame's top-left). Absent for one graph.
    var cells: [Cell]?

    struct Cell: Codable {
        var frame: [Double]
        var layout: LayoutDump
    }

    /// The dump of `scene`, from the scene alone: each item says what its popup would (its
    /// plot's `describer`), and the note says how the chart was chosen. O(items).
    public init(_ scene: Scene) {
        self.note = scene.note
        func label(_ text: SceneText) -> Label {
            Label(text: text.text, rect: text.rect.array, angle: text.angle * 180 / .pi)
        }
        size = [scene.size.width, scene.size.height]
        scale = scene.scale
        plotArea = scene.plotArea.array
        spaces = scene.plotSpaces.map { space in
            let t = space.transform
            func mapping(_ m: AxisMapping) -> Space.Mapping { Space.Mapping(factor: m.factor, offset: m.offset, logarithmic: m.isLogarithmic) }
            return Space(
                id: space.identifier, x: [t.xRange.lower, t.xRange.upper], y: [t.yRange.lower, t.yRange.upper],
                xScale: t.xScale.rawValue, yScale: t.yScale.rawValue, fittedX: space.isFittedX, fittedY: space.isFittedY,
                xMapping: mapping(t.mappingX), yMapping: mapping(t.mappingY))
        }
        autoscalesY = scene.view.autoscalesY
        title = scene.title.map(label)
        if let legend = scene.legend {
            self.legend = Legend(
                position: legend.position.rawValue, rect: legend.rect.array, rows: legend.rows, columns: legend.columns,
                entries: legend.entries.map {
                    Entry(plot: $0.plotID, record: $0.record, title: $0.title, rect: $0.rect.array, swatch: $0.swatch.array, visible: $0.isVisible)
                })
        } else {
            legend = Legend(position: "none", rect: nil, rows: 0, columns: 0, entries: [])
        }
        plots = scene.plots.map { plot in
            Plot(
                id: plot.plotID, title: plot.title, kind: plot.kind.name, visible: plot.isVisible,
                items: plot.items.map { item in Item(item, text: plot.describer?.description(of: item.record)?.text) },
                labels: plot.labels.map(label))
        }
        axes = scene.axes.map { axis in
            Axis(id: axis.axisID, rotation: axis.labelRotation, labels: axis.labels.map(label), title: axis.title.map(label))
        }
        annotations = scene.annotations.map { label($0.text) }
        message = scene.message?.text
        if scene.isGrid { cells = scene.cells.map { Cell(frame: $0.frame.array, layout: LayoutDump($0.scene)) } }
    }

    /// Pretty-printed JSON with sorted keys, so that dumps diff cleanly.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
