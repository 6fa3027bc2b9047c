import Foundation

extension Graph {
    /// The most rows `visibleDataCSV(in:)` writes.
    public static let visibleRowLimit = 1_000_000

    /// The records of the visible plots inside `scene`'s view (a layout of this graph), as CSV
    /// with a header (`series,x,y`; `series,category,value` on a category axis): locations as
    /// the axis writes them at the data's resolution (dates as dates), values in full, exact at
    /// any zoom (records come from the plots, not from what was drawn). At most `limit` rows;
    /// `truncated` says whether more were in view. What Ctrl+Shift+C copies and
    /// `--export-visible` writes. O(rows) for sorted data.
    public func visibleDataCSV(in scene: Scene, limit: Int = Graph.visibleRowLimit) -> (text: String, rows: Int, truncated: Bool) {
        let (header, lines, truncated) = visibleRecords(in: scene, limit: limit)
        return (([header] + lines).joined(separator: "\n") + "\n", lines.count, truncated)
    }

    /// The header and the lines of `visibleDataCSV(in:limit:)`.
    func visibleRecords(in scene: Scene, limit: Int) -> (header: String, lines: [String], truncated: Bool) {
        var lines: [String] = []
        var truncated = false
        var header = "series,x,y"
        for plot in plots where !plot.isHidden && plot.usesAxes {
            let spaceID = plot.plotSpace?.identifier ?? defaultPlotSpace.identifier
            guard let t = scene.transform(ofSpace: spaceID) else { continue }
            let coordinate = plot.locationAxis
            let range = coordinate == .x ? t.xRange : t.yRange
            let scale = coordinate == .x ? t.xScale : t.yScale
            if scale == .category { header = "series,category,value" }
            let room = limit - lines.count
            let records = (plot as? any RangeQueryablePlot)?.records(in: range, limit: room + 1) ?? []
            if records.count > room { truncated = true }
            let kept = records.prefix(room)
            let resolution = scale == .date ? DateResolution.of(kept.map(\.location)) : .day
            let series = Self.csvField(plot.title)
            for record in kept {
                let location = record.name ?? (scale == .date ? resolution.format(record.location) : Self.number(record.location))
                lines.append(series + "," + Self.csvField(location) + "," + (record.value.isFinite ? Self.number(record.value) : ""))
            }
            if truncated { break }
        }
        return (header, lines, truncated)
    }

    /// A number in the shortest form that reads back to it ("12.5", "1e-07"), whole numbers without ".0".
    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    /// `text` as one CSV field: quoted when it holds a comma, a quote or a line break.
    public static func csvField(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}

extension GraphGrid {
    /// Every cell's `Graph.visibleDataCSV(in:limit:)` from `scene` (a layout of this grid), one
    /// CSV, each cell's rows in order: a split's (cells without titles, each its own series)
    /// under the cells' header (`series,x,y`, or `series,category,value` when every cell's x
    /// names categories); charts with titles (a layout's) with a first column naming each
    /// row's chart, `chart,series,x,y`. O(rows).
    public func visibleDataCSV(in scene: Scene, limit: Int = Graph.visibleRowLimit) -> (text: String, rows: Int, truncated: Bool) {
        let namesCharts = cells.count > 1 && cells.contains { $0.title?.isEmpty == false }
        var headers: Set<String> = []
        var lines: [String] = []
        var truncated = false
        for (k, (cell, placed)) in zip(cells, scene.cells).enumerated() where !truncated {
            let part = cell.visibleRecords(in: placed.scene, limit: limit - lines.count)
            if !part.lines.isEmpty { headers.insert(part.header) }
            let chart = namesCharts ? Graph.csvField(cell.title ?? "chart \(k + 1)") + "," : ""
            lines += part.lines.map { chart + $0 }
            truncated = part.truncated
        }
        let header = (namesCharts ? "chart," : "") + (headers.count == 1 ? headers.first! : "series,x,y")
        return (([header] + lines).joined(separator: "\n") + "\n", lines.count, truncated)
    }
}
