import Foundation

/// A histogram of one series: a bar per bin from the bin's lower edge to its upper edge (data
/// units along x), as tall as the bin's count or density (data units along y). Bars touch;
/// several series share their bins and overlay (translucent) or stack (`stackedOn`).
///
/// The plot holds its bins' counts, not the raw values: binning (`HistogramBinning`) is done
/// once, from memory or by a database's `GROUP BY`. A record is a bin: record `i` spans
/// `binning.edge(i)…binning.edge(i + 1)`. Empty bins have no item.
public final class HistogramPlot: Plot, KeyedRecordsPlot, RangeQueryablePlot {
    public var state: PlotState
    public var kind: PlotKind { .histogram }

    /// The bins: their edges, data units of x.
    public let binning: HistogramBinning
    /// The number of values in each bin, `binning.count` of them.
    public let counts: [Int]
    /// The values counted, all bins together.
    public let total: Int
    /// Bars of probability density (count / (total · width): their areas add up to 1) instead
    /// of counts.
    public var showsDensity = false
    /// The histogram this one's bars stack on, bin by bin (it must share the binning); nil to
    /// start at 0 (overlaid, when several plots share an area).
    public weak var stackedOn: HistogramPlot? {
        didSet {
            var link = stackedOn
            while let plot = link {
                precondition(plot !== self, "Histogram '\(identifier)' cannot be stacked on itself.")
                precondition(plot.binning == binning, "Histogram '\(identifier)' can only stack on one of the same bins.")
                link = plot.stackedOn
            }
        }
    }
    /// The bars' fill; nil for the theme's series color (at `opacity`).
    public var fill: Fill?
    /// The alpha of the default fill: below 1 so overlaid histograms show through each other.
    public var opacity: Double = 1
    /// The bars' outline; nil for a thin line of the series color.
    public var lineStyle: LineStyle?

    /// `counts[i]` values in bin `i` of `binning`.
    public init(identifier: String, title: String? = nil, binning: HistogramBinning, counts: [Int]) {
        precondition(counts.count == binning.count, "A histogram needs one count per bin (\(counts.count) counts, \(binning.count) bins).")
        state = PlotState(identifier: identifier, title: title)
        self.binning = binning
        self.counts = counts
        total = counts.reduce(0, +)
    }

    /// The histogram of `values` (NaN and infinities are not counted) in `binning`. O(n).
    public convenience init(identifier: String, title: String? = nil, binning: HistogramBinning, values: [Double]) {
        self.init(identifier: identifier, title: title, binning: binning, counts: binning.counts(of: values))
    }

    public var hasData: Bool { total > 0 }

    /// The bar height of bin `i`: its count, or its density. Data units.
    public func value(ofBin i: Int) -> Double {
        let count = Double(counts[i])
        guard showsDensity else { return count }
        return total > 0 ? count / (Double(total) * binning.width) : 0
    }

    /// The base of each bin's bar (the tops of the histograms below, visible ones only) and its
    /// top. O(bins × plots stacked below).
    func stack() -> (bases: [Double], tops: [Double]) {
        var bases = [Double](repeating: 0, count: binning.count)
        var link = stackedOn
        while let plot = link {
            if !plot.isHidden { for i in bases.indices { bases[i] += plot.value(ofBin: i) } }
            link = plot.stackedOn
        }
        let tops = bases.indices.map { bases[$0] + value(ofBin: $0) }
        return (bases, tops)
    }

    public func dataExtent() -> DataExtent? {
        guard total > 0 else { return nil }
        let top = stack().tops.max() ?? 0
        return DataExtent(
            x: PlotRange(binning.lower, binning.upper), y: PlotRange(0, max(top, 0)),
            xAnchors: [binning.lower, binning.upper], yAnchors: [0])
    }

    public func records(in range: PlotRange, limit: Int) -> [PlotRecordValue] {
        var records: [PlotRecordValue] = []
        for i in 0..<binning.count where records.count < limit {
            let middle = (binning.edge(i) + binning.edge(i + 1)) / 2
            if range.contains(middle) { records.append(PlotRecordValue(record: i, location: middle, value: value(ofBin: i))) }
        }
        return records
    }

