/// A plot that marks its selected record its own way (a ring around a bubble, an outline
/// around a heatmap cell). Any other plot's selected point gets `PlotItem.pointHalo(scale:theme:)`.
public protocol HighlightingPlot: Plot {
    /// Marks drawn over the chart where `item`, a selected record of this plot, lies. `scale`
    /// is device pixels per layout unit.
    func highlight(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker]
}

extension PlotItem {
    /// The marks of a selected record for a plot that has no marks of its own: a point gets a
    /// halo in its fill's color and its marker redrawn (at least 8 pixels across at scale 1)
    /// with a ring of the background's color; bars and slices get none (their popup points at
    /// them). `scale` is device pixels per layout unit.
    public func pointHalo(scale: Double, theme: Theme) -> [SceneMarker] {
        guard case .point(let p, let symbol) = shape else { return [] }
        let color = fill.representativeColor
        let size = max(symbol?.size ?? 0, 8 * scale)
        return [
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    .ellipse, size: size + 10 * scale, fill: .solid(color.withAlpha(0.25)),
                    lineStyle: LineStyle(color: color, width: 1.5 * scale))),
            SceneMarker(
                center: p,
                symbol: PlotSymbol(
                    symbol?.shape ?? .ellipse, size: size, fill: .solid(color),
                    lineStyle: LineStyle(color: theme.background.representativeColor, width: 1.5 * scale)))
        ]
    }
}

extension Plot {
    /// The marks of `item`, a selected record of this plot: its own (`HighlightingPlot`), else
    /// a point's halo.
    func selectionMarkers(of item: PlotItem, scale: Double, theme: Theme) -> [SceneMarker] {
        if let highlighting = self as? any HighlightingPlot { return highlighting.highlight(of: item, scale: scale, theme: theme) }
        return item.pointHalo(scale: scale, theme: theme)
    }
}
