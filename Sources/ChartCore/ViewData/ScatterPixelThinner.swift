/// `ThinnedRecords.scatter` as a stream: points go in one at a time in record order and the first
/// one per device pixel of a plot area (and a border the markers reach in from) is kept, per
/// snapped position when markers snap to whole pixels. Points laid out from what it keeps draw
/// exactly what every point draws. O(1) per point; one bit per pixel.
public struct ScatterPixelThinner {
    /// The locations kept, data units.
    public private(set) var locations: [Double] = []
    /// The values kept, data units.
    public private(set) var values: [Double] = []
    private let grid: ThinnedRecords.PixelGrid
    private var taken: [UInt64]
    private let x: AxisMapping, y: AxisMapping
    private let snapHalf: Double?

    /// A thinner for points in `area` (device pixels) with markers reaching `reach` pixels past
    /// their center, placed through `x` and `y`.
    public init(area: Rect, reach: Int, snapHalf: Double?, x: AxisMapping, y: AxisMapping) {
        grid = ThinnedRecords.PixelGrid(area: area, border: max(1, reach))
        taken = grid.empty()
        self.x = x
        self.y = y
        self.snapHalf = snapHalf
    }

    /// Takes the next point.
    @inline(__always) public mutating func add(location: Double, value: Double) {
        guard value > y.floor, location > x.floor,
            let bit = grid.bit(px: x.device(location), py: y.device(value), snapHalf: snapHalf)
        else { return }
        let word = bit >> 6, mask: UInt64 = 1 << UInt64(bit & 63)
        if taken[word] & mask == 0 {
            taken[word] |= mask
            locations.append(location)
            values.append(value)
        }
    }
}
