/// Which axes a zoom or a pan moves: x, y, or both; y of one plot space only when the pointer
/// is over that space's y axis (a second y axis zooms on its own).
public struct NavigationAxes: Hashable, Sendable {
    /// Whether x zooms and pans.
    public var x: Bool
    /// Whether y zooms and pans.
    public var y: Bool
    /// The plot space whose y moves; nil for every space's.
    public var ySpace: String?

    /// Axes to navigate; `ySpace` is the plot space whose y does (nil for the default).
    public init(x: Bool, y: Bool, ySpace: String? = nil) {
        self.x = x
        self.y = y
        self.ySpace = ySpace
    }

    /// Zoom and pan both axes.
    public static let both = NavigationAxes(x: true, y: true)
    /// Zoom and pan x only.
    public static let x = NavigationAxes(x: true, y: false)
    /// y of every plot space, or of `space` alone.
    public static func y(space: String? = nil) -> NavigationAxes { NavigationAxes(x: false, y: true, ySpace: space) }

    /// Whether the y of plot space `identifier` moves.
    func movesY(of identifier: String) -> Bool { y && (ySpace == nil || ySpace == identifier) }
}

/// What changed the view, as the `view` trace event says it.
public enum ViewChangeCause: String, Hashable, Sendable {
    /// What changed the view: the wheel, a drag, a zoom box, keys, reset, back, forward or autoscale.
    case wheel, drag, box, keys, reset, back, forward, autoscale
    /// A log scale turned on or off (`L`, `K`): that axis fitted again.
    case scale
    /// Set from outside (`setView(_:)`: `--x-range`, a reload keeping its view).
    case set
    /// A live chart followed its newest data (`ChartInteraction.follow(_:)`): not the user's.
    case follow
}
