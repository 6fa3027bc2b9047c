import Foundation

/// The records a long line or a dense scatter keeps when it is drawn only as finely as the
/// device pixels can show it, chosen in device space through each axis's `AxisMapping`, so
/// that linear and logarithmic scales thin alike. Records are indices into `SeriesData`.
///
/// A record is a gap where its value or its location cannot be shown: a missing value (NaN),
/// or zero and below on a log scale, exactly where `CoordinateTransform.devicePoint` gives nil
/// and the unthinned layout breaks the line. No allocation per record.
public enum ThinnedRecords {
    /// The records of ascending `data.locations` that lie in the device x range from `minX` to
    /// `maxX` (pixels), with one more on each side so that a line runs off the edges. Binary
    /// search: O(log n).
    public static func visibleRecords(of data: SeriesData, x: AxisMapping, from minX: Double, to maxX: Double) -> Range<Int> {
        let inside = recordsLocated(in: data.locations, x: x, from: minX, to: maxX)
        return max(0, inside.lowerBound - 1)..<min(data.count, inside.upperBound + 1)
    }

    /// The records of ascending `locations` whose location maps into the device range from
    /// `minX` to `maxX` (either way round), without neighbours. Binary search: O(log n).
    public static func recordsLocated(in locations: [Double], x: AxisMapping, from minX: Double, to maxX: Double) -> Range<Int> {
        let a = x.value(atDevice: minX), b = x.value(atDevice: maxX)
        return recordsLocated(in: locations, from: min(a, b), through: max(a, b))
    }

