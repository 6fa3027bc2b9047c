/// The one layout pass: graph + size + text metrics → scene.
///
/// Steps, each taking room from what is left: padding, title, legend, axis labels and titles
/// (measured and refitted until the plot area settles), then plots, axes, grid and annotations
/// against the final plot area. A pure function of its inputs: the graph is not changed.
extension Graph {
    /// Lays the graph out at `size` device pixels and at `view` (the fitted view unless zoomed
    /// or panned). `scale` multiplies every length given at scale 1 (fonts, lines, paddings): 2
    /// on a HiDPI screen. O(visible records + labels²) for sorted series (the extents are
    /// worked out once per pull, and a zoomed line culls by binary search).
    ///
    /// A layout running on another thread stops early once `cancellation` is raised; its
    /// scene is then incomplete and must be thrown away.
    public func layout(
        size: Size, scale: Double = 1, view: GraphView = .fitted, measurer: any TextMeasuring,
        cancellation: CancellationFlag? = nil
    ) -> Scene {
        layout(size: size, scale: scale, view: view, measurer: measurer, cancellation: cancellation, plotAreaSpan: nil)
    }

    /// `layout(size:scale:view:measurer:cancellation:)` with the plot area's left edge at
    /// `plotAreaSpan.lowerBound` or right of it and its right edge at `upperBound` or left of
    /// it (device pixels from the surface's left): a grid's column of cells aligns its plot
    /// areas so that one x is one pixel column in each. nil: where the axes' labels put them.
    ///
    /// A graph too small for its title and legend beside a plot area (a grid's short cell, a
    /// window dragged small) is laid out with its title on one line, then without a legend of
    /// one entry, then without its title (`Chrome`), rather than drawing them over the plot or
    /// outside its bounds; a legend of several entries always stays.
    func layout(
        size: Size, scale: Double, view: GraphView, measurer: any TextMeasuring, cancellation: CancellationFlag?,
        plotAreaSpan: ClosedRange<Double>?, chrome: Chrome = .full
    ) -> Scene {
        precondition(
            size.width > 0 && size.height > 0 && size.width.isFinite && size.height.isFinite,
            "A graph is laid out at a positive finite size (got \(size)).")
        precondition(scale > 0 && scale.isFinite, "The layout scale must be positive and finite (got \(scale)).")
        let bounds = Rect(origin: .zero, size: size)
        var frame = bounds.inset(by: padding.scaled(by: scale))

        // Title.
        var titleScene: SceneText?
        if let title, !title.isEmpty, chrome.showsTitle {
            // At most half the height: a title of many lines leaves room for the chart (one line
            // when there is little room).
            let titleStyle = (titleTextStyle ?? theme.titleText).scaled(by: scale)
            let oneLine = measurer.size(of: "Xg", style: titleStyle).height * 1.2
            let (text, style, textSize) = Self.fitted(
                title, style: titleStyle, width: frame.width, height: chrome == .full ? frame.height / 2 : oneLine, measurer: measurer)
            titleScene = SceneText(
                text: text, style: style, size: textSize,
                at: Point(x: frame.midX, y: frame.minY), anchoredBy: .top)
            let used = textSize.height + 10 * scale
            frame = Rect(x: frame.minX, y: frame.minY + used, width: frame.width, height: max(0, frame.height - used))
        }

        // Legend.
        let legendInputs = plots.enumerated().flatMap { index, plot in
            plot.legendEntries(seriesColor: seriesColor(ofPlotAt: index), theme: theme).map {
                LegendLayout.EntryInput(
                    plotID: plot.identifier, item: $0,
                    isVisible: !plot.isHidden && !($0.record.map { plot.hidesRecord($0) } ?? false))
            }
        }
        let (legendScene, plotFrame) = LegendLayout(legend: legend, theme: theme, scale: scale, measurer: measurer)
            .layout(entries: chrome.showsLegend ? legendInputs : [], graphSize: size, frame: frame)

        let hasData = plots.contains { !$0.isHidden && $0.hasData }
        // Axes only for plots that use them: a graph of pies alone has none.
        let wantsAxes = hasData && plots.contains { !$0.isHidden && $0.usesAxes && $0.hasData }
        let visibleAxes = wantsAxes ? axes.filter { !$0.isHidden } : []

        // Axis room: lay the axes out against a provisional plot area, measure how far they
        // reach outside it, and refit. Three rounds settle it (label sizes change little).
        let basePadding = plotAreaPadding.scaled(by: scale)
        var plotArea = plotFrame.inset(by: basePadding)
        // Fitting reads every plot's extent (O(n) for bars); only anchored view ranges depend
        // on the plot area, so without them the ranges are worked out once.
        let fixedRanges = view.hasAnchoredRanges ? nil : fittedRanges(view: view)
        func ranges(in plotArea: Rect) -> [String: (x: PlotRange, y: PlotRange)] {
            fixedRanges ?? fittedRanges(view: view, plotArea: plotArea)
        }
        for _ in 0..<3 {
            var reach = EdgeInsets()
            let ranges = ranges(in: plotArea)
            for axis in visibleAxes {
                let scene = axisLayout(axis, plotArea: plotArea, frame: plotFrame, scale: scale, measurer: measurer, ranges: ranges).layout().axis
                reach = reach.union(Self.reach(of: scene, outside: plotArea))
            }
            var insets = EdgeInsets(
                top: max(basePadding.top, reach.top), left: max(basePadding.left, reach.left),
                bottom: max(basePadding.bottom, reach.bottom), right: max(basePadding.right, reach.right))
            if let span = plotAreaSpan {
                insets.left = max(insets.left, span.lowerBound - plotFrame.minX)
                insets.right = max(insets.right, plotFrame.maxX - span.upperBound)
            }
            let next = plotFrame.inset(by: insets)
            let settled = abs(next.width - plotArea.width) < 0.5 && abs(next.height - plotArea.height) < 0.5
            plotArea = next
            if settled { break }
        }
        plotArea = Rect(
            x: plotArea.minX.rounded(), y: plotArea.minY.rounded(),
            width: plotArea.width.rounded(), height: plotArea.height.rounded())
        // Too little room for the data: the title takes one line, then the legend goes, then the title.
        let smallest = Self.smallestPlotSide * scale
        // A legend of several entries stays: without it the colors would say nothing.
        if wantsAxes, plotArea.height < smallest || plotArea.width < smallest,
            let next = chrome.next(hasTitle: titleScene != nil, legendIsNeeded: legendInputs.count > 1 && legendScene != nil)
        {
            return layout(
                size: size, scale: scale, view: view, measurer: measurer, cancellation: cancellation, plotAreaSpan: plotAreaSpan, chrome: next)
        }
        let ranges = ranges(in: plotArea)

        // Axes and grid.
        var axisScenes: [AxisScene] = []
        var grid: [SceneLine] = []
        for axis in visibleAxes {
            let laidOut = axisLayout(axis, plotArea: plotArea, frame: plotFrame, scale: scale, measurer: measurer, ranges: ranges).layout()
            axisScenes.append(laidOut.axis)
            grid += laidOut.grid
        }

        // Plots. Each space's mapping once: working it out asks every plot of the space for
        // its scales, so per plot it would cost plots² (thousands of series).
        var transforms: [ObjectIdentifier: CoordinateTransform] = [:]
        for space in allPlotSpaces { transforms[ObjectIdentifier(space)] = transform(of: space, in: plotArea, ranges: ranges) }
        func describer(of plot: any Plot) -> RecordDescriber {
            let space = plot.plotSpace ?? defaultPlotSpace
            let context = transforms[ObjectIdentifier(space)].map { recordContext(for: plot, scales: ($0.xScale, $0.yScale)) }
            return RecordDescriber(plot: plot, context: context ?? recordContext(for: plot))
        }
        let plotScenes = plots.enumerated().map { index, plot -> PlotScene in
            guard !plot.isHidden && plotArea.width > 0 && plotArea.height > 0 && !cancellation.isCancelled else {
                var scene = PlotScene(
                    plotID: plot.identifier, title: VisibleText.cut(plot.title), kind: plot.kind, isVisible: !plot.isHidden,
                    items: [], clip: plotArea)
                scene.describer = describer(of: plot)
                return scene
            }
            let space = plot.plotSpace ?? defaultPlotSpace
            let context = PlotLayoutContext(
                plotArea: plotArea, transform: transforms[ObjectIdentifier(space)] ?? transform(of: space, in: plotArea, ranges: ranges),
                scale: scale, theme: theme, seriesColor: seriesColor(ofPlotAt: index), measurer: measurer,
                cancellation: cancellation)
            var scene = plot.layout(in: context)
            scene.title = VisibleText.cut(scene.title)
            scene.describer = describer(of: plot)
            return scene
        }

        // Annotations.

        var message: SceneText?
        if !hasData {
            let style = theme.axisTitleText.scaled(by: scale).withColor(theme.disabledText)
            let anyData = plots.contains { $0.hasData || $0.hidesAnyRecord }
            let text = VisibleText.cut(anyData ? allHiddenText : noDataText)
            message = SceneText(
                text: text, style: style, size: measurer.size(of: text, style: style),
                at: plotArea.center, anchoredBy: .center)
        }

        var scene = Scene(
            size: size, scale: scale, background: theme.background, plotArea: plotArea,
            plotAreaFill: theme.plotAreaFill, plotAreaBorder: theme.plotAreaBorder?.scaled(by: scale),
            title: titleScene, gridLines: grid, plots: plotScenes, axes: axisScenes, legend: legendScene,
            annotations: [], message: message)
        scene.view = view
        scene.note = note
        scene.plotSpaces = allPlotSpaces.map { space in
            ScenePlotSpace(
                identifier: space.identifier, transform: transforms[ObjectIdentifier(space)] ?? transform(of: space, in: plotArea, ranges: ranges),
                isFittedX: view[space: space.identifier].x == nil, isFittedY: view[space: space.identifier].y == nil)
        }
        scene.annotations = layoutAnnotations(over: scene, measurer: measurer)
        scene.recordOccludedBars()
        return scene
    }

