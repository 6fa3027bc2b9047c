/// Places the legend around the plot area frame and says how much room it leaves.
///
/// `.automatic` puts it on the right when the graph is wider than tall and at the bottom
/// otherwise, or when on the right it would take more than a quarter of the width. Entries wrap into as many columns (bottom, top) or rows (right, left) as fit;
/// the frame shrinks by the legend's size so that the legend never covers data.
/// Device pixels throughout. O(entries × columns that fit) for choosing the column count, over
/// at most `mostEntries` entries.
struct LegendLayout {
    let legend: Legend
    let theme: Theme
    let scale: Double
    let measurer: any TextMeasuring

    struct EntryInput {
        var plotID: String
        var item: LegendItem
        var isVisible: Bool
    }

    /// The share of the frame's width an automatic legend may take on the right; wider, it goes
    /// below the plot area, which keeps most of a small window.
    static let widestRightShare = 0.25
    /// The share on the right for a graph shorter than `shortHeight` (device pixels at scale 1),
    /// where a legend below would leave little height for the data.
    static let widestRightShareWhenShort = 0.4
    static let shortHeight: Double = 200

    /// The legend scene (nil when hidden or empty) and the frame left for the plot area.
    /// The most entries a legend lays out: past them, the last place says how many more there
    /// are. No window shows more readably, and laying out thousands costs more than the chart.
    static let mostEntries = 200

    func layout(entries all: [EntryInput], graphSize: Size, frame: Rect) -> (LegendScene?, Rect) {
        guard !legend.isHidden, !all.isEmpty else { return (nil, frame) }
        var inputs = all
        if inputs.count > Self.mostEntries {
            let shown = Self.mostEntries - 1
            inputs =
                Array(all.prefix(shown))
                + [EntryInput(plotID: "", item: LegendItem(title: "+\(all.count - shown) more"), isVisible: true)]
        }
        let total = all.count
        guard legend.position == .automatic else { return layout(entries: inputs, of: total, position: legend.position, frame: frame) }
        if graphSize.isLandscape {
            let right = layout(entries: inputs, of: total, position: .right, frame: frame)
            // A short graph (a grid's cell) has more width to spare than height.
            let share = frame.height < Self.shortHeight * scale ? Self.widestRightShareWhenShort : Self.widestRightShare
            if let scene = right.0, scene.rect.width <= frame.width * share { return right }
        }
        return layout(entries: inputs, of: total, position: .bottom, frame: frame)
    }

    /// The share of the frame's height a legend above or below the plot area may take: past it,
    /// long titles are shortened so that entries fit two columns, and then only the entries
    /// that fit show, the last place saying how many more there are (keys `1`…`9` still reach
    /// them all).
    static let tallestShare = 0.35

    /// The legend at `position` (not `.automatic`) and the frame left for the plot area;
    /// `inputs` stand for `total` entries (the last says how many more past `mostEntries`).
    private func layout(entries inputs: [EntryInput], of total: Int, position: Legend.Position, frame: Rect) -> (LegendScene?, Rect) {
        let full = grid(inputs, position: position, frame: frame, textWidth: nil)
        let limit = frame.height * Self.tallestShare
        guard position == .bottom || position == .top, let scene = full.0, scene.rect.height > limit else { return full }
        let pad = legend.padding * scale, swatch = legend.swatchSize * scale, swatchGap = legend.swatchGap * scale
        let columnSpacing = legend.columnSpacing * scale, rowSpacing = legend.rowSpacing * scale
        let textWidth = max(60 * scale, (frame.width - 2 * pad - columnSpacing) / 2 - swatch - swatchGap)
        let shortened = grid(inputs, position: position, frame: frame, textWidth: textWidth)
        guard let short = shortened.0, short.rect.height > limit, short.rows > 1 else { return shortened }
        let rowHeight = (short.rect.height - 2 * pad + rowSpacing) / Double(short.rows) - rowSpacing
        let rowsFit = max(1, Int((limit - 2 * pad + rowSpacing) / (rowHeight + rowSpacing)))
        let capacity = max(1, rowsFit * short.columns)
        guard capacity < inputs.count else { return shortened }
        let shown = max(0, capacity - 1)
        let more = EntryInput(plotID: "", item: LegendItem(title: "+\(total - shown) more"), isVisible: true)
        return grid(Array(inputs.prefix(shown)) + [more], position: position, frame: frame, textWidth: textWidth)
    }

    /// `title` cut with "…" to `width` device pixels in `style`; as it is when it fits or
    /// `width` is nil.
    private func shortened(_ title: String, to width: Double?, style: TextStyle) -> String {
        guard let width, measurer.size(of: title, style: style).width > width else { return title }
        return VisibleText.longestFittingPrefix(of: title, width: width, minimum: 1) { measurer.size(of: $0, style: style).width }
    }

