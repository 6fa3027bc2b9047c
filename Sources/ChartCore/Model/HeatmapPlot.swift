import Foundation

/// A grid of cells colored by value: `.location` is a cell's column (x, data units: a
/// category's place, a number or a date), `.row` its row (y, data units) and `.value` its color
/// through `colorMap`. A record whose value, column or row is missing leaves its cell blank;
/// several records of one cell are averaged (its popup says "(mean of 6)").
///
/// Cells span from halfway to the neighbouring column (row) to halfway to the next, so columns
/// at uneven spacing (months of 28 to 31 days) tile without gaps; the outer cells reach as far
/// out as their inner half.
///
/// Many more cells than pixels: neighbouring columns (rows) narrower than a pixel that fall in
/// one device pixel merge, and each merged cell is drawn in the exact mean of the values of the
/// cells in it (a `.rect` whose `value` is that mean and whose `record` is the first of them), so
/// a 2000 × 2000 grid lays out in O(cells) into at most one item per pixel of the plot area.
///
/// The color bar: the plot lays it out beside the plot area, right of it, as its own paths
/// (the gradient, its outline, ticks) and labels, its clip reaching over there. The plot area
/// comes from the graph's layout, which a plot cannot narrow without its axes no longer lining
/// up with its cells; so the room is the graph's `plotAreaPadding.right`, which whoever builds
/// the chart sets to `colorBarRoom(labels:)` (the chart builder does).
public final class HeatmapPlot: Plot, CategoryPlot, KeyedRecordsPlot, HighlightingPlot {
    public var state: PlotState
    public var kind: PlotKind { .heatmap }

    /// Retained: `.location`, `.row` and `.value` per cell; `categoryName` names its column.
    public var dataSource: (any PlotDataSource)? {
        didSet { reloadData() }
    }
    /// The colors; nil for viridis, or coolwarm when the values lie on both sides of 0.
    public var colorMap: ColorMap?
    /// The values at the ends of the color map; nil for the data's range (for a diverging map,
    /// symmetric about 0 so that 0 is its neutral middle).
    public var valueRange: PlotRange?
    /// The rows' names by row location (a category's place); rows without one are written as
    /// numbers.
    public var rowNames: [Double: String] = [:]
    /// What the popup calls the value ("temp_max"); nil for the plot's title.
    public var valueTitle: String?
    /// Whether cells big enough for it carry their value.
    public var showsCellValues = true
    /// Whether the plot draws its color bar (right of the plot area).
    public var showsColorBar = true

    private var series = SeriesCache()
    private var gridCache: Grid?

    /// A heatmap named `identifier` reading each cell's x, y and value from `dataSource`.
    public init(identifier: String, title: String? = nil, dataSource: (any PlotDataSource)? = nil) {
        state = PlotState(identifier: identifier, title: title)
        self.dataSource = dataSource
    }

    /// Forgets what was pulled from the data source, as Core Plot's `reloadData` does: the next
    /// layout pulls again. Call it when the data source's records change.
    public func reloadData() {
        series.reset()
        gridCache = nil
    }

    private func loaded() -> SeriesData { series.data(for: self, source: dataSource, fields: [.row]) }

    /// The distinct columns and rows, sorted, and the cells: each distinct (column, row) with
    /// the mean of its records' values (rows repeated for one cell are averaged), its first
    /// record and how many records it has, in order of first record. Worked out once per pull.
    /// O(n log distinct), a dense table of columns × rows when that is at most 2²⁶ slots.
    struct Grid {
        struct Cell {
            var column: Int32
            var row: Int32
            var first: Int32
            var count: Int32
            var mean: Double
        }

        var columns: [Double]
        var rows: [Double]
        var cells: [Cell]
        /// Each record's cell, -1 for a record left blank.
        var cellOf: [Int32]
        var valueRange: PlotRange?
        /// The fewest decimals, at most 2, that write every record's value exactly.
        var format: NumberFormat = .fixed(decimals: 0)