    /// The annotations laid out over an existing scene of this graph, for when only they changed
    /// (a popup moved): the same as a full layout gives, without laying out the chart again.
    public func layoutAnnotations(over scene: Scene, measurer: any TextMeasuring) -> [AnnotationScene] {
        let bounds = Rect(origin: .zero, size: scene.size)
        let layout = AnnotationLayout(theme: theme, scale: scene.scale, measurer: measurer, bounds: bounds)
        let all = annotations + notes.enumerated().map { $1.annotation(index: $0) }
        return all.compactMap { annotation in
            guard let point = anchorPoint(of: annotation, in: scene, bounds: bounds) else { return nil }
            if annotation.clipsToPlotArea && !scene.plotArea.contains(point) { return nil }
            return layout.layout(annotation, anchorPoint: point)
        }
    }

    /// What a layout draws around the plot area, for a graph too small to show it all beside
    /// its data: everything; the title on one line; then without a legend of one entry (the
    /// axis names its series); then without the title. A legend of several entries is never
    /// left out: without it the colors would say nothing.
    enum Chrome: Equatable {
        case full, shortTitle, shortTitleNoLegend, noTitle, noTitleNoLegend

        var showsTitle: Bool { self == .full || self == .shortTitle || self == .shortTitleNoLegend }
        var showsLegend: Bool { self == .full || self == .shortTitle || self == .noTitle }

