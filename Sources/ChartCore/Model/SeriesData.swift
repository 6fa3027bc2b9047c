import Dispatch

/// What a plot pulled from its data source: contiguous buffers, one entry per record, in data
/// units. Missing numbers are NaN; a record without a location sits at its index. A building
/// block for plot kinds, the built-in ones and a user's own: pulled once (through `SeriesCache`),
/// summarized once (ranges, sortedness, block extremes for thinning), read per layout.
public struct SeriesData: Sendable {
    /// Each record's location, data units.
    public private(set) var locations: [Double] = []
    /// Each record's value, data units, NaN where missing.
    public private(set) var values: [Double] = []
    /// The other fields pulled (`.open`, `.high`, `.size`, a plot kind's own), one number per
    /// record each; read them with `numbers(of:)`.
    public private(set) var fields: [PlotField: [Double]] = [:]
    /// Per-record bases (bars); NaN where the plot's base value applies. Empty for plots that
    /// have no bases (lines, scatter), so they hold no buffer of NaN: read through `base(_:)`.
    var bases: [Double] = []
    /// Per-record fills, names and labels; empty when the data source has none.
    var fills: [Fill?] = []
    var names: [String?] = []
    var labels: [String?] = []
    var notes: [String?] = []

    /// The number of records.
    public var count: Int { values.count }
    /// Whether some value is finite; computed once at load.
    public private(set) var hasFiniteValue = false
    /// Whether the locations never decrease (a time series): then the visible part is found
    /// by binary search and a line can be thinned per pixel column. Computed once at load.
    public private(set) var isSortedByLocation = true
    /// The finite values' range and the range of their locations; computed once at load.
    public private(set) var valueRange: PlotRange?
    /// The smallest and largest locations; nil for no records.
    public private(set) var locationRange: PlotRange?
    /// For long sorted series: per block of `blockSize` records, the index of its lowest and
    /// highest value, or -1 when the block holds a missing value. A line thinned per pixel
    /// column then reads one entry per block instead of every record. Built once at load.
    private(set) var blockLowest: [Int32] = []
    private(set) var blockHighest: [Int32] = []
    /// The values at `blockLowest` and `blockHighest`, side by side, so thinning reads one
    /// contiguous array instead of two scattered reads per block from all the values (which
    /// miss the cache: 10 million records take 80 MB).
    private(set) var blockExtremes: [Double] = []
    static let blockSize = 64
    /// The same per run of `runSize` records (`runSize / blockSize` blocks): a line thinned
    /// at the fitted view of 10,000,000 records reads 2,442 runs instead of 156,250 blocks.
    private(set) var runLowest: [Int32] = []
    private(set) var runHighest: [Int32] = []
    private(set) var runExtremes: [Double] = []
    static let runSize = 4_096
    /// The values' extremes over any run of records, for sorted series of more than a few
    /// thousand records (a shorter one is scanned). Built once at load.
    private(set) var extremes: RangeExtremes?