        init(_ data: SeriesData) {
            let ys = data.numbers(of: .row)
            var xs = Set<Double>(), rs = Set<Double>()
            for i in 0..<data.count where data.values[i].isFinite && data.locations[i].isFinite && ys[i].isFinite {
                xs.insert(data.locations[i])
                rs.insert(ys[i])
            }
            columns = xs.sorted()
            rows = rs.sorted()
            var columnIndex: [Double: Int32] = [:], rowIndex: [Double: Int32] = [:]
            columnIndex.reserveCapacity(columns.count)
            rowIndex.reserveCapacity(rows.count)
            for (k, x) in columns.enumerated() { columnIndex[x] = Int32(k) }
            for (k, y) in rows.enumerated() { rowIndex[y] = Int32(k) }
            cellOf = [Int32](repeating: -1, count: data.count)
            cells = []
            let slots = columns.count * rows.count
            var dense = slots <= 1 << 26 ? [Int32](repeating: -1, count: slots) : []
            var sparse: [Int: Int32] = [:]
            for i in 0..<data.count where data.values[i].isFinite {
                guard let c = columnIndex[data.locations[i]], let r = rowIndex[ys[i]] else { continue }
                let slot = Int(c) * rows.count + Int(r)
                var cell = dense.isEmpty ? sparse[slot] ?? -1 : dense[slot]
                if cell < 0 {
                    cell = Int32(cells.count)
                    cells.append(Cell(column: c, row: r, first: Int32(i), count: 0, mean: 0))
                    if dense.isEmpty { sparse[slot] = cell } else { dense[slot] = cell }
                }
                cells[Int(cell)].count += 1
                cells[Int(cell)].mean = Self.mean(cells[Int(cell)].mean, adding: data.values[i], count: cells[Int(cell)].count)
                cellOf[i] = cell
            }
            var lo = Double.infinity, hi = -Double.infinity
            for cell in cells {
                lo = min(lo, cell.mean)
                hi = max(hi, cell.mean)
            }
            valueRange = lo <= hi ? PlotRange(lo, hi) : nil
            format = NumberFormat.fewestDecimals(for: data.values)
        }

        /// The running mean of `count` values after adding `value` to the mean of the others,
        /// in halves so that values near Double's limit (1e308 and 1e308) never overflow. O(1).
        @inline(__always) static func mean(_ mean: Double, adding value: Double, count: Int32) -> Double {
            count == 1 ? value : mean + (value / 2 - mean / 2) * (2 / Double(count))
        }

        /// The edges between cells along one axis (data units): `values.count + 1` of them,
        /// halfway between neighbours, the outer ones as far out as the inner half (half a unit
        /// for a lone value).
        static func edges(_ values: [Double]) -> [Double] {
            guard let first = values.first, let last = values.last else { return [] }
            guard values.count > 1 else { return [first - 0.5, first + 0.5] }
            var edges = [first - (values[1] - first) / 2]
            for k in 1..<values.count { edges.append((values[k - 1] + values[k]) / 2) }
            edges.append(last + (last - values[values.count - 2]) / 2)
            return edges
        }
    }

    func grid() -> Grid {
        if let gridCache { return gridCache }
        let grid = Grid(loaded())
        gridCache = grid
        return grid
    }

    public var hasData: Bool { grid().valueRange != nil }

    /// The grid's outer edges, which the ranges fit exactly (no margin past the cells).
    public func dataExtent() -> DataExtent? {
        let grid = grid()
        guard grid.valueRange != nil else { return nil }
        let xe = Grid.edges(grid.columns), ye = Grid.edges(grid.rows)
        guard let x0 = xe.first, let x1 = xe.last, let y0 = ye.first, let y1 = ye.last else { return nil }
        return DataExtent(x: PlotRange(x0, x1), y: PlotRange(y0, y1), xAnchors: [x0, x1], yAnchors: [y0, y1])
    }

    public func categoryLabels() -> [(location: Double, name: String)] { loaded().categoryLabels }
    public func key(ofRecord record: Int) -> RecordKey? { loaded().key(of: record) }
    public func record(forKey key: RecordKey) -> Int? { loaded().record(for: key) }