        /// The next step for a graph with a title (`hasTitle`) whose legend explains colors
        /// (`legendIsNeeded`); nil when nothing more can go.
        func next(hasTitle: Bool, legendIsNeeded: Bool) -> Chrome? {
            switch self {
            case .full: return hasTitle ? .shortTitle : (legendIsNeeded ? nil : .noTitleNoLegend)
            case .shortTitle: return legendIsNeeded ? .noTitle : .shortTitleNoLegend
            case .shortTitleNoLegend: return .noTitleNoLegend
            case .noTitle, .noTitleNoLegend: return nil
            }
        }
    }

    /// The shortest side (device pixels at scale 1) a plot area on axes is given before the
    /// title, then the legend, make room for it.
    static let smallestPlotSide: Double = 24

    /// `text` in `style`, shrunk down to 70% of its size to fit `width`, then cut with "…" to
    /// `width` and to the lines that fit in `height` (`VisibleText.fitting`). Device pixels.
    static func fitted(
        _ text: String, style: TextStyle, width: Double, height: Double,
        measurer: any TextMeasuring
    ) -> (String, TextStyle, Size) {
        let visible = VisibleText.cut(text)
        var style = style
        let size = measurer.size(of: visible, style: style)
        guard (size.width > width && width > 0) || size.height > height else { return (visible, style, size) }
        if size.width > width, width > 0 {
            // In steps of 5%: every distinct size is a font the text engine loads and keeps, and a
            // window resized by hand would otherwise ask for a new one each frame.
            let factor = max(0.7, ((width / size.width) * 20).rounded(.down) / 20)
            style.fontSize *= factor
        }
        let finalStyle = style
        let cut = VisibleText.fitting(visible, width: width, height: height) { measurer.size(of: $0, style: finalStyle) }
        return (cut, style, measurer.size(of: cut, style: style))
    }

