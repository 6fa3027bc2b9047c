import CCairo
import ChartCore
import Foundation

/// Paints a `Scene` with Cairo: nothing but what the scene holds, where it says, in the
/// scene's paint order. Coordinates are the scene's device pixels.
public struct ScenePainter {
    /// The Pango text setter that draws the scene's texts.
    public let text: PangoText
    /// Raised by another thread when the picture is no longer wanted (a window frame gone
    /// stale): painting then stops between pieces of work (between plots, every few thousand
    /// items or markers, between the pieces of a long line), leaving the picture unfinished.
    /// The caller checks the flag afterwards and throws such a picture away.
    public var cancellation: CancellationFlag?

    /// A painter of scenes as laid out; a frame of the show animation is the scene
    /// `Scene.animated(progress:)` gives, painted as any other.
    public init(text: PangoText, cancellation: CancellationFlag? = nil) {
        self.text = text
        self.cancellation = cancellation
    }

    private var isCancelled: Bool { cancellation?.isCancelled ?? false }

    /// How many bands of rows a long stroke into an image is painted in at once (`BandedStroke`):
    /// one per core, at most 4; 1 paints it on the calling thread.
    var strokeBands = min(4, ProcessInfo.processInfo.activeProcessorCount)

    /// The fewest path elements worth a thread per band.
    static let fewestBandedElements = 2_048

    /// The painter handed to the band threads of a long stroke, which use only its Cairo calls
    /// on their own contexts and its cancellation flag.
    private struct UncheckedPainter: @unchecked Sendable {
        let painter: ScenePainter
    }

    /// How many items or markers are painted between two looks at `cancellation`.
    static let itemsPerCheck = 4096

    /// Which parts of a scene to paint.
    public enum Layers: Sendable {
        /// Everything.
        case all
        /// The chart: everything but annotations and overlays.
        case chart
        /// Annotations and overlays only, over a chart painted before.
        case overlays
    }

    /// Paints the whole scene into `context`.
    public func paint(_ scene: Scene, into context: CairoContext) {
        paint(scene, layers: .all, into: context)
    }

    /// Paints `layers` of the scene into `context`: the chart, what lies over it, or both.
    public func paint(_ scene: Scene, layers: Layers, into context: CairoContext) {
        let cr = context.pointer
        if scene.isGrid {
            paintGrid(scene, layers: layers, into: context)
            return
        }
        if case .overlays = layers {
            cairo_save(cr)
            paintOverlays(scene, cr)
            cairo_restore(cr)
            return
        }
        cairo_save(cr)
        fill(Rect(origin: .zero, size: scene.size), with: scene.backgroundPaint, in: cr)
        fill(scene.plotArea, with: scene.plotAreaPaint, in: cr)

        clipped(to: scene.plotArea, cr) {
            for line in scene.gridLines { stroke(line, in: cr) }
        }
        for plot in scene.plots where plot.isVisible && !isCancelled { paint(plot, in: cr) }
        if let border = scene.plotAreaBorder { strokeRect(scene.plotArea, style: border, in: cr) }
        for axis in scene.axes {
            for tick in axis.minorTicks { stroke(tick, in: cr) }
            for tick in axis.majorTicks { stroke(tick, in: cr) }
            if let line = axis.line { stroke(line, in: cr) }
            for label in axis.labels { text.draw(label, in: cr) }
            if let title = axis.title { text.draw(title, in: cr) }
        }
        if let title = scene.title { text.draw(title, in: cr) }
        if let legend = scene.legend { paint(legend, in: cr) }
        if let message = scene.message { text.draw(message, in: cr) }
        if case .all = layers { paintOverlays(scene, cr) }
        cairo_restore(cr)
    }