    /// The map drawn: `colorMap`, else coolwarm for values on both sides of 0, else viridis.
    public var resolvedColorMap: ColorMap {
        if let colorMap { return colorMap }
        if let r = valueRange ?? grid().valueRange, r.lower < 0, r.upper > 0 { return .coolwarm }
        return .viridis
    }

    /// The values at the ends of the map: `valueRange`, or the data's (symmetric about 0 for a
    /// diverging map); a range of one value is widened by half a unit either side.
    public var resolvedValueRange: PlotRange {
        if let valueRange { return valueRange }
        guard var r = grid().valueRange else { return PlotRange(0, 1) }
        if resolvedColorMap.isDiverging {
            let m = max(abs(r.lower), abs(r.upper))
            r = PlotRange(-m, m)
        }
        return r.length > 0 ? r : PlotRange(r.lower - 0.5, r.upper + 0.5)
    }

    /// The color of `value`.
    public func color(of value: Double) -> Color {
        resolvedColorMap.color(at: Self.share(of: value, in: resolvedValueRange))
    }

    /// Where `value` lies in `range`, 0 at its lower end and 1 at its upper: worked out in
    /// halves, so that a range past Double's span (-1e308 to 1e308) gives finite shares.
    static func share(of value: Double, in range: PlotRange) -> Double {
        let share = (value / 2 - range.lower / 2) / (range.upper / 2 - range.lower / 2)
        return share.isFinite ? share : 0
    }

    /// Device pixels at scale 1 the color bar takes right of the plot area, with labels of
    /// at most `labels` characters: what a chart gives as `plotAreaPadding.right`.
    public static func colorBarRoom(labels: Int) -> Double { 16 + 14 + 4 + 7.5 * Double(max(1, labels)) + 6 }

    /// Along one axis: which bin each cell falls in (-1 when outside the plot area) and each
    /// bin's device extent. A cell at least a pixel wide is a bin of its own; narrower
    /// neighbours in one device pixel share one. O(cells along the axis).
    static func bins(edges: [Double], device: (Double) -> Double?, low: Double, high: Double) -> (binOf: [Int32], extents: [(Double, Double)]) {
        let count = max(0, edges.count - 1)
        var binOf = [Int32](repeating: -1, count: count)
        var extents: [(Double, Double)] = []
        var lastPixel = Int.min
        let d = edges.map { device($0) ?? .nan }
        for k in 0..<count {
            // Edges on whole pixels where cells are wider than one, so that neighbours meet
            // without an antialiased seam.
            var a = min(d[k], d[k + 1]), b = max(d[k], d[k + 1])
            if b - a >= 2 { (a, b) = (a.rounded(), b.rounded()) }
            guard a.isFinite, b.isFinite, b > low, a < high else { continue }
            let lo = max(a, low), hi = min(b, high)
            if b - a >= 1 {
                extents.append((lo, hi))
                lastPixel = Int.min
            } else {
                let pixel = Int(((a + b) / 2).rounded(.down))
                if pixel == lastPixel, let last = extents.last {
                    extents[extents.count - 1] = (min(last.0, lo), max(last.1, hi))
                } else {
                    extents.append((max(Double(pixel), low), min(Double(pixel + 1), high)))
                    lastPixel = pixel
                }
            }
            binOf[k] = Int32(extents.count - 1)
        }
        return (binOf, extents)
    }