    /// The layout of `axis` against `plotArea`, its labels reaching at most 30% of `frame` (the
    /// room of the plot area and its axes) away from it, and stretching at most 30% of it along.
    private func axisLayout(
        _ axis: Axis, plotArea: Rect, frame: Rect, scale: Double, measurer: any TextMeasuring,
        ranges: [String: (x: PlotRange, y: PlotRange)]
    ) -> AxisLayout {
        guard let space = plotSpace(identifier: axis.plotSpaceIdentifier) else {
            preconditionFailure("Axis '\(axis.identifier)' names plot space '\(axis.plotSpaceIdentifier)', which the graph does not have.")
        }
        var layout = AxisLayout(
            axis: axis, transform: transform(of: space, in: plotArea, ranges: ranges), scale: scale,
            theme: theme, measurer: measurer, categoryNames: categoryNames(in: space, along: axis.coordinate))
        layout.labelDepth = 0.3 * (axis.coordinate == .x ? frame.height : frame.width)
        layout.labelSpan = 0.3 * (axis.coordinate == .x ? frame.width : frame.height)
        return layout
    }

    /// Every plot space, the default first.
    var allPlotSpaces: [XYPlotSpace] { [defaultPlotSpace] + extraPlotSpaces }

    /// The data ranges each plot space shows at `view`, by identifier. Plot spaces share the
    /// x axis: an unset x range is fitted to the plots of every space, so that a second y axis's
    /// line lines up with the bars, and a view's x range for the default space is every space's
    /// that has none of its own. While the view autoscales y and x is not the graph's own, an
    /// unset y fits what shows in the x range. Fitting reads every plot's extent (kept per pull),
    /// so a layout does it once.
    ///
    /// A second y axis whose fitted range includes 0, as the first's does, puts its 0 at the
    /// same height: both ranges grow (never shrink) to the same share below 0, so that a zero
    /// on one axis is a zero on the other and bars and lines meet at their base; unless that
    /// would more than double a range.
    ///
    /// A view's anchored ranges (`ViewRange.anchored`) are resolved against `plotArea`; one
    /// that cannot be shown there counts as unset.
    public func fittedRanges(view: GraphView = .fitted, plotArea: Rect = .zero) -> [String: (x: PlotRange, y: PlotRange)] {
        func resolved(_ range: ViewRange?, _ space: XYPlotSpace, vertical: Bool) -> PlotRange? {
            let ends = vertical ? (plotArea.maxY, plotArea.minY) : (plotArea.minX, plotArea.maxX)
            let spaceScales = scales(of: space)
            return range?.resolved(from: ends.0, to: ends.1, scale: vertical ? spaceScales.y : spaceScales.x, isVertical: vertical)
                .map(XYPlotSpace.usable)
        }
        let defaultX = resolved(view[space: defaultPlotSpace.identifier].x, defaultPlotSpace, vertical: false)
        let sharedX = defaultX ?? (extraPlotSpaces.isEmpty ? nil : defaultPlotSpace.effectiveRanges(for: plots).x)
        var ranges: [String: (x: PlotRange, y: PlotRange)] = [:]
        for space in allPlotSpaces {
            let own = space.effectiveRanges(for: plots(in: space))
            let set = view[space: space.identifier]
            let viewX = resolved(set.x, space, vertical: false)
            let viewY = resolved(set.y, space, vertical: true)
            let x = viewX ?? space.xRange.map(XYPlotSpace.usable) ?? sharedX ?? own.x
            var y = viewY ?? own.y
            if viewY == nil, view.autoscalesY, space.yRange == nil, viewX != nil || defaultX != nil {
                y = space.autoscaledY(for: plots(in: space), inX: x)
            }
            ranges[space.identifier] = (x, y)
        }
        // Zeros aligned across the fitted linear y ranges that include 0.
        let aligned = allPlotSpaces.filter { space in
            guard space.yRange == nil, view[space: space.identifier].y == nil, scales(of: space).y == .linear, let y = ranges[space.identifier]?.y else {
                return false
            }
            return y.lower <= 0 && y.upper >= 0 && y.length > 0 && !plots(in: space).filter { !$0.isHidden && $0.hasData }.isEmpty
        }
        if aligned.count > 1 {
            let shares = aligned.map { space -> Double in
                let y = ranges[space.identifier]!.y
                return -y.lower / y.length
            }
            let target = shares.max()! < 1 ? shares.max()! : (shares.min()! > 0 ? shares.min()! : 0.5)
            var grown: [String: PlotRange] = [:]
            for (space, share) in zip(aligned, shares) where share != target {
                let y = ranges[space.identifier]!.y
                let range =
                    share < target
                    ? PlotRange(-target * y.upper / (1 - target), y.upper)
                    : PlotRange(y.lower, -y.lower * (1 - target) / target)
                grown[space.identifier] = range
            }
            // Only when no range more than doubles: a series squeezed into a sliver of its axis
            // (one mostly above 0, the other mostly below) is worse than zeros apart.
            let modest = grown.allSatisfy { id, range in
                let old = ranges[id]!.y
                return range.lower.isFinite && range.upper.isFinite && range.length > 0 && range.length <= 2 * old.length
            }
            if modest { for (id, range) in grown { ranges[id]!.y = range } }
        }
        return ranges
    }