    /// Pulls every record of `plot` from `source` through the bulk path: locations, values,
    /// bases when `wantsBases`, and each of `fields` (infinities there become NaN, as values'
    /// do). O(n · fields).
    public init(plot: any Plot, source: (any PlotDataSource)?, wantsBases: Bool = false, fields: [PlotField] = []) {
        guard let source else { return }
        let count = max(0, source.numberOfRecords(for: plot))
        let all = 0..<count
        values = source.numbers(for: plot, field: .value, records: all)
        locations = source.numbers(for: plot, field: .location, records: all)
        bases = wantsBases ? source.numbers(for: plot, field: .base, records: all) : []
        precondition(
            values.count == count && locations.count == count && (bases.count == count || !wantsBases),
            "The data source of plot '\(plot.identifier)' returned a bulk buffer of the wrong length.")
        // Copied only if something must change: usually the buffers stay shared with the source.
        // (Plain loops over the buffers: a closure per record took 150 ms for a million
        // records in a debug build, where a window waits for a cancelled layout to stop.)
        if Self.firstIndex(in: locations, where: { !$0.isFinite }) != nil {
            for i in all where !locations[i].isFinite { locations[i] = Double(i) }
        }
        // Infinities never reach layout: they are as unplottable as a missing value.
        if Self.firstIndex(in: values, where: { $0.isInfinite }) != nil {
            for i in all where values[i].isInfinite { values[i] = .nan }
        }
        for field in fields where field != .value && field != .location && field != .base {
            var column = source.numbers(for: plot, field: field, records: all)
            precondition(column.count == count, "The data source of plot '\(plot.identifier)' returned a bulk buffer of the wrong length for \(field).")
            if Self.firstIndex(in: column, where: { $0.isInfinite }) != nil {
                for i in all where column[i].isInfinite { column[i] = .nan }
            }
            self.fields[field] = column
        }
        summarize()
        if source.providesRecordExtras {
            fills = all.map { source.fill(for: plot, record: $0) }
            names = all.map { source.categoryName(for: plot, record: $0) }
            labels = all.map { source.dataLabel(for: plot, record: $0) }
            notes = all.map { source.recordNote(for: plot, record: $0) }
            if fills.allSatisfy({ $0 == nil }) { fills = [] }
            if names.allSatisfy({ $0 == nil }) { names = [] }
            if labels.allSatisfy({ $0 == nil }) { labels = [] }
            if notes.allSatisfy({ $0 == nil }) { notes = [] }
            categoryLabels = names.indices.compactMap { i in names[i].map { (locations[i], $0) } }
        }
    }

    /// The series of records given as buffers (view records: locations ascending, NaN values
    /// for gaps). O(n).
    public init(locations: [Double], values: [Double]) {
        precondition(locations.count == values.count, "A series needs as many locations as values.")
        self.locations = locations
        self.values = values
        summarize()
    }

    /// The first index of `numbers` whose number matches. O(n).
    @inline(__always)
    private static func firstIndex(in numbers: [Double], where matches: (Double) -> Bool) -> Int? {
        numbers.withUnsafeBufferPointer { buffer in
            var i = 0
            while i < buffer.count {
                if matches(buffer[i]) { return i }
                i += 1
            }
            return nil
        }
    }

    /// The record's own base; NaN when it has none (the plot's base value applies). O(1).
    func base(_ record: Int) -> Double { bases.isEmpty ? .nan : bases[record] }

    /// The record's own fill, name or label; nil when it has none.
    public func fill(_ record: Int) -> Fill? { fills.isEmpty ? nil : fills[record] }
    /// The category name of `record`; nil without names.
    public func name(_ record: Int) -> String? { names.isEmpty ? nil : names[record] }

    /// The popup's note of `record` ("sum of 4 rows"); nil without one.
    public func note(_ record: Int) -> String? { notes.isEmpty ? nil : notes[record] }
    /// The data label of `record`; nil without labels.
    public func label(_ record: Int) -> String? { labels.isEmpty ? nil : labels[record] }

    /// The numbers of `field` pulled, one per record (NaN where missing): the values for
    /// `.value`, the locations for `.location`, NaN throughout for a field not pulled. O(1),
    /// or O(n) for a field not pulled.
    public func numbers(of field: PlotField) -> [Double] {
        if field == .value { return values }
        if field == .location { return locations }
        if field == .base, !bases.isEmpty { return bases }
        return fields[field] ?? [Double](repeating: .nan, count: count)
    }

    /// No records.
    public init() {}

