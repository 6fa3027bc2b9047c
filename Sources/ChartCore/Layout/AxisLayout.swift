import Foundation

/// Lays out one axis against a plot area: ticks, labels (thinned or rotated so that no two
/// overlap), title and grid lines. Device pixels throughout; data units only for locations.
struct AxisLayout {
    let axis: Axis
    let transform: CoordinateTransform
    let scale: Double
    let theme: Theme
    let measurer: any TextMeasuring
    /// Category names by location, from the plots on this axis's plot space.
    let categoryNames: [(location: Double, name: String)]
    /// The farthest a label may reach from the axis line, in device pixels, however it is turned:
    /// longer labels are cut with "…" (rotated category names would otherwise take most of a
    /// small chart's height and leave the plot a strip).
    var labelDepth: Double = .infinity
    /// The most a label may stretch along the axis, in device pixels (a turned label leans past
    /// the plot area's corner by as much as it reaches down).
    var labelSpan: Double = .infinity

    /// The smallest gap between neighbouring labels, in device pixels.
    var labelGap: Double { 6 * scale }

    private var isHorizontal: Bool { axis.coordinate == .x }
    private var range: PlotRange { isHorizontal ? transform.xRange : transform.yRange }
    private var axisScale: Scale { isHorizontal ? transform.xScale : transform.yScale }
    private var labelStyle: TextStyle { (axis.labelTextStyle ?? theme.labelText).scaled(by: scale) }
    private var plotArea: Rect { transform.plotArea }

    /// The device coordinate along the axis of data `value`; nil when the scale cannot show it.
    private func position(_ value: Double) -> Double? {
        isHorizontal ? transform.deviceX(value) : transform.deviceY(value)
    }

    /// The length of the axis in device pixels.
    private var length: Double { isHorizontal ? plotArea.width : plotArea.height }

    // MARK: Tick locations and their texts

    /// A candidate label: where (data units) and what it says.
    struct Tick {
        var location: Double
        var text: String
    }

