import Foundation

/// Answers "what is under this point?" from a scene: the same geometry the painter drew,
/// so what a user clicks is what they see.
public struct HitTester: Sendable {
    /// What a point lands on, topmost first.
    public enum Hit: Hashable, Sendable {
        /// A plot's record (a bar, a point, a slice).
        case record(plotID: String, record: Int)
        /// A legend entry: a whole plot (which toggles it) or one record of it (a pie slice).
        case legendEntry(plotID: String, record: Int?)
        /// Empty space inside the plot area.
        case plotArea
        /// Anywhere else.
        case background
    }

    /// The scene tested against.
    public let scene: Scene
    /// The least extent, in device pixels, a bar's hit area has along its value axis, so a
    /// zero-height bar can still be clicked. Scaled with the scene.
    public let minimumExtent: Double
    /// How far from a point or a line a click still selects it, in device pixels (scaled).
    public let pointSlop: Double
    /// Per plot (by index in the scene), a grid over its items when it has many.
    private let grids: [Int: HitGrid]

    /// A tester for `scene`; plots with many bars or points get a grid index here, once. O(items).
    /// Built on another thread, it stops early once `cancellation` is raised and must then be
    /// thrown away (some grids are missing).
    public init(scene: Scene, minimumExtent: Double = 4, pointSlop: Double = 5, cancellation: CancellationFlag? = nil) {
        self.scene = scene
        self.minimumExtent = minimumExtent * scene.scale
        self.pointSlop = pointSlop * scene.scale
        var grids: [Int: HitGrid] = [:]
        for (index, plot) in scene.plots.enumerated() where plot.items.count >= HitGrid.minimumItems {
            var regions: [Rect?] = []
            regions.reserveCapacity(plot.items.count)
            var indexable = true
            for (position, item) in plot.items.enumerated() {
                if position & (CancellationFlag.recordsPerCheck - 1) == 0 && cancellation.isCancelled {
                    indexable = false
                    break
                }
                switch item.shape {
                case .rect: regions.append(Self.hitArea(of: item, minimumExtent: self.minimumExtent))
                case .point(let p, let symbol):
                    let reach = Self.reach(of: symbol, slop: self.pointSlop, scale: scene.scale)
                    regions.append(Rect(x: p.x - reach, y: p.y - reach, width: 2 * reach, height: 2 * reach))
                case .segments(_, let width), .polygon(_, let width):
                    let reach = max(width / 2, self.pointSlop)
                    regions.append(item.bounds.insetBy(dx: -reach, dy: -reach))
                case .wedge: indexable = false
                }
                if !indexable { break }
            }
            if indexable { grids[index] = HitGrid(bounds: plot.clip, regions: regions, cellSize: 8 * scene.scale) }
        }
        self.grids = grids
    }

    /// What is at `point` (device pixels). Legend entries win over plots; later plots over
    /// earlier ones, as they are painted on top. O(items near the point) for plots with a grid,
    /// O(items) for the others, over the visible plots.
    public func hit(at point: Point) -> Hit {
        if let legend = scene.legend, legend.rect.contains(point) {
            if let entry = legend.entries.first(where: { $0.rect.insetBy(dx: -2, dy: -2).contains(point) }) {
                return .legendEntry(plotID: entry.plotID, record: entry.record)
            }
            return .background
        }
        // A mark within reach (a point, a stroke) wins over an area it lies in (a bar, a slice,
        // a polygon) of a plot above it: a radar's vertex under the next series' polygon.
        var area: Hit?
        for (index, plot) in scene.plots.enumerated().reversed() where plot.isVisible {
            guard plot.clip.contains(point) else { continue }
            guard let hit = hitRecord(in: plot, at: point, grid: grids[index]) else { continue }
            if !hit.isArea { return .record(plotID: plot.plotID, record: hit.record) }
            if area == nil { area = .record(plotID: plot.plotID, record: hit.record) }
        }
        if let area { return area }
        return scene.plotArea.contains(point) ? .plotArea : .background
    }

