/// `ThinnedRecords.line` as a stream: records go in one at a time in record order (ascending
/// locations), and what a line through every record needs comes out: per half device pixel
/// column and run between gaps, the first, the lowest, the highest and the last record, with a
/// gap (a NaN value) between runs. A data source that reads millions of rows from a database
/// thins them this way as they arrive, in O(1) memory per column, and a line laid out through
/// what comes out keeps exactly the records (by location and value) it would keep from every
/// record: the rule keeps what it kept when run again.
///
/// Each record costs O(1) and no allocation; the output holds at most six records per half
/// column pair and run.
public struct LineColumnThinner {
    /// Locations and values kept so far, in record order; a NaN value is a gap.
    public private(set) var locations: [Double] = []
    /// The values kept, data units.
    public private(set) var values: [Double] = []
    private let x: AxisMapping
    private let xFloor: Double, yFloor: Double
    /// Records fed so far (their order decides ties, as record numbers do in `ThinnedRecords`).
    private var index = 0
    private var half = Int.min
    private var current = Extremes(), left = Extremes()

    /// A thinner for a line drawn through `x` (data → device) on a y scale that shows what lies
    /// above `yFloor` (`AxisMapping.floor`).
    public init(x: AxisMapping, yFloor: Double) {
        self.x = x
        xFloor = x.floor
        self.yFloor = yFloor
    }

    /// The device half column (twice the device x, rounded down) `location` lies in.
    @inline(__always) public func halfColumn(of location: Double) -> Int {
        ThinnedRecords.pixel(2 * x.device(location))
    }

    /// Takes the next record.
    @inline(__always) public mutating func add(location: Double, value: Double) {
        defer { index += 1 }
        guard value > yFloor, location > xFloor else {
            flush()
            half = Int.min
            if let last = values.last, !last.isNaN { locations.append(location); values.append(.nan) }
            return
        }
        let h = halfColumn(of: location)
        if h == half {
            current.add(index, location, value)
            return
        }
        // The right half of the current column goes on from its left half.
        if !current.isEmpty && h >> 1 == half >> 1 && left.isEmpty {
            left = current
        } else {
            flush()
        }
        half = h
        current = Extremes(index, location, value)
    }

    /// Takes a stretch of records that lie in one half column without a gap by its extremes
    /// alone: its first, lowest, highest and last record (`lowest` and `highest` by their
    /// positions from the stretch's start, `count` records in all). The same as adding each.
    public mutating func add(
        stretchOf count: Int, first: (Double, Double), lowest: (Int, Double, Double),
        highest: (Int, Double, Double), last: (Double, Double)
    ) {
        precondition(count > 0 && lowest.0 < count && highest.0 < count, "A stretch holds its extremes.")
        let start = index
        // The four in order of position, each once (no array per stretch: a view walks
        // hundreds of thousands of stretches).
        let (a, b) = lowest.0 <= highest.0 ? (lowest, highest) : (highest, lowest)
        add(at: start, location: first.0, value: first.1)
        if a.0 > 0 { add(at: start + a.0, location: a.1, value: a.2) }
        if b.0 > a.0 { add(at: start + b.0, location: b.1, value: b.2) }
        if count - 1 > b.0 { add(at: start + count - 1, location: last.0, value: last.1) }
        index = start + count
    }

    @inline(__always) private mutating func add(at position: Int, location: Double, value: Double) {
        index = position
        add(location: location, value: value)
    }

    /// Ends the stream: what the last column kept comes out.
    public mutating func finish() { flush() }

    private mutating func flush() {
        guard !current.isEmpty else { return }
        var picks: [Extremes.Pick]
        if left.isEmpty {
            picks = [current.first, current.lowest, current.highest, current.last]
        } else {
            picks = [left.first, left.lowest, left.highest]
            var right = [current.lowest, current.highest, current.last]
            right.sort { $0.index < $1.index }
            picks.sort { $0.index < $1.index }
            picks += right
            left = Extremes()
        }
        if picks.count == 4 { picks.sort { $0.index < $1.index } }
        var previous = -1
        for pick in picks where pick.index != previous {
            locations.append(pick.location)
            values.append(pick.value)
            previous = pick.index
        }
        current = Extremes()
    }

    /// One half column's first, first lowest, first highest and last record.
    private struct Extremes {
        struct Pick {
            var index: Int
            var location: Double
            var value: Double
        }
        var first = Pick(index: -1, location: 0, value: 0)
        var lowest = Pick(index: -1, location: 0, value: 0)
        var highest = Pick(index: -1, location: 0, value: 0)
        var last = Pick(index: -1, location: 0, value: 0)

        init() {}

        @inline(__always) init(_ index: Int, _ location: Double, _ value: Double) {
            first = Pick(index: index, location: location, value: value)
            lowest = first; highest = first; last = first
        }

        var isEmpty: Bool { first.index < 0 }

        @inline(__always) mutating func add(_ index: Int, _ location: Double, _ value: Double) {
            last = Pick(index: index, location: location, value: value)
            if value < lowest.value { lowest = last }
            if value > highest.value { highest = last }
        }
    }
}