    /// A rect per non-empty bin from its base to its top, edge to edge in device pixels
    /// (rounded, so neighbours touch without a gap or overlap; at least a pixel tall), with its
    /// base for the show animation. With more bins than pixel columns, the tallest per column stays (the same
    /// pixels). O(bins).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let transform = context.transform
        let area = context.plotArea
        let color = context.seriesColor
        let defaultFill = fill ?? .solid(color.withAlpha(opacity))
        let outline = (lineStyle ?? LineStyle(color: color, width: 1)).scaled(by: context.scale)
        let (bases, tops) = stack()
        func bar(_ i: Int) -> (rect: Rect, base: Double)? {
            guard counts[i] > 0,
                let x0 = transform.deviceX(binning.edge(i)), let x1 = transform.deviceX(binning.edge(i + 1)),
                let y0 = transform.deviceY(bases[i], clampingToRange: true), let y1 = transform.deviceY(tops[i], clampingToRange: true)
            else { return nil }
            var left = min(x0, x1).rounded(), right = max(max(x0, x1).rounded(), left + 1)
            // A bin thinner than a pixel at the plot area's right edge keeps the last column.
            let edge = area.maxX.rounded()
            if left >= edge, max(x0, x1) <= area.maxX + 0.5 { (left, right) = (edge - 1, edge) }
            // A bin with values is at least a pixel tall: a long tail of single values shows.
            let bottom = max(y0, y1).rounded(), top = min(min(y0, y1).rounded(), bottom - 1)
            let rect = Rect(x: left, y: top, width: right - left, height: bottom - top)
            guard right > area.minX, left < area.maxX else { return nil }
            return (rect, y0.rounded())
        }
        func item(_ i: Int, _ bar: (rect: Rect, base: Double)) -> PlotItem {
            PlotItem(
                record: i, value: value(ofBin: i), shape: .rect(bar.rect, cornerRadius: 0), fill: defaultFill,
                stroke: outline, anchor: Point(x: bar.rect.midX, y: bar.rect.minY),
                base: PlotItem.Base(position: bar.base, isHorizontal: false))
        }
        var items: [PlotItem] = []
        if binning.count > 2 * Int(area.width) {
            var winners = PixelColumnWinners(area: area, horizontal: false)
            for i in 0..<binning.count {
                if context.shouldStop(at: i) { break }
                if let bar = bar(i) { winners.offer(record: i, rect: bar.rect, pointsDown: false) }
            }
            items = winners.records().compactMap { i in bar(i).map { item(i, $0) } }
        } else {
            for i in 0..<binning.count {
                if context.shouldStop(at: i) { break }
                if let bar = bar(i) { items.append(item(i, bar)) }
            }
        }
        return PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: items, clip: area)
    }

    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [LegendItem(title: title, fill: fill ?? .solid(seriesColor.withAlpha(opacity)))]
    }

    /// "2700–2880 · body_mass_g 37 (10.8%)": the bin's edges (as many decimals as its width
    /// needs), the series, its count (or density) and its share of the series' values.
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        guard record >= 0, record < binning.count, counts[record] > 0 || total > 0 else { return nil }
        let value = value(ofBin: record)
        let share = total > 0 ? Double(counts[record]) / Double(total) : 0
        let valueText: String
        if showsDensity {
            // Three significant digits: a density's scale is the data's inverse, anything.
            let step = value > 0 ? pow(10, (log10(value)).rounded(.down) - 2) : 1
            valueText =
                (context.valueFormat ?? valueFormat ?? .automatic).format(value, step: step, magnitude: value)
                + " (\(counts[record]), " + NumberFormat.percent(decimals: 1).format(share) + ")"
        } else {
            valueText =
                (context.valueFormat ?? valueFormat ?? .fixed(decimals: 0)).format(value, magnitude: Double(total))
                + " (" + NumberFormat.percent(decimals: 1).format(share) + ")"
        }
        return RecordDescription(location: binText(record), series: title, value: valueText)
    }

    /// "12.5–15.0": bin `i`'s edges with the decimals its width needs to tell edges apart; for
    /// bins of whole numbers (edges at halves, a whole width: `HistogramBinning.automatic`),
    /// the whole numbers it holds: "14–15", or "14" for a bin of one.
    public func binText(_ i: Int) -> String {
        let width = binning.width
        if binning.holdsWholeNumbers {
            let first = binning.edge(i) + 0.5, last = binning.edge(i + 1) - 0.5
            let whole = NumberFormat.fixed(decimals: 0)
            return first == last ? whole.format(first, magnitude: last) : whole.format(first, magnitude: last) + "–" + whole.format(last, magnitude: last)
        }
        let magnitude = max(abs(binning.lower), abs(binning.upper))
        // A round width (2, 2.5, 0.25) shows its edges exactly; another gets two digits of it.
        let rough = width.isFinite && width > 0 ? max(0, min(9, 1 - Int(log10(width).rounded(.down)))) : 0
        let exact = width.isFinite && width > 0 ? NumberFormat.decimals(for: width) : 12
        let format: NumberFormat =
            width.isFinite && width > 0 && magnitude < 1e15 && width >= 1e-9
            ? .fixed(decimals: exact <= rough ? exact : rough)
            : .scientific(digits: 3)
        let text = format.format(binning.edge(i), magnitude: magnitude) + "–" + format.format(binning.edge(i + 1), magnitude: magnitude)
        return text
    }

    public func key(ofRecord record: Int) -> RecordKey? {
        guard record >= 0, record < binning.count else { return nil }
        return .location(binning.edge(record))
    }

    public func record(forKey key: RecordKey) -> Int? {
        guard case .location(let lower) = key else { return nil }
        return binning.bin(of: lower)
    }
}

extension PlotKind {
    /// A histogram's bars (`HistogramPlot`): one per bin, touching.
    public static let histogram = PlotKind("histogram")
}