    /// A `.rect` per cell (or merged cell) in view, in record order; the cells' values where
    /// they fit; the color bar. O(cells + bins).
    public func layout(in context: PlotLayoutContext) -> PlotScene {
        let data = loaded()
        let grid = grid()
        let area = context.plotArea
        let scale = context.scale
        let t = context.transform
        var scene = PlotScene(plotID: identifier, title: title, kind: kind, isVisible: true, items: [], clip: area)
        guard grid.valueRange != nil else { return scene }
        let xb = Self.bins(edges: Grid.edges(grid.columns), device: { t.deviceX($0) }, low: area.minX, high: area.maxX)
        let yb = Self.bins(edges: Grid.edges(grid.rows), device: { t.deviceY($0) }, low: area.minY, high: area.maxY)
        let nx = xb.extents.count, ny = yb.extents.count
        var sums = [Double](repeating: 0, count: nx * ny)  // each bin's running mean
        var counts = [Int32](repeating: 0, count: nx * ny)
        var firsts = [Int32](repeating: -1, count: nx * ny)
        for (k, cell) in grid.cells.enumerated() {
            if context.shouldStop(at: k) { return scene }
            let bx = xb.binOf[Int(cell.column)], by = yb.binOf[Int(cell.row)]
            guard bx >= 0, by >= 0 else { continue }
            let b = Int(by) * nx + Int(bx)
            counts[b] += 1
            sums[b] = Grid.mean(sums[b], adding: cell.mean, count: counts[b])
            if firsts[b] < 0 || cell.first < firsts[b] { firsts[b] = cell.first }
        }
        var cells: [(record: Int32, bin: Int)] = []
        for b in 0..<(nx * ny) where counts[b] > 0 { cells.append((firsts[b], b)) }
        cells.sort { $0.record < $1.record }
        var items: [PlotItem] = []
        items.reserveCapacity(cells.count)
        var labels: [SceneText] = []
        let format = valueFormat ?? grid.format
        let textStyle = context.theme.labelText.scaled(by: scale).withSize(10 * scale)
        let sampleSize = context.measurer.size(of: "0", style: textStyle)
        // Cell texts only where a few hundred cells show: more would be noise (and slow to measure).
        let writesValues = showsCellValues && cells.count <= 600
        for cell in cells {
            let b = cell.bin
            let (x0, x1) = xb.extents[b % nx], (y0, y1) = yb.extents[b / nx]
            let mean = sums[b]
            let color = color(of: mean)
            let rect = Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
            items.append(
                PlotItem(
                    record: Int(cell.record), value: mean, shape: .rect(rect, cornerRadius: 0), fill: .solid(color),
                    stroke: nil, anchor: Point(x: rect.midX, y: rect.midY)))
            guard writesValues, rect.height >= sampleSize.height + 2 * scale else { continue }
            let text = format.format(mean, magnitude: data.magnitude)
            let size = context.measurer.size(of: text, style: textStyle)
            guard size.width + 4 * scale <= rect.width else { continue }
            let ink = color.luminance > 0.4 ? Color(white: 0.1) : Color(white: 0.97)
            labels.append(SceneText(text: text, style: textStyle.withColor(ink), size: size, at: rect.center, anchoredBy: .center))
        }
        scene.items = PlotItems(items)
        if showsColorBar {
            let bar = colorBar(in: context, format: format, magnitude: data.magnitude)
            scene.paths = bar.paths
            scene.leaders = bar.lines
            labels += bar.labels
            // The bar's labels may reach above and below the plot area by half their height.
            let reach = Rect(
                enclosing: bar.labels.flatMap { [$0.rect.origin, Point(x: $0.rect.maxX, y: $0.rect.maxY)] } + [area.origin, Point(x: bar.right, y: area.maxY)])
            scene.clip = Rect(
                x: area.minX, y: min(area.minY, reach.minY) - 1, width: bar.right - area.minX,
                height: max(area.maxY, reach.maxY) - min(area.minY, reach.minY) + 2)
        }
        scene.labels = labels
        return scene
    }