    /// The mapping of plot space `identifier` over `plotArea` (device pixels) at `view`, as a
    /// layout with that plot area maps it: the shared x range and aligned zeros included.
    /// A laid-out scene has it already (`Scene.transform(ofSpace:)`). O(plots).
    public func transform(ofSpace identifier: String = "default", in plotArea: Rect, view: GraphView = .fitted) -> CoordinateTransform {
        guard let space = plotSpace(identifier: identifier) else {
            preconditionFailure("Plot space '\(identifier)' is not in the graph.")
        }
        return transform(of: space, in: plotArea, ranges: fittedRanges(view: view, plotArea: plotArea))
    }

    /// The mapping of `space` in `plotArea` at `ranges` (from `fittedRanges(view:plotArea:)`).
    func transform(of space: XYPlotSpace, in plotArea: Rect, ranges: [String: (x: PlotRange, y: PlotRange)]) -> CoordinateTransform {
        guard let fitted = ranges[space.identifier] else {
            preconditionFailure("Plot space '\(space.identifier)' is not in the graph.")
        }
        let spaceScales = scales(of: space)
        return CoordinateTransform(plotArea: plotArea, xRange: fitted.x, yRange: fitted.y, xScale: spaceScales.x, yScale: spaceScales.y)
    }

    /// How far an axis's labels and title reach outside `plotArea` on each side (0 where they don't).
    static func reach(of axis: AxisScene, outside plotArea: Rect) -> EdgeInsets {
        var reach = EdgeInsets()
        let tickEnds = axis.majorTicks.flatMap { [$0.from, $0.to] }
        let rects =
            axis.labels.map(\.rect) + (axis.title.map { [$0.rect] } ?? [])
            + tickEnds.map { Rect(origin: $0, size: .zero) }
        for rect in rects {
            reach.top = max(reach.top, plotArea.minY - rect.minY)
            reach.left = max(reach.left, plotArea.minX - rect.minX)
            reach.bottom = max(reach.bottom, rect.maxY - plotArea.maxY)
            reach.right = max(reach.right, rect.maxX - plotArea.maxX)
        }
        return reach
    }

    /// The device point an annotation is anchored at; nil when its data point cannot be shown.
    func anchorPoint(of annotation: Annotation, in scene: Scene, bounds: Rect) -> Point? {
        let plotArea = scene.plotArea
        switch annotation.anchor {
        case .dataPoint(let x, let y, let spaceID):
            return scene.transform(ofSpace: spaceID)?.devicePoint(Point(x: x, y: y))
        case .record(let plotID, let record):
            return scene.plot(plotID)?.items.item(forRecord: record)?.anchor
        case .graph(let corner):
            return corner.point(in: bounds)
        case .plotArea(let corner):
            return corner.point(in: plotArea)
        }
    }
}

extension EdgeInsets {
    /// The larger inset on each side.
    func union(_ other: EdgeInsets) -> EdgeInsets {
        EdgeInsets(
            top: max(top, other.top), left: max(left, other.left),
            bottom: max(bottom, other.bottom), right: max(right, other.right))
    }
}
