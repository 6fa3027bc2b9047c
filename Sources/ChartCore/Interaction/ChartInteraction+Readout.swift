import Foundation

/// What the pointer reads and what copying puts on a clipboard: the data coordinates under a
/// device point, written as the axes write them; the selection's text; the visible data as CSV.
/// All read the scene on screen (`Scene.plotSpaces`), so they agree with what is drawn.
extension ChartInteraction {
    /// The data coordinates at `point` (device pixels), as the status line shows them:
    /// "x=2016-06-10 12:34  y=12.05", with the second y axis's value after ("y2=3.4"); dates
    /// at the finest unit a pixel tells apart, categories by name, numbers to a pixel's
    /// precision. nil outside the plot area, or on a chart without axes.
    public func readout(at point: Point) -> String? {
        if grid != nil { return cell(at: point).flatMap { cells[$0.index].readout(at: $0.local) } }
        guard scene.plotArea.contains(point), !scene.axes.isEmpty, let first = scene.plotSpaces.first else { return nil }
        let data = first.transform.dataPoint(point)
        var parts = ["x=" + text(data.x, along: .x, of: first)]
        for space in scene.plotSpaces {
            guard
                let axis = graph.axes.first(where: { $0.coordinate == .y && $0.plotSpaceIdentifier == space.identifier && !$0.isHidden })
                    ?? (space.identifier == first.identifier ? graph.axes.first { $0.coordinate == .y } : nil)
            else { continue }
            let y = space.transform.dataPoint(point).y
            parts.append("\(axis.identifier)=" + text(y, along: .y, of: space))
        }
        return parts.joined(separator: "  ")
    }

    /// `value` as the axis along `coordinate` of `space` writes it, to a pixel's precision.
    func text(_ value: Double, along coordinate: Axis.Coordinate, of space: ScenePlotSpace) -> String {
        let t = space.transform
        let (range, scale, pixels) = coordinate == .x ? (t.xRange, t.xScale, t.plotArea.width) : (t.yRange, t.yScale, t.plotArea.height)
        let axis = graph.axes.first { $0.coordinate == coordinate && $0.plotSpaceIdentifier == space.identifier }
        let perPixel = range.length / max(pixels, 1)
        switch scale {
        case .date:
            let resolution: DateResolution =
                perPixel < 30
                ? .second
                : perPixel < 43_200
                    ? .minute
                    : perPixel < 15 * 86_400
                        ? .day
                        : perPixel < 180 * 86_400 ? .month : .year
            return resolution.format(value)
        case .category:
            let names = graph.plotSpace(identifier: space.identifier).map { graph.categoryNames(in: $0, along: coordinate) } ?? []
            if let nearest = names.min(by: { abs($0.location - value) < abs($1.location - value) }), abs(nearest.location - value) <= 0.5 {
                return nearest.name
            }
            return (axis?.labelFormat ?? .automatic).format(value.rounded(), step: 1)
        case .logarithmic:
            let decadesPerPixel = (log10(range.upper) - log10(range.lower)) / max(pixels, 1)
            return (axis?.labelFormat ?? .automatic).format(
                value, step: Self.decade(below: value * decadesPerPixel * M_LN10),
                magnitude: abs(value))
        case .linear:
            return (axis?.labelFormat ?? .automatic).format(
                value, step: Self.decade(below: perPixel),
                magnitude: max(abs(range.lower), abs(range.upper)))
        }
    }

    /// The power of ten at or below `step`: the digits a pixel's worth of data tells apart.
    private static func decade(below step: Double) -> Double {
        guard step > 0, step.isFinite else { return 1 }
        return pow(10, floor(log10(step)))
    }

    /// The selected record in words, as its popup says it on one line ("2008-03-01 · AAPL
    /// 143.50"); without a selection, the A/B cursors' measurement (`CursorMeasurement.lines`);
    /// nil without either.
    public var selectionText: String? {
        if grid != nil { return cells.lazy.compactMap(\.selectionText).first }
        guard let selection else {
            // Without a selection, what the A/B cursors measure.
            guard let measurement, let space = scene.plotSpaces.first else { return nil }
            return measurement.lines { self.text($0, along: .x, of: space) }.joined(separator: "\n")
        }
        return scene.plot(selection.plotID)?.describer?.description(of: selection.record)?.text
    }

    /// The most rows `visibleDataCSV()` writes.
    public static let copiedRowLimit = Graph.visibleRowLimit

    /// The records of the visible plots inside the view, as CSV with a header
    /// (`Graph.visibleDataCSV(in:)` of the scene on screen). O(rows) for sorted data.
    public func visibleDataCSV() -> (text: String, rows: Int, truncated: Bool) {
        if let grid { return grid.visibleDataCSV(in: scene) }
        return graph.visibleDataCSV(in: scene)
    }
}
