import Foundation

/// The mouse, as a host reports it: presses, motion, releases and wheel notches in device
/// pixels (origin top-left) with the time in milliseconds (any clock that only grows, such as
/// an X server's). Turns them into what users of matplotlib, gnuplot and PlotJuggler expect:
///
/// - a press that moves less than `dragThreshold` stays a click and selects, as before;
/// - a left drag pans (over an axis, that axis only); a right drag, or Shift with the left
///   button, draws a zoom box (the rubber band is an overlay; Escape cancels it);
/// - a double click on the plot area of a zoomed or panned chart goes back to the fitted view;
/// - the wheel zooms about the pointer (over an axis, that axis only); Shift with the wheel,
///   and the horizontal wheel, pan x.
///
/// Pure Swift, so gestures are tested without a display.
extension ChartInteraction {
    /// Which button a press or release is of.
    public enum PointerButton: Hashable, Sendable {
        /// The primary button (usually the left one).
        case primary
        /// The middle button or wheel click.
        case middle
        /// The secondary button (usually the right one).
        case secondary
    }

    /// The pointer's movement below which a press stays a click, in device pixels at scale 1.
    public static let dragThreshold = 4.0
    /// The longest time between the clicks of a double click, and between the notches of one
    /// wheel burst (one history entry), in milliseconds.
    public static let doubleClickInterval: UInt64 = 400
    /// The longest time between the notches of one wheel burst (one history entry), in milliseconds.
    public static let wheelBurstInterval: UInt64 = 300

    /// A button went down at `point`.
    public func pointerPressed(at point: Point, button: PointerButton, shift: Bool = false, time: UInt64) {
        if grid != nil { return gridPressed(at: point, button: button, shift: shift, time: time) }
        switch button {
        case .primary where !shift:
            pointer.press = PointerState.Press(origin: point, last: point, axes: navigationAxes(at: point), isDragging: false)
        case .primary, .secondary:
            guard !isShowingHelp, scene.plotArea.contains(point), navigationAxes(at: point) != nil else { return }
            pointer.box = PointerState.Box(origin: point, current: point, plotArea: scene.plotArea)
        case .middle:
            dropCursor(at: point)
        }
    }

    /// The pointer moved to `point` (with a button down, or not).
    public func pointerMoved(to point: Point, time: UInt64) {
        if grid != nil { return gridMoved(to: point, time: time) }
        hover(at: point)
        if var box = pointer.box {
            box.current = point
            pointer.box = box
            needsLayout = true
            return
        }
        guard var press = pointer.press, let axes = press.axes, !isShowingHelp else { return }
        if !press.isDragging {
            let moved = hypot(point.x - press.origin.x, point.y - press.origin.y)
            guard moved >= Self.dragThreshold * scale else { return }
        }
        let delta = Point(x: axes.x ? point.x - press.last.x : 0, y: axes.y ? point.y - press.last.y : 0)
        pan(by: delta, axes: axes, cause: .drag, continuing: press.isDragging)
        press.isDragging = true
        press.last = point
        pointer.press = press
    }

    /// A button came up at `point`: the click, the end of a drag, or the box zoom.
    public func pointerReleased(at point: Point, button: PointerButton, time: UInt64) {
        if grid != nil { return gridReleased(at: point, button: button, time: time) }
        if let box = pointer.box, button != .middle {
            pointer.box = nil
            needsLayout = true
            var finished = box
            finished.current = point
            if finished.rect.width >= 3 && finished.rect.height >= 3 { zoom(to: finished.rect) }
            return
        }
        guard button == .primary, let press = pointer.press else { return }
        pointer.press = nil
        guard !press.isDragging else { return }
        // A second click close by, soon after the first, on the plot area of a zoomed chart: the
        // fitted view. (At the fitted view it is a click: a quick second click deselects.)
        if !view.isFitted, let last = pointer.lastClick, time >= last.time, time - last.time <= Self.doubleClickInterval,
            hypot(point.x - last.point.x, point.y - last.point.y) < Self.dragThreshold * scale, scene.plotArea.contains(point)
        {
            pointer.lastClick = nil
            resetView()
            return
        }
        pointer.lastClick = (press.origin, time)
        click(at: press.origin)
    }

    /// Wheel notches at `point`: `dy` up (positive) zooms in, `dx` (the horizontal wheel) and
    /// Shift with `dy` pan x a tenth of the plot area per notch.
    public func scrolled(at point: Point, dx: Int = 0, dy: Int = 0, shift: Bool = false, time: UInt64) {
        if grid != nil { return gridScrolled(at: point, dx: dx, dy: dy, shift: shift, time: time) }
        guard !isShowingHelp, let axes = navigationAxes(at: point) else { return }
        let continuing = pointer.lastWheel.map { time >= $0 && time - $0 <= Self.wheelBurstInterval } ?? false
        pointer.lastWheel = time
        let across = shift ? -dy + dx : dx
        if across != 0 {
            pan(by: Point(x: -Double(across) * scene.plotArea.width / 10, y: 0), axes: .x, cause: .wheel, continuing: continuing)
        }
        if dy != 0 && !shift {
            zoom(by: pow(Self.wheelZoomFactor, Double(dy)), about: point, axes: axes, cause: .wheel, continuing: continuing)
        }
    }

    /// Whether a box zoom is being drawn.
    public var isDrawingZoomBox: Bool { grid == nil ? pointer.box != nil : cells.contains { $0.isDrawingZoomBox } }

    /// Drops the box zoom being drawn (Escape).
    func cancelZoomBox() {
        pointer.box = nil
        needsLayout = true
    }
}

/// The mouse state `ChartInteraction+Pointer` keeps between events.
struct PointerState {
    struct Press {
        var origin: Point
        var last: Point
        /// What a drag from the origin moves; nil where a drag moves nothing (the legend).
        var axes: NavigationAxes?
        var isDragging: Bool
    }

    /// A box zoom being drawn: from where the button went down to the pointer, within the plot area.
    struct Box {
        var origin: Point
        var current: Point
        var plotArea: Rect

        /// The box in device pixels, within the plot area.
        var rect: Rect {
            let x0 = min(max(min(origin.x, current.x), plotArea.minX), plotArea.maxX)
            let x1 = min(max(max(origin.x, current.x), plotArea.minX), plotArea.maxX)
            let y0 = min(max(min(origin.y, current.y), plotArea.minY), plotArea.maxY)
            let y1 = min(max(max(origin.y, current.y), plotArea.minY), plotArea.maxY)
            return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
        }
    }

    var press: Press?
    var box: Box?
    var lastClick: (point: Point, time: UInt64)?
    var lastWheel: UInt64?
}
