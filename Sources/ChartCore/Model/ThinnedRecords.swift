/// The records a long line or a dense scatter keeps when it is drawn only as finely as the
/// device pixels can show it, chosen in device space through each axis's `AxisMapping`, so
/// that linear and logarithmic scales thin alike. Records are indices into `SeriesData`.
///
/// A record is a gap where its value or its location cannot be shown: a missing value (NaN),
/// or zero and below on a log scale, exactly where `CoordinateTransform.devicePoint` gives nil
/// and the unthinned layout breaks the line. No allocation per record.
enum ThinnedRecords {
    /// The records of ascending `data.locations` that reach the device x range from `minX` to
    /// `maxX` (pixels), with one more on each side so that a line runs off the edges. Binary
    /// search: O(log n).
    static func visibleRecords(of data: SeriesData, x: AxisMapping, from minX: Double, to maxX: Double) -> Range<Int> {
        let a = x.value(atDevice: minX), b = x.value(atDevice: maxX)
        let xs = data.locations
        let lo = firstIndex(in: xs, notBelow: min(a, b)), hi = firstIndex(in: xs, notBelow: max(a, b).nextUp)
        return max(0, lo - 1)..<min(xs.count, hi + 1)
    }

    /// The first index whose value is not below `value` in ascending `values` (binary search).
    static func firstIndex(in values: [Double], notBelow value: Double) -> Int {
        var lo = 0, hi = values.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if values[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The device pixel column (or row) holding device coordinate `v`: `v` rounded down, held
    /// within ±10^15 so that a record far off the plot area cannot overflow `Int`.
    @inline(__always) static func pixel(_ v: Double) -> Int {
        Int(min(max(v, -1e15), 1e15).rounded(.down))
    }

    /// A line through `records` of `data` (locations ascending; ties allowed) thinned per device
    /// pixel column (M4): of each column's records between gaps, the first, the lowest, the
    /// highest and the last, in record order, each once. The line through them covers the
    /// pixels the line through every record covers: within a column both span the same values,
    /// and they enter and leave it at the same points. Lowest and highest are by value, which a
    /// log scale keeps in order, so the same records are kept whatever the y scale.
    ///
    /// `kept` are the records in order; `breaks` the positions in `kept` where a new run starts
    /// after a gap. O(records walked): a whole block of `SeriesData.blockSize` records inside one
    /// column and without a gap counts by its extremes alone, so millions of records cost a few
    /// reads per block. `capacity` is the number of records expected to be kept.
    static func line(_ data: SeriesData, records: Range<Int>, x: AxisMapping, y: AxisMapping,
                     capacity: Int) -> (kept: [Int], breaks: [Int]) {
        var kept: [Int] = []
        var breaks: [Int] = []
        kept.reserveCapacity(capacity)
        let lows = data.blockLowest, highs = data.blockHighest, extremes = data.blockExtremes
        let xFloor = x.floor, yFloor = y.floor
        let lo = records.lowerBound, hi = records.upperBound
        data.values.withUnsafeBufferPointer { ys in
            data.locations.withUnsafeBufferPointer { xs in
                var column = Int.min
                // The current column's records; its extremes' values kept at hand.
                var first = -1, lowest = -1, highest = -1, last = -1
                var lowestValue = 0.0, highestValue = 0.0
                func flush() {
                    guard first >= 0 else { return }
                    // The column's extremes in record order, each once (a sorting network
                    // of four: no array per column).
                    var a = first, b = lowest, c = highest, d = last
                    if a > b { swap(&a, &b) }
                    if c > d { swap(&c, &d) }
                    if a > c { swap(&a, &c) }
                    if b > d { swap(&b, &d) }
                    if b > c { swap(&b, &c) }
                    kept.append(a)
                    if b != a { kept.append(b) }
                    if c != b { kept.append(c) }
                    if d != c { kept.append(d) }
                    first = -1
                }
                let blockSize = SeriesData.blockSize
                var i = lo
                while i < hi {
                    // A whole block inside the current pixel column counts by its extremes alone
                    // when none of its values is a gap (no NaN: `lows[b] >= 0`; on a log scale,
                    // its lowest value above 0). Its locations follow the current column's, so
                    // they show on a log x scale too.
                    if i % blockSize == 0, i + blockSize <= hi, !lows.isEmpty {
                        let b = i / blockSize
                        let end = i + blockSize - 1
                        if lows[b] >= 0, first >= 0, extremes[2 * b] > yFloor,
                           pixel(x.device(xs[i])) == column, pixel(x.device(xs[end])) == column {
                            last = end
                            let low = extremes[2 * b], high = extremes[2 * b + 1]
                            if low < lowestValue { lowest = Int(lows[b]); lowestValue = low }
                            if high > highestValue { highest = Int(highs[b]); highestValue = high }
                            i += blockSize
                            continue
                        }
                    }
                    defer { i += 1 }
                    let value = ys[i], location = xs[i]
                    guard value > yFloor, location > xFloor else {
                        flush()
                        column = Int.min
                        if breaks.last != kept.count { breaks.append(kept.count) }
                        continue
                    }
                    let c = pixel(x.device(location))
                    if c != column {
                        flush()
                        column = c
                        first = i; lowest = i; highest = i; last = i
                        lowestValue = value; highestValue = value
                    } else {
                        last = i
                        if value < lowestValue { lowest = i; lowestValue = value }
                        if value > highestValue { highest = i; highestValue = value }
                    }
                }
                flush()
            }
        }
        return (kept, breaks)
    }

    /// Points without a line thinned to one per device pixel of `area` (per snapped position
    /// when markers snap to whole pixels, `snapHalf` being half their side): the first record
    /// drawn there, in record order. A border of one pixel keeps the markers that reach in from
    /// outside. O(n) time, one bit per pixel.
    static func scatter(_ data: SeriesData, area: Rect, x: AxisMapping, y: AxisMapping, snapHalf: Double?) -> [Int] {
        var kept: [Int] = []
        let width = max(1, Int(area.width.rounded(.up))) + 2, height = max(1, Int(area.height.rounded(.up))) + 2
        let right = Double(width), bottom = Double(height)
        let xFloor = x.floor, yFloor = y.floor
        var taken = [UInt64](repeating: 0, count: (width * height + 63) / 64)
        data.values.withUnsafeBufferPointer { ys in
            data.locations.withUnsafeBufferPointer { xs in
                for i in 0..<ys.count where ys[i] > yFloor && xs[i] > xFloor {
                    var px = x.device(xs[i]), py = y.device(ys[i])
                    if let half = snapHalf {
                        px = ScatterPlot.snapped(px, half: half)
                        py = ScatterPlot.snapped(py, half: half)
                    }
                    // Pixels from the border's corner, tested before they become integers.
                    let dx = (px - area.minX).rounded(.down) + 1, dy = (py - area.minY).rounded(.down) + 1
                    guard dx >= 0, dy >= 0, dx < right, dy < bottom else { continue }
                    let bit = Int(dy) * width + Int(dx)
                    if taken[bit >> 6] & (1 << UInt64(bit & 63)) == 0 {
                        taken[bit >> 6] |= 1 << UInt64(bit & 63)
                        kept.append(i)
                    }
                }
            }
        }
        return kept
    }
}
