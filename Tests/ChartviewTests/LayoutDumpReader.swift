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
    }

    struct Plot: Decodable {
        var id: String
        var title: String
        var kind: String
        var visible: Bool
        var items: [Item]
    }

    struct Item: Decodable {
        var record: Int
        var value: Double
        var rect: [Double]
        var color: String
    }

    struct Axis: Decodable {
        var id: String
        var labels: [Label]
    }

    struct Label: Decodable {
        var text: String
        var rect: [Double]
    }

    var size: [Double]
    var plotArea: [Double]
    var legend: Legend
    var plots: [Plot]
    var axes: [Axis]

    static func read(_ path: String) throws -> LayoutDumpReader {
        try JSONDecoder().decode(LayoutDumpReader.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
    }
}

/// Whether two `[x, y, w, h]` rects share interior area.
func intersects(_ a: [Double], _ b: [Double]) -> Bool {
    a[0] < b[0] + b[2] && b[0] < a[0] + a[2] && a[1] < b[1] + b[3] && b[1] < a[1] + a[3]
}