    /// Per block of `blockSize` values: the indices of its lowest and highest value (-1 when
    /// it holds a missing value), those values side by side, and its finite values' range (NaN,
    /// NaN when it has none: `RangeExtremes`' finest level). One pass, blocks split between
    /// the cores. O(n / cores).
    private static func blocks(of values: [Double]) -> (lowest: [Int32], highest: [Int32], extremes: [Double], finite: [Double]) {
        let size = blockSize
        let blocks = (values.count + size - 1) / size
        var lows = [Int32](repeating: -1, count: blocks), highs = [Int32](repeating: -1, count: blocks)
        var extremes = [Double](repeating: .nan, count: 2 * blocks), finite = [Double](repeating: .nan, count: 2 * blocks)
        values.withUnsafeBufferPointer { v in
            lows.withUnsafeMutableBufferPointer { lows in
                highs.withUnsafeMutableBufferPointer { highs in
                    extremes.withUnsafeMutableBufferPointer { extremes in
                        finite.withUnsafeMutableBufferPointer { finite in
                            let out = BlockOutput(values: v, lows: lows, highs: highs, extremes: extremes, finite: finite)
                            let parts = blocks >= 4_096 ? 2 : 1
                            DispatchQueue.concurrentPerform(iterations: parts) { part in
                                out.fill(blocks: (blocks * part / parts)..<(blocks * (part + 1) / parts), size: size)
                            }
                        }
                    }
                }
            }
        }
        return (lows, highs, extremes, finite)
    }

    /// The runs' entries from the blocks' (`runLowest`): a run's lowest is its first block's
    /// lowest of the lowest value (a block's is its first lowest record), so the first lowest
    /// record of the run, as a record-by-record pass finds it; -1 when a block of it holds a
    /// missing value. O(blocks).
    private static func runs(lowest: [Int32], highest: [Int32], extremes: [Double]) -> (lowest: [Int32], highest: [Int32], extremes: [Double]) {
        let perRun = runSize / blockSize
        let runs = (lowest.count + perRun - 1) / perRun
        var lows = [Int32](repeating: -1, count: runs), highs = [Int32](repeating: -1, count: runs)
        var values = [Double](repeating: .nan, count: 2 * runs)
        for r in 0..<runs {
            let first = r * perRun, end = min(first + perRun, lowest.count)
            guard lowest[first..<end].allSatisfy({ $0 >= 0 }) else { continue }
            var low = first, high = first
            for b in first..<end {
                if extremes[2 * b] < extremes[2 * low] { low = b }
                if extremes[2 * b + 1] > extremes[2 * high + 1] { high = b }
            }
            lows[r] = lowest[low]
            highs[r] = highest[high]
            values[2 * r] = extremes[2 * low]
            values[2 * r + 1] = extremes[2 * high + 1]
        }
        return (lows, highs, values)
    }

    /// The buffers `blocks(of:)` fills, each block's entries written by one thread.
    private struct BlockOutput: @unchecked Sendable {
        let values: UnsafeBufferPointer<Double>
        let lows: UnsafeMutableBufferPointer<Int32>, highs: UnsafeMutableBufferPointer<Int32>
        let extremes: UnsafeMutableBufferPointer<Double>, finite: UnsafeMutableBufferPointer<Double>

        func fill(blocks: Range<Int>, size: Int) {
            let v = values
            for b in blocks {
                let start = b * size, end = min(start + size, v.count)
                var low = start, high = start, complete = true
                var lo = Double.nan, hi = Double.nan
                for i in start..<end {
                    let y = v[i]
                    // Missing (NaN) and infinite values are gaps for both: neither is drawn.
                    guard y.isFinite else { complete = false; continue }
                    // NaN fails every comparison: `!(y >= lo)` takes `y` while `lo` is still NaN.
                    if !(y >= lo) { lo = y }
                    if !(y <= hi) { hi = y }
                    if y < v[low] { low = i }
                    if y > v[high] { high = i }
                }
                finite[2 * b] = lo
                finite[2 * b + 1] = hi
                if complete {
                    lows[b] = Int32(low)
                    highs[b] = Int32(high)
                    extremes[2 * b] = v[low]
                    extremes[2 * b + 1] = v[high]
                }
            }
        }
    }

    /// What one pass over a run of records finds (`summarize`).
    private struct Summary {
        var lo = Double.infinity, hi = -Double.infinity, xlo = Double.infinity, xhi = -Double.infinity
        var first = Double.nan, last = Double.nan
        var sorted = true, whole = true