    /// The color bar right of the plot area: 64 to 256 bands of the map (one per 3 pixels)
    /// from the range's low end at the bottom to its high end at the top (filled paths), an
    /// outline and ticks at nice values (leader lines: drawn, never hit) with labels.
    private func colorBar(in context: PlotLayoutContext, format: NumberFormat, magnitude: Double) -> (
        paths: [ScenePath], lines: [SceneLine], labels: [SceneText], right: Double
    ) {
        let area = context.plotArea, scale = context.scale
        let x0 = area.maxX + 16 * scale, width = 14 * scale
        let top = area.minY, height = area.height
        let range = resolvedValueRange, map = resolvedColorMap
        var paths: [ScenePath] = []
        let bands = max(64, min(256, Int(height / (3 * scale))))
        for k in 0..<bands {
            let y1 = top + height * (1 - Double(k) / Double(bands)), y0 = top + height * (1 - Double(k + 1) / Double(bands))
            // Bands overlap by a hair so that antialiasing leaves no seams.
            let r = Rect(x: x0, y: y0 - 0.25, width: width, height: y1 - y0 + 0.5)
            paths.append(
                ScenePath(
                    elements: [
                        .move(r.origin), .line(Point(x: r.maxX, y: r.minY)), .line(Point(x: r.maxX, y: r.maxY)),
                        .line(Point(x: r.minX, y: r.maxY)), .close
                    ],
                    fill: .solid(map.color(at: (Double(k) + 0.5) / Double(bands)))))
        }
        let line = context.theme.axisLine.scaled(by: scale)
        let corners = [Point(x: x0, y: top), Point(x: x0 + width, y: top), Point(x: x0 + width, y: top + height), Point(x: x0, y: top + height)]
        var lines = (0..<4).map { SceneLine(from: corners[$0], to: corners[($0 + 1) % 4], style: line) }
        let style = context.theme.labelText.scaled(by: scale)
        let ticks = TickGenerator.linearTicks(in: range, targetCount: max(2, Int(height / (40 * scale))))
        let step = ticks.count > 1 ? ticks[1] - ticks[0] : nil
        var labels: [SceneText] = []
        var right = x0 + width
        for v in ticks {
            let y = top + height * (1 - Self.share(of: v, in: range))
            lines.append(SceneLine(from: Point(x: x0 + width, y: y), to: Point(x: x0 + width + 4 * scale, y: y), style: line))
            let text =
                valueFormat?.format(v, magnitude: magnitude) ?? NumberFormat.automatic.format(v, step: step, magnitude: max(abs(range.lower), abs(range.upper)))
            let size = context.measurer.size(of: text, style: style)
            let label = SceneText(text: text, style: style, size: size, at: Point(x: x0 + width + 6 * scale, y: y), anchoredBy: .left)
            labels.append(label)
            right = max(right, label.rect.maxX)
        }
        return (paths, lines, labels, right + 2 * scale)
    }

    /// A swatch of the map's middle color.
    public func legendEntries(seriesColor: Color, theme: Theme) -> [LegendItem] {
        [LegendItem(title: title, fill: .linearGradient(start: resolvedColorMap.color(at: 0), end: resolvedColorMap.color(at: 1), angle: 0))]
    }

    /// "2012-03 · Seattle · temp_max 15.2": the column (as the x axis writes it), the row (its
    /// name, else its number), the value.
    public func describe(record: Int, in context: RecordContext) -> RecordDescription? {
        let data = loaded()
        guard data.values.indices.contains(record), data.values[record].isFinite else { return nil }
        let row = data.numbers(of: .row)[record]
        guard row.isFinite, data.locations[record].isFinite else { return nil }
        let column = context.locationText(data.locations[record], name: data.name(record), dateResolution: series.locationResolution(of: data))
        let rowText = rowNames[row] ?? NumberFormat.automatic.format(row)
        let grid = grid()
        guard grid.cellOf[record] >= 0 else { return nil }
        let cell = grid.cells[Int(grid.cellOf[record])]
        let format = context.valueFormat ?? valueFormat ?? (cell.count > 1 ? .automatic : grid.format)
        var value = format.format(cell.mean, magnitude: data.magnitude)
        if cell.count > 1 { value += " (mean of \(cell.count))" }
        return RecordDescription(location: column + " · " + rowText, series: valueTitle ?? title, value: value)
    }

    /// An outline around the selected cell, in the theme's label color.
    public func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        guard case .rect(let r, _) = item.shape else { return [] }
        let size = max(r.width, r.height) + 4 * scale
        return [
            SceneMarker(
                center: r.center,
                symbol: PlotSymbol(
                    .rectangle, size: size,
                    lineStyle: LineStyle(color: theme.labelText.color, width: 2 * scale)))
        ]
    }
}

extension PlotKind {
    /// A grid of colored cells (`HeatmapPlot`).
    public static let heatmap = PlotKind("heatmap")
}
