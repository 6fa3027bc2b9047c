import ChartCore

/// The window's first size and scale, fitted to the screen whatever `Xft.dpi` or the size asked say:
/// the window opens no larger than the screen less a margin on each side, and the scale is at
/// most what leaves the window `minimumLayoutSize` layout pixels (so that the minimum size the
/// window asks of the window manager, `minimumLayoutSize × scale`, fits the screen too). A scale
/// read from `Xft.dpi` is kept to `largestResourceScale` besides. A pure function of its inputs.
///
/// Sizes in device pixels (the screen's, origin at its top-left); the scale in device pixels per
/// layout pixel.
struct ScreenFit: Equatable {
    /// The window's first size.
    var size: Size
    /// Device pixels per layout pixel.
    var scale: Double

    /// Left free on each side of the screen (panels, the window's frame), in device pixels.
    static let margin = 32.0
    /// The largest scale `Xft.dpi` may give (384 dpi); a resource of 960 dpi asks for 10.
    static let largestResourceScale = 4.0

    /// `requested` (`HostingWindow.Options.size`) and `scale` (the options' when `fromResource`
    /// is false, else `Xft.dpi`'s) fitted to a screen of `screen`.
    init(requested: Size, scale: Double, fromResource: Bool, screen: Size, minimumLayoutSize: Size) {
        // A screen too small for the margins still gets a window of at least one pixel.
        let room = Size(width: max(1, screen.width - 2 * Self.margin), height: max(1, screen.height - 2 * Self.margin))
        size = Size(
            width: max(1, min(requested.width, room.width)).rounded(.down),
            height: max(1, min(requested.height, room.height)).rounded(.down))
        let fitted = fromResource ? min(scale, Self.largestResourceScale) : scale
        self.scale = min(fitted, size.width / minimumLayoutSize.width, size.height / minimumLayoutSize.height)
    }
}