    /// A grid's scene: its background (with the chart), each cell's scene translated to its
    /// frame and clipped to it, the title, then what lies over the grid.
    private func paintGrid(_ scene: Scene, layers: Layers, into context: CairoContext) {
        let cr = context.pointer
        cairo_save(cr)
        if case .overlays = layers {
        } else {
            fill(Rect(origin: .zero, size: scene.size), with: scene.backgroundPaint, in: cr)
            if let title = scene.title { text.draw(title, in: cr) }
        }
        for cell in scene.cells where !isCancelled {
            cairo_save(cr)
            cairo_rectangle(cr, cell.frame.minX, cell.frame.minY, cell.frame.width, cell.frame.height)
            cairo_clip(cr)
            cairo_translate(cr, cell.frame.minX, cell.frame.minY)
            paint(cell.scene, layers: layers, into: context)
            cairo_restore(cr)
        }
        if case .chart = layers {} else { paintOverlays(scene, cr) }
        cairo_restore(cr)
    }

    private func paintOverlays(_ scene: Scene, _ cr: OpaquePointer) {
        for marker in scene.markers { draw(marker.symbol, at: marker.center, in: cr) }
        for annotation in scene.annotations { paint(annotation, in: cr) }
        for overlay in scene.overlays {
            fill(overlay.box, with: overlay.paint, in: cr)
            if let border = overlay.border { strokeRect(overlay.box, style: border, in: cr) }
            for line in overlay.texts { text.draw(line, in: cr) }
        }
    }

    /// Paints a plot of the scene; of its plain bars, only the pieces `occludedBars` leaves.
    private func paint(_ plot: PlotScene, in cr: OpaquePointer) {
        let clip = plot.clip
        clipped(to: clip, cr) {
            if let narrower = plot.pathsClip {
                clipped(to: narrower, cr) {
                    for path in plot.paths where !isCancelled { paint(path, in: cr) }
                }
            } else {
                for path in plot.paths where !isCancelled { paint(path, in: cr) }
            }
            guard !isCancelled else { return }
            if let symbol = Self.sharedSymbol(of: plot) {
                let anchors = plot.items.anchors
                if !fillWholePixelSquares(symbol, at: anchors, clip: clip, in: cr) { drawSymbols(symbol, at: anchors, in: cr) }
            } else {
                var pending: (fill: Color, count: Int)?
                let sprites = DiscSprites(cr, items: plot.items.count)
                for (position, item) in plot.items.enumerated() {
                    if position % Self.itemsPerCheck == 0 && position > 0 && isCancelled {
                        if let run = pending { flushBars(run.fill, cr); pending = nil }
                        break
                    }
                    // Runs of plain bars of one opaque color, on whole pixels, fill as one path:
                    // the same pixels as one at a time (no edge is anti-aliased), a fill per run.
                    if let rect = item.plainBar, case .solid(let color) = item.fill {
                        sprites?.handBack()
                        if let run = pending, run.fill != color || run.count >= 2000 { flushBars(run.fill, cr); pending = nil }
                        if pending == nil { cairo_new_path(cr) }
                        for piece in plot.occludedBars[position] ?? [rect] where !piece.isEmpty {
                            cairo_rectangle(cr, piece.minX, piece.minY, piece.width, piece.height)
                        }
                        pending = (color, (pending?.count ?? 0) + 1)
                        continue
                    }
                    if let run = pending { flushBars(run.fill, cr); pending = nil }
                    if let sprites, case .point(let p, let symbol?) = item.shape,
                        sprites.paint(symbol, at: p, in: cr, render: { context, disc, center in draw(disc, at: center, in: context) })
                    {
                        continue
                    }
                    sprites?.handBack()
                    paint(item, in: cr)
                }
                if let run = pending { flushBars(run.fill, cr) }
                sprites?.handBack()
            }
        }
        for leader in plot.leaders { stroke(leader, in: cr) }
        for label in plot.labels { text.draw(label, in: cr) }
    }