    /// The legend's grid at `position`, titles cut to `textWidth` (device pixels) when given.
    private func grid(_ inputs: [EntryInput], position: Legend.Position, frame: Rect, textWidth: Double?) -> (LegendScene?, Rect) {
        let style = (legend.textStyle ?? theme.legendText).scaled(by: scale)
        let pad = legend.padding * scale, swatch = legend.swatchSize * scale, swatchGap = legend.swatchGap * scale
        let rowSpacing = legend.rowSpacing * scale, columnSpacing = legend.columnSpacing * scale
        let margin = legend.margin * scale

        // Never wider than the frame, even uncut: a title of megabytes is cut to what shows.
        let widest = max(1, frame.width - 2 * pad - swatch - swatchGap)
        let texts = inputs.map { shortened(VisibleText.cut($0.item.title), to: min(textWidth ?? widest, widest), style: style) }
        let textSizes = texts.map { measurer.size(of: $0, style: style) }
        let entryWidths = textSizes.map { swatch + swatchGap + $0.width }
        let rowHeight = max(swatch, textSizes.map(\.height).max() ?? 0)
        let n = inputs.count
        let vertical = position == .right || position == .left

        // Choose the grid: entries fill columns top to bottom in a vertical legend, rows left to
        // right in a horizontal one.
        var columns: Int
        if let fixed = legend.numberOfColumns {
            columns = max(1, min(fixed, n))
        } else if vertical {
            let rowsFit = max(1, Int((frame.height - 2 * pad + rowSpacing) / (rowHeight + rowSpacing)))
            columns = (n + rowsFit - 1) / rowsFit
        } else {
            // No more columns than the narrowest entries could make side by side.
            let narrowest = entryWidths.min() ?? 1
            let most = max(1, min(n, Int((frame.width - 2 * pad + columnSpacing) / max(1, narrowest + columnSpacing))))
            columns = 1
            for candidate in stride(from: most, through: 1, by: -1) {
                let width = Self.gridWidth(entryWidths, columns: candidate, columnMajor: false, spacing: columnSpacing)
                if width + 2 * pad <= frame.width { columns = candidate; break }
            }
        }
        let rows = (n + columns - 1) / columns
        func cell(_ i: Int) -> (row: Int, column: Int) {
            vertical ? (i % rows, i / rows) : (i / columns, i % columns)
        }
        var columnWidths = [Double](repeating: 0, count: columns)
        for i in 0..<n { columnWidths[cell(i).column] = max(columnWidths[cell(i).column], entryWidths[i]) }
        let width = 2 * pad + columnWidths.reduce(0, +) + Double(columns - 1) * columnSpacing
        let height = 2 * pad + Double(rows) * rowHeight + Double(rows - 1) * rowSpacing

        var origin: Point
        var remaining = frame
        switch position {
        case .right:
            origin = Point(x: frame.maxX - width, y: frame.midY - height / 2)
            remaining.size.width = max(0, frame.width - width - margin)
        case .left:
            origin = Point(x: frame.minX, y: frame.midY - height / 2)
            remaining = Rect(x: frame.minX + width + margin, y: frame.minY, width: max(0, frame.width - width - margin), height: frame.height)
        case .bottom:
            origin = Point(x: frame.midX - width / 2, y: frame.maxY - height)
            remaining.size.height = max(0, frame.height - height - margin)
        case .top, .automatic:
            origin = Point(x: frame.midX - width / 2, y: frame.minY)
            remaining = Rect(x: frame.minX, y: frame.minY + height + margin, width: frame.width, height: max(0, frame.height - height - margin))
        }
        origin = Point(x: origin.x.rounded(), y: origin.y.rounded())
        let rect = Rect(origin: origin, size: Size(width: width.rounded(.up), height: height.rounded(.up)))

        var columnX = [Double](repeating: origin.x + pad, count: columns)
        for c in 1..<max(1, columns) { columnX[c] = columnX[c - 1] + columnWidths[c - 1] + columnSpacing }
        let entries = inputs.indices.map { i -> LegendScene.Entry in
            let (row, column) = cell(i)
            let x = columnX[column], y = origin.y + pad + Double(row) * (rowHeight + rowSpacing)
            let swatchRect = Rect(x: x.rounded(), y: (y + (rowHeight - swatch) / 2).rounded(), width: swatch.rounded(), height: swatch.rounded())
            let textStyle = inputs[i].isVisible ? style : style.withColor(theme.disabledText)
            let item = inputs[i].item, visible = inputs[i].isVisible
            let text = SceneText(
                text: texts[i], style: textStyle, size: textSizes[i],
                at: Point(x: x + swatch + swatchGap, y: y + rowHeight / 2), anchoredBy: .left)
            let grey = theme.disabledText
            var symbol = item.symbol
            if var marker = symbol {
                marker.size = min(marker.size * scale, swatch)
                marker.lineStyle = marker.lineStyle.map { (visible ? $0 : $0.withColor(grey)).scaled(by: scale) }
                if !visible, marker.fill != nil { marker.fill = .solid(grey) }
                symbol = marker
            }
            return LegendScene.Entry(
                plotID: inputs[i].plotID, title: VisibleText.cut(item.title),
                rect: Rect(x: x, y: y, width: entryWidths[i], height: rowHeight),
                swatch: swatchRect,
                swatchFill: item.fill.map { visible ? $0 : .solid(grey) },
                swatchLine: item.line.map {
                    SceneLine(
                        from: Point(x: swatchRect.minX, y: swatchRect.midY), to: Point(x: swatchRect.maxX, y: swatchRect.midY),
                        style: (visible ? $0 : $0.withColor(grey)).scaled(by: scale))
                },
                swatchMarker: symbol.map { SceneMarker(center: swatchRect.center, symbol: $0) },
                text: text, isVisible: visible, record: item.record)
        }
        let scene = LegendScene(
            position: position, rect: rect, fill: legend.fill ?? theme.legendFill,
            border: (legend.borderLineStyle ?? theme.legendBorder)?.scaled(by: scale),
            entries: entries, rows: rows, columns: columns)
        return (scene, remaining)
    }

    /// The width of `widths` laid out in `columns` columns (each as wide as its widest entry).
    static func gridWidth(_ widths: [Double], columns: Int, columnMajor: Bool, spacing: Double) -> Double {
        let rows = (widths.count + columns - 1) / columns
        var columnWidths = [Double](repeating: 0, count: columns)
        for (i, w) in widths.enumerated() {
            let c = columnMajor ? i / rows : i % columns
            columnWidths[c] = max(columnWidths[c], w)
        }
        return columnWidths.reduce(0, +) + Double(columns - 1) * spacing
    }
}