    /// The part of `names` that can lie in `range`: for names in ascending location order (a
    /// category plot's), the ones inside it by binary search, so that a view of a few of 200,000
    /// categories reads a few names; otherwise all. O(n) comparisons of locations at most.
    static func candidates(_ names: [(location: Double, name: String)], in range: PlotRange) -> Range<Int> {
        let sorted = names.withUnsafeBufferPointer { buffer in
            var i = 1
            while i < buffer.count, !(buffer[i].location < buffer[i - 1].location) { i += 1 }
            return i >= buffer.count
        }
        guard sorted else { return names.indices }
        func first(notBelow value: Double, orAbove: Bool) -> Int {
            var lo = 0, hi = names.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if names[mid].location < value || (orAbove && names[mid].location == value) { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return first(notBelow: range.lower, orAbove: false)..<first(notBelow: range.upper, orAbove: true)
    }

    /// Ticks at `values`, labeled alike: one notation and one number of decimals for all,
    /// from their spacing (`step`, or the smallest gap) and their largest magnitude.
    private func labeled(_ values: [Double], step: Double? = nil) -> [Tick] {
        let spacing = step ?? zip(values, values.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }.min()
        let magnitude = values.map(abs).max()
        return values.map { Tick(location: $0, text: axis.labelFormat.format($0, step: spacing, magnitude: magnitude)) }
    }

    /// Major ticks with label texts, for an automatic policy at about `target` intervals.
    /// Never empty for a range that has room for a tick: at worst one nice value inside it.
    private func automaticTicks(target: Int) -> [Tick] {
        switch axisScale {
        case .category:
            if !categoryNames.isEmpty {
                var seen = Set<Double>()
                return categoryNames[Self.candidates(categoryNames, in: range)]
                    .filter { range.contains($0.location) && seen.insert($0.location).inserted }
                    .sorted { $0.location < $1.location }
                    .map { Tick(location: $0.location, text: $0.name) }
            }
            let step = max(1, TickGenerator.niceStep(span: max(range.length, 1), targetCount: target).rounded())
            return labeled(TickGenerator.ticks(in: range, step: step), step: step)
        case .logarithmic:
            // Each its own decimals: 0.01, 0.1, 1, 10, 1,000 (not 0.01, 0.10, 1.00, 1,000.00).
            return TickGenerator.logTicks(in: range, targetCount: target).map {
                Tick(location: $0, text: axis.labelFormat.format($0, step: $0, magnitude: $0))
            }
        case .date:
            let (step, values) = DateTickGenerator.ticks(in: range, targetCount: target, finest: axis.finestDateUnit)
            return zip(values, DateTickGenerator.labels(for: values, step: step)).map { Tick(location: $0, text: $1) }
        case .linear:
            // A coarse target can pick a step wider than the range; ask for more until a tick lands.
            for attempt in [target, target * 2, target * 5, 10] {
                let values = TickGenerator.linearTicks(in: range, targetCount: max(1, attempt))
                if !values.isEmpty {
                    return labeled(
                        values,
                        step: values.count > 1
                            ? values[1] - values[0] : TickGenerator.niceStep(span: max(range.length, .leastNormalMagnitude), targetCount: max(1, attempt)))
                }
            }
            return []
        }
    }

    /// The ticks the policy gives, before any thinning; `target` only matters for `.automatic`.
    func ticks(target: Int) -> [Tick] {
        switch axis.labelingPolicy {
        case .automatic:
            return automaticTicks(target: target)
        case .fixedInterval(let interval):
            precondition(interval > 0, "Axis '\(axis.identifier)' has a fixed interval of \(interval); it must be positive.")
            if axisScale == .logarithmic {
                let decades = TickGenerator.ticks(in: PlotRange(log10(range.lower), log10(range.upper)), step: max(1, interval.rounded()))
                return labeled(decades.map { pow(10, $0) })
            }
            return labeled(TickGenerator.ticks(in: range, step: interval), step: interval)
        case .locationsProvided(let locations):
            return labeled(locations.filter { range.contains($0) }.sorted())
        case .none:
            return axis.customLabels.filter { range.contains($0.location) }
                .sorted { $0.location < $1.location }
                .map { Tick(location: $0.location, text: $0.text) }
        }
    }

    // MARK: Placing labels

    /// The level-or-rotated label for `tick` at device coordinate `at` along the axis.
    /// `cutsMiddle` cuts a line too long for `labelDepth` or `labelSpan` in its middle rather
    /// than at its end (see `middleCut`).
    private func label(_ text: String, at along: Double, rotation degrees: Double, cutsMiddle: Bool = false) -> SceneText {
        let style = labelStyle
        var text = VisibleText.cut(text)
        var size = measurer.size(of: text, style: style)
        // No label wider or taller than half the plot area's larger side, however it is turned:
        // a category name of megabytes leaves the plot area its room.
        let room = max(plotArea.width, plotArea.height) / 2
        if size.width > room || size.height > room {
            text = VisibleText.fitting(text, width: room, height: room) { measurer.size(of: $0, style: style) }
            size = measurer.size(of: text, style: style)
        }
        // The turned label's box: away from the axis, its width times the sine (the cosine for a
        // y axis) plus its height times the other; along the axis, the other way round. Cut the
        // width to keep within `labelDepth` and `labelSpan`, never below one line's height.
        let turn = degrees * .pi / 180
        let (sine, cosine) = (abs(sin(turn)), abs(cos(turn)))
        let (awayWidth, awayHeight) = isHorizontal ? (sine, cosine) : (cosine, sine)
        var width = size.width
        for (limit, widthShare, heightShare) in [(labelDepth, awayWidth, awayHeight), (labelSpan, awayHeight, awayWidth)]
        where widthShare > 0.01 && width * widthShare + size.height * heightShare > limit {
            width = max(size.height, (limit - size.height * heightShare) / widthShare)
        }
        if width < size.width {
            if cutsMiddle && !text.contains(where: \.isNewline) {
                text = Self.middleCut(text, width: width) { measurer.size(of: $0, style: style).width }
            } else {
                text = VisibleText.fitting(text, width: width, height: size.height) { measurer.size(of: $0, style: style) }
            }
            size = measurer.size(of: text, style: style)
        }
        let offset = (axis.majorTickLength + axis.labelOffset) * scale
        let angle = degrees * .pi / 180
        switch axis.edge {
        case .bottom, .top:
            let down = axis.edge == .bottom
            let edgeY = down ? plotArea.maxY : plotArea.minY
            if degrees == 0 {
                return SceneText(
                    text: text, style: style, size: size,
                    at: Point(x: along, y: edgeY + (down ? offset : -offset)),
                    anchoredBy: down ? .top : .bottom)
            }
            // Rotated labels end at their tick: the end of the text's middle line sits under the
            // tick, pushed out far enough that the turned box clears the tick.
            let clearance = size.height / 2 * abs(cos(angle))
            let y = edgeY + (down ? offset + clearance : -(offset + clearance))
            let anchorX = (degrees > 0) == down ? size.width : 0
            return SceneText(
                text: text, style: style, size: size,
                anchor: Point(x: anchorX, y: size.height / 2),
                position: Point(x: along, y: y), angle: angle)
        case .left, .right:
            let leftSide = axis.edge == .left
            let edgeX = leftSide ? plotArea.minX : plotArea.maxX
            if degrees == 0 {
                return SceneText(
                    text: text, style: style, size: size,
                    at: Point(x: edgeX + (leftSide ? -offset : offset), y: along),
                    anchoredBy: leftSide ? .right : .left)
            }
            let clearance = size.height / 2 * abs(sin(angle))
            let x = edgeX + (leftSide ? -(offset + clearance) : offset + clearance)
            return SceneText(
                text: text, style: style, size: size,
                anchor: Point(x: leftSide ? size.width : 0, y: size.height / 2),
                position: Point(x: x, y: along), angle: angle)
        }
    }

    /// Whether cutting made two of `labels` (one per tick of `ticks`) read the same although
    /// their ticks' texts differ.
    static func readAlike(_ labels: [SceneText], _ ticks: [Tick]) -> Bool {
        guard labels.count == ticks.count else { return false }
        var named: [String: String] = [:]
        for (label, tick) in zip(labels, ticks) where label.text != tick.text {
            if let other = named[label.text], other != tick.text { return true }
            named[label.text] = tick.text
        }
        // A cut label can also read like another tick's whole text.
        let whole = Set(zip(labels, ticks).filter { $0.text == $1.text }.map(\.0.text))
        return !whole.isDisjoint(with: named.keys)
    }

    /// Whether neighbouring labels in `labels` (in axis order) come closer than `labelGap`.
    func overlaps(_ labels: [SceneText]) -> Bool {
        zip(labels, labels.dropFirst()).contains { $0.frame.intersects($1.frame, tolerance: labelGap) }
    }

    /// Chooses ticks, rotation and which labels to draw so that no two labels overlap:
    /// automatic numeric ticks get fewer until they fit; category and custom labels go level,
    /// then 45° (30° when cutting would make names read alike; unless a rotation is set), then
    /// every k-th.
    func placedLabels() -> (ticks: [Tick], labels: [SceneText], rotation: Double) {
        let lineHeight = measurer.size(of: "0", style: labelStyle).height
        let isNumeric = axis.labelingPolicy == .automatic && axisScale != .category
        if isNumeric {
            // Start from the spacing a typical label needs and back off until nothing overlaps.
            let sample =
                axisScale == .date
                ? ["Sep 30", "00:00:00"]
                : [range.lower, range.upper, range.midpoint].map {
                    axis.labelFormat.format($0, step: range.length / 10, magnitude: max(abs(range.lower), abs(range.upper)))
                }
            let typical = sample.map { measurer.size(of: $0, style: labelStyle).width }.max() ?? lineHeight
            let spacing = isHorizontal ? typical + 3 * labelGap : lineHeight * 2.6
            var target = max(1, min(12, Int(length / max(spacing, 1))))
            while true {
                let ticks = self.ticks(target: target)
                let labels = place(ticks, rotation: axis.labelRotation ?? 0)
                if !overlaps(labels) { return (ticks, labels, axis.labelRotation ?? 0) }
                if target == 1 { return thinned(ticks, rotation: axis.labelRotation ?? 0) }
                target = max(1, Int(Double(target) * 0.7))
            }
        }
        let ticks = self.ticks(target: max(1, Int(length / (lineHeight * 3))))
        let rotations: [Double] = axis.labelRotation.map { [$0] } ?? (isHorizontal ? [0, 45] : [0])
        // Labels take at least a line's height along the axis at any rotation: more than fit
        // that way go straight to thinning (200,000 categories are not set to find it out).
        if Double(ticks.count) * (lineHeight + labelGap) <= length * 2 {
            for rotation in rotations {
                let labels = place(ticks, rotation: rotation)
                guard !overlaps(labels) else { continue }
                // Turned 45° and cut to reach no deeper than `labelDepth`, names can read alike
                // ("Store 1…" for Store 1994 to 1999 on a small chart): turned 30° they reach less
                // deep, and are used when that keeps them apart; else they are cut in the middle.
                if rotation == 45 && axis.labelRotation == nil && Self.readAlike(labels, ticks) {
                    let shallower = place(ticks, rotation: 30)
                    if !overlaps(shallower) && !Self.readAlike(shallower, ticks) { return (ticks, shallower, 30) }
                }
                return (ticks, apart(labels, ticks, rotation: rotation), rotation)
            }
        }
        // Still crowded at the last rotation: keep every k-th label.
        return thinned(ticks, rotation: rotations.last!, lineHeight: lineHeight)
    }

    /// `labels` of `ticks`, or when cutting made two read alike, the same labels cut in their
    /// middle instead where that reads them apart and overlaps nothing.
    private func apart(_ labels: [SceneText], _ ticks: [Tick], rotation: Double) -> [SceneText] {
        guard Self.readAlike(labels, ticks) else { return labels }
        let middle = place(ticks, rotation: rotation, cutsMiddle: true)
        return !overlaps(middle) && !Self.readAlike(middle, ticks) ? middle : labels
    }

    /// `line` cut to at most `width` (as `measure` says) in its middle: its start and its end
    /// around "…", the end one character shorter than the start or as long, so that names that
    /// differ at their ends ("Store 1994", "Store 1995") read apart where a cut at the end
    /// ("Store 1…") reads them alike. Keeps at least one character each side. O(log characters)
    /// measurements.
    static func middleCut(_ line: String, width: Double, measure: (String) -> Double) -> String {
        let characters = Array(line)
        guard characters.count > 2, measure(line) > width else { return line }
        func candidate(_ kept: Int) -> String {
            let head = (kept + 1) / 2, tail = kept / 2
            return String(characters[..<head]) + "…" + String(characters[(characters.count - tail)...])
        }
        var low = 2, high = characters.count - 1
        while low < high {
            let mid = (low + high + 1) / 2
            if measure(candidate(mid)) <= width { low = mid } else { high = mid - 1 }
        }
        return candidate(low)
    }

    /// Keeps the labels of every k-th tick, for the smallest k at which none overlap. All the
    /// ticks stay drawn while they are at least 4 pixels apart; closer, only the labeled ones
    /// (thousands of categories would otherwise draw a solid band). A single label that still
    /// does not fit is dropped.
    ///
    /// The search starts at the smallest k that could fit (labels take at least `lineHeight` and
    /// a gap along the axis), doubles k until the labels fit, then bisects back to the smallest
    /// k that fits: O(log ticks) placements of at most ticks / k labels each.
    private func thinned(_ ticks: [Tick], rotation: Double, lineHeight: Double? = nil) -> (ticks: [Tick], labels: [SceneText], rotation: Double) {
        let dense = length / Double(max(ticks.count, 1)) < 4 * scale
        let fitting = max(1, Int(length / max(1, (lineHeight ?? 0) + labelGap)))
        func attempt(_ k: Int) -> (kept: [Tick], labels: [SceneText])? {
            let kept = stride(from: 0, to: ticks.count, by: k).map { ticks[$0] }
            let labels = place(kept, rotation: rotation)
            return overlaps(labels) ? nil : (kept, labels)
        }
        var failing = max(1, ticks.count / fitting - 1)
        var k = failing + 1
        var found: (k: Int, kept: [Tick], labels: [SceneText])?
        while k <= max(2, ticks.count) {
            if let fit = attempt(k) { found = (k, fit.kept, fit.labels); break }
            failing = k
            k *= 2
        }
        guard var best = found else { return (dense ? [] : ticks, [], rotation) }
        // The smallest k in (failing, best.k] that fits.
        var low = failing + 1, high = best.k - 1
        while low <= high {
            let mid = (low + high) / 2
            if let fit = attempt(mid) {
                best = (mid, fit.kept, fit.labels)
                high = mid - 1
            } else {
                low = mid + 1
            }
        }
        return (dense ? best.kept : ticks, apart(best.labels, best.kept, rotation: rotation), rotation)
    }

    private func place(_ ticks: [Tick], rotation: Double, cutsMiddle: Bool = false) -> [SceneText] {
        ticks.compactMap { tick in position(tick.location).map { label(tick.text, at: $0, rotation: rotation, cutsMiddle: cutsMiddle) } }
    }

    // MARK: The whole axis

    /// The axis scene plus its grid lines.
    func layout() -> (axis: AxisScene, grid: [SceneLine]) {
        let placed = placedLabels()
        let lineStyle = (axis.lineStyle ?? theme.axisLine).scaled(by: scale)
        let majorStyle = theme.majorTick.scaled(by: scale)
        let minorStyle = theme.minorTick.scaled(by: scale)
        let gridStyle = theme.majorGrid.scaled(by: scale)
        let majorLocations = placed.ticks.map(\.location)
        var minorLocations: [Double] = []
        if axis.minorTicksPerInterval != 0 && axisScale != .category {
            minorLocations = TickGenerator.minorTicks(majors: majorLocations, in: range, scale: axisScale, count: axis.minorTicksPerInterval)
        }

        let outward: Double = (axis.edge == .bottom || axis.edge == .right) ? 1 : -1
        let edge: Double
        let line: SceneLine
        switch axis.edge {
        case .bottom: edge = plotArea.maxY
        case .top: edge = plotArea.minY
        case .left: edge = plotArea.minX
        case .right: edge = plotArea.maxX
        }
        if isHorizontal {
            line = .crisp(from: Point(x: plotArea.minX, y: edge), to: Point(x: plotArea.maxX, y: edge), style: lineStyle)
        } else {
            line = .crisp(from: Point(x: edge, y: plotArea.minY), to: Point(x: edge, y: plotArea.maxY), style: lineStyle)
        }

        func tick(_ along: Double, length: Double, style: LineStyle) -> SceneLine {
            let tip = edge + outward * length * scale
            return isHorizontal
                ? .crisp(from: Point(x: along, y: edge), to: Point(x: along, y: tip), style: style)
                : .crisp(from: Point(x: edge, y: along), to: Point(x: tip, y: along), style: style)
        }
        func gridLine(_ along: Double, style: LineStyle) -> SceneLine {
            isHorizontal
                ? .crisp(from: Point(x: along, y: plotArea.minY), to: Point(x: along, y: plotArea.maxY), style: style)
                : .crisp(from: Point(x: plotArea.minX, y: along), to: Point(x: plotArea.maxX, y: along), style: style)
        }

        let majorPositions = majorLocations.compactMap(position)
        let minorPositions = minorLocations.compactMap(position)
        var grid: [SceneLine] = []
        if axis.showsMajorGridLines { grid += majorPositions.map { gridLine($0, style: gridStyle) } }
        if axis.showsMinorGridLines, let minorGrid = theme.minorGrid {
            grid += minorPositions.map { gridLine($0, style: minorGrid.scaled(by: scale)) }
        }

        let scene = AxisScene(
            axisID: axis.identifier, line: line,
            majorTicks: majorPositions.map { tick($0, length: axis.majorTickLength, style: majorStyle) },
            minorTicks: minorPositions.map { tick($0, length: axis.minorTickLength, style: minorStyle) },
            labels: placed.labels, title: title(after: placed.labels), labelRotation: placed.rotation)
        return (scene, grid)
    }

    /// The axis title, centered along the plot area beyond the labels (turned 90° for a
    /// vertical axis).
    private func title(after labels: [SceneText]) -> SceneText? {
        guard let title = axis.title, !title.isEmpty else { return nil }
        let style = (axis.titleTextStyle ?? theme.axisTitleText).scaled(by: scale)
        // Along the plot area at most, and lines across it for a third of the other way at most:
        // a title longer than the axis would take the plot area's room.
        let across = isHorizontal ? plotArea.height : plotArea.width
        var text = VisibleText.cut(title)
        var size = measurer.size(of: text, style: style)
        if size.width > length || size.height > across / 3 {
            text = VisibleText.fitting(text, width: length, height: across / 3) { measurer.size(of: $0, style: style) }
            size = measurer.size(of: text, style: style)
        }
        let gap = axis.titleOffset * scale
        let tickReach = (axis.majorTickLength + axis.labelOffset) * scale
        switch axis.edge {
        case .bottom:
            let below = max(labels.map(\.rect.maxY).max() ?? 0, plotArea.maxY + tickReach)
            return SceneText(text: text, style: style, size: size, at: Point(x: plotArea.midX, y: below + gap), anchoredBy: .top)
        case .top:
            let above = min(labels.map(\.rect.minY).min() ?? .infinity, plotArea.minY - tickReach)
            return SceneText(text: text, style: style, size: size, at: Point(x: plotArea.midX, y: above - gap), anchoredBy: .bottom)
        case .left:
            let leftmost = min(labels.map(\.rect.minX).min() ?? .infinity, plotArea.minX - tickReach)
            // Turned 90° counter-clockwise: reads bottom to top, its top side faces left.
            return SceneText(
                text: text, style: style, size: size, anchor: Point(x: size.width / 2, y: 0),
                position: Point(x: leftmost - gap - size.height, y: plotArea.midY), angle: .pi / 2)
        case .right:
            let rightmost = max(labels.map(\.rect.maxX).max() ?? 0, plotArea.maxX + tickReach)
            return SceneText(
                text: text, style: style, size: size, anchor: Point(x: size.width / 2, y: size.height),
                position: Point(x: rightmost + gap + size.height, y: plotArea.midY), angle: .pi / 2)
        }
    }
}
