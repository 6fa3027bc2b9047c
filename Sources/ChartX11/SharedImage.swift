import CX11
import ChartCairo
import Foundation

/// A picture's pixels in memory shared with the X server (MIT-SHM): the frame thread paints
/// into `surface` (a Cairo RGB24 image over that memory, no X call), and the window's thread
/// puts it into a pixmap with one request instead of sending 3 MB through the socket (2 ms per
/// frame at 1024x768 under Xvfb).
///
/// Created and freed on the window's thread, which alone makes X calls. Only for a local
/// server with MIT-SHM and a 24-bit TrueColor visual stored in 32 bits as Cairo stores RGB24;
/// elsewhere (a 16-bit screen, a remote display) `make` gives nil and the window uploads an
/// ordinary image.
final class SharedImage {
    let connection: DisplayConnection
    let surface: CairoSurface
    let width: Int
    let height: Int
    /// Where the segment's description lives: the XImage points at it (`obdata`), so it stays
    /// at one address for the image's life.
    private let segment: UnsafeMutablePointer<XShmSegmentInfo>
    private let image: UnsafeMutablePointer<XImage>

    /// Whether the last attach failed (set by a scoped error handler, on the window's thread).
    nonisolated(unsafe) private static var attachFailed = false

    /// A shared image of `width`×`height`, or nil when the server cannot take one.
    static func make(connection: DisplayConnection, width: Int, height: Int) -> SharedImage? {
        guard width > 0, height > 0 else { return nil }
        return SharedImage(connection: connection, width: width, height: height)
    }

    /// Whether the display takes shared images whose pixels are Cairo's RGB24: MIT-SHM, depth
    /// 24 in 32 bits per pixel, red-green-blue masks as Cairo's, little-endian as this machine.
    /// (A failed attach, as on a remote display, shows when `make` gives nil.)
    static func isUsable(_ connection: DisplayConnection) -> Bool {
        let display = connection.display
        guard XShmQueryExtension(display) != 0, XDefaultDepth(display, connection.screen) == 24,
            let visual = XDefaultVisual(display, connection.screen),
            visual.pointee.red_mask == 0xFF0000, visual.pointee.green_mask == 0xFF00, visual.pointee.blue_mask == 0xFF
        else { return false }
        var count: Int32 = 0
        guard let formats = XListPixmapFormats(display, &count) else { return false }
        defer { XFree(formats) }
        let bits = (0..<Int(count)).first { formats[$0].depth == 24 }.map { formats[$0].bits_per_pixel }
        return bits == 32 && UInt32(1).bigEndian != 1 && XImageByteOrder(display) == LSBFirst
    }

    private init?(connection: DisplayConnection, width: Int, height: Int) {
        let display = connection.display
        let segment = UnsafeMutablePointer<XShmSegmentInfo>.allocate(capacity: 1)
        segment.initialize(to: XShmSegmentInfo())
        guard
            let image = XShmCreateImage(
                display, XDefaultVisual(display, connection.screen), 24, ZPixmap, nil,
                segment, UInt32(width), UInt32(height))
        else {
            segment.deallocate()
            return nil
        }
        func giveUp() -> Bool {
            image.pointee.data = nil
            _ = image.pointee.f.destroy_image(image)
            segment.deallocate()
            return false
        }
        let stride = Int(image.pointee.bytes_per_line)
        guard stride == Int(cairo_format_stride_for_width(CAIRO_FORMAT_RGB24, Int32(width))) else { _ = giveUp(); return nil }
        segment.pointee.shmid = shmget(IPC_PRIVATE, stride * height, IPC_CREAT | 0o600)
        guard segment.pointee.shmid >= 0 else { _ = giveUp(); return nil }
        let address = shmat(segment.pointee.shmid, nil, 0)
        // The segment goes away once both sides have detached, even if this process dies.
        shmctl(segment.pointee.shmid, IPC_RMID, nil)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { _ = giveUp(); return nil }
        segment.pointee.shmaddr = address.assumingMemoryBound(to: CChar.self)
        segment.pointee.readOnly = 0
        image.pointee.data = segment.pointee.shmaddr
        // A failed attach (a server that cannot see this memory) is an X error, caught here.
        Self.attachFailed = false
        let previous = XSetErrorHandler { _, _ in
            SharedImage.attachFailed = true
            return 0
        }
        XShmAttach(display, segment)
        XSync(display, 0)
        XSetErrorHandler(previous)
        guard !Self.attachFailed,
            let raw = cairo_image_surface_create_for_data(
                address.assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_RGB24,
                Int32(width), Int32(height), Int32(stride)),
            let surface = try? CairoSurface.adopting(raw, width: width, height: height)
        else {
            if !Self.attachFailed { XShmDetach(display, segment) }
            shmdt(address)
            _ = giveUp()
            return nil
        }
        self.connection = connection
        self.width = width
        self.height = height
        self.image = image
        self.surface = surface
        self.segment = segment
    }

    /// Copies the image into `drawable` at (0, 0). The server reads the memory when it handles
    /// the request: nothing may paint into the image until an `XSync` after this.
    func put(into drawable: Drawable, gc: GC) {
        XShmPutImage(connection.display, drawable, gc, image, 0, 0, 0, 0, UInt32(width), UInt32(height), 0)
    }

    deinit {
        let display = connection.display
        XShmDetach(display, segment)
        shmdt(segment.pointee.shmaddr)
        image.pointee.data = nil
        _ = image.pointee.f.destroy_image(image)
        segment.deallocate()
    }
}
