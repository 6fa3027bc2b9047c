import CCairo
import ChartCore
import Foundation

/// Paints a `Scene` with Cairo: nothing but what the scene holds, where it says, in the
/// scene's paint order. Coordinates are the scene's device pixels.
public struct ScenePainter {
    public let text: PangoText

    public init(text: PangoText) {
        self.text = text
    }

    /// Paints the whole scene into `context`.
    public func paint(_ scene: Scene, into context: CairoContext) {
        let cr = context.pointer
        cairo_save(cr)
        fill(Rect(origin: .zero, size: scene.size), with: scene.background, in: cr)
        fill(scene.plotArea, with: scene.plotAreaFill, in: cr)

        clipped(to: scene.plotArea, cr) {
            for line in scene.gridLines { stroke(line, in: cr) }
        }
        for plot in scene.plots where plot.isVisible {
            clipped(to: plot.clip, cr) {
                for item in plot.items { paint(item, in: cr) }
            }
        }
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
        for annotation in scene.annotations { paint(annotation, in: cr) }
        if let message = scene.message { text.draw(message, in: cr) }
        for overlay in scene.overlays {
            fill(overlay.box, with: overlay.fill, in: cr)
            if let border = overlay.border { strokeRect(overlay.box, style: border, in: cr) }
            for line in overlay.texts { text.draw(line, in: cr) }
        }
        cairo_restore(cr)
    }

    private func paint(_ item: PlotItem, in cr: OpaquePointer) {
        switch item.shape {
        case .rect(let rect):
            fill(rect, with: item.fill, in: cr)
            if let stroke = item.stroke, stroke.width > 0 { strokeRect(rect, style: stroke, in: cr) }
        }
    }

    private func paint(_ legend: LegendScene, in cr: OpaquePointer) {
        fill(legend.rect, with: legend.fill, in: cr)
        if let border = legend.border { strokeRect(legend.rect, style: border, in: cr) }
        for entry in legend.entries {
            fill(entry.swatch, with: entry.swatchFill, in: cr)
            text.draw(entry.text, in: cr)
        }
    }

    private func paint(_ annotation: AnnotationScene, in cr: OpaquePointer) {
        if let box = annotation.box {
            fill(box, with: annotation.fill, in: cr)
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

    private func fill(_ rect: Rect, with fill: Fill, in cr: OpaquePointer) {
        guard !rect.isEmpty else { return }
        cairo_rectangle(cr, rect.minX, rect.minY, rect.width, rect.height)
        switch fill {
        case .solid(let color):
            setSource(color, cr)
            cairo_fill(cr)
        case .linearGradient(let start, let end, let angle):
            // The gradient runs across the rect along `angle` (0 left→right, 90 bottom→top).
            let radians = angle * .pi / 180
            let dx = cos(radians) * rect.width / 2, dy = -sin(radians) * rect.height / 2
            let pattern = cairo_pattern_create_linear(rect.midX - dx, rect.midY - dy, rect.midX + dx, rect.midY + dy)!
            cairo_pattern_add_color_stop_rgba(pattern, 0, start.red, start.green, start.blue, start.alpha)
            cairo_pattern_add_color_stop_rgba(pattern, 1, end.red, end.green, end.blue, end.alpha)
            cairo_set_source(cr, pattern)
            cairo_fill(cr)
            cairo_pattern_destroy(pattern)
        }
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
        cairo_move_to(cr, line.from.x, line.from.y)
        cairo_line_to(cr, line.to.x, line.to.y)
        cairo_stroke(cr)
    }

    /// Strokes just inside `rect`'s edge, so the outline stays within what the scene gave.
    private func strokeRect(_ rect: Rect, style: LineStyle, in cr: OpaquePointer) {
        guard style.width > 0 else { return }
        apply(style, cr)
        let half = style.width / 2
        cairo_rectangle(cr, rect.minX + half, rect.minY + half, max(0, rect.width - style.width), max(0, rect.height - style.width))
        cairo_stroke(cr)
    }
}
