/// Log scales on and off (matplotlib's `l` and `k`; chartview's `L` and `K`), refused with a
/// reason where the data cannot be shown on one.
extension ChartInteraction {
    /// Turns the logarithmic scale of every plot space's `coordinate` on (when some is linear)
    /// or off, and fits that coordinate's range again; the other coordinate's view stays.
    ///
    /// Refused, with the reason as an `InteractionEvent.refused` and nothing changed, when the
    /// axis shows categories or dates, or a plot has a value at 0 or below along it (on a log
    /// scale only values above 0 have a place; bars' base of 0 is no value: bars then grow
    /// from the axis's low end), or the chart fixes a range reaching
    /// 0 or below. On success an `InteractionEvent.scale` says the new scale, after the layout
    /// that shows it. O(records) for the data's extent.
    /// With `announcing` false (a restored view), a success says nothing and changes no history.
    /// Returns whether the scale changed.
    @discardableResult
    func toggleLogScale(_ coordinate: Axis.Coordinate, announcing: Bool = true) -> Bool {
        let spaces = [graph.defaultPlotSpace] + graph.extraPlotSpaces
        // As a layout maps it: a scale never given is inferred from the plots (categories).
        func scale(of space: XYPlotSpace) -> Scale {
            let scales = graph.scales(of: space)
            return coordinate == .x ? scales.x : scales.y
        }
        let eligible = spaces.filter { [.linear, .logarithmic].contains(scale(of: $0)) }
        let name = coordinate.rawValue
        guard !eligible.isEmpty else {
            let shows = scale(of: graph.defaultPlotSpace) == .date ? "dates" : "categories"
            return refuse("No log \(name): \(name) shows \(shows)")
        }
        let toLog = eligible.contains { scale(of: $0) == .linear }
        if toLog {
            for space in eligible {
                if let set = coordinate == .x ? space.xRange : space.yRange, set.lower <= 0 {
                    return refuse("No log \(name): the chart sets \(name) from \(NumberFormat.automatic.format(set.lower)); a log scale needs values above 0")
                }
                // Hidden plots too: showing one again must not put a value at or below 0 on the scale.
                for plot in graph.plots where (plot.plotSpace ?? graph.defaultPlotSpace) === space {
                    guard let extent = plot.dataExtent(), let range = coordinate == .x ? extent.x : extent.y else { continue }
                    // A base the plot grows from (bars' 0, a histogram's) is no value of its own:
                    // on a log scale its marks grow from the axis's low end, as matplotlib's do.
                    let bases = coordinate == .x ? extent.xAnchors : extent.yAnchors
                    if range.lower <= 0 && !bases.contains(range.lower) {
                        return refuse(
                            "No log \(name): \(plot.title.isEmpty ? plot.identifier : plot.title) reaches \(NumberFormat.automatic.format(range.lower)); a log scale needs values above 0"
                        )
                    }
                }
            }
        }
        let newScale: Scale = toLog ? .logarithmic : .linear
        var next = view
        for space in eligible {
            if coordinate == .x { space.xScale = newScale } else { space.yScale = newScale }
            // The range's ends (or anchors, in decades or data units) belong to the old scale.
            var ranges = next[space: space.identifier]
            if coordinate == .x { ranges.x = nil } else { ranges.y = nil }
            next[space: space.identifier] = ranges
        }
        if toggledLogScales.contains(coordinate) { toggledLogScales.remove(coordinate) } else { toggledLogScales.insert(coordinate) }
        setNeedsLayout()
        guard announcing else { return true }
        // The history restarts here: its views' ranges (anchors in data units or decades) belong
        // to the old scale, and back must not read them on the new one.
        history = ViewHistory()
        if next != .fitted { history.push(next) }
        view = next
        pendingViewCause = .scale
        pendingEvents.append(.scale(coordinate: coordinate, scale: newScale))
        return true
    }

    private func refuse(_ reason: String) -> Bool {
        pendingEvents.append(.refused(reason: reason))
        // The overlays are laid out again (cheaply), which hands the event on.
        needsLayout = true
        return false
    }
}
