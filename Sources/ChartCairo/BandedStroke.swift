import CCairo
import ChartCore
import Foundation

/// A long stroke into an image surface painted in horizontal bands of its rows at once, one
/// thread per band: each band is a Cairo image surface over the same pixel memory (its rows
/// only), drawn through the same clip, translated by a whole number of rows, so that every pixel
/// gets the coverage one stroke of the whole image gives it (Cairo's coordinates are 24.8 fixed
/// point: a whole-pixel translation is exact, and its rasterizer's coverage of a pixel depends
/// on the path alone). The thinned line of a 10,000,000-point series is 5,000 vertices whose
/// columns span hundreds of rows: Cairo's scan conversion of it, a third of a window frame,
/// is split between the cores, and each band strokes only the pieces of the line that reach
/// its rows (`ScenePainter.strokeInChunks(_:style:chunk:rows:in:)`).
///
/// Owns the band surfaces and contexts it makes, and destroys them.
final class BandedStroke {
    private var surfaces: [OpaquePointer] = []
    /// One context per band, set up as the caller's: clip, operator, antialiasing, tolerance, cap.
    private(set) var contexts: [OpaquePointer] = []
    /// Each band's rows, device pixels from the image's top.
    private(set) var rows: [Range<Int>] = []
    private let target: OpaquePointer

    /// Bands of `cr`'s target within its clip, when the target is an RGB24 or ARGB32 image
    /// surface drawn at the identity transform and the clip is a list of rectangles; nil
    /// otherwise (SVG, PDF, a scaled context), or for fewer than 2 `bands`.
    init?(_ cr: OpaquePointer, bands: Int) {
        guard bands >= 2, let target = cairo_get_target(cr), cairo_surface_get_type(target) == CAIRO_SURFACE_TYPE_IMAGE
        else { return nil }
        var matrix = cairo_matrix_t()
        cairo_get_matrix(cr, &matrix)
        guard matrix.xx == 1, matrix.yy == 1, matrix.xy == 0, matrix.yx == 0, matrix.x0 == 0, matrix.y0 == 0 else { return nil }
        let format = cairo_image_surface_get_format(target)
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32,
            let list = cairo_copy_clip_rectangle_list(cr)
        else { return nil }
        defer { cairo_rectangle_list_destroy(list) }
        guard list.pointee.status == CAIRO_STATUS_SUCCESS, list.pointee.num_rectangles > 0 else { return nil }
        let rectangles = Array(UnsafeBufferPointer(start: list.pointee.rectangles, count: Int(list.pointee.num_rectangles)))
        let width = cairo_image_surface_get_width(target), height = Int(cairo_image_surface_get_height(target))
        let stride = cairo_image_surface_get_stride(target)
        // The rows the clip reaches, whole, split evenly.
        let top = max(0, Int(rectangles.map(\.y).min()!.rounded(.down)))
        let bottom = min(height, Int(rectangles.map { $0.y + $0.height }.max()!.rounded(.up)))
        guard bottom - top >= 2 * bands, let data = cairo_image_surface_get_data(target) else { return nil }
        self.target = target
        cairo_surface_flush(target)
        for band in 0..<bands {
            let first = top + (bottom - top) * band / bands, end = top + (bottom - top) * (band + 1) / bands
            guard
                let surface = cairo_image_surface_create_for_data(
                    data + first * Int(stride), format, width, Int32(end - first), stride)
            else { return nil }
            surfaces.append(surface)
            rows.append(first..<end)
            guard let context = cairo_create(surface), cairo_status(context) == CAIRO_STATUS_SUCCESS else { return nil }
            contexts.append(context)
            cairo_translate(context, 0, -Double(first))
            for r in rectangles { cairo_rectangle(context, r.x, r.y, r.width, r.height) }
            cairo_clip(context)
            cairo_set_operator(context, cairo_get_operator(cr))
            cairo_set_antialias(context, cairo_get_antialias(cr))
            cairo_set_tolerance(context, cairo_get_tolerance(cr))
            cairo_set_line_cap(context, cairo_get_line_cap(cr))
            cairo_set_miter_limit(context, cairo_get_miter_limit(cr))
        }
    }

    deinit {
        for context in contexts { cairo_destroy(context) }
        for surface in surfaces {
            cairo_surface_flush(surface)
            cairo_surface_destroy(surface)
        }
        if !surfaces.isEmpty { cairo_surface_mark_dirty(target) }
    }

    /// Runs `body` on every band's context (and its rows) at once, one thread per band; returns
    /// when all are done.
    func paint(_ body: @escaping @Sendable (OpaquePointer, Range<Int>) -> Void) {
        let contexts = Contexts(all: contexts), rows = rows
        DispatchQueue.concurrentPerform(iterations: contexts.all.count) { body(contexts.all[$0], rows[$0]) }
    }

    /// The band contexts handed to the band threads: each thread draws through its own.
    private struct Contexts: @unchecked Sendable {
        let all: [OpaquePointer]
    }
}
