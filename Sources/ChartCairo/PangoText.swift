import CCairo
import CPango
import ChartCore

/// Measures and draws text with Pango, so every script gets shaping and per-character font
/// fallback through fontconfig (Cyrillic, Greek, Arabic, CJK with a CJK font installed).
///
/// Owns one Pango context and one reusable layout, and caches a font description per style,
/// so labels cost no allocation of Pango objects per frame. Measuring and drawing go through
/// the same context with metric hinting off, so the size layout plans with is the size drawn,
/// on screen, in PNG, SVG and PDF alike. Not thread-safe: one per thread.
public final class PangoText: TextMeasuring {
    private let context: OpaquePointer
    private let layout: OpaquePointer
    private var fonts: [FontKey: OpaquePointer] = [:]
    private var sizeCache: [SizeKey: Size] = [:]

    private struct FontKey: Hashable {
        var family: String
        var size: Double
        var bold: Bool
    }

    private struct SizeKey: Hashable {
        var text: String
        var font: FontKey
    }

    /// Starts Fontconfig's set-up (reading its configuration, mapping its font caches: about 60
    /// files and 5 ms) without waiting for it: Pango does that on a thread of its own once the
    /// first font map is made, and the first text measured waits for it. Making this thread's
    /// font map early lets the set-up run while the caller loads its data. Cheap; any thread.
    public static func startLoadingFonts() {
        _ = pango_cairo_font_map_get_default()  // owned by Pango, per thread
    }

    /// A text setter on Pango's default Cairo font map (shared, not freed), with an empty measurement cache.
    public init() {
        let fontMap = pango_cairo_font_map_get_default()  // owned by Pango, not freed here
        context = pango_font_map_create_context(fontMap)!
        let options = cairo_font_options_create()
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_SLIGHT)
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        pango_cairo_context_set_font_options(context, options)
        cairo_font_options_destroy(options)
        layout = pango_layout_new(context)!
    }

    deinit {
        for font in fonts.values { pango_font_description_free(font) }
        chartview_g_object_unref(UnsafeMutableRawPointer(layout))
        chartview_g_object_unref(UnsafeMutableRawPointer(context))
    }

    private func font(for style: TextStyle) -> (OpaquePointer, FontKey) {
        let key = FontKey(family: style.fontFamily, size: style.fontSize, bold: style.isBold)
        if let font = fonts[key] { return (font, key) }
        let description = pango_font_description_new()!
        pango_font_description_set_family(description, style.fontFamily)
        pango_font_description_set_absolute_size(description, style.fontSize * Double(PANGO_SCALE))
        pango_font_description_set_weight(description, style.isBold ? PANGO_WEIGHT_BOLD : PANGO_WEIGHT_NORMAL)
        let font = description
        fonts[key] = font
        return (font, key)
    }

    /// Sets the reusable layout up for `text` in `style`.
    private func prepare(_ text: String, style: TextStyle) -> FontKey {
        let (font, key) = font(for: style)
        pango_layout_set_font_description(layout, font)
        pango_layout_set_text(layout, text, -1)
        let alignment: PangoAlignment =
            switch style.alignment {
            case .left: PANGO_ALIGN_LEFT
            case .center: PANGO_ALIGN_CENTER
            case .right: PANGO_ALIGN_RIGHT
            }
        pango_layout_set_alignment(layout, alignment)
        return key
    }

    /// The logical size of `text` in `style`, in device pixels. Cached per (text, font).
    public func size(of text: String, style: TextStyle) -> Size {
        let key = SizeKey(text: text, font: FontKey(family: style.fontFamily, size: style.fontSize, bold: style.isBold))
        if let size = sizeCache[key] { return size }
        _ = prepare(text, style: style)
        var logical = PangoRectangle()
        pango_layout_get_extents(layout, nil, &logical)
        let size = Size(width: Double(logical.width) / Double(PANGO_SCALE), height: Double(logical.height) / Double(PANGO_SCALE))
        if sizeCache.count > 50_000 { sizeCache.removeAll(keepingCapacity: true) }
        sizeCache[key] = size
        return size
    }

    /// Draws `text` in `cairo` where the scene placed it: turned by its angle about its
    /// position, with its anchor on the position.
    public func draw(_ text: SceneText, in cairo: OpaquePointer) {
        _ = prepare(text.text, style: text.style)
        cairo_save(cairo)
        cairo_translate(cairo, text.position.x, text.position.y)
        // The scene's angles turn counter-clockwise on screen; Cairo's turn clockwise in y-down space.
        if text.angle != 0 { cairo_rotate(cairo, -text.angle) }
        cairo_translate(cairo, -text.anchor.x, -text.anchor.y)
        let c = text.style.color
        cairo_set_source_rgba(cairo, c.red, c.green, c.blue, c.alpha)
        pango_cairo_show_layout(cairo, layout)
        cairo_restore(cairo)
    }

    /// Whether fontconfig can draw every character of `text` in `style` with some installed
    /// font (no empty boxes): Pango's count of unknown glyphs is zero.
    public func canRender(_ text: String, style: TextStyle) -> Bool {
        _ = prepare(text, style: style)
        return pango_layout_get_unknown_glyphs_count(layout) == 0
    }
}