        /// The summary of records `run` of `v` (values) and `x` (locations, all finite). O(run).
        init(_ v: UnsafeBufferPointer<Double>, _ x: UnsafeBufferPointer<Double>, _ run: Range<Int>) {
            guard !run.isEmpty else { return }
            first = x[run.lowerBound]
            last = x[run.upperBound - 1]
            var previous = -Double.infinity
            for i in run {
                let xi = x[i]
                if xi < previous { sorted = false }
                previous = xi
                let vi = v[i]
                guard vi.isFinite else { continue }
                if whole && (vi != vi.rounded() || abs(vi) >= 1e15) { whole = false }
                if vi < lo { lo = vi }
                if vi > hi { hi = vi }
                if xi < xlo { xlo = xi }
                if xi > xhi { xhi = xi }
            }
        }

        init() {}

        /// This run's summary followed by `next`'s.
        func then(_ next: Summary) -> Summary {
            guard !next.first.isNaN else { return self }
            guard !first.isNaN else { return next }
            var both = self
            both.lo = min(lo, next.lo)
            both.hi = max(hi, next.hi)
            both.xlo = min(xlo, next.xlo)
            both.xhi = max(xhi, next.xhi)
            both.sorted = sorted && next.sorted && !(next.first < last)
            both.whole = whole && next.whole
            both.last = next.last
            return both
        }
    }

    /// The summaries layout asks for every frame: one pass over the data, split between the
    /// cores for long series, then the block extremes of a long sorted series. O(n / cores).
    private mutating func summarize() {
        let parts = values.count >= 262_144 ? 2 : 1
        let halves = SummarySlots()
        values.withUnsafeBufferPointer { v in
            locations.withUnsafeBufferPointer { x in
                let buffers = Buffers(v: v, x: x)
                let n = v.count
                DispatchQueue.concurrentPerform(iterations: parts) { part in
                    halves.store(Summary(buffers.v, buffers.x, (n * part / parts)..<(n * (part + 1) / parts)), at: part)
                }
            }
        }
        let summary = parts == 1 ? halves.slots[0] : halves.slots[0].then(halves.slots[1])
        let (lo, hi, xlo, xhi) = (summary.lo, summary.hi, summary.xlo, summary.xhi)
        let sorted = summary.sorted
        isSortedByLocation = sorted
        if sorted && values.count >= 100_000 && values.count < Int(Int32.max) {
            let found = Self.blocks(of: values)
            blockLowest = found.lowest
            blockHighest = found.highest
            blockExtremes = found.extremes
            (runLowest, runHighest, runExtremes) = Self.runs(lowest: found.lowest, highest: found.highest, extremes: found.extremes)
            extremes = RangeExtremes(values, finest: found.finite)
        } else if sorted && values.count > 4_096 {
            extremes = RangeExtremes(values)
        }
        hasFiniteValue = lo <= hi
        defaultFormat = .fixed(decimals: hasFiniteValue && summary.whole ? 0 : 2)
        valueRange = lo <= hi ? PlotRange(lo, hi) : nil
        locationRange = xlo <= xhi ? PlotRange(xlo, xhi) : nil
    }

    /// Read-only buffers shared by the threads of one pass.
    private struct Buffers: @unchecked Sendable {
        let v: UnsafeBufferPointer<Double>, x: UnsafeBufferPointer<Double>
    }

    /// The two halves' summaries, each slot written by its own thread (raw memory, not an
    /// array, whose element writes from two threads would race on its buffer's uniqueness).
    private final class SummarySlots: @unchecked Sendable {
        let slots = UnsafeMutableBufferPointer<Summary>.allocate(capacity: 2)
        init() { slots.initialize(repeating: Summary()) }
        deinit {
            _ = slots.deinitialize()
            slots.deallocate()
        }
        func store(_ summary: Summary, at index: Int) { slots[index] = summary }
    }