    /// The records of ascending `locations` whose location lies from `lower` through `upper`
    /// (data units). Binary search: O(log n).
    public static func recordsLocated(in locations: [Double], from lower: Double, through upper: Double) -> Range<Int> {
        let lo = firstIndex(in: locations, notBelow: lower)
        return lo..<max(lo, firstIndex(in: locations, notBelow: upper.nextUp))
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
    /// pixel column: of each column's records between gaps, the first and the last, and the
    /// lowest and the highest of each half of the column (twice the device x rounded down), in
    /// record order, each once: at most six records per column and run. Lowest and highest are
    /// by value, which a log scale keeps in order, so the same records are kept whatever the y
    /// scale.
    ///
    /// The line through them enters and leaves each column where the line through every record
    /// does and spans the same values in each half. That is M4 (first, lowest, highest, last)
    /// with the extremes taken per half column, because anti-aliasing sees where in a column a
    /// stroke passes: records that swing up and down all across a column (noise, many records at
    /// each of several x values, a dense walk) cover its whole width, which one stroke from its
    /// lowest to its highest point does not. Measured on 1,000,000 records at 300x600 pixels, the
    /// share of the plot area's pixels that differ from every record's picture by more than 64
    /// in a channel: a walk 1.13% with M4, 0.73% with this; noise 2.3% and 0.59%; ties (5,000 x
    /// values) 2.2% and 0.46%; for about 1.5 times as many records.
    ///
    /// `kept` are the records in order; `breaks` the positions in `kept` where a new run starts
    /// after a gap. O(records walked): a whole block of `SeriesData.blockSize` records inside
    /// one half column and without a gap counts by its extremes alone, so millions of records
    /// cost a few reads per block (a block counts as one visit in `LayoutCost`). `capacity` is
    /// the number of records expected to be kept.
    /// Stops early (what it kept is then thrown away) once `cancellation` is raised.
    ///
    /// More than `fewestSplitRecords` records over a linear x are walked in two halves at once,
    /// split where a pixel column begins: a column's records are kept from its records alone,
    /// so the halves keep what one walk keeps (a run that goes on across the split is one run:
    /// only a gap starts one).
    public static func line(
        _ data: SeriesData, records: Range<Int>, x: AxisMapping, y: AxisMapping,
        capacity: Int, cancellation: CancellationFlag? = nil
    ) -> (kept: [Int], breaks: [Int]) {
        guard records.count >= fewestSplitRecords, !x.isLogarithmic, ProcessInfo.processInfo.activeProcessorCount > 1,
            let split = columnStart(in: data.locations, records: records, x: x)
        else { return lineWalk(data, records: records, x: x, y: y, capacity: capacity, cancellation: cancellation) }
        let halves = inHalves([records.lowerBound..<split, split..<records.upperBound]) { range in
            lineWalk(data, records: range, x: x, y: y, capacity: capacity / 2 + 8, cancellation: cancellation)
        }
        var kept = halves.0.kept, breaks = halves.0.breaks
        let offset = kept.count
        kept += halves.1.kept
        for position in halves.1.breaks where breaks.last != position + offset { breaks.append(position + offset) }
        return (kept, breaks)
    }

    /// `body` of two ranges at once, one thread each (the laying-out task's `LayoutCost`
    /// bound on both), and both results.
    private static func inHalves<Value>(_ ranges: [Range<Int>], _ body: @Sendable (Range<Int>) -> Value) -> (Value, Value) {
        let slots = [HalfResult<Value>(), HalfResult<Value>()]
        let cost = LayoutCost.current  // a task-local: bound again on the other thread
        DispatchQueue.concurrentPerform(iterations: 2) { h in
            LayoutCost.$current.withValue(cost) { slots[h].value = body(ranges[h]) }
        }
        return (slots[0].value!, slots[1].value!)
    }

    /// The fewest records `line` walks in two halves at once.
    static let fewestSplitRecords = 1_000_000

    /// The first record near the middle of `records` (sorted locations over a linear `x`)
    /// whose half column (`pixel(2 * device x)`) starts a pixel column that the record before
    /// it is not in; nil when there is none (every record in one column, or gaps in x). O(log n).
    static func columnStart(in locations: [Double], records: Range<Int>, x: AxisMapping) -> Int? {
        guard x.factor > 0, !records.isEmpty else { return nil }
        let middle = locations[records.lowerBound + records.count / 2]
        guard middle.isFinite else { return nil }
        // The column after the middle record's: its first record, by binary search on the same
        // arithmetic `lineWalk` places records with.
        let column = (pixel(2 * x.device(middle)) >> 1) + 1
        var low = records.lowerBound + records.count / 2, high = records.upperBound
        while low < high {
            let mid = (low + high) / 2
            let location = locations[mid]
            guard location.isFinite else { return nil }
            if pixel(2 * x.device(location)) >> 1 >= column { high = mid } else { low = mid + 1 }
        }
        guard low < records.upperBound, low > records.lowerBound else { return nil }
        return low
    }

    /// One walk of `line` over `records`.
    static func lineWalk(
        _ data: SeriesData, records: Range<Int>, x: AxisMapping, y: AxisMapping,
        capacity: Int, cancellation: CancellationFlag? = nil
    ) -> (kept: [Int], breaks: [Int]) {
        var kept: [Int] = []
        var breaks: [Int] = []
        kept.reserveCapacity(capacity)
        let lows = data.blockLowest, highs = data.blockHighest, extremes = data.blockExtremes
        let runLows = data.runLowest, runHighs = data.runHighest, runExtremes = data.runExtremes
        let xFloor = x.floor, yFloor = y.floor
        let lo = records.lowerBound, hi = records.upperBound
        var visits = 0
        defer { LayoutCost.current?.visited(visits) }
        data.values.withUnsafeBufferPointer { ys in
            data.locations.withUnsafeBufferPointer { xs in
                // The current half column (twice the device x, rounded down) and its records'
                // extremes; the same column's left half when the current one is its right half.
                var half = Int.min
                var current = Extremes(), left = Extremes()
                // Locations below `end` lie in the current half column for sure: it is a millionth
                // of a pixel short of the half's right edge, far more than rounding, so that one
                // comparison per record replaces mapping it (exactly where it is too close to tell).
                var end = -Double.infinity
                func flush() {
                    guard !current.isEmpty else { return }
                    if left.isEmpty {
                        current.append(to: &kept)
                    } else {
                        left.appendFirstAndExtremes(to: &kept)
                        current.appendExtremesAndLast(to: &kept)
                        left = Extremes()
                    }
                    current = Extremes()
                }
                let blockSize = SeriesData.blockSize, runSize = SeriesData.runSize
                var i = lo
                while i < hi {
                    if i & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled { break }
                    visits += 1
                    // A whole block inside the current half column counts by its extremes alone
                    // when none of its values is a gap (no NaN: `lows[b] >= 0`; on a log scale,
                    // its lowest value above 0). Its locations follow the current half's records,
                    // so they lie in it when the block's last one does, and show on a log x scale.
                    // A whole run of blocks likewise (`SeriesData.runSize`), first.
                    @inline(__always) func skipped(_ size: Int, _ lows: [Int32], _ highs: [Int32], _ extremes: [Double]) -> Bool {
                        guard i % size == 0, i + size <= hi, !lows.isEmpty else { return false }
                        let b = i / size, last = i + size - 1
                        guard lows[b] >= 0, xs[last] < end, extremes[2 * b] > yFloor else { return false }
                        current.add(
                            block: last, lowest: Int(lows[b]), lowValue: extremes[2 * b],
                            highest: Int(highs[b]), highValue: extremes[2 * b + 1])
                        i += size
                        return true
                    }
                    if skipped(runSize, runLows, runHighs, runExtremes) || skipped(blockSize, lows, highs, extremes) { continue }
                    let value = ys[i], location = xs[i]
                    if value > yFloor, location > xFloor {
                        if location < end {
                            current.add(i, value)
                        } else {
                            let h = pixel(2 * x.device(location))
                            if h == half {
                                current.add(i, value)
                            } else {
                                // The right half of the current column goes on from its left half.
                                if !current.isEmpty && h >> 1 == half >> 1 && left.isEmpty {
                                    left = current
                                } else {
                                    flush()
                                }
                                half = h
                                current = Extremes(i, value)
                                end = x.value(atDevice: Double(h + 1) / 2 - 1e-6)
                            }
                        }
                    } else {
                        flush()
                        half = Int.min
                        end = -.infinity
                        if breaks.last != kept.count { breaks.append(kept.count) }
                    }
                    i += 1
                }
                flush()
            }
        }
        return (kept, breaks)
    }

    /// The extremes of a stretch of records in one half column: the first, the first lowest,
    /// the first highest and the last record, with the values of the lowest and highest.
    /// O(1) per record and no allocation.
    struct Extremes {
        var first = -1, lowest = -1, highest = -1, last = -1
        var lowValue = 0.0, highValue = 0.0

        init() {}

        @inline(__always) init(_ record: Int, _ value: Double) {
            first = record; lowest = record; highest = record; last = record
            lowValue = value; highValue = value
        }

        var isEmpty: Bool { first < 0 }

        /// Takes the next record.
        @inline(__always) mutating func add(_ record: Int, _ value: Double) {
            last = record
            if value < lowValue { lowest = record; lowValue = value }
            if value > highValue { highest = record; highValue = value }
        }

        /// Takes the next block of records by its extremes; it ends at record `end`.
        @inline(__always) mutating func add(block end: Int, lowest low: Int, lowValue: Double, highest high: Int, highValue: Double) {
            last = end
            if lowValue < self.lowValue { lowest = low; self.lowValue = lowValue }
            if highValue > self.highValue { highest = high; self.highValue = highValue }
        }

        /// Appends the first, lowest, highest and last record in record order, each once (a
        /// sorting network of four: no array per column).
        @inline(__always) func append(to kept: inout [Int]) {
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
        }

        /// Appends the first, lowest and highest record in record order, each once: a column's
        /// left half.
        @inline(__always) func appendFirstAndExtremes(to kept: inout [Int]) {
            let a = min(lowest, highest), b = max(lowest, highest)
            kept.append(first)
            if a != first { kept.append(a) }
            if b != a { kept.append(b) }
        }

        /// Appends the lowest, highest and last record in record order, each once: a column's
        /// right half.
        @inline(__always) func appendExtremesAndLast(to kept: inout [Int]) {
            let a = min(lowest, highest), b = max(lowest, highest)
            kept.append(a)
            if b != a { kept.append(b) }
            if last != b { kept.append(last) }
        }
    }

    /// Points without a line thinned to one per device pixel of `area` (per snapped position
    /// when markers snap to whole pixels, `snapHalf` being half their side): the first record
    /// drawn there, in record order. A border of `reach` pixels keeps the markers that reach in
    /// from outside (half the marker and its outline, and a pixel of anti-aliasing). Only
    /// `records` are looked at: all of them, or for ascending locations those that can reach
    /// the area (`recordsLocated`). O(records) time, one bit per pixel.
    public static func scatter(
        _ data: SeriesData, records: Range<Int>? = nil, area: Rect, x: AxisMapping, y: AxisMapping,
        snapHalf: Double?, reach: Int = 1, cancellation: CancellationFlag? = nil
    ) -> [Int] {
        let records = records ?? 0..<data.count
        let grid = PixelGrid(area: area, border: max(1, reach))
        LayoutCost.current?.visited(records.count)
        // Halves of a long run in parallel, each with its own grid; the second half's records
        // keep only pixels the first half left free, so each pixel keeps its first record in
        // record order, as one pass would.
        guard records.count >= 200_000 else {
            var taken = grid.empty()
            return scatter(data, records: records, grid: grid, taken: &taken, x: x, y: y, snapHalf: snapHalf, cancellation: cancellation)
        }
        let middle = records.lowerBound + records.count / 2
        let results = inHalves([records.lowerBound..<middle, middle..<records.upperBound]) { range in
            var taken = grid.empty()
            let kept = scatter(
                data, records: range, grid: grid, taken: &taken, x: x, y: y, snapHalf: snapHalf, cancellation: cancellation)
            return (kept: kept, taken: taken)
        }
        let first = results.0.taken
        var merged = results.0.kept
        merged.reserveCapacity(merged.count + results.1.kept.count)
        for i in results.1.kept {
            let bit = grid.bit(data, record: i, x: x, y: y, snapHalf: snapHalf)!
            if first[bit >> 6] & (1 << UInt64(bit & 63)) == 0 { merged.append(i) }
        }
        return merged
    }

    /// The pixels of a plot area and a border around it, one bit each.
    struct PixelGrid: Sendable {
        let area: Rect
        let width: Int, height: Int
        let right: Double, bottom: Double, shift: Double

        init(area: Rect, border: Int) {
            self.area = area
            width = max(1, Int(area.width.rounded(.up))) + 2 * border
            height = max(1, Int(area.height.rounded(.up))) + 2 * border
            right = Double(width); bottom = Double(height); shift = Double(border)
        }

        func empty() -> [UInt64] { [UInt64](repeating: 0, count: (width * height + 63) / 64) }

        /// The bit of the pixel record `i` is drawn in (snapped as its marker is); nil off the grid.
        @inline(__always)
        func bit(_ data: SeriesData, record i: Int, x: AxisMapping, y: AxisMapping, snapHalf: Double?) -> Int? {
            bit(px: x.device(data.locations[i]), py: y.device(data.values[i]), snapHalf: snapHalf)
        }

        @inline(__always)
        func bit(px: Double, py: Double, snapHalf: Double?) -> Int? {
            var px = px, py = py
            if let half = snapHalf {
                px = ScatterPlot.snapped(px, half: half)
                py = ScatterPlot.snapped(py, half: half)
            }
            // Pixels from the border's corner, tested before they become integers.
            let dx = (px - area.minX).wholeFloor + shift, dy = (py - area.minY).wholeFloor + shift
            guard dx >= 0, dy >= 0, dx < right, dy < bottom else { return nil }
            return Int(dy) * width + Int(dx)
        }
    }

    /// `PixelGrid.bit(px:py:snapHalf:)` through linear mappings with every constant unpacked,
    /// for the loops over every point: the same arithmetic step by step (`AxisMapping.device`,
    /// `ScatterPlot.snapped`, `wholeFloor`), so the same pixel, about twice as fast as the
    /// general path (no log, no optional, no rounding guard: device coordinates are within
    /// ±`AxisMapping.deviceLimit`, far inside the range the guards protect; no branch but the
    /// loop's).
    struct LinearPixels {
        let fx: Double, ox: Double, fy: Double, oy: Double, half: Double
        let left: Double, top: Double, shift: Double, right: Double, bottom: Double
        let width: Int

        init(grid: PixelGrid, x: AxisMapping, y: AxisMapping, snapHalf: Double?) {
            precondition(!x.isLogarithmic && !y.isLogarithmic, "LinearPixels maps linear axes only")
            fx = x.factor; ox = x.offset; fy = y.factor; oy = y.offset
            half = snapHalf ?? 0
            left = grid.area.minX; top = grid.area.minY; shift = grid.shift
            right = grid.right; bottom = grid.bottom; width = grid.width
        }

        /// The bit of the pixel (x, y) (data units) is drawn in, snapped when `snaps` (a constant
        /// at every call, so the branch folds away); -1 off the grid. `x` and `y` are finite.
        @inline(__always)
        func bit(_ x: Double, _ y: Double, snaps: Bool) -> Int {
            var px = AxisMapping.limited(x * fx + ox), py = AxisMapping.limited(y * fy + oy)
            if snaps {
                px = (px - half).wholeRoundedSmall + half
                py = (py - half).wholeRoundedSmall + half
            }
            let dx = (px - left).wholeFloorSmall + shift, dy = (py - top).wholeFloorSmall + shift
            let inside: Double = (dx >= 0 ? 1 : 0) * (dy >= 0 ? 1 : 0) * (dx < right ? 1 : 0) * (dy < bottom ? 1 : 0)
            return Int((dy * Double(width) + dx + 1) * inside - 1)
        }
    }

    /// One pass of `scatter` over `records`, marking `taken`.
    private static func scatter(
        _ data: SeriesData, records: Range<Int>, grid: PixelGrid, taken: inout [UInt64],
        x: AxisMapping, y: AxisMapping, snapHalf: Double?, cancellation: CancellationFlag?
    ) -> [Int] {
        var kept: [Int] = []
        if !x.isLogarithmic && !y.isLogarithmic {
            let pixels = LinearPixels(grid: grid, x: x, y: y, snapHalf: snapHalf)
            data.values.withUnsafeBufferPointer { ys in
                data.locations.withUnsafeBufferPointer { xs in
                    taken.withUnsafeMutableBufferPointer { taken in
                        if snapHalf != nil {
                            firstPerPixel(xs, ys, records, pixels, snaps: true, taken, &kept, cancellation)
                        } else {
                            firstPerPixel(xs, ys, records, pixels, snaps: false, taken, &kept, cancellation)
                        }
                    }
                }
            }
            return kept
        }
        let xFloor = x.floor, yFloor = y.floor
        data.values.withUnsafeBufferPointer { ys in
            data.locations.withUnsafeBufferPointer { xs in
                taken.withUnsafeMutableBufferPointer { taken in
                    for i in records where ys[i] > yFloor && xs[i] > xFloor {
                        if i & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled { break }
                        guard let bit = grid.bit(px: x.device(xs[i]), py: y.device(ys[i]), snapHalf: snapHalf) else { continue }
                        if taken[bit >> 6] & (1 << UInt64(bit & 63)) == 0 {
                            taken[bit >> 6] |= 1 << UInt64(bit & 63)
                            kept.append(i)
                        }
                    }
                }
            }
        }
        return kept
    }
}

extension ThinnedRecords {
    /// The loop of `scatter` through linear mappings: NaN shows nowhere (finite x and y only).
    @inline(__always)
    fileprivate static func firstPerPixel(
        _ xs: UnsafeBufferPointer<Double>, _ ys: UnsafeBufferPointer<Double>, _ records: Range<Int>,
        _ pixels: LinearPixels, snaps: Bool, _ taken: UnsafeMutableBufferPointer<UInt64>, _ kept: inout [Int],
        _ cancellation: CancellationFlag?
    ) {
        let pixels = pixels
        for i in records where xs[i] == xs[i] && ys[i] == ys[i] {
            if i & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled { break }
            let bit = pixels.bit(xs[i], ys[i], snaps: snaps)
            guard bit >= 0 else { continue }
            let word = bit >> 6, mask: UInt64 = 1 << UInt64(bit & 63)
            if taken[word] & mask == 0 {
                taken[word] |= mask
                kept.append(i)
            }
        }
    }
}

/// One thread's result in `ThinnedRecords.inHalves`; each thread writes its own.
private final class HalfResult<Value>: @unchecked Sendable {
    var value: Value?
}

/// What layouts cost, for tests and measurements: the records they look at one by one (a block
/// of records a thinned line takes by its extremes counts once). Counted by the plots' layouts
/// while one is bound to `LayoutCost.current`, on the laying-out task only:
///
///     let cost = LayoutCost()
///     LayoutCost.$current.withValue(cost) { _ = graph.layout(size: size, measurer: measurer) }
///     print(cost.recordsVisited)
///
/// Unbound (the usual case) a layout reads the task-local once per plot and counts nothing.
/// A test counter, so `package`: the package's tests see it, a user of the library does not.
package final class LayoutCost: @unchecked Sendable {
    /// The counter layouts on this task add to; nil (the default) for none.
    @TaskLocal package static var current: LayoutCost?

    private let lock = NSLock()
    private var visits = 0

    /// A counter at zero.
    package init() {}

    /// The records visited so far.
    package var recordsVisited: Int {
        lock.lock()
        defer { lock.unlock() }
        return visits
    }

    func visited(_ count: Int) {
        lock.lock()
        visits += count
        lock.unlock()
    }
}