    /// Paints one record's item.
    private func paint(_ item: PlotItem, in cr: OpaquePointer) {
        switch item.shape {
        case .rect(let rect, let corners):
            guard rect.width > 0, rect.height > 0 else { return }
            if !corners.isSquare {
                roundedRect(rect, corners: corners, in: cr)
                fillPath(item.paint, in: cr)
            } else {
                fill(rect, with: item.paint, in: cr)
            }
            if let stroke = item.stroke, stroke.width > 0 { strokeRect(rect, style: stroke, in: cr) }
        case .point(let p, let symbol):
            guard let symbol else { return }
            draw(symbol, at: p, in: cr)
        case .wedge(let c, let r, let inner, let start, let end):
            cairo_new_path(cr)
            cairo_arc(cr, c.x, c.y, r, start, end)
            if inner > 0 {
                cairo_arc_negative(cr, c.x, c.y, inner, end, start)
            } else {
                cairo_line_to(cr, c.x, c.y)
            }
            cairo_close_path(cr)
            fillPath(item.paint, preserve: item.stroke != nil, in: cr)
            if let stroke = item.stroke {
                apply(stroke, cr)
                cairo_stroke(cr)
            }
        case .segments(let segments, _):
            guard let stroke = item.stroke, stroke.width > 0, !segments.isEmpty else { return }
            cairo_new_path(cr)
            for segment in segments {
                cairo_move_to(cr, segment.from.x, segment.from.y)
                cairo_line_to(cr, segment.to.x, segment.to.y)
            }
            apply(stroke, cr)
            cairo_stroke(cr)
        case .polygon(let vertices, _):
            guard let first = vertices.first else { return }
            cairo_new_path(cr)
            cairo_move_to(cr, first.x, first.y)
            for p in vertices.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
            fillPath(item.paint, preserve: item.stroke != nil, in: cr)
            if let stroke = item.stroke, stroke.width > 0 {
                apply(stroke, cr)
                cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
                cairo_stroke(cr)
            } else {
                cairo_new_path(cr)
            }
        }
    }

    /// The outline of `rect` with `corners` rounded as the scene says, as the current path.
    private func roundedRect(_ rect: Rect, corners: CornerRounding, in cr: OpaquePointer) {
        let tl = corners.radius(of: .topLeft), tr = corners.radius(of: .topRight)
        let br = corners.radius(of: .bottomRight), bl = corners.radius(of: .bottomLeft)
        cairo_new_path(cr)
        cairo_move_to(cr, rect.minX + tl, rect.minY)
        cairo_line_to(cr, rect.maxX - tr, rect.minY)
        if tr > 0 { cairo_arc(cr, rect.maxX - tr, rect.minY + tr, tr, -.pi / 2, 0) }
        cairo_line_to(cr, rect.maxX, rect.maxY - br)
        if br > 0 { cairo_arc(cr, rect.maxX - br, rect.maxY - br, br, 0, .pi / 2) }
        cairo_line_to(cr, rect.minX + bl, rect.maxY)
        if bl > 0 { cairo_arc(cr, rect.minX + bl, rect.maxY - bl, bl, .pi / 2, .pi) }
        cairo_line_to(cr, rect.minX, rect.minY + tl)
        if tl > 0 { cairo_arc(cr, rect.minX + tl, rect.minY + tl, tl, .pi, 3 * .pi / 2) }
        cairo_close_path(cr)
    }

    private func paint(_ path: ScenePath, in cr: OpaquePointer) {
        guard !path.elements.isEmpty else { return }
        if path.fill == nil, let stroke = path.stroke, let chunk = Self.strokeChunk(for: path, style: stroke) {
            // A long line into an image: its rows in bands, one thread each (`BandedStroke`).
            if path.elements.count >= Self.fewestBandedElements, let bands = BandedStroke(cr, bands: strokeBands) {
                let painter = UncheckedPainter(painter: self)
                bands.paint { painter.painter.strokeInChunks(path, style: stroke, chunk: chunk, rows: $1, in: $0) }
                return
            }
            strokeInChunks(path, style: stroke, chunk: chunk, in: cr)
            return
        }
        cairo_new_path(cr)
        Self.trace(path, in: cr)
        if let paint = path.paint { fillPath(paint, preserve: path.stroke != nil, in: cr) }
        if let stroke = path.stroke, stroke.width > 0 {
            apply(stroke, cr)
            cairo_set_line_join(cr, Self.cairoJoin(path.lineJoin))
            cairo_stroke(cr)
        } else {
            cairo_new_path(cr)
        }
    }

