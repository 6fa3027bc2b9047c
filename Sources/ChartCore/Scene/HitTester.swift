/// Answers "what is under this point?" from a scene: the same geometry the painter drew,
/// so what a user clicks is what they see.
public struct HitTester: Sendable {
    /// What a point lands on, topmost first.
    public enum Hit: Hashable, Sendable {
        /// A plot's record (a bar).
        case record(plotID: String, record: Int)
        /// A legend entry, which toggles its plot.
        case legendEntry(plotID: String)
        /// Empty space inside the plot area.
        case plotArea
        /// Anywhere else.
        case background
    }

    public let scene: Scene
    /// The least extent, in device pixels, a bar's hit area has along its value axis, so a
    /// zero-height bar can still be clicked. Scaled with the scene.
    public var minimumExtent: Double

    public init(scene: Scene, minimumExtent: Double = 4) {
        self.scene = scene
        self.minimumExtent = minimumExtent * scene.scale
    }

    /// What is at `point` (device pixels). Legend entries win over plots; later plots over
    /// earlier ones, as they are painted on top. O(records) over the visible plots.
    public func hit(at point: Point) -> Hit {
        if let legend = scene.legend, legend.rect.contains(point) {
            if let entry = legend.entries.first(where: { $0.rect.insetBy(dx: -2, dy: -2).contains(point) }) {
                return .legendEntry(plotID: entry.plotID)
            }
            return .background
        }
        for plot in scene.plots.reversed() where plot.isVisible {
            guard plot.clip.contains(point) else { continue }
            for item in plot.items.reversed() where hitArea(of: item).contains(point) {
                return .record(plotID: plot.plotID, record: item.record)
            }
        }
        return scene.plotArea.contains(point) ? .plotArea : .background
    }

    /// The area that selects `item`: its rectangle, grown to `minimumExtent` tall around its
    /// base when it is shorter.
    public func hitArea(of item: PlotItem) -> Rect {
        switch item.shape {
        case .rect(let rect):
            guard rect.height < minimumExtent else { return rect }
            let grow = (minimumExtent - rect.height) / 2
            return Rect(x: rect.minX, y: rect.minY - grow, width: rect.width, height: minimumExtent)
        }
    }
}