    /// The range of the finite values of the records whose location lies in `x` (data units),
    /// and of those locations; nil when none has a value. O(log n) for sorted locations (binary
    /// search, then `extremes`), O(n) otherwise.
    public func valueRange(inX x: PlotRange) -> (values: PlotRange, locations: PlotRange)? {
        guard isSortedByLocation else {
            var shown: PlotRange?, along: PlotRange?
            for i in 0..<count where values[i].isFinite && x.contains(locations[i]) {
                shown = shown?.including(values[i]) ?? PlotRange(values[i], values[i])
                along = along?.including(locations[i]) ?? PlotRange(locations[i], locations[i])
            }
            guard let shown, let along else { return nil }
            return (shown, along)
        }
        let inside = ThinnedRecords.recordsLocated(in: locations, from: x.lower, through: x.upper)
        let lo = inside.lowerBound, hi = inside.upperBound
        guard lo < hi else { return nil }
        let found: PlotRange?
        if let extremes {
            found = extremes.range(of: lo..<hi, in: values)
        } else {
            found = PlotRange.enclosing(values[lo..<hi])
        }
        return found.map { ($0, PlotRange(locations[lo], locations[hi - 1])) }
    }

    /// The records whose location lies in `range`, in record order, at most `limit`. Binary
    /// search for sorted locations: O(log n + limit); O(n) otherwise.
    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] {
        let candidates =
            isSortedByLocation
            ? ThinnedRecords.recordsLocated(in: locations, from: range.lower, through: range.upper)
            : 0..<count
        var found: [PlotRecordValue] = []
        for i in candidates where range.contains(locations[i]) {
            guard found.count < limit else { break }
            found.append(PlotRecordValue(record: i, location: locations[i], value: values[i], name: name(i)))
        }
        return found
    }

    /// The category names by location, in record order; empty when there are none. Made once
    /// at load: every axis layout asks (200,000 names took 12 ms a zoomed layout to gather anew).
    public private(set) var categoryLabels: [(location: Double, name: String)] = []

    /// The largest absolute finite value (0 when none): what labels and popups pass as the
    /// magnitude of the values shown together, so that they group thousands alike.
    public var magnitude: Double {
        guard let valueRange else { return 0 }
        return max(abs(valueRange.lower), abs(valueRange.upper))
    }

    /// The resolution of the locations read as dates (see `DateResolution`). O(n).
    public var locationResolution: DateResolution { DateResolution.of(locations) }

    /// The format popups use when the plot sets none: 2 decimals, none when every value is
    /// whole. Worked out once at load (popups and `--dump-layout` ask per record).
    public private(set) var defaultFormat: NumberFormat = .fixed(decimals: 2)
}

/// A plot's pulled data, kept until the plot reloads: pulled on first use, so that layout, hit
/// testing and legends share one pull from the data source. A plot keeps one and calls
/// `reset()` from its `reloadData()`.
public struct SeriesCache: Sendable {
    /// An empty cache: the next read pulls from the data source.
    public init() {}

    private var stored: SeriesData?
    private var resolution: DateResolution?

    /// The data pulled for `plot`, pulling it from `source` the first time (see
    /// `SeriesData.init(plot:source:wantsBases:fields:)`). O(1) after the first call.
    public mutating func data(
        for plot: any Plot, source: (any PlotDataSource)?, wantsBases: Bool = false,
        fields: [PlotField] = []
    ) -> SeriesData {
        if let stored { return stored }
        let fresh = SeriesData(plot: plot, source: source, wantsBases: wantsBases, fields: fields)
        stored = fresh
        return fresh
    }

    /// The resolution of `data`'s locations read as dates, worked out once per pull (popups and
    /// `--dump-layout` ask per record). `data` is what `data(for:source:)` returned.
    public mutating func locationResolution(of data: SeriesData) -> DateResolution {
        if let resolution { return resolution }
        let fresh = data.locationResolution
        resolution = fresh
        return fresh
    }

    /// Forgets the pulled data; the next `data(for:source:)` pulls again.
    public mutating func reset() {
        stored = nil
        resolution = nil
    }
}
