import CCairo
import ChartFiles
import Foundation

/// Owns one `cairo_surface_t` and destroys it: an image in memory, or an SVG or PDF file
/// being written. Sizes are device pixels (image) or points (SVG, PDF: 1 point per pixel).
public final class CairoSurface {
    /// The surface pointer, valid for the life of this object.
    public let pointer: OpaquePointer
    /// Width in device pixels (image) or points (SVG, PDF).
    public let width: Int
    /// Height in device pixels (image) or points (SVG, PDF).
    public let height: Int
    /// The stream an SVG or PDF surface writes to, kept as long as the surface.
    private var sink: DescriptorSink?

    private init(pointer: OpaquePointer, width: Int, height: Int, operation: String) throws(CairoError) {
        self.pointer = pointer
        self.width = width
        self.height = height
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError.cairo(operation: operation, message: String(cString: cairo_status_to_string(status)))
        }
    }

    /// Takes ownership of a surface created elsewhere (an Xlib pixmap surface): it is destroyed
    /// with this object. Throws if the surface is in an error state.
    public static func adopting(_ pointer: OpaquePointer, width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try CairoSurface(pointer: pointer, width: width, height: height, operation: "creating a \(width)x\(height) surface")
    }

    /// An ARGB32 image in memory, cleared to transparent. Throws `.noImageMemory` with the
    /// bytes it needs when they cannot be had.
    public static func image(width: Int, height: Int) throws(CairoError) -> CairoSurface {
        precondition(width > 0 && height > 0, "An image surface needs a positive size (got \(width)x\(height)).")
        let pointer = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))!
        if cairo_surface_status(pointer) == CAIRO_STATUS_NO_MEMORY {
            cairo_surface_destroy(pointer)
            let stride = Int(cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, Int32(width)))
            throw .noImageMemory(width: width, height: height, bytes: max(stride, width * 4) * height)
        }
        return try CairoSurface(pointer: pointer, width: width, height: height, operation: "creating a \(width)x\(height) image")
    }

    /// An SVG document written to `path` as it is drawn and completed by `finish()`.
    public static func svg(path: String, width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try CairoSurface(
            pointer: cairo_svg_surface_create(path, Double(width), Double(height)),
            width: width, height: height, operation: "creating \(path)")
    }

    /// A one-page PDF document written to `path` as it is drawn and completed by `finish()`.
    public static func pdf(path: String, width: Int, height: Int) throws(CairoError) -> CairoSurface {
        try CairoSurface(
            pointer: cairo_pdf_surface_create(path, Double(width), Double(height)),
            width: width, height: height, operation: "creating \(path)")
    }

    /// An SVG document written to `sink` as it is drawn and completed by `finish()`; the sink
    /// is kept alive by the surface.
    public static func svg(sink: DescriptorSink, width: Int, height: Int) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface(
            pointer: cairo_svg_surface_create_for_stream(DescriptorSink.cairoWrite, sink.closure, Double(width), Double(height)),
            width: width, height: height, operation: "creating \(sink.name)")
        surface.sink = sink
        return surface
    }

    /// A one-page PDF document written to `sink` as it is drawn and completed by `finish()`;
    /// the sink is kept alive by the surface.
    public static func pdf(sink: DescriptorSink, width: Int, height: Int) throws(CairoError) -> CairoSurface {
        let surface = try CairoSurface(
            pointer: cairo_pdf_surface_create_for_stream(DescriptorSink.cairoWrite, sink.closure, Double(width), Double(height)),
            width: width, height: height, operation: "creating \(sink.name)")
        surface.sink = sink
        return surface
    }

    /// A PNG file read into an ARGB32 image.
    public static func png(path: String) throws(CairoError) -> CairoSurface {
        let pointer = cairo_image_surface_create_from_png(path)!
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_surface_destroy(pointer)
            throw CairoError.cannotRead(path: path, reason: String(cString: cairo_status_to_string(status)))
        }
        return try CairoSurface(
            pointer: pointer, width: Int(cairo_image_surface_get_width(pointer)),
            height: Int(cairo_image_surface_get_height(pointer)), operation: "reading \(path)")
    }

    deinit { cairo_surface_destroy(pointer) }

    /// Completes a file surface (SVG, PDF) and reports any write error.
    public func finish() throws(CairoError) {
        cairo_surface_finish(pointer)
        try check("finishing the surface")
    }

    /// Writes an image surface as PNG to `sink`: opaque images through `PNGEncoder` (faster),
    /// others through Cairo (which keeps the alpha channel). Throws the sink's first write error.
    public func writePNG(to sink: DescriptorSink) throws(FileError) {
        if let bytes = PNGEncoder.encodeIfOpaque(self) {
            bytes.withUnsafeBytes { _ = sink.write($0.baseAddress!, count: $0.count) }
        } else {
            _ = cairo_surface_write_to_png_stream(pointer, DescriptorSink.cairoWrite, sink.closure)
        }
        if let error = sink.error { throw error }
    }

    /// The color at device pixel (x, y) of an image surface, un-premultiplied. O(1).
    public func pixel(x: Int, y: Int) -> PixelColor {
        precondition(x >= 0 && y >= 0 && x < width && y < height, "Pixel (\(x), \(y)) is outside the \(width)x\(height) image.")
        cairo_surface_flush(pointer)
        guard let data = cairo_image_surface_get_data(pointer) else { preconditionFailure("pixel(x:y:) needs an image surface.") }
        let stride = Int(cairo_image_surface_get_stride(pointer))
        let word = data.advanced(by: y * stride + x * 4).withMemoryRebound(to: UInt32.self, capacity: 1) { $0.pointee }
        let a = Int(word >> 24), r = Int((word >> 16) & 0xFF), g = Int((word >> 8) & 0xFF), b = Int(word & 0xFF)
        guard a > 0 else { return PixelColor(red: 0, green: 0, blue: 0, alpha: 0) }
        func straight(_ c: Int) -> Int { min(255, (c * 255 + a / 2) / a) }
        return PixelColor(red: straight(r), green: straight(g), blue: straight(b), alpha: a)
    }

    func check(_ operation: String) throws(CairoError) {
        let status = cairo_surface_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            throw CairoError.cairo(operation: operation, message: String(cString: cairo_status_to_string(status)))
        }
    }
}

/// An 8-bit-per-channel color read from an image.
public struct PixelColor: Hashable, Sendable, CustomStringConvertible {
    /// Red, 0…255 (not premultiplied by alpha).
    public var red: Int
    /// Green, 0…255 (not premultiplied by alpha).
    public var green: Int
    /// Blue, 0…255 (not premultiplied by alpha).
    public var blue: Int
    /// Opacity, 0 (transparent) …255 (opaque).
    public var alpha: Int

    /// A color from its channels, each 0…255; opaque by default.
    public init(red: Int, green: Int, blue: Int, alpha: Int = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// The largest per-channel difference from `other`, 0…255.
    public func distance(to other: PixelColor) -> Int {
        max(abs(red - other.red), abs(green - other.green), abs(blue - other.blue), abs(alpha - other.alpha))
    }

    /// "#rrggbb", lowercase hex (alpha left out). O(1), no formatter: tests compare millions.
    public var description: String {
        let channels = [red, green, blue]
        guard channels.allSatisfy({ (0...255).contains($0) }) else {
            return "#" + channels.map { String(format: "%02x", $0) }.joined()
        }
        let digits = Array("0123456789abcdef".utf8)
        var bytes: [UInt8] = [UInt8(ascii: "#")]
        for channel in channels {
            bytes.append(digits[channel >> 4])
            bytes.append(digits[channel & 15])
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
