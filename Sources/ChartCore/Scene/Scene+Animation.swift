extension Scene {
    /// The scene `progress` of the way through the show animation (0 to 1, eased by the
    /// caller): what the painter paints for that frame, so the painter only paints.
    ///
    /// Each item animates by its shape, whatever plot laid it out: a bar with a `base` grows
    /// from it; a slice sweeps open from its start angle; everything else (points, strokes,
    /// polygons, rectangles without a base such as candle bodies and heatmap cells) appears
    /// left to right as a line does, each once its anchor is reached; the plot's paths are
    /// revealed left to right through `PlotScene.pathsClip`. Data labels and leader lines wait
    /// for the end. Progress 1 (or more) gives the scene itself. O(items).
    public func animated(progress: Double) -> Scene {
        let progress = min(max(progress, 0), 1)
        guard progress < 1 else { return self }
        var scene = self
        scene.plots = plots.map { $0.animated(progress: progress) }
        scene.recordOccludedBars()
        return scene
    }
}

extension PlotScene {
    /// This plot `progress` (0 to 1) of the way through the show animation: see
    /// `Scene.animated(progress:)`, which records the bars it covers again (`occludedBars`, here
    /// forgotten). O(items).
    public func animated(progress: Double) -> PlotScene {
        let progress = min(max(progress, 0), 1)
        guard progress < 1 else { return self }
        var plot = self
        plot.occludedBars = [:]
        let revealX = clip.minX + clip.width * progress
        if !paths.isEmpty {
            plot.pathsClip = Rect(x: clip.minX, y: clip.minY, width: clip.width * progress, height: clip.height)
        }
        plot.items = items.animated { item in
            var item = item
            switch item.shape {
            case .rect(let rect, let corners):
                guard let base = item.base else { return item.anchor.x <= revealX ? item : nil }
                let grown = Self.grown(rect, from: base, progress: progress)
                item.shape = .rect(grown, corners: corners.clamped(to: grown))
            case .wedge(let c, let r, let inner, let start, let end):
                item.shape = .wedge(
                    center: c, radius: r, innerRadius: inner, startAngle: start,
                    endAngle: start + (end - start) * progress)
            case .point, .segments, .polygon:
                guard item.anchor.x <= revealX else { return nil }
            }
            return item
        } keepingPoints: {
            $0.x <= revealX
        }
        plot.labels = []
        plot.leaders = []
        return plot
    }

    /// A bar `progress` of the way from its base to its full length.
    static func grown(_ rect: Rect, from base: PlotItem.Base, progress: Double) -> Rect {
        if base.isHorizontal {
            let far = abs(rect.minX - base.position) > abs(rect.maxX - base.position) ? rect.minX : rect.maxX
            let edge = base.position + (far - base.position) * progress
            return Rect(x: min(base.position, edge), y: rect.minY, width: abs(edge - base.position), height: rect.height)
        }
        let far = abs(rect.minY - base.position) > abs(rect.maxY - base.position) ? rect.minY : rect.maxY
        let edge = base.position + (far - base.position) * progress
        return Rect(x: rect.minX, y: min(base.position, edge), width: rect.width, height: abs(edge - base.position))
    }
}
