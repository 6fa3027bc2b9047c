import CCairo
import Foundation
@testable import ChartCairo
import ChartCore
import Testing

/// Opaque images are encoded in bands on two threads, the PNG chunks written by hand: libpng
/// (through Cairo's reader, which checks every chunk's CRC and the zlib stream's Adler-32) must
/// read back the very pixels, at heights on either side of where the bands start.
@Suite struct PNGEncoderTests {
    @Test("Encoded in bands, read back by libpng pixel for pixel", arguments: [1, 7, 255, 256, 257, 768])
    func roundTrip(height: Int) throws {
        let width = 301
        let image = try CairoSurface.image(width: width, height: height)
        // Noise and flat runs: every pixel its own color from a fixed-seed generator, then bands.
        var state: UInt64 = UInt64(height)
        cairo_surface_flush(image.pointer)
        let data = try #require(cairo_image_surface_get_data(image.pointer))
        let stride = Int(cairo_image_surface_get_stride(image.pointer))
        for y in 0..<height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width {
                state = state &* 6364136223846793005 &+ 1442695040888963407
                row[x] = 0xFF00_0000 | UInt32(truncatingIfNeeded: (y % 5 == 0 ? state : UInt64(x / 50 * 40_000)) >> 40)
            }
        }
        cairo_surface_mark_dirty(image.pointer)
        let bytes = try #require(PNGEncoder.encodeIfOpaque(image))
        let path = NSTemporaryDirectory() + "png-\(UUID().uuidString).png"
        defer { try? FileManager.default.removeItem(atPath: path) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let read = try #require(cairo_image_surface_create_from_png(path))
        defer { cairo_surface_destroy(read) }
        #expect(cairo_surface_status(read) == CAIRO_STATUS_SUCCESS)
        #expect(Int(cairo_image_surface_get_width(read)) == width && Int(cairo_image_surface_get_height(read)) == height)
        let back = try #require(cairo_image_surface_get_data(read))
        let backStride = Int(cairo_image_surface_get_stride(read))
        var differing = 0
        for y in 0..<height {
            let a = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            let b = UnsafeRawPointer(back + y * backStride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<width where a[x] & 0xFF_FFFF != b[x] & 0xFF_FFFF { differing += 1 }
        }
        #expect(differing == 0)
    }
}
