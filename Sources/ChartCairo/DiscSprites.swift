import CCairo
import ChartCore

/// Many discs (bubbles) painted as copies of a few renderings: each disc of one symbol, drawn
/// once into a small image at a half-pixel phase, is composited at its whole-pixel place, a
/// copy of pixels instead of Cairo scan-converting a circle per disc (73% of a 54,000-bubble
/// chart's time was Cairo rasterizing 80-pixel discs). Written by hand: Cairo keeps no such
/// cache of its own.
///
/// The same picture as drawing each disc, within a quarter pixel: centers and diameters are
/// rounded to half pixels, so a center moves by at most a quarter and a rim by an eighth
/// (compositing is associative, so a disc's fill and outline over the page is its image over
/// the page). Finer steps made more sprites than discs they saved: diamonds' 54,000 bubbles
/// took 4,096 sprites at quarter steps. Only for an image surface drawn at device pixels; nil for SVG,
/// PDF and scaled contexts, which keep their shapes.
///
/// Owns its sprite images (`CairoSurface` and the pixman image over each), freed with it.
final class DiscSprites {
    private struct Key: Hashable {
        var symbol: PlotSymbol
        var phaseX: Int
        var phaseY: Int
    }

    /// One rendering: its Cairo image and the pixman image over the same pixels, which it unrefs.
    private final class Sprite {
        let surface: CairoSurface
        let image: OpaquePointer
        /// Device pixels from the sprite's top left corner to the disc's whole-pixel place.
        let half: Int

        init?(surface: CairoSurface, half: Int) {
            cairo_surface_flush(surface.pointer)
            guard let data = cairo_image_surface_get_data(surface.pointer),
                let image = pixman_image_create_bits(
                    PIXMAN_a8r8g8b8, Int32(surface.width), Int32(surface.height),
                    UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self), cairo_image_surface_get_stride(surface.pointer))
            else { return nil }
            self.surface = surface
            self.image = image
            self.half = half
        }

        deinit { pixman_image_unref(image) }
    }

    /// Phases per pixel along each axis, and steps per pixel of a diameter.
    static let phases = 2
    /// Past this many sprites a disc is drawn as itself: sizes that hardly repeat gain nothing.
    static let mostSprites = 4_096
    /// Fewer items than this are drawn as themselves.
    static let fewestItems = 2_000

    private var sprites: [Key: Sprite] = [:]
    /// The target's pixels, composited into straight through pixman (Cairo's fill of an image
    /// pattern cost as much again as the copy).
    private let target: PixelBoxes
    /// Cairo's clip when made, whole pixels (a plot area's clip).
    private let clip: pixman_box32_t
    /// Whether pixels were written since Cairo last drew.
    private var dirty = false

    /// Sprites for `items` items painted into `cr`, when it draws device pixels into an ARGB or
    /// RGB image surface and there are at least `fewestItems`; nil otherwise. The clip is
    /// Cairo's at this point, rounded to whole pixels.
    init?(_ cr: OpaquePointer, items: Int) {
        guard items >= Self.fewestItems, let target = PixelBoxes(cr) else { return nil }
        var x1 = 0.0, y1 = 0.0, x2 = 0.0, y2 = 0.0
        cairo_clip_extents(cr, &x1, &y1, &x2, &y2)
        func whole(_ v: Double, _ limit: Int) -> Int32 { Int32(min(max(v.rounded(), 0), Double(limit))) }
        clip = pixman_box32_t(x1: whole(x1, target.width), y1: whole(y1, target.height), x2: whole(x2, target.width), y2: whole(y2, target.height))
        self.target = target
    }

    /// Tells Cairo the pixels changed, before it draws on the surface again; nothing when
    /// nothing was composited since.
    func handBack() {
        guard dirty else { return }
        target.markDirty()
        dirty = false
    }

    /// Paints the disc `symbol` centered on `p` (device pixels) into `cr` from a sprite, which
    /// `render` draws the first time (into a sprite's context, centered on the point it is
    /// given). False, having painted nothing, for a symbol that is not a disc of a solid fill
    /// and outline, or when there are too many sprites already.
    func paint(
        _ symbol: PlotSymbol, at p: Point, in cr: OpaquePointer, render: (OpaquePointer, PlotSymbol, Point) -> Void
    ) -> Bool {
        guard symbol.shape == .ellipse, symbol.size > 2.5, symbol.size < 512, p.x.isFinite, p.y.isFinite, abs(p.x) < 1e6, abs(p.y) < 1e6
        else { return false }
        if case .linearGradient? = symbol.fill { return false }
        var rounded = symbol
        let q = Double(Self.phases)
        rounded.size = (symbol.size * q).rounded() / q
        var x = p.x.rounded(.down), y = p.y.rounded(.down)
        var phaseX = Int(((p.x - x) * q).rounded()), phaseY = Int(((p.y - y) * q).rounded())
        if phaseX == Self.phases { (x, phaseX) = (x + 1, 0) }
        if phaseY == Self.phases { (y, phaseY) = (y + 1, 0) }
        let key = Key(symbol: rounded, phaseX: phaseX, phaseY: phaseY)
        let sprite: Sprite
        if let cached = sprites[key] {
            sprite = cached
        } else {
            guard sprites.count < Self.mostSprites else { return false }
            let reach = rounded.size / 2 + (rounded.lineStyle?.width ?? 0) / 2 + 2
            let half = Int(reach.rounded(.up))
            guard let surface = try? CairoSurface.image(width: 2 * half + 2, height: 2 * half + 2),
                let context = try? CairoContext(surface: surface)
            else { return false }
            render(context.pointer, rounded, Point(x: Double(half) + Double(phaseX) / q, y: Double(half) + Double(phaseY) / q))
            guard let made = Sprite(surface: surface, half: half) else { return false }
            sprite = made
            sprites[key] = sprite
        }
        target.composite(
            sprite.image, x: Int32(x) - Int32(sprite.half), y: Int32(y) - Int32(sprite.half),
            width: Int32(sprite.surface.width), height: Int32(sprite.surface.height), clip: clip)
        dirty = true
        return true
    }
}
