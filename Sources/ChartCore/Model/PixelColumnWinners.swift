/// Bars thinner than a pixel, merged per pixel column (row, for horizontal bars): of the bars
/// starting in each column, the longest one up and the longest one down stay (the first of
/// equals), which paints the same pixels as all of them. Hit testing then finds exactly the
/// bars drawn. Columns over the plot area live in two arrays; the rare ones beyond it in a
/// dictionary.
///
/// Device pixels. O(1) per bar offered, O(pixels) memory.
struct PixelColumnWinners {
    private let first: Int
    private let horizontal: Bool
    /// Per column from `first`: the record of the longest bar up and down, and its length.
    private var up: [(record: Int, length: Double)?]
    private var down: [(record: Int, length: Double)?]
    private var beyond: [Int: (up: (record: Int, length: Double)?, down: (record: Int, length: Double)?)] = [:]

    init(area: Rect, horizontal: Bool) {
        self.horizontal = horizontal
        let low = horizontal ? area.minY : area.minX, high = horizontal ? area.maxY : area.maxX
        first = Int(low.rounded(.down)) - 1
        let count = max(0, Int(high.rounded(.up)) + 2 - first)
        up = Array(repeating: nil, count: count)
        down = Array(repeating: nil, count: count)
    }

    /// Considers `record`'s bar, offered in record order.
    mutating func offer(record: Int, rect: Rect, pointsDown: Bool) {
        let column = Int(horizontal ? rect.minY : rect.minX)
        let length = horizontal ? rect.width : rect.height
        let slot = column - first
        if slot >= 0 && slot < up.count {
            if pointsDown { Self.keep(&down[slot], record, length) } else { Self.keep(&up[slot], record, length) }
            return
        }
        var entry = beyond[column] ?? (nil, nil)
        if pointsDown { Self.keep(&entry.down, record, length) } else { Self.keep(&entry.up, record, length) }
        beyond[column] = entry
    }

    /// Makes `record` the winner unless the one held is at least as long.
    private static func keep(_ held: inout (record: Int, length: Double)?, _ record: Int, _ length: Double) {
        if let held, held.length >= length { return }
        held = (record, length)
    }

    /// The winning records, ascending (each once).
    func records() -> [Int] {
        var all = Set<Int>()
        for entry in up { if let entry { all.insert(entry.record) } }
        for entry in down { if let entry { all.insert(entry.record) } }
        for entry in beyond.values {
            if let up = entry.up { all.insert(up.record) }
            if let down = entry.down { all.insert(down.record) }
        }
        return all.sorted()
    }
}
