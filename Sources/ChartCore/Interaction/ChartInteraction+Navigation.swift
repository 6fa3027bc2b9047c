import Foundation

/// Zooming, panning, the view history and y autoscale: Core Plot's `scaleBy:aboutPoint:` and
/// plot space delegate, matplotlib's toolbar, usable without a window. Points and deltas are
/// device pixels (origin top-left). Each change is laid out by the next `layoutIfNeeded()` (or
/// layout job), which reports it as an `InteractionEvent.view` with the mapping it used.
extension ChartInteraction {
    /// How much one wheel notch zooms: about 15%.
    public static let wheelZoomFactor = 1.15
    /// How much `+` and `-` zoom.
    public static let keyZoomFactor = 1.5

    private var navigator: ViewNavigator { ViewNavigator(graph: graph, scene: scene) }

    /// Zooms by `factor` (above 1 zooms in) about `point` along `axes`. With `continuing`,
    /// the change joins the last history entry (the rest of a wheel burst).
    public func zoom(
        by factor: Double, about point: Point, axes: NavigationAxes = .both,
        cause: ViewChangeCause = .wheel, continuing: Bool = false
    ) {
        guard let next = navigator.zoomed(view, by: factor, about: point, axes: axes) else { return }
        change(to: next, cause: cause, continuing: continuing)
    }

    /// Moves the view by `delta` pixels along `axes`, as a drag does: the data under the
    /// pointer follows it. With `continuing`, the change joins the last history entry (the
    /// rest of a drag).
    public func pan(by delta: Point, axes: NavigationAxes = .both, cause: ViewChangeCause = .drag, continuing: Bool = false) {
        guard let next = navigator.panned(view, by: delta, axes: axes) else { return }
        change(to: next, cause: cause, continuing: continuing)
    }

    /// Shows exactly `rect` (device pixels, cut to the plot area) of every plot space; y
    /// autoscale goes off until `toggleAutoscale()` or `resetView()`.
    public func zoom(to rect: Rect) {
        guard let next = navigator.zoomed(view, to: rect) else { return }
        change(to: next, cause: .box)
    }

    /// Back to the fitted view, y autoscaled.
    public func resetView() {
        change(to: .fitted, cause: .reset)
    }

    /// The previous view in the history; nothing at its start.
    public func back() {
        guard let previous = history.step(by: -1) else { return }
        change(to: previous, cause: .back, recording: false)
    }

    /// The next view in the history; nothing at its end.
    public func forward() {
        guard let next = history.step(by: 1) else { return }
        change(to: next, cause: .forward, recording: false)
    }

    /// Turns y autoscale on (y fits the data visible in the x range) or off (y stays where it is).
    public func toggleAutoscale() {
        change(to: navigator.autoscaling(view, !view.autoscalesY), cause: .autoscale)
    }

    /// Shows `newView` (a view from `--x-range`, or one carried over).
    public func setView(_ newView: GraphView, cause: ViewChangeCause = .set) {
        change(to: newView, cause: cause)
    }

    /// Shows `newView` as a live chart following its newest data does, frame after frame:
    /// without a history entry (back and forward step through the user's views only), its
    /// `view` event's cause `.follow`.
    public func follow(_ newView: GraphView) {
        change(to: newView, cause: .follow, recording: false)
    }

    /// What a gesture at `point` moves: both axes over the plot area; over an axis's labels (80
    /// pixels beside the plot area, at scale 1), that axis alone (a y axis's plot space only);
    /// nil elsewhere (the title, the legend, a chart without axes).
    public func navigationAxes(at point: Point) -> NavigationAxes? {
        let area = scene.plotArea
        guard area.width > 0, area.height > 0, !scene.plotSpaces.isEmpty, !scene.axes.isEmpty else { return nil }
        if area.contains(point) { return .both }
        // The axes laid out, by the edge they run along.
        let shown = Set(scene.axes.map(\.axisID))
        let axes = graph.axes.filter { shown.contains($0.identifier) }
        let band = 80 * scale
        func beside(_ edge: Axis.Edge) -> Bool {
            switch edge {
            case .bottom: point.y > area.maxY && point.y - area.maxY < band && point.x >= area.minX && point.x <= area.maxX
            case .top: point.y < area.minY && area.minY - point.y < band && point.x >= area.minX && point.x <= area.maxX
            case .left: point.x < area.minX && area.minX - point.x < band && point.y >= area.minY && point.y <= area.maxY
            case .right: point.x > area.maxX && point.x - area.maxX < band && point.y >= area.minY && point.y <= area.maxY
            }
        }
        guard let axis = axes.first(where: { beside($0.edge) }) else { return nil }
        return axis.coordinate == .x ? .x : .y(space: axis.plotSpaceIdentifier)
    }

    /// Shows `next`, recorded in the history (joining the last entry with `continuing`).
    private func change(to next: GraphView, cause: ViewChangeCause, continuing: Bool = false, recording: Bool = true) {
        guard next != view else { return }
        if recording { history.push(next, replacing: continuing) }
        view = next
        pendingViewCause = cause
        setNeedsLayout()
    }

    /// Turns the view's anchored ranges into the ends they show now, so that a resize keeps
    /// what is looked at rather than its pixels.
    func fixViewEnds() {
        var fixed = view
        for shown in scene.plotSpaces {
            var ranges = fixed[space: shown.identifier]
            if case .anchored? = ranges.x { ranges.x = .ends(shown.transform.xRange) }
            if case .anchored? = ranges.y { ranges.y = .ends(shown.transform.yRange) }
            fixed[space: shown.identifier] = ranges
        }
        guard fixed != view else { return }
        view = fixed
        history.push(fixed, replacing: true)
    }

    /// Says the view changed, once a layout of it is the scene.
    func reportViewIfLaidOut() {
        guard let cause = pendingViewCause else { return }
        pendingViewCause = nil
        pendingEvents.append(.view(cause: cause, spaces: scene.plotSpaces))
    }
}