    /// The record of `plot` under `point`: the nearest point, stroke or outline within reach
    /// (`pointSlop`, a symbol's radius or a stroke's hit width), else the topmost bar, slice or
    /// polygon containing it (`isArea`), else, on a line, the record nearest in x when the click
    /// is within `pointSlop` of the line.
    func hitRecord(in plot: PlotScene, at point: Point, grid: HitGrid? = nil) -> (record: Int, isArea: Bool)? {
        var nearest: (record: Int, distance: Double)?
        var area: Int?
        // Topmost first: with a grid, only the items whose hit region may hold the point.
        let order: [Int] = grid?.candidates(at: point) ?? Array(plot.items.indices.reversed())
        for index in order {
            let item = plot.items[index]
            switch item.shape {
            case .rect:
                if area == nil, hitArea(of: item).contains(point) { area = item.record }
            case .wedge(let c, let r, let inner, let start, let end):
                let d = point.distance(to: c)
                guard d <= r, d >= inner else { continue }
                var angle = atan2(point.y - c.y, point.x - c.x)
                while angle < start { angle += 2 * .pi }
                while angle >= start + 2 * .pi { angle -= 2 * .pi }
                if angle <= end, area == nil { area = item.record }
            case .point(let p, let symbol):
                let reach = Self.reach(of: symbol, slop: pointSlop, scale: scene.scale)
                let d = point.distance(to: p)
                if d <= reach, d < (nearest?.distance ?? .infinity) { nearest = (item.record, d) }
            case .segments(let segments, let width):
                let d = segments.lazy.map { Self.distance(from: point, toSegment: $0.from, $0.to) }.min() ?? .infinity
                if d <= max(width / 2, pointSlop), d < (nearest?.distance ?? .infinity) { nearest = (item.record, d) }
            case .polygon(let vertices, let width):
                if area == nil, Self.contains(point, inPolygon: vertices) { area = item.record }
                // A polygon without a hit width is hit inside only (a radar's vertex regions).
                guard width > 0 else { continue }
                let edges = zip(vertices, vertices.dropFirst() + vertices.prefix(1))
                let d = edges.lazy.map { Self.distance(from: point, toSegment: $0, $1) }.min() ?? .infinity
                if d <= max(width / 2, pointSlop), d < (nearest?.distance ?? .infinity) { nearest = (item.record, d) }
            }
        }
        if let nearest { return (nearest.record, false) }
        if let area { return (area, true) }
        // Near the line between points: the record nearest in x.
        for path in plot.paths where path.stroke != nil && path.joinsRecords {
            let vertices = path.vertices
            let near = zip(vertices, vertices.dropFirst()).contains { Self.distance(from: point, toSegment: $0, $1) <= pointSlop }
            if near {
                return plot.items.min { abs($0.anchor.x - point.x) < abs($1.anchor.x - point.x) }.map { ($0.record, false) }
            }
        }
        return nil
    }

    /// The area that selects a bar: its rectangle, grown to `minimumExtent` along its value
    /// axis around its middle when it is thinner.
    public func hitArea(of item: PlotItem) -> Rect {
        Self.hitArea(of: item, minimumExtent: minimumExtent)
    }

    /// How far from a point a click selects it: `slop`, or its symbol's radius plus 2 points.
    private static func reach(of symbol: PlotSymbol?, slop: Double, scale: Double) -> Double {
        max(slop, (symbol?.size ?? 0) / 2 + 2 * scale)
    }

    private static func hitArea(of item: PlotItem, minimumExtent: Double) -> Rect {
        guard case .rect(let rect, _) = item.shape else { return item.bounds }
        if item.base?.isHorizontal == true {
            guard rect.width < minimumExtent else { return rect }
            let grow = (minimumExtent - rect.width) / 2
            return Rect(x: rect.minX - grow, y: rect.minY, width: minimumExtent, height: rect.height)
        }
        guard rect.height < minimumExtent else { return rect }
        let grow = (minimumExtent - rect.height) / 2
        return Rect(x: rect.minX, y: rect.minY - grow, width: rect.width, height: minimumExtent)
    }

    /// Whether `p` lies inside the closed polygon through `vertices` (even-odd rule, as the
    /// painter fills). O(vertices).
    static func contains(_ p: Point, inPolygon vertices: [Point]) -> Bool {
        guard vertices.count >= 3 else { return false }
        var inside = false
        var j = vertices.count - 1
        for i in vertices.indices {
            let a = vertices[i], b = vertices[j]
            if (a.y > p.y) != (b.y > p.y), p.x < (b.x - a.x) * (p.y - a.y) / (b.y - a.y) + a.x { inside.toggle() }
            j = i
        }
        return inside
    }

    static func distance(from p: Point, toSegment a: Point, _ b: Point) -> Double {
        let dx = b.x - a.x, dy = b.y - a.y
        let lengthSquared = dx * dx + dy * dy
        guard lengthSquared > 0 else { return p.distance(to: a) }
        let t = min(1, max(0, ((p.x - a.x) * dx + (p.y - a.y) * dy) / lengthSquared))
        return p.distance(to: Point(x: a.x + t * dx, y: a.y + t * dy))
    }
}