    /// Adds `path`'s elements to the current path of `cr`.
    static func trace(_ path: ScenePath, in cr: OpaquePointer) {
        for element in path.elements {
            switch element {
            case .move(let p): cairo_move_to(cr, p.x, p.y)
            case .line(let p): cairo_line_to(cr, p.x, p.y)
            case .curve(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
            case .close: cairo_close_path(cr)
            }
        }
    }

    /// A piece of a stroke in pieces ends after its elements (`strokeChunk(for:style:)`), or
    /// sooner after `strokeChunkLength` device pixels of line: Cairo's time goes with the length
    /// drawn, so pieces of long random segments (a piece of 1,024 of them took 90 to 140 ms) stay
    /// a few milliseconds each, and a cancelled frame stops within one.
    static let strokeChunkLength = 16_384.0

    /// The elements per piece when `path` is stroked in pieces (`strokeInChunks`); nil for one
    /// stroke. A thinned dense line goes in pieces of 32: a dense thin line
    /// (`ScenePath.VertexSummary.isDenseThinLine`)
    /// whose x never decreases, with at most 16 vertices per pixel of its x extent, so that a piece
    /// spans several pixel columns and meets the next only at their joint (pieces of a line with
    /// hundreds of vertices per column would overlap, and blend twice wherever they do). Cairo's
    /// scan converter pays, on every pixel row, for each edge that crosses it, and a thinned noisy
    /// line (each column's strokes spanning hundreds of rows) crosses each row thousands of times
    /// in one stroke, dozens in a piece. Measured (callgrind, instructions in cairo_stroke for a
    /// 1024x768 PNG): ties1m 918M in one stroke, 291M in pieces of 64, 231M of 32, 217M of 16;
    /// line1m 70M, 54M, 49M, 45M. Any other path of more than 8,192 elements goes in pieces of
    /// 1,024 (a line through many unsorted points, or every record of a long one). O(elements).
    static func strokeChunk(for path: ScenePath, style: LineStyle) -> Int? {
        guard path.elements.count > 256, canStrokeInChunks(path, style: style) else { return nil }
        let vertices = path.vertexSummary
        if vertices.isDenseThinLine(style: style), vertices.xAscending,
            Double(path.elements.count) <= 16 * max(vertices.extent.width, 1)
        {
            return 32
        }
        return path.elements.count > 8192 ? 1024 : nil
    }

    /// Whether `strokeInChunks` can stroke `path`: only straight segments when dashed (the dash
    /// phase is carried over by length), and no closed subpath (a piece cannot close a shape
    /// another piece began).
    /// (This and `ScenePath.VertexSummary` loop over the buffer by hand: with a closure or a generic `min` per
    /// element, a million elements took 60 and 100 ms in a debug build, a wait nothing could
    /// cancel.)
    private static func canStrokeInChunks(_ path: ScenePath, style: LineStyle) -> Bool {
        let dashed = !style.dashPattern.isEmpty
        return path.elements.withUnsafeBufferPointer { elements in
            var i = 0
            while i < elements.count {
                switch elements[i] {
                case .move, .line: break
                case .curve: if dashed { return false }
                case .close: return false
                }
                i += 1
            }
            return true
        }
    }

    /// Strokes a long path (a line through many unsorted points, which thinning cannot reduce, or
    /// a dense one) a piece of `chunk` elements at a time: Cairo's stroker slows down far more
    /// than linearly on one huge self-crossing path (300,000 random points took minutes), and
    /// pieces keep it linear. Each piece starts on the previous piece's last segment, two line
    /// widths back from its end (or at its start when shorter), so every vertex gets its join
    /// and the caps stay as they are; dashes carry on (the phase restarts at each subpath, as
    /// Cairo's does). The only change from one stroke: anti-aliased pixels along those two line
    /// widths blend twice (a whole repeated segment of a noisy line spans hundreds of pixels:
    /// pieces of 64 then took thinned lines from 0.5% to 1.3% of pixels off). Stops between
    /// pieces once `cancellation` is raised. O(elements).
    ///
    /// With `rows` (device pixels from the top: a band of `BandedStroke`, whose surface holds
    /// only those rows), a piece whose points (and curve controls) all lie more than a line width
    /// and two pixels above or below them is left out: it inks none of them.
    private func strokeInChunks(_ path: ScenePath, style: LineStyle, chunk: Int, rows: Range<Int>? = nil, in cr: OpaquePointer) {
        guard style.width > 0 else { return }
        apply(style, cr)
        cairo_set_line_join(cr, Self.cairoJoin(path.lineJoin))
        let dashes = style.dashPattern
        var travelled = 0.0  // length of the subpath so far, for the dash phase
        var previous: Point?  // the vertex before the pen, towards which the next piece starts
        var current: Point?  // the pen
        var count = 0
        var length = 0.0  // of the piece so far (chords for curves)
        // The band's rows widened by what a stroke reaches past its points (joins and caps:
        // under a line width) and anti-aliasing; the piece's vertical extent so far.
        let reach = 2 * style.width + 2
        let above = rows.map { Double($0.lowerBound) - reach } ?? -.infinity
        let below = rows.map { Double($0.upperBound) + reach } ?? .infinity
        var top = Double.infinity, bottom = -Double.infinity
        func strokePiece() {
            if bottom < above || top > below {
                cairo_new_path(cr)
            } else {
                cairo_stroke(cr)
            }
            top = .infinity
            bottom = -.infinity
        }
        cairo_new_path(cr)
        for element in path.elements {
            switch element {
            case .move(let p):
                top = min(top, p.y); bottom = max(bottom, p.y)
                cairo_move_to(cr, p.x, p.y)
                previous = nil
                current = p
                travelled = 0
            case .line(let p):
                top = min(top, p.y); bottom = max(bottom, p.y)
                cairo_line_to(cr, p.x, p.y)
                previous = current
                if let from = current {
                    let step = from.distance(to: p)
                    travelled += step
                    length += step
                }
                current = p
            case .curve(let a, let b, let p):
                top = min(top, a.y, b.y, p.y); bottom = max(bottom, a.y, b.y, p.y)
                cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
                previous = nil  // undashed only: a piece then starts at the curve's end
                if let from = current { length += from.distance(to: p) }
                current = p
            case .close:
                preconditionFailure("Closed paths are not stroked in pieces.")
            }
            count += 1
            if count >= chunk || length >= Self.strokeChunkLength, let pen = current {
                strokePiece()
                if isCancelled { return }
                count = 0
                length = 0
                // The next piece starts on the last segment, at most two line widths back from
                // the pen: enough for the join there, and few pixels blend twice.
                var start = pen, back = 0.0
                if let previous {
                    let length = previous.distance(to: pen)
                    back = min(length, 2 * max(style.width, 1))
                    if length > 0 {
                        start = Point(x: pen.x + (previous.x - pen.x) * back / length, y: pen.y + (previous.y - pen.y) * back / length)
                    }
                }
                if !dashes.isEmpty {
                    dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), travelled - back) }
                }
                cairo_move_to(cr, start.x, start.y)
                top = min(start.y, pen.y); bottom = max(start.y, pen.y)
                if previous != nil { cairo_line_to(cr, pen.x, pen.y) }
            }
        }
        strokePiece()
        if !dashes.isEmpty {
            dashes.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        }
    }

    /// Cairo's join for the scene's `join`.
    private static func cairoJoin(_ join: ScenePath.LineJoin) -> cairo_line_join_t {
        switch join {
        case .round: CAIRO_LINE_JOIN_ROUND
        case .bevel: CAIRO_LINE_JOIN_BEVEL
        }
    }

    /// The symbol every item of `plot` is marked with, when they all share one with a solid
    /// fill: then they are drawn as a few long paths instead of a fill per point.
    private static func sharedSymbol(of plot: PlotScene) -> PlotSymbol? {
        if let shared = plot.items.sharedSymbol {
            if case .linearGradient? = shared.fill { return nil }
            return shared
        }
        guard plot.items.count > 64, case .point(_, let first?)? = plot.items.first?.shape else { return nil }
        if case .linearGradient? = first.fill { return nil }
        for item in plot.items {
            guard case .point(_, let symbol?) = item.shape, symbol == first else { return nil }
        }
        return first
    }

    /// Markers that are squares of whole device pixels (snapped 1 or 2 pixel squares and discs,
    /// no outline) of one opaque color, into an image surface: filled as pixel boxes within
    /// `clip` (`PixelBoxes`), the same pixels as `drawSymbols`. False, having drawn nothing, when
    /// they are not such markers or the target is not such a surface.
    private func fillWholePixelSquares<S: Sequence>(_ symbol: PlotSymbol, at points: S, clip: Rect, in cr: OpaquePointer) -> Bool
    where S.Element == Point {
        guard symbol.outline.soleRectangle != nil, symbol.size == symbol.size.rounded(),
            symbol.size >= 1, (symbol.lineStyle?.width ?? 0) == 0, case .solid(let color)? = symbol.fill, color.alpha >= 1,
            let target = PixelBoxes(cr)
        else { return false }
        let h = symbol.size / 2, side = Int32(symbol.size)
        let x0 = Int32(max(0, clip.minX.rounded(.up))), y0 = Int32(max(0, clip.minY.rounded(.up)))
        let x1 = Int32(min(Double(target.width), clip.maxX.rounded(.down))), y1 = Int32(min(Double(target.height), clip.maxY.rounded(.down)))
        var boxes: [pixman_box32_t] = []
        boxes.reserveCapacity(points.underestimatedCount)
        for p in points {
            let left = p.x - h, top = p.y - h
            guard left == left.rounded(), top == top.rounded(), abs(left) < 1e9, abs(top) < 1e9 else { return false }
            let l = Int32(left), t = Int32(top)
            let box = pixman_box32_t(x1: max(l, x0), y1: max(t, y0), x2: min(l + side, x1), y2: min(t + side, y1))
            if box.x1 < box.x2 && box.y1 < box.y2 { boxes.append(box) }
        }
        target.fillSmall(boxes, red: color.red, green: color.green, blue: color.blue)
        return true
    }

    /// Many markers of one style: filled and stroked 2,000 at a time (Cairo slows down on very
    /// long paths). The same shapes as one at a time; where markers overlap, their anti-aliased
    /// edges blend once instead of once per marker (measured on scatter1m: 0.55% of pixels,
    /// by a few levels). Batches of 1 to 25 paint about a third faster in `--profile`, but the
    /// whole process showed no difference beyond noise, so the batch stays large.
    private func drawSymbols<S: Sequence>(_ symbol: PlotSymbol, at points: S, in cr: OpaquePointer) where S.Element == Point {
        var pending = 0
        let outline = symbol.outline
        // One solid fill for all (`sharedSymbol`), wherever the marker is.
        let paint = symbol.paint(at: .zero)
        func flush() {
            guard pending > 0 else { return }
            if let paint { fillPath(paint, preserve: true, in: cr) }
            if let line = symbol.lineStyle, line.width > 0 {
                apply(line, cr)
                cairo_stroke(cr)
            } else {
                cairo_new_path(cr)
            }
            pending = 0
        }
        cairo_new_path(cr)
        for p in points {
            trace(outline, at: p, in: cr)
            pending += 1
            if pending == 2000 {
                flush()
                if isCancelled { return }
            }
        }
        flush()
    }

    /// Draws a plot symbol centered on `p`, `symbol.size` pixels across.
    private func draw(_ symbol: PlotSymbol, at p: Point, in cr: OpaquePointer) {
        cairo_new_path(cr)
        trace(symbol.outline, at: p, in: cr)
        if let paint = symbol.paint(at: p) { fillPath(paint, preserve: true, in: cr) }
        if let line = symbol.lineStyle, line.width > 0 {
            apply(line, cr)
            cairo_stroke(cr)
        } else {
            cairo_new_path(cr)
        }
    }

    /// Adds `outline` moved to `p` to the current path.
    private func trace(_ outline: SymbolOutline, at p: Point, in cr: OpaquePointer) {
        for element in outline.elements {
            switch element {
            case .move(let d): cairo_move_to(cr, p.x + d.x, p.y + d.y)
            case .line(let d): cairo_line_to(cr, p.x + d.x, p.y + d.y)
            case .close: cairo_close_path(cr)
            case .circle(let radius):
                cairo_new_sub_path(cr)
                cairo_arc(cr, p.x, p.y, radius, 0, 2 * .pi)
            case .rectangle(let r): cairo_rectangle(cr, p.x + r.minX, p.y + r.minY, r.width, r.height)
            }
        }
    }

    private func paint(_ legend: LegendScene, in cr: OpaquePointer) {
        fill(legend.rect, with: legend.paint, in: cr)
        if let border = legend.border { strokeRect(legend.rect, style: border, in: cr) }
        for entry in legend.entries {
            if let paint = entry.swatchPaint { fill(entry.swatch, with: paint, in: cr) }
            if let line = entry.swatchLine { stroke(line, in: cr) }
            if let marker = entry.swatchMarker { draw(marker.symbol, at: marker.center, in: cr) }
            text.draw(entry.text, in: cr)
        }
    }

    private func paint(_ annotation: AnnotationScene, in cr: OpaquePointer) {
        if let box = annotation.box, let paint = annotation.paint {
            fill(box, with: paint, in: cr)
            if let border = annotation.border { strokeRect(box, style: border, in: cr) }
        }
        text.draw(annotation.text, in: cr)
    }

    // MARK: Primitives

    private func clipped(to rect: Rect, _ cr: OpaquePointer, _ body: () -> Void) {
        cairo_save(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        cairo_clip(cr)
        body()
        cairo_restore(cr)
    }

    private func setSource(_ color: Color, _ cr: OpaquePointer) {
        cairo_set_source_rgba(cr, color.red, color.green, color.blue, color.alpha)
    }

    /// Fills the bars collected in the current path with `color`.
    private func flushBars(_ color: Color, _ cr: OpaquePointer) {
        setSource(color, cr)
        cairo_fill(cr)
    }

    private func fill(_ rect: Rect, with paint: ScenePaint, in cr: OpaquePointer) {
        guard !rect.isEmpty else { return }
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        fillPath(paint, in: cr)
    }

    /// Fills the current path with `paint`, a gradient where the scene says it runs.
    private func fillPath(_ paint: ScenePaint, preserve: Bool = false, in cr: OpaquePointer) {
        switch paint {
        case .solid(let color):
            setSource(color, cr)
        case .linearGradient(let start, let end, let stops):
            let pattern = cairo_pattern_create_linear(start.x, start.y, end.x, end.y)!
            for stop in stops {
                let c = stop.color
                cairo_pattern_add_color_stop_rgba(pattern, stop.offset, c.red, c.green, c.blue, c.alpha)
            }
            cairo_set_source(cr, pattern)
            cairo_pattern_destroy(pattern)  // the context keeps its own reference
        }
        if preserve { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
    }

    private func apply(_ style: LineStyle, _ cr: OpaquePointer) {
        setSource(style.color, cr)
        cairo_set_line_width(cr, style.width)
        style.dashPattern.withUnsafeBufferPointer { dashes in
            cairo_set_dash(cr, dashes.baseAddress, Int32(dashes.count), 0)
        }
    }

    private func stroke(_ line: SceneLine, in cr: OpaquePointer) {
        guard line.style.width > 0 else { return }
        apply(line.style, cr)
        cairo_new_path(cr)
        cairo_move_to(cr, line.from.x, line.from.y)
        cairo_line_to(cr, line.to.x, line.to.y)
        cairo_stroke(cr)
    }

    /// Strokes just inside `rect`'s edge, so the outline stays within what the scene gave.
    private func strokeRect(_ rect: Rect, style: LineStyle, in cr: OpaquePointer) {
        guard style.width > 0 else { return }
        apply(style, cr)
        let half = style.width / 2
        cairo_new_path(cr)
        cairo_rectangle(cr, rect.minX + half, rect.minY + half, max(0, rect.width - style.width), max(0, rect.height - style.width))
        cairo_stroke(cr)
    }
}
