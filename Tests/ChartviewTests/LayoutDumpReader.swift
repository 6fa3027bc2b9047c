import Foundation

/// The `--dump-layout` JSON as the tests read it (only the keys they use).
struct LayoutDumpReader: Decodable {
    struct Legend: Decodable {
        var position: String
        var rect: [Double]?
        var entries: [Entry]
    }

    struct Entry: Decodable {
        var plot: String
        var title: String
        var rect: [Double]
        var visible: Bool
        /// The record a pie slice's entry stands for.
        var record: Int?
    }

    struct Plot: Decodable {
        var id: String
        var title: String
        var kind: String
        var visible: Bool
        var items: [Item]
        /// Data labels: values over bars, slice labels.
        var labels: [Label]?
    }

    /// One record: `rect` for a bar (empty for other kinds); `point` for a line or scatter
    /// record; `center`, `radius`, `innerRadius`, `startAngle`, `endAngle` for a pie slice.
    struct Item: Decodable {
        var record: Int
        var value: Double
        var rect: [Double]
        var color: String
        var point: [Double]?
        var center: [Double]?
        var radius: Double?
        var innerRadius: Double?
        var startAngle: Double?
        var endAngle: Double?
        /// Strokes, each `[x1, y1, x2, y2]` (a wick, an OHLC bar, an error bar, whiskers).
        var segments: [[Double]]?
        /// What the record's popup says.
        var text: String?
        /// A point's marker size (a bubble's diameter).
        var symbolSize: Double?

        private enum CodingKeys: String, CodingKey {
            case record, value, rect, color, point, center, radius, innerRadius, startAngle, endAngle, segments, text, symbolSize
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            record = try container.decode(Int.self, forKey: .record)
            value = try container.decode(Double.self, forKey: .value)
            rect = try container.decodeIfPresent([Double].self, forKey: .rect) ?? []
            color = try container.decode(String.self, forKey: .color)
            point = try container.decodeIfPresent([Double].self, forKey: .point)
            center = try container.decodeIfPresent([Double].self, forKey: .center)
            segments = try container.decodeIfPresent([[Double]].self, forKey: .segments)
            radius = try container.decodeIfPresent(Double.self, forKey: .radius)
            innerRadius = try container.decodeIfPresent(Double.self, forKey: .innerRadius)
            startAngle = try container.decodeIfPresent(Double.self, forKey: .startAngle)
            endAngle = try container.decodeIfPresent(Double.self, forKey: .endAngle)
            text = try container.decodeIfPresent(String.self, forKey: .text)
            symbolSize = try container.decodeIfPresent(Double.self, forKey: .symbolSize)
        }
    }

    struct Axis: Decodable {
        var id: String
        var labels: [Label]
        var title: Label?
    }

    struct Label: Decodable {
        var text: String
        var rect: [Double]
        /// Degrees, counter-clockwise.
        var angle: Double?
    }

    /// One plot space's ranges (data units) and mapping, as the layout used them.
    struct Space: Decodable {
        struct Mapping: Decodable {
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

        /// The device x of data `x`, as the layout maps it.
        func deviceX(_ x: Double) -> Double { (xMapping.logarithmic ? log10(x) : x) * xMapping.factor + xMapping.offset }
        func deviceY(_ y: Double) -> Double { (yMapping.logarithmic ? log10(y) : y) * yMapping.factor + yMapping.offset }
    }

    var size: [Double]
    var plotArea: [Double]
    var spaces: [Space]?
    var autoscalesY: Bool?
    var legend: Legend
    var plots: [Plot]
    var axes: [Axis]
    var title: Label?
    var annotations: [Label]?
    /// How the chart was chosen from its data.
    var note: String?
    /// A grid's cells: each one's frame on the surface and its dump in its own pixels.
    var cells: [Cell]?

    final class Cell: Decodable {
        var frame: [Double]
        var layout: LayoutDumpReader
    }

    static func read(_ path: String) throws -> LayoutDumpReader {
        try JSONDecoder().decode(LayoutDumpReader.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// Whether two `[x, y, w, h]` rects share interior area.
func intersects(_ a: [Double], _ b: [Double]) -> Bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}
