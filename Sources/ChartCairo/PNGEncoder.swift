import CCairo
import CPNG
import Foundation

/// Encodes opaque images as PNG faster than Cairo's own writer: zlib level 2 without row
/// filters, which for charts (long runs of flat color) takes a quarter of the time of Cairo's
/// default level with adaptive filters, for files of about the same size (a dense scatter
/// comes out smaller, a thin line on white about a fifth larger). Images with any transparent
/// pixel are left to Cairo, which keeps their alpha channel.
enum PNGEncoder {
    /// The zlib level: 1-3 cost about the same here; 2 compresses a little better than 1.
    static let compressionLevel: Int32 = 2

    /// The PNG bytes of an image surface when every pixel is opaque; nil when some pixel is not
    /// (or libpng failed), for the caller to use Cairo's writer. O(pixels).
    static func encodeIfOpaque(_ surface: CairoSurface) -> [UInt8]? {
        let image = surface.pointer
        cairo_surface_flush(image)
        let format = cairo_image_surface_get_format(image)
        guard format == CAIRO_FORMAT_RGB24 || format == CAIRO_FORMAT_ARGB32,
            let data = cairo_image_surface_get_data(image)
        else { return nil }
        let width = Int(cairo_image_surface_get_width(image)), height = Int(cairo_image_surface_get_height(image))
        let stride = Int(cairo_image_surface_get_stride(image))
        if format == CAIRO_FORMAT_ARGB32 && !isOpaque(data, width: width, height: height, stride: stride) { return nil }
        final class Sink {
            var bytes: [UInt8] = []
        }
        let sink = Sink()
        sink.bytes.reserveCapacity(width * height / 8)
        let status = chartview_png_encode_rgbx(
            data, Int32(width), Int32(height), Int32(stride), compressionLevel,
            { context, bytes, count in
                guard let context, let bytes else { return }
                Unmanaged<Sink>.fromOpaque(context).takeUnretainedValue().bytes.append(contentsOf: UnsafeBufferPointer(start: bytes, count: count))
            }, Unmanaged.passUnretained(sink).toOpaque())
        return status == 0 ? sink.bytes : nil
    }

    /// Whether every pixel's alpha (the top byte of each native-order 32-bit pixel) is 255.
    private static func isOpaque(_ data: UnsafeMutablePointer<UInt8>, width: Int, height: Int, stride: Int) -> Bool {
        for y in 0..<height {
            let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            var all: UInt32 = 0xFF00_0000
            for x in 0..<width { all &= row[x] }
            if all & 0xFF00_0000 != 0xFF00_0000 { return false }
        }
        return true
    }
}
